/**
 * Notifications (issue 14): the centre (staff) and the header menu (members) over the same endpoints, each
 * person's channel preferences, the admin's test sends, and the outbox (what the app sent, is sending, or
 * holds).
 */
import { z } from "zod";
import type { DateInput, DateStyle } from "../format";
import type { Locale } from "../locales";
import type { Keyed } from "../texts";
import { DEVICE_KINDS, okSchema, timestamp } from "./common";
import { endpoints } from "./endpoint";
import { NOTIFICATION_ERRORS, NOTIFICATION_NOTICES } from "./notifications-texts";

export const NOTIFICATION_TYPES = [
  "status_changed",
  "message_received",
  "request_created",
  "quote_sent",
  "quote_accepted",
  "quote_declined",
  "hold_placed",
  "payment_captured",
  "hold_released",
  /** A balance invoice sent, paid, refused, overdue, or its reminder (issue 30, decision 035). */
  "balance_invoice",
  /** A refund went through (or, for staff, failed): issue 30, decision 033. */
  "payment_refunded",
  "hold_expired",
  /** The authorisation lapses within 48 h (issue 30, item 6). */
  "hold_lapsing",
  "reauthorization_requested",
  "delivered",
  "receipt_confirmed",
  "problem_reported",
  /** A request or a concierge conversation given to a staff member (issue 22, item 1). */
  "assigned",
  "test",
  /** The member changed a request's budget, notes, urgency or deadline, or withdrew it (issue 22 item 7). */
  "request_changed",
  "request_withdrawn",
  /** A card dispute opened or decided on a quote's charge (issue 30): the owner and the admins. */
  "dispute_opened",
  "dispute_closed",
  /** A conversation's service-level target falls due within 15 minutes (issue 31 item 3, decision 049). */
  "service_level_breach",
  /** A member rated a delivery or a conversation 1 or 2 (issue 31 item 5): its owner and the admins. */
  "rating_low",
] as const;
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
export const notificationIdParams = z.object({ id: z.uuid(NOTIFICATION_ERRORS.notificationNotFound) });

export const NOTIFICATION_CHANNELS = ["email", "slack", "sms", "push"] as const;
/**
 * A preference: a channel, or `pushPreview`, whether a push may show the message itself (off by default: a push
 * then says only that there is a reply, since a lock screen is seen by others).
 */
export const NOTIFICATION_PREFERENCES = [...NOTIFICATION_CHANNELS, "pushPreview"] as const;
export type NotificationChannel = (typeof NOTIFICATION_PREFERENCES)[number];

export const preferencesSchema = z.object({
  email: z.boolean(),
  slack: z.boolean(),
  sms: z.boolean(),
  /** Push to the devices the person turned it on for (on by default: a device must be turned on first). */
  push: z.boolean(),
  pushPreview: z.boolean(),
});
/** PUT /api/notifications/preferences: one at a time. Members may change email, push and its preview. */
export const preferenceChangeSchema = z.object({ channel: z.enum(NOTIFICATION_PREFERENCES), enabled: z.boolean() });

// Push devices (issue 24, item 5) ------------------------------------------------------------------------

