/**
 * Notifications, everyone's side (notificationsApi): the centre and the header menu over the same endpoints,
 * each person's channel preferences and their devices with push on. HTTP only: the rules are in service.ts and
 * push.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { notificationsApi } from "@/shared/contracts/notifications";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { listDevices, removeDevice, subscribeDevice } from "./push";
import {
  listNotifications,
  markAllRead,
  markNotificationRead,
  preferencesOf,
  readingLocale,
  setPreference,
} from "./service";

export const notificationsRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(notificationsApi, {
    "GET /notifications": async ({ viewer, query, request }) =>
      listNotifications(ctx, viewer, query, readingLocale(viewer, request.headers)),
    "POST /notifications/:id/read": async ({ viewer, params }) => {
      await markNotificationRead(ctx, viewer, params.id);
      return { ok: true as const };
    },
    "POST /notifications/read-all": async ({ viewer }) => ({ updated: await markAllRead(ctx, viewer) }),
    "GET /notifications/preferences": async ({ viewer }) => preferencesOf(ctx.db, viewer.userId),
    "PUT /notifications/preferences": async ({ viewer, body }) =>
      setPreference(ctx, viewer, body.channel, body.enabled),
    "GET /notifications/devices": async ({ viewer }) => listDevices(ctx, viewer),
    "POST /notifications/devices": async ({ viewer, body, request }) =>
      subscribeDevice(ctx, viewer, body, request.headers["user-agent"] ?? null),
    "DELETE /notifications/devices/:id": async ({ viewer, params }) => {
      await removeDevice(ctx, viewer, params.id);
      return { ok: true as const };
    },
  });
