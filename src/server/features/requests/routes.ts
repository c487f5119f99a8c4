/**
 * Sourcing requests, the member's side (requestsApi): create under the plan and the monthly limit, the
 * allowance, own list, detail, attachment, thread, read marks, messages, delete, conversations and the unread
 * count. HTTP only: the rules are in service.ts and attachments.ts, the access rules in auth/policies.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { requestsApi } from "@/shared/contracts/requests";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { sendFile } from "../../http/send-file";
import { openMessageFile, storedMessageFiles, uploadMessageFile } from "../../storage/message-files";
import { attachableRequest, openAttachment, saveAttachment } from "./attachments";
import { changeRequest, withdrawRequest } from "./changes";
import { memberTimeline } from "./notes";
import {
  allowance,
  createRequest,
  dashboardOf,
  deleteRequest,
  listOwn,
  requestDetail,
  visibleRequest,
} from "./service";
import { conversations, markRead, postMessage, thread, threadOfFiles, unreadBadge } from "./threads";

export const requestsRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(requestsApi, {
    "GET /dashboard": async ({ viewer }) => dashboardOf(ctx.db, viewer.userId),
    "GET /requests/allowance": async ({ viewer }) => allowance(ctx, viewer),
    "POST /requests": async ({ viewer, body }) => createRequest(ctx, viewer, body),
    "GET /requests": async ({ viewer, query }) => listOwn(ctx, viewer, query),
    "GET /requests/:id": async ({ viewer, params }) => requestDetail(ctx, viewer, params.id),

    "DELETE /requests/:id": async ({ viewer, params, request }) => {
      // The thread's files go with it (their rows cascade; their stored objects are removed below).
      const files = await storedMessageFiles(ctx.db, { domain: "requests", requestId: params.id });
      const deleted = await deleteRequest(ctx, viewer, params.id);
      for (const key of files) {
        await ctx.storage.delete(key).catch((error) => request.log.error({ err: error }, "message file delete"));
      }
      // Its file goes too (after the row: a failure here leaves an orphan file, never a dangling row).
      if (deleted.fileUrl) {
        await ctx.storage
          .delete(deleted.fileUrl)
          .catch((error) => request.log.error({ err: error }, "attachment delete"));
      }
      return { ok: true as const };
    },

    "PATCH /requests/:id": async ({ viewer, params, body }) => changeRequest(ctx, viewer, params.id, body),
    "POST /requests/:id/withdraw": async ({ viewer, params }) => withdrawRequest(ctx, viewer, params.id),

    "POST /requests/:id/attachment": async ({ viewer, params, request }) =>
      saveAttachment(ctx, await attachableRequest(ctx, viewer, params.id), request),

    "GET /requests/:id/attachment": async ({ viewer, params, reply }) =>
      sendFile(reply, await openAttachment(ctx, viewer, params.id)),

    "GET /requests/:id/messages": async ({ viewer, params }) => thread(ctx, viewer, params.id),
    "POST /requests/:id/messages": async ({ viewer, params, body }) => postMessage(ctx, viewer, params.id, body),

    // Files in the thread (issue 22 item 6): its member and staff, as for its messages; a download 404 otherwise.
    "POST /requests/:id/messages/files": async ({ viewer, params, request }) => {
      // Who may post in the thread may upload (404 to anyone else, as for its messages: decision 038).
      await visibleRequest(ctx.db, viewer, params.id);
      return uploadMessageFile(ctx, request, { domain: "requests", requestId: params.id }, viewer.userId, (tx) =>
        threadOfFiles(tx, viewer, params.id),
      );
    },
    "GET /requests/:id/messages/files/:fileId": async ({ viewer, params, reply }) => {
      await threadOfFiles(ctx.db, viewer, params.id);
      // Images open in the browser; a PDF downloads.
      const file = await openMessageFile(ctx, { domain: "requests", requestId: params.id }, params.fileId);
      return sendFile(reply, file, { thread: true });
    },

    "POST /requests/:id/read": async ({ viewer, params }) => {
      await markRead(ctx, viewer, params.id);
      return { ok: true as const };
    },

    "GET /requests/:id/timeline": async ({ viewer, params }) => memberTimeline(ctx, viewer, params.id),
    "GET /messages/conversations": async ({ viewer }) => conversations(ctx, viewer),
    "GET /messages/unread": async ({ viewer }) => ({ unread: await unreadBadge(ctx, viewer) }),
  });
