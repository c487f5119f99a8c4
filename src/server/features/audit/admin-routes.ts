/** The audit log (auditAdminApi): admins only. HTTP only: the query is in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { auditAdminApi } from "@/shared/contracts/audit";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { auditPage } from "./service";

export const auditAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(auditAdminApi, {
    "GET /admin/audit": async ({ query }) => auditPage(ctx, query),
  });
