import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app";

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export const healthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify as App;
  app.get("/health", async (_request, reply) => {
    try {
      await app.deps.database.db.execute(sql`select 1`);
      return { status: "ok", database: app.deps.database.kind };
    } catch {
      return reply.status(503).send({ status: "unavailable", database: app.deps.database.kind });
    }
  });
};
