/** Sales inquiries, the staff's side (salesAdminApi): every inquiry, replies and closing. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { salesAdminApi } from "@/shared/contracts/sales";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { allInquiries, close, reply } from "./service";

export const salesAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(salesAdminApi, {
    "GET /admin/sales": async () => allInquiries(ctx),
    "POST /admin/sales/:id/reply": async ({ viewer, params, body }) => reply(ctx, viewer, params.id, body.reply),
    "POST /admin/sales/:id/close": async ({ params }) => close(ctx, params.id),
  });
