/**
 * Notifications, everyone's side (notificationsApi): the centre and the header menu over the same endpoints, and
 * each person's channel preferences. HTTP only: the rules are in service.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { notificationsApi } from "@/shared/contracts/notifications";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { listNotifications, markAllRead, markNotificationRead, preferencesOf, setPreference } from "./service";

export const notificationRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(notificationsApi, {
    "GET /notifications": async ({ viewer, query }) => listNotifications(ctx, viewer, query),
    "POST /notifications/:id/read": async ({ viewer, params }) => {
      await markNotificationRead(ctx, viewer, params.id);
      return { ok: true as const };
    },
    "POST /notifications/read-all": async ({ viewer }) => ({ updated: await markAllRead(ctx, viewer) }),
    "GET /notifications/preferences": async ({ viewer }) => preferencesOf(ctx.db, viewer.userId),
    "PUT /notifications/preferences": async ({ viewer, body }) =>
      setPreference(ctx, viewer, body.channel, body.enabled),
  });
