/**
 * The notification centre (staff) and menu (members) over one set of rules: a reader sees and marks only their
 * own notifications. Preferences per channel (email, Slack, SMS; all on by default; members change email only),
 * and the admin's test sends through the real outbox path, reporting the delivery's outcome.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type {
  NotificationChannel,
  notificationListQuery,
  notificationListSchema,
  preferencesSchema,
  testSendResultSchema,
} from "@/shared/contracts/notifications";
import { NOTIFICATION_ERRORS, NOTIFICATION_NOTICES } from "@/shared/contracts/notifications-texts";
import { acceptLanguageTags, DEFAULT_LOCALE, type Locale, localeFromCookie, preferredLocale } from "@/shared/locales";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { notificationPreferences, notifications } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { translator } from "../../i18n";
import { renderEmail } from "../../mail/templates";
import { deliverNow, enqueueEmail, enqueueSlack } from "../../outbox/outbox";
import type { AppEvent } from "../../realtime/events";
import { unreadNotifications } from "./engine";
import { notificationTexts } from "./stored-texts";
import { TEST_EMAIL_TEXTS as TEST_EMAIL } from "./texts";

type NotificationsContext = Pick<AppContext, "db" | "config" | "mailEnabled" | "deliver" | "write">;

/**
 * The language a reader reads their notifications in: the interface's (the language cookie, which the switch
 * sets at once and a signed-in member's profile language sets on each load), else their profile's, else their
 * browser's.
 */
export function readingLocale(viewer: Viewer, headers: { cookie?: string; "accept-language"?: string }): Locale {
  return (
    localeFromCookie(headers.cookie) ??
    viewer.profile?.language ??
    preferredLocale(acceptLanguageTags(headers["accept-language"]))
  );
}

/** The reader's notifications, each said in `locale` (decision 045: stored as keys with their values). */
export async function listNotifications(
  ctx: NotificationsContext,
  viewer: Viewer,
  query: z.output<typeof notificationListQuery>,
  locale: Locale = viewer.profile?.language ?? DEFAULT_LOCALE,
): Promise<Served<typeof notificationListSchema>> {
  const [rows, unread] = await Promise.all([
    ctx.db
      .select({
        id: notifications.id,
        type: notifications.type,
        title: notifications.title,
        body: notifications.body,
        message: notifications.message,
        burst: notifications.burst,
        link: notifications.link,
        read: notifications.read,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, viewer.userId),
          query.type && query.type !== "all" ? eq(notifications.type, query.type) : undefined,
          query.unread ? eq(notifications.read, query.unread === "false") : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.limit),
    unreadNotifications(ctx.db, viewer.userId),
  ]);
  const items = rows.map(({ message, burst, ...row }) => ({
    ...row,
    ...notificationTexts({ title: row.title, body: row.body, message, burst }, locale),
  }));
  return { items: items as Served<typeof notificationListSchema>["items"], unread };
}

/** The reader's bell changed: every tab of theirs refetches it. */
const changed = (viewer: Viewer): AppEvent => ({ topic: "notifications", audience: viewer.userId });

/** Marks one of the reader's notifications read (404 for anyone else's: its existence is not theirs to learn). */
export async function markNotificationRead(ctx: NotificationsContext, viewer: Viewer, id: string) {
  await ctx.write(async (tx, out) => {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, viewer.userId)))
      .returning({ id: notifications.id });
    if (!rows.length) throw notFound(NOTIFICATION_ERRORS.notificationNotFound);
    out.publish(changed(viewer));
  });
}

export async function markAllRead(ctx: NotificationsContext, viewer: Viewer): Promise<number> {
  return ctx.write(async (tx, out) => {
    const rows = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, viewer.userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    if (rows.length) out.publish(changed(viewer));
    return rows.length;
  });
}

/** A new account's preferences: every channel on. */
export async function createPreferences(tx: Queryable, userId: string) {
  await tx.insert(notificationPreferences).values({ userId }).onConflictDoNothing();
}

export async function preferencesOf(db: Queryable, userId: string): Promise<Served<typeof preferencesSchema>> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return {
    email: row?.emailEnabled ?? true,
    slack: row?.slackEnabled ?? true,
    sms: row?.smsEnabled ?? true,
    push: row?.pushEnabled ?? true,
    pushPreview: row?.pushPreview ?? false,
  };
}

const COLUMN = {
  email: "emailEnabled",
  slack: "slackEnabled",
  sms: "smsEnabled",
  push: "pushEnabled",
  pushPreview: "pushPreview",
} as const;

/** Changes one preference; members may change email and push only (Slack and SMS go to the team). */
export async function setPreference(
  ctx: NotificationsContext,
  viewer: Viewer,
  channel: NotificationChannel,
  enabled: boolean,
) {
  authorize("notification-channel:change", viewer, { channel });
  const column = COLUMN[channel];
  await ctx.db
    .insert(notificationPreferences)
    .values({ userId: viewer.userId, [column]: enabled })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { [column]: enabled, updatedAt: sql`now()` },
    });
  return preferencesOf(ctx.db, viewer.userId);
}

async function outcome(ctx: NotificationsContext, id: string): Promise<Served<typeof testSendResultSchema>> {
  const result = await deliverNow(ctx.db, ctx.deliver, id);
  if (!result) return { status: "failed", error: "The message is gone from the outbox." };
  if (result.status === "held") return { status: "held", error: NOTIFICATION_NOTICES.mailHeld };
  return { status: result.status, error: result.status === "sent" ? null : result.lastError };
}

/** A test email to the staff member asking, through the outbox, delivered at once; its outcome is returned. */
export async function sendTestEmail(ctx: NotificationsContext, staff: Viewer) {
  const locale = staff.profile?.language ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const content = renderEmail({
    appName: ctx.config.APP_NAME,
    locale,
    subject: t(TEST_EMAIL.subject, { app: ctx.config.APP_NAME }),
    heading: t(TEST_EMAIL.heading),
    paragraphs: [t(TEST_EMAIL.text)],
  });
  const id = await enqueueEmail(ctx.db, ctx, { ...content, to: staff.email, reason: "test" });
  return outcome(ctx, id);
}

/** A test post to the team's Slack-style webhook, delivered at once; its outcome is returned. */
export async function sendTestSlack(ctx: NotificationsContext, staff: Viewer) {
  if (!ctx.config.SLACK_WEBHOOK_URL) throw conflict(NOTIFICATION_ERRORS.slackNotConfigured, "slack_not_configured");
  const id = await enqueueSlack(ctx.db, {
    reason: "test",
    text: `Test message from ${ctx.config.APP_NAME}, sent by ${staff.profile?.name ?? staff.email}.`,
    link: `${ctx.config.APP_URL}/admin/settings`,
  });
  return outcome(ctx, id);
}
