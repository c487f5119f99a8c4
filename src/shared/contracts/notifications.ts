/**
 * Notifications (issue 14): the centre (staff) and the header menu (members) over the same routes, each
 * person's channel preferences, and the admin's test sends.
 */
import { z } from "zod";
import { timestamp } from "./common";

export const NOTIFICATION_TYPES = ["status_changed", "message_received", "request_created", "test"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationListQuery = z.object({
  type: z.enum(["all", ...NOTIFICATION_TYPES]).optional(),
  unread: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  /** Where it leads in the app (a request, a conversation), for this reader. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: timestamp,
});
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number() });
export const notificationIdParams = z.object({ id: z.uuid("Notification not found") });

export const NOTIFICATION_CHANNELS = ["email", "slack", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const preferencesSchema = z.object({ email: z.boolean(), slack: z.boolean(), sms: z.boolean() });
/** PUT /api/notifications/preferences: one channel at a time. Members may change email only. */
export const preferenceChangeSchema = z.object({ channel: z.enum(NOTIFICATION_CHANNELS), enabled: z.boolean() });

export const PREFERENCE_UPDATED = "Preference updated";
export const PREFERENCE_FAILED = "Failed to update preference";
export const STAFF_CHANNEL_ONLY = "Slack and SMS notifications are for staff only.";

/** The outcome of a test send, through the real outbox path. */
export const testSendResultSchema = z.object({
  status: z.enum(["sent", "failed", "pending", "held"]),
  /** The delivery's error text, when it failed or is still retrying. */
  error: z.string().nullable(),
});
