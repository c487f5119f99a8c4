import type { FastifyPluginAsync } from "fastify";
import type { PublicConfig } from "@/shared/public-config";
import type { App } from "../../app";

/** GET /api/config: the few settings the public pages show (brand, contact mailbox). */
export const publicConfigRoutes: FastifyPluginAsync = async (fastify) => {
  const { config } = (fastify as App).deps;
  fastify.get("/config", async (_request, reply) => {
    reply.header("cache-control", "public, max-age=300");
    return { appName: config.APP_NAME, contactEmail: config.CONTACT_EMAIL } satisfies PublicConfig;
  });
};
