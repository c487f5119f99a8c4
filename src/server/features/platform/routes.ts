/** The platform's own endpoints (platformApi): health and the public configuration. */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { platformApi } from "@/shared/contracts/platform";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";

export const platformRoutes = ({ database, config }: Pick<AppContext, "database" | "config">): FastifyPluginAsync =>
  serve(platformApi, {
    "GET /health": async ({ reply }) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: "ok" as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable", database: database.kind });
      }
    },
    "GET /config": async ({ reply }) => {
      reply.header("cache-control", "public, max-age=300");
      return { appName: config.APP_NAME, contactEmail: config.CONTACT_EMAIL };
    },
  });
