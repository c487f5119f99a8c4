import type { FastifyPluginAsync } from "fastify";
import type { PublicConfig } from "@/shared/public-config";
import type { AppContext } from "../../context";

/** GET /api/config: the few settings the public pages show (brand, contact mailbox). */
export const publicConfigRoutes =
  ({ config }: Pick<AppContext, "config">): FastifyPluginAsync =>
  async (fastify) => {
    fastify.get("/config", async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { appName: config.APP_NAME, contactEmail: config.CONTACT_EMAIL } satisfies PublicConfig;
    });
  };
