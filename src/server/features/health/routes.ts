import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context";

/** GET /api/health: 200 when the database answers, 503 otherwise. */
export const healthRoutes =
  ({ database }: Pick<AppContext, "database">): FastifyPluginAsync =>
  async (app) => {
    app.get("/health", async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
        return { status: "ok", database: database.kind };
      } catch {
        return reply.status(503).send({ status: "unavailable", database: database.kind });
      }
    });
  };
