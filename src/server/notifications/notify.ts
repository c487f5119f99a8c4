/**
 * One notification service (issue 14). A change that people must hear about calls `notify` inside its own
 * transaction: the notification rows, their deliveries (outbox: email, the team's Slack-style webhook) and the
 * realtime event are written with the change, so nothing is announced for a change that rolled back, and the
 * action never waits on a delivery or fails because of one. Each recipient's preferences decide the channels;
 * SMS is a stored preference with no provider.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { NotificationType } from "@/shared/contracts/notifications";
import type { Config } from "../config";
import type { Queryable } from "../db";
import { notificationPreferences, notifications, outbox, userRoles, users } from "../db/schema";
import { type EmailParts, renderEmail } from "../mail/templates";
import { emailRow, enqueueSlack, wakeOutbox } from "../outbox/outbox";
import { publish } from "../realtime/events";

export interface NotifyDeps {
  config: Pick<Config, "APP_NAME" | "APP_URL" | "OWNER_EMAILS" | "CONTACT_EMAIL" | "SLACK_WEBHOOK_URL">;
  mailEnabled: boolean;
}

export interface Notice {
  type: NotificationType;
  /** One user, or "staff": every staff member and admin. */
  to: string;
  /** The recipients already read with the caller's own query (saves a round trip); else looked up from `to`. */
  recipients?: Recipient[];
  title: string;
  body: string;
  requestId?: string | null;
  /** Where the notification leads in the app, for its reader (a path). */
  link: string | null;
  /** The email for a recipient whose email channel is on (`reason` names it in the outbox). */
  email: Omit<EmailParts, "appName" | "action"> & { reason: string; actionLabel: string };
  /**
   * Also mail the team's mailboxes (OWNER_EMAILS, else CONTACT_EMAIL), as the spec's owner emails do; a staff
   * member whose address is among them is not mailed twice.
   */
  teamMail?: boolean;
}

export interface Recipient {
  id: string;
  email: string;
  emailEnabled: boolean;
  slackEnabled: boolean;
}

/** A user's channels as columns of a query joined to notification_preferences (a missing row: all on). */
export const channelColumns = {
  emailEnabled: sql<boolean>`coalesce(${notificationPreferences.emailEnabled}, true)`,
  slackEnabled: sql<boolean>`coalesce(${notificationPreferences.slackEnabled}, true)`,
};

/** Every staff member's or one user's address and channels (a missing preferences row: all on). */
async function recipientsOf(db: Queryable, to: string): Promise<Recipient[]> {
  const columns = { id: users.id, email: users.email, ...channelColumns };
  const query = db
    .selectDistinct(columns)
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id));
  return to === "staff"
    ? query
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(inArray(userRoles.role, ["staff", "admin"]))
        .orderBy(users.id)
    : query.where(eq(users.id, to));
}

export const teamAddresses = (config: NotifyDeps["config"]) =>
  config.OWNER_EMAILS.length ? config.OWNER_EMAILS : [config.CONTACT_EMAIL];

/** Writes the notice's rows, deliveries and realtime event with the caller's transaction. */
export async function notify(tx: Queryable, deps: NotifyDeps, notice: Notice): Promise<{ ids: string[] }> {
  const { config } = deps;
  const recipients = notice.recipients ?? (await recipientsOf(tx, notice.to));
  const notificationRows = recipients.map((r) => ({
    userId: r.id,
    type: notice.type,
    title: notice.title,
    body: notice.body,
    requestId: notice.requestId ?? null,
    link: notice.link,
  }));

  const { reason, actionLabel, ...parts } = notice.email;
  const content = renderEmail({
    appName: config.APP_NAME,
    ...parts,
    action: notice.link ? { label: actionLabel, url: `${config.APP_URL}${notice.link}` } : undefined,
  });
  const team = notice.teamMail ? teamAddresses(config) : [];
  const addresses = new Set(team.map((a) => a.toLowerCase()));
  const emailRows = team.map((to) => emailRow(deps, { ...content, to, reason }));
  for (const r of recipients) {
    if (!r.emailEnabled || addresses.has(r.email.toLowerCase())) continue;
    addresses.add(r.email.toLowerCase());
    emailRows.push(emailRow(deps, { ...content, to: r.email, reason }));
  }

  // The notifications and their emails in one statement.
  const insertNotifications = () =>
    tx.insert(notifications).values(notificationRows).returning({ id: notifications.id });
  let ids: string[] = [];
  if (notificationRows.length && emailRows.length) {
    const result = await tx.execute(
      // Drizzle writes an embedded query in parentheses: `as (insert …)`.
      sql`with created as ${insertNotifications()}, mail as ${tx.insert(outbox).values(emailRows)} select id from created`,
    );
    ids = ((result as { rows?: Array<{ id: string }> }).rows ?? (result as unknown as Array<{ id: string }>)).map(
      (r) => r.id,
    );
  } else if (notificationRows.length) {
    ids = (await insertNotifications()).map((r) => r.id);
  } else if (emailRows.length) {
    await tx.insert(outbox).values(emailRows);
  }
  if (emailRows.length) await wakeOutbox(tx, deps);

  // The team's channel: one post per notice to staff, if anyone receiving it keeps Slack on.
  const forStaff = notice.to === "staff" || notice.type === "test";
  if (forStaff && config.SLACK_WEBHOOK_URL && recipients.some((r) => r.slackEnabled)) {
    const url = notice.link ? `${config.APP_URL}${notice.link}` : config.APP_URL;
    await enqueueSlack(tx, {
      reason: notice.type,
      text: `*${notice.title}*\n${notice.body}\n<${url}|Open in ${config.APP_NAME}>`,
      link: url,
    });
  }

  if (recipients.length) await publish(tx, { topic: "notifications", audience: notice.to });
  return { ids };
}

/** The first line of a message, shortened for a notification. */
export function excerpt(text: string): string {
  const line = text.trim().split("\n")[0];
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
}

/** Notifications a reader has not read. */
export async function unreadNotifications(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(row?.n ?? 0);
}
