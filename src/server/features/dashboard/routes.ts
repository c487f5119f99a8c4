/** GET /api/dashboard: the member's five most recent requests and the counters computed over them. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardSchema } from "@/shared/contracts/dashboard";
import { requireMember } from "../../auth/policies";
import type { AppContext } from "../../context";
import { dashboardOf } from "./service";

export const dashboardRoutes =
  ({ db }: Pick<AppContext, "db">): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get("/dashboard", { schema: { response: { 200: dashboardSchema } } }, async (request) => {
      const viewer = await requireMember(request);
      return dashboardOf(db, viewer.userId);
    });
  };
