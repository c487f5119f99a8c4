/**
 * The admin's request pipeline and operations dashboard (issue 13), staff only: the list, its CSV export, a
 * request's client panel, and the dashboard's figures. HTTP only: the rules are in admin-service.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminStatsSchema, pipelineQuery, pipelineSchema, requestClientSchema } from "@/shared/contracts/admin";
import { requestIdParams } from "@/shared/contracts/requests";
import { requireStaff } from "../../auth/policies";
import type { AppContext } from "../../context";
import { adminStats, pipeline, pipelineCsv, requestClient } from "./admin-service";

export const requestAdminRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/admin/requests",
      { schema: { querystring: pipelineQuery, response: { 200: pipelineSchema } } },
      async (request) => {
        await requireStaff(request);
        return pipeline(ctx.db, request.query);
      },
    );

    app.get("/admin/requests.csv", { schema: { querystring: pipelineQuery } }, async (request, reply) => {
      await requireStaff(request);
      const csv = await pipelineCsv(ctx.db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="requests-${day}.csv"`)
        .send(csv);
    });

    app.get(
      "/admin/requests/:id/client",
      { schema: { params: requestIdParams, response: { 200: requestClientSchema } } },
      async (request) => {
        await requireStaff(request);
        return requestClient(ctx.db, request.params.id);
      },
    );

    app.get("/admin/stats", { schema: { response: { 200: adminStatsSchema } } }, async (request) =>
      adminStats(ctx.db, await requireStaff(request)),
    );
  };
