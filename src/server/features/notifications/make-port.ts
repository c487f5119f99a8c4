/** How the notifications domain answers its port (`port.ts`); app.ts plugs it in. */
import { eq } from "drizzle-orm";
import { notificationPreferences, notifications, pushSubscriptions } from "../../db/schema";
import { describeDevice } from "../../http/device";
import { channelsOf, markThreadRead, unreadNotifications } from "./engine";
import { heldMail } from "./outbox-service";
import type { NotificationsPort } from "./port";
import { createPreferences } from "./service";

export function makeNotificationsPort(): NotificationsPort {
  return {
    markThreadRead,
    readerEvent: (readerId) => ({ topic: "notifications", audience: readerId }),
    unread: unreadNotifications,
    heldMail,
    channelsOf,
    createPreferences,
    async exportOf(db, userId) {
      const [own, [preferences], devices] = await Promise.all([
        db
          .select({
            type: notifications.type,
            title: notifications.title,
            body: notifications.body,
            read: notifications.read,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId)),
        db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
        db
          .select({
            userAgent: pushSubscriptions.userAgent,
            createdAt: pushSubscriptions.createdAt,
            lastUsedAt: pushSubscriptions.lastUsedAt,
          })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId)),
      ]);
      return {
        notifications: own,
        notificationPreferences: preferences
          ? {
              email: preferences.emailEnabled,
              slack: preferences.slackEnabled,
              sms: preferences.smsEnabled,
              push: preferences.pushEnabled,
              pushPreview: preferences.pushPreview,
            }
          : null,
        pushDevices: devices.map(({ userAgent, ...device }) => ({
          device: describeDevice(userAgent).device,
          ...device,
        })),
      };
    },
  };
}
