/** A quote's statement (statementApi, statementAdminApi): the member's own request's, and any for staff. */
import type { FastifyPluginAsync } from "fastify";
import { statementAdminApi, statementApi } from "@/shared/contracts/statement";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { statementOf } from "./statement";

export const statementRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(statementApi, {
    "GET /requests/:id/statement": async ({ viewer, params }) => statementOf(ctx, viewer, params.id, "member"),
  });

export const statementAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(statementAdminApi, {
    "GET /admin/requests/:id/statement": async ({ viewer, params }) => statementOf(ctx, viewer, params.id, "staff"),
  });
