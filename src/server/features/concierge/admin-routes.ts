/** The Executive Concierge, the staff's side (conciergeStaffApi): the inbox's Concierge tab. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { conciergeStaffApi } from "@/shared/contracts/concierge";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { assignConversation, conversations, markStaffRead, staffReply, staffThread, typing } from "./service";

export const conciergeAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(conciergeStaffApi, {
    "GET /admin/concierge": async ({ viewer, query }) => conversations(ctx, viewer, query.assignee),
    "POST /admin/concierge/:userId/assignee": async ({ viewer, params, body }) =>
      assignConversation(ctx, viewer, params.userId, body.userId),
    "GET /admin/concierge/:userId": async ({ params }) => staffThread(ctx, params.userId),
    "POST /admin/concierge/:userId/read": async ({ viewer, params }) => {
      await markStaffRead(ctx, viewer, params.userId);
      return { ok: true as const };
    },
    "POST /admin/concierge/:userId": async ({ viewer, params, body }) =>
      staffReply(ctx, viewer, params.userId, body.reply),
    "POST /admin/concierge/:userId/typing": async ({ viewer, params }) => {
      await typing(ctx, viewer, params.userId);
      return { ok: true as const };
    },
  });
