/** The platform's own endpoints (platformApi): health, readiness and the public configuration (decision 024). */
import type { FastifyPluginAsync } from "fastify";
import { platformApi } from "@/shared/contracts/platform";
import { PLATFORM_ERROR_TEXTS } from "@/shared/contracts/platform-texts";
import { withValues } from "@/shared/texts";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { errorBody } from "../../http/errors";

export const platformRoutes = ({
  database,
  config,
  readiness,
}: Pick<AppContext, "database" | "config" | "readiness">): FastifyPluginAsync =>
  serve(platformApi, {
    // Alive: the process answers. Nothing asked of the database, so a slow one never fails it.
    "GET /health": async () => ({ status: "ok" as const, database: database.kind }),
    "GET /ready": async ({ request, reply }) => {
      const failing = await readiness.check();
      if (!failing.length) return { status: "ready" as const, failing };
      return reply.status(503).send({
        status: "not_ready",
        failing,
        ...errorBody(request, withValues(PLATFORM_ERROR_TEXTS.notReady, { failing: failing.join(", ") }), "not_ready"),
      });
    },
    "GET /config": async ({ reply }) => {
      reply.header("cache-control", "public, max-age=300");
      return { appName: config.APP_NAME, contactEmail: config.CONTACT_EMAIL };
    },
  });
