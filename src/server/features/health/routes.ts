import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthSchema } from "@/shared/contracts/platform";
import type { AppContext } from "../../context";

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export const healthRoutes =
  ({ database }: Pick<AppContext, "database">): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get("/health", { schema: { response: { 200: healthSchema, 503: healthSchema } } }, async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: "ok" as const, database: database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable", database: database.kind });
      }
    });
  };
