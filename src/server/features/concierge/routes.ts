/** The Executive Concierge, the member's side (conciergeApi). HTTP only: the rules are in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { conciergeApi } from "@/shared/contracts/concierge";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { inlineIfImage } from "../../storage/message-files";
import { attachmentDisposition } from "../../storage/uploads";
import {
  markMemberRead,
  memberSend,
  memberThread,
  memberTyping,
  memberUpload,
  openConciergeFile,
  replyTime,
} from "./service";

export const conciergeRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(conciergeApi, {
    "GET /concierge/messages": async ({ viewer }) => memberThread(ctx, viewer),
    "POST /concierge/messages": async ({ viewer, body }) => memberSend(ctx, viewer, body.message, body.fileIds),
    "POST /concierge/files": async ({ viewer, request }) => memberUpload(ctx, viewer, request),
    "GET /concierge/files/:fileId": async ({ viewer, params, reply }) => {
      const file = await openConciergeFile(ctx, viewer.userId, params.fileId);
      return reply
        .type(file.type)
        .header("content-disposition", inlineIfImage(file.type, attachmentDisposition(file.name)))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, max-age=3600")
        .send(file.stream);
    },
    "POST /concierge/read": async ({ viewer }) => {
      await markMemberRead(ctx, viewer);
      return { ok: true as const };
    },
    "GET /concierge/reply-time": async () => replyTime(ctx),
    "POST /concierge/typing": async ({ viewer }) => {
      await memberTyping(ctx, viewer);
      return { ok: true as const };
    },
  });
