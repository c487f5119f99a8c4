/** The Executive Concierge, the staff's side (conciergeAdminApi): the inbox's Concierge tab. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { conciergeAdminApi } from "@/shared/contracts/concierge";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { sendFile } from "../../http/send-file";
import {
  addConciergeNote,
  assignConversation,
  conciergeNotesOf,
  conversations,
  markStaffRead,
  memberOf,
  openConciergeFile,
  staffReply,
  staffThread,
  staffTyping,
  staffUpload,
} from "./service";

export const conciergeAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(conciergeAdminApi, {
    "GET /admin/concierge": async ({ viewer, query }) => conversations(ctx, viewer, query.assignee),
    "POST /admin/concierge/:userId/assignee": async ({ viewer, params, body }) =>
      assignConversation(ctx, viewer, params.userId, body.userId),
    "GET /admin/concierge/:userId": async ({ viewer, params }) => staffThread(ctx, viewer, params.userId),
    "POST /admin/concierge/:userId/read": async ({ viewer, params }) => {
      await markStaffRead(ctx, viewer, params.userId);
      return { ok: true as const };
    },
    "POST /admin/concierge/:userId": async ({ viewer, params, body }) =>
      staffReply(ctx, viewer, params.userId, body.reply, body.fileIds),
    "GET /admin/concierge/:userId/notes": async ({ viewer, params }) => conciergeNotesOf(ctx, viewer, params.userId),
    "POST /admin/concierge/:userId/notes": async ({ viewer, params, body }) =>
      addConciergeNote(ctx, viewer, params.userId, body.body),
    "POST /admin/concierge/:userId/files": async ({ viewer, params, request }) =>
      staffUpload(ctx, viewer, params.userId, request),
    "GET /admin/concierge/:userId/files/:fileId": async ({ viewer, params, reply }) => {
      await memberOf(ctx.db, viewer, params.userId);
      const file = await openConciergeFile(ctx, params.userId, params.fileId);
      return sendFile(reply, file, { thread: true });
    },
    "POST /admin/concierge/:userId/typing": async ({ viewer, params }) => {
      await staffTyping(ctx, viewer, params.userId);
      return { ok: true as const };
    },
  });