/** Base64url of exactly `bytes` bytes (unpadded), as the Push API gives a subscription's keys. */
const base64urlOf = (bytes: number, message: string) =>
  z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`), message)
    .transform((v) => v.replace(/=+$/, ""));

export const PUSH_MESSAGES = {
  invalidSubscription: NOTIFICATION_ERRORS.pushInvalidSubscription,
  pushServiceRefused: NOTIFICATION_ERRORS.pushServiceRefused,
  deviceNotFound: NOTIFICATION_ERRORS.deviceNotFound,
  deviceRemoved: NOTIFICATION_NOTICES.deviceRemoved,
} as const;

/** POST /api/notifications/devices: the browser's PushSubscription, as its toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: PUSH_MESSAGES.invalidSubscription }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      /** The device's P-256 public key (65 bytes, uncompressed). */
      p256dh: base64urlOf(65, PUSH_MESSAGES.invalidSubscription),
      /** The shared authentication secret (16 bytes). */
      auth: base64urlOf(16, PUSH_MESSAGES.invalidSubscription),
    },
    PUSH_MESSAGES.invalidSubscription,
  ),
});
export const pushDeviceParams = z.object({ id: z.uuid(PUSH_MESSAGES.deviceNotFound) });

/** One of a person's devices with push on. */
export const pushDeviceSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", from the user agent. */
  device: z.string(),
  /** Its key and values (decision 028), for the reader's language. */
  deviceKey: z.string().optional(),
  deviceParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  kind: z.enum(DEVICE_KINDS),
  /** The push service's address for it: the browser compares it with its own to say "This device". */
  endpoint: z.string(),
  createdAt: timestamp,
  /** When a notification last reached it. */
  lastUsedAt: timestamp.nullable(),
});
export const pushDevicesSchema = z.object({
  /** The server's VAPID public key (the browser's applicationServerKey), base64url. */
  publicKey: z.string(),
  items: z.array(pushDeviceSchema),
});

// Notices: what a change tells people. A domain's service describes one; the notifications domain's engine
// writes its notifications, emails and Slack post with the change (server/db/write.ts).

/** The email of a notice, for each recipient whose email channel is on (`reason` names it in the outbox). */
export interface NoticeEmail {
  reason: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A message from a person, quoted. */
  quote?: string;
  actionLabel: string;
}

/** Someone a notice goes to, with their channels and language (read with the caller's own query, saving a round trip). */
export interface NoticeRecipient {
  id: string;
  email: string;
  emailEnabled: boolean;
  slackEnabled: boolean;
  /** The interface language they chose: their notification and email are written in it (decision 028). */
  language: Locale;
}

/** A keyed text (src/shared/texts.ts) in one reader's language, its placeholders filled. */
export type Translate = (text: Keyed, values?: Record<string, unknown>) => string;

/**
 * Who a notice's texts are written for: their language, to translate, and their ways of writing an amount and a
 * date. A notification keeps the keys and values of its title and body (decision 045) and is said again in its
 * reader's language when read: so its amounts and dates are written with `euro` and `date`, never formatted
 * for `locale` by hand (the language it is first written in may not be the one it is read in).
 */
export interface NoticeReader {
  t: Translate;
  locale: Locale;
  /** An amount in euro: "€1,250", "1250 €". */
  euro: (amount: number) => string;
  /** A date in one of the shapes of src/shared/format.ts, or `utc` for an instant in an email ("27 Nov 2026, 14:07 UTC"). */
  date: (value: DateInput, style: DateStyle | "utc") => string;
}

/** What a notice says: the notification, its email and, for a conversation, its burst's versions. */
export interface NoticeTexts {
  title: string;
  body: string;
  email: NoticeEmail;
  /**
   * A message on a conversation (`requestId` or `conciergeMemberId`): a burst of them is one notification per
   * reader while it is unread, and at most one email (and Slack post) per address each burst window, which then
   * says how many. These texts are used once there are several; each may hold BURST_COUNT, the number.
   */
  burst?: { title: string; email: Pick<NoticeEmail, "subject" | "heading" | "paragraphs"> };
}

export interface Notice {
  type: NotificationType;
  /** One user, "staff" (every staff member and admin), or "admins". */
  to: string;
  /** The recipients, when the caller has them already; else looked up from `to`. */
  recipients?: NoticeRecipient[];
  /** The texts, written once for each language among the readers (and in English for the team's mailboxes). */
  texts: (reader: NoticeReader) => NoticeTexts;
  requestId?: string | null;
  /** The concierge conversation it is about (the member's id): reading it marks the notification read. */
  conciergeMemberId?: string | null;
  /** Where the notification leads in the app, for its reader (a path). */
  link: string | null;
  /**
   * Also mail the team's mailboxes (OWNER_EMAILS, else CONTACT_EMAIL), as the spec's owner emails do; a staff
   * member whose address is among them is not mailed twice.
   */
  teamMail?: boolean;
  /**
   * false: the notification only, no email (another notice of the same change carries the email: one email per
   * event, issue 30 item 4).
   */
  mail?: boolean;
  /**
   * A push to the recipients' devices (a reply in a conversation). It says only `body` ("New reply on your
   * request", in each reader's language), under the app's name, unless the person turned previews on: then it
   * says what the notification says (its title and body). `to`: only this recipient (the request's or
   * conversation's owner) when they are among the notice's recipients; everyone else's devices stay quiet.
   */
  push?: { body: Keyed; to?: string | null };
}

/** Where a burst's texts say how many messages it holds. */
export const BURST_COUNT = "{{count}}";

/** The first line of a message, shortened for a notification. */
export function excerpt(text: string): string {
  const line = text.trim().split("\n")[0];
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** The outcome of a test send, through the real outbox path. */
export const testSendResultSchema = z.object({
  status: z.enum(["sent", "failed", "pending", "held"]),
  /** The delivery's error text, when it failed or is still retrying. */
  error: z.string().nullable(),
});

// The outbox ---------------------------------------------------------------------------------------------

export const OUTBOX_STATUSES = ["pending", "sent", "failed", "held"] as const;
export const OUTBOX_KINDS = ["email", "webhook", "push"] as const;
export const outboxListQuery = z.object({ status: z.enum(["all", ...OUTBOX_STATUSES]).optional() });
export const outboxIdParams = z.object({ id: z.uuid(NOTIFICATION_ERRORS.deliveryNotFound) });

export const outboxListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(OUTBOX_KINDS),
      status: z.enum(OUTBOX_STATUSES),
      to: z.string().nullable(),
      subject: z.string().nullable(),
      reason: z.string().nullable(),
      /** Never the text of a message holding a one-time link. */
      text: z.string().nullable(),
      attempts: z.number(),
      lastError: z.string().nullable(),
      /** The error's key and values when it is one of ours (decision 028), for the staff member's language. */
      errorKey: z.string().optional(),
      errorParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      createdAt: timestamp,
      sentAt: timestamp.nullable(),
    }),
  ),
});

export const notificationsApi = endpoints({
  "GET /notifications": { access: "user", query: notificationListQuery, answer: notificationListSchema },
  "POST /notifications/:id/read": { access: "user", params: notificationIdParams, answer: okSchema },
  "POST /notifications/read-all": { access: "user", answer: z.object({ updated: z.number() }) },
  "GET /notifications/preferences": { access: "user", answer: preferencesSchema },
  /** One at a time; members may change email, push and its preview. */
  "PUT /notifications/preferences": { access: "user", body: preferenceChangeSchema, answer: preferencesSchema },
  /** The caller's devices with push on, and the key a browser subscribes with. */
  "GET /notifications/devices": { access: "user", answer: pushDevicesSchema },
  /** Push on for the calling browser (its subscription; one per signed-in browser). */
  "POST /notifications/devices": {
    access: "user",
    body: pushSubscriptionSchema,
    answer: pushDeviceSchema,
    created: true,
  },
  "DELETE /notifications/devices/:id": { access: "user", params: pushDeviceParams, answer: okSchema },
});

export const notificationsAdminApi = endpoints({
  /** A test email to the caller, through the real outbox path; its outcome is waited for. */
  "POST /admin/notifications/test-email": { access: "staff", answer: testSendResultSchema },
  "POST /admin/notifications/test-slack": { access: "staff", answer: testSendResultSchema },
  "GET /admin/outbox": { access: "admin", query: outboxListQuery, answer: outboxListSchema },
  "POST /admin/outbox/:id/retry": { access: "admin", params: outboxIdParams, answer: okSchema },
});
