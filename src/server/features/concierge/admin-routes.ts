/** The Executive Concierge, the staff's side (conciergeStaffApi): the inbox's Concierge tab. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { conciergeStaffApi } from "@/shared/contracts/concierge";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { addConciergeNote, conciergeNotesOf } from "./notes";
import { conversations, markStaffRead, staffReply, staffThread, typing } from "./service";

export const conciergeAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(conciergeStaffApi, {
    "GET /admin/concierge": async () => conversations(ctx),
    "GET /admin/concierge/:userId": async ({ params }) => staffThread(ctx, params.userId),
    "POST /admin/concierge/:userId/read": async ({ viewer, params }) => {
      await markStaffRead(ctx, viewer, params.userId);
      return { ok: true as const };
    },
    "POST /admin/concierge/:userId": async ({ viewer, params, body }) =>
      staffReply(ctx, viewer, params.userId, body.reply),
    "GET /admin/concierge/:userId/notes": async ({ viewer, params }) => conciergeNotesOf(ctx, viewer, params.userId),
    "POST /admin/concierge/:userId/notes": async ({ viewer, params, body }) =>
      addConciergeNote(ctx, viewer, params.userId, body.body),
    "POST /admin/concierge/:userId/typing": async ({ viewer, params }) => {
      await typing(ctx, viewer, params.userId);
      return { ok: true as const };
    },
  });
