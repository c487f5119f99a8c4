/**
 * Notifications: every signed-in person's own list, read marks and channel preferences; the admin's test
 * email and test Slack-style message (staff). HTTP only: the rules are in service.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "@/shared/contracts/common";
import {
  notificationIdParams,
  notificationListQuery,
  notificationListSchema,
  preferenceChangeSchema,
  preferencesSchema,
  testSendResultSchema,
} from "@/shared/contracts/notifications";
import { requireStaff, requireUser } from "../../auth/policies";
import type { AppContext } from "../../context";
import {
  listNotifications,
  markAllRead,
  markNotificationRead,
  preferencesOf,
  sendTestEmail,
  sendTestSlack,
  setPreference,
} from "./service";

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/notifications",
      { schema: { querystring: notificationListQuery, response: { 200: notificationListSchema } } },
      async (request) => listNotifications(ctx, await requireUser(request), request.query),
    );
    app.post(
      "/notifications/:id/read",
      { schema: { params: notificationIdParams, response: { 200: okSchema } } },
      async (request) => {
        await markNotificationRead(ctx, await requireUser(request), request.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      "/notifications/read-all",
      { schema: { response: { 200: z.object({ updated: z.number() }) } } },
      async (request) => ({ updated: await markAllRead(ctx, await requireUser(request)) }),
    );
    app.get("/notifications/preferences", { schema: { response: { 200: preferencesSchema } } }, async (request) =>
      preferencesOf(ctx.db, (await requireUser(request)).userId),
    );
    app.put(
      "/notifications/preferences",
      { schema: { body: preferenceChangeSchema, response: { 200: preferencesSchema } } },
      async (request) => setPreference(ctx, await requireUser(request), request.body.channel, request.body.enabled),
    );
    app.post(
      "/admin/notifications/test-email",
      { schema: { response: { 200: testSendResultSchema } } },
      async (request) => sendTestEmail(ctx, await requireStaff(request)),
    );
    app.post(
      "/admin/notifications/test-slack",
      { schema: { response: { 200: testSendResultSchema } } },
      async (request) => sendTestSlack(ctx, await requireStaff(request)),
    );
  };
