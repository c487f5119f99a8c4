/**
 * Sourcing requests: the member's routes (create, allowance, own list, detail, thread, read marks, messages,
 * delete, conversations, unread count) and the staff's (every request, status changes, activity). HTTP only:
 * the rules are in service.ts, the access rules in auth/policies.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "@/shared/contracts/common";
import {
  activitySchema,
  adminBadgesSchema,
  allowanceSchema,
  attachmentSchema,
  conversationsSchema,
  createdRequestSchema,
  dashboardSchema,
  messageIdParams,
  newRequestSchema,
  requestDetailSchema,
  requestIdParams,
  requestListQuery,
  requestListSchema,
  requestMessageSchema,
  staffUnreadMessagesSchema,
  statusChangeSchema,
  threadSchema,
  unreadSchema,
} from "@/shared/contracts/requests";
import { requireMember, requireStaff, requireUser } from "../../auth/policies";
import type { AppContext } from "../../context";
import { attachableRequest, attachmentDisposition, openAttachment, saveAttachment } from "./attachments";
import {
  activityOf,
  adminBadges,
  allowance,
  changeStatus,
  conversations,
  createRequest,
  dashboardOf,
  deleteRequest,
  listOwn,
  markRead,
  postMessage,
  requestDetail,
  setMessageRead,
  staffUnreadMessages,
  thread,
  unreadCount,
} from "./service";

const idOnly = z.object({ id: z.string() });

export const requestRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const params = requestIdParams;

    app.get("/dashboard", { schema: { response: { 200: dashboardSchema } } }, async (request) => {
      const viewer = await requireMember(request);
      return dashboardOf(ctx.db, viewer.userId);
    });

    app.get("/requests/allowance", { schema: { response: { 200: allowanceSchema } } }, async (request) =>
      allowance(ctx, await requireUser(request)),
    );

    app.post(
      "/requests",
      { schema: { body: newRequestSchema, response: { 201: createdRequestSchema } } },
      async (request, reply) => {
        const created = await createRequest(ctx, await requireUser(request), request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      "/requests",
      { schema: { querystring: requestListQuery, response: { 200: requestListSchema } } },
      async (request) => listOwn(ctx, await requireUser(request), request.query),
    );

    app.get("/requests/:id", { schema: { params, response: { 200: requestDetailSchema } } }, async (request) =>
      requestDetail(ctx, await requireUser(request), request.params.id),
    );

    app.delete("/requests/:id", { schema: { params, response: { 200: okSchema } } }, async (request) => {
      const deleted = await deleteRequest(ctx, await requireUser(request), request.params.id);
      // Its file goes too (after the row: a failure here leaves an orphan file, never a dangling row).
      if (deleted.fileUrl) {
        await ctx.storage
          .delete(deleted.fileUrl)
          .catch((error) => request.log.error({ err: error }, "attachment delete"));
      }
      return { ok: true as const };
    });

    app.post(
      "/requests/:id/attachment",
      { schema: { params, response: { 201: attachmentSchema } }, config: { upload: true } },
      async (request, reply) => {
        const row = await attachableRequest(ctx, await requireUser(request), request.params.id);
        return reply.status(201).send(await saveAttachment(ctx, row, request));
      },
    );

    app.get("/requests/:id/attachment", { schema: { params } }, async (request, reply) => {
      const { stream, name, type } = await openAttachment(ctx, await requireUser(request), request.params.id);
      return reply
        .type(type)
        .header("content-disposition", attachmentDisposition(name))
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(stream);
    });

    app.get("/requests/:id/messages", { schema: { params, response: { 200: threadSchema } } }, async (request) =>
      thread(ctx, await requireUser(request), request.params.id),
    );

    app.post(
      "/requests/:id/messages",
      { schema: { params, body: requestMessageSchema, response: { 201: idOnly } } },
      async (request, reply) => {
        const sent = await postMessage(ctx, await requireUser(request), request.params.id, request.body.body);
        return reply.status(201).send(sent);
      },
    );

    app.post("/requests/:id/read", { schema: { params, response: { 200: okSchema } } }, async (request) => {
      await markRead(ctx, await requireUser(request), request.params.id);
      return { ok: true as const };
    });

    app.get("/messages/conversations", { schema: { response: { 200: conversationsSchema } } }, async (request) =>
      conversations(ctx, await requireUser(request)),
    );

    app.get("/messages/unread", { schema: { response: { 200: unreadSchema } } }, async (request) => ({
      unread: await unreadCount(ctx.db, await requireUser(request)),
    }));

    // Staff -------------------------------------------------------------------------------------------------

    app.post(
      "/admin/requests/:id/status",
      {
        schema: {
          params,
          body: statusChangeSchema,
          response: { 200: z.object({ id: z.string(), status: z.string() }) },
        },
      },
      async (request) => changeStatus(ctx, await requireStaff(request), request.params.id, request.body.status),
    );

    app.get("/admin/badges", { schema: { response: { 200: adminBadgesSchema } } }, async (request) =>
      adminBadges(ctx, await requireStaff(request)),
    );

    app.get("/admin/inbox/messages", { schema: { response: { 200: staffUnreadMessagesSchema } } }, async (request) =>
      staffUnreadMessages(ctx, await requireStaff(request)),
    );
    for (const [method, read] of [
      ["POST", true],
      ["DELETE", false],
    ] as const) {
      app.route({
        method,
        url: "/admin/inbox/messages/:id/read",
        schema: { params: messageIdParams, response: { 200: okSchema } },
        handler: async (request) => {
          await setMessageRead(ctx, await requireStaff(request), request.params.id, read);
          return { ok: true as const };
        },
      });
    }

    app.get(
      "/admin/requests/:id/activity",
      { schema: { params, response: { 200: activitySchema } } },
      async (request) => {
        await requireStaff(request);
        return activityOf(ctx, request.params.id);
      },
    );
  };
