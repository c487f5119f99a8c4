import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicConfigSchema } from "@/shared/contracts/platform";
import type { AppContext } from "../../context";

/** GET /api/config: the few settings the public pages show (brand, contact mailbox). */
export const publicConfigRoutes =
  ({ config }: Pick<AppContext, "config">): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get("/config", { schema: { response: { 200: publicConfigSchema } } }, async (_request, reply) => {
      reply.header("cache-control", "public, max-age=300");
      return { appName: config.APP_NAME, contactEmail: config.CONTACT_EMAIL };
    });
  };
