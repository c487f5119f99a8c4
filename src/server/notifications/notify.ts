/**
 * One notification service (issue 14). A change that people must hear about calls `notify` inside its own
 * transaction: the notification rows, their deliveries (outbox: email, the team's Slack-style webhook) and the
 * realtime event are written with the change, so nothing is announced for a change that rolled back, and the
 * action never waits on a delivery or fails because of one. Each recipient's preferences decide the channels;
 * SMS is a stored preference with no provider.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { NotificationType } from "@/shared/contracts/notifications";
import type { Config } from "../config";
import type { Queryable } from "../db";
import { preparedStatement } from "../db/prepared";
import { notificationPreferences, notifications, outbox, userRoles, users } from "../db/schema";
import { type EmailParts, renderEmail } from "../mail/templates";
import { emailRow, slackRow } from "../outbox/outbox";
import { type AppEvent, EVENTS_CHANNEL, eventPayloads, publish } from "../realtime/events";

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
  /** The concierge conversation it is about (the member's id): reading it marks the notification read. */
  conciergeMemberId?: string | null;
  /** Where the notification leads in the app, for its reader (a path). */
  link: string | null;
  /** The email for a recipient whose email channel is on (`reason` names it in the outbox). */
  email: Omit<EmailParts, "appName" | "action"> & { reason: string; actionLabel: string };
  /**
   * Also mail the team's mailboxes (OWNER_EMAILS, else CONTACT_EMAIL), as the spec's owner emails do; a staff
   * member whose address is among them is not mailed twice.
   */
  teamMail?: boolean;
  /**
   * A message on a conversation (`requestId` or `conciergeMemberId`): a burst of them is one notification per
   * reader while it is unread, and at most one email (and Slack post) per address each BURST_WINDOW_SECONDS,
   * which then says how many (see `deliveries` below). These texts are used once there are several; each may
   * hold BURST_COUNT, the number of messages.
   */
  burst?: { title: string; email: Pick<EmailParts, "subject" | "heading" | "paragraphs"> };
}

/** Where a burst's texts say how many messages it holds. */
export const BURST_COUNT = "{{count}}";
/** After an email (or post) about a conversation went out, the next one waits this long and takes them all. */
export const BURST_WINDOW_SECONDS = 300;

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

/**
 * What a notice writes, as the values of the fixed statement parts below: so the statement's text is the same
 * for every notice and recipient count, and stays prepared (decision 012).
 */
interface NoticeWrites {
  values: Record<string, unknown>;
  /** The outbox wake-ups (channel, payload) to send when it commits. */
  wakes: Array<[string, string]>;
  /** The readers' realtime event, if anyone was notified. */
  event: AppEvent | null;
}

const value = sql.placeholder;

/**
 * The statement part writing a notice from `noticeWrites(...).values`: `notes`, the notifications (returning
 * their ids), and `deliveries`, their emails and the team's Slack post in the outbox.
 */
const noticeParts = sql`
  notes as (
    insert into ${notifications} (user_id, type, title, body, request_id, concierge_member_id, link)
    select r, ${value("noticeType")}, ${value("noticeTitle")}, ${value("noticeBody")}, ${value("noticeRequestId")}::uuid,
      ${value("noticeConciergeMemberId")}, ${value("noticeLink")}
    from jsonb_array_elements_text(${value("noticeRecipients")}::jsonb) r
    on conflict (user_id, (coalesce(request_id::text, concierge_member_id)))
      where type = 'message_received' and not read and coalesce(request_id::text, concierge_member_id) is not null
    do update set burst = ${notifications}.burst + 1,
      title = replace(${value("noticeBurstTitle")}::text, ${sql.raw(`'${BURST_COUNT}'`)}, (${notifications}.burst + 1)::text),
      body = excluded.body, link = excluded.link, created_at = now()
    returning id),
  deliveries as (
    insert into ${outbox} (kind, payload, status, burst_key, burst_to, burst_digest, next_attempt_at)
    select (d->>'kind')::outbox_kind, d->'payload', (d->>'status')::outbox_status, d->>'burstKey', d->>'burstTo',
      d->'burstDigest',
      case when d->>'burstKey' is null then now() else greatest(now(), (
        select max(coalesce(o.sent_at, o.next_attempt_at)) + make_interval(secs => ${sql.raw(String(BURST_WINDOW_SECONDS))})
        from ${outbox} o where o.burst_key = d->>'burstKey' and o.burst_to = d->>'burstTo')) end
    from jsonb_array_elements(${value("noticeDeliveries")}::jsonb) d
    on conflict (burst_key, burst_to) where burst_key is not null and attempts = 0 and status in ('pending', 'held')
    do update set burst = ${outbox}.burst + 1,
      payload = replace(excluded.burst_digest::text, ${sql.raw(`'${BURST_COUNT}'`)}, (${outbox}.burst + 1)::text)::jsonb,
      created_at = now())`;

/** A statement column sending each (channel, payload) of the `notifies` value, when the statement commits. */
const notifiesColumn = sql`(select count(pg_notify(n->>0, n->>1))
    from jsonb_array_elements(${value("notifies")}::jsonb) n) as notified`;

/**
 * The notice's rows, deliveries and wake-ups, for its recipients (read unless the notice carries them), whose
 * preferences choose the channels.
 */
async function noticeWrites(db: Queryable, deps: NotifyDeps, notice: Notice): Promise<NoticeWrites> {
  const { config } = deps;
  const recipients = notice.recipients ?? (await recipientsOf(db, notice.to));
  const { reason, actionLabel, ...parts } = notice.email;
  const link = notice.link ? `${config.APP_URL}${notice.link}` : null;
  const action = link ? { label: actionLabel, url: link } : undefined;
  const content = renderEmail({ appName: config.APP_NAME, ...parts, action });
  // A message on a conversation: the outbox rows carry the conversation, and the email its burst's version.
  const conversation = notice.requestId
    ? `request:${notice.requestId}`
    : notice.conciergeMemberId
      ? `concierge:${notice.conciergeMemberId}`
      : null;
  const burst = notice.burst && conversation ? notice.burst : undefined;
  const digest = burst && renderEmail({ appName: config.APP_NAME, ...parts, ...burst.email, action });
  const email = (to: string) => ({
    ...emailRow(deps, { ...content, to, reason }),
    ...(digest ? { burstKey: conversation, burstTo: to.toLowerCase(), burstDigest: { ...digest, to, reason } } : {}),
  });

  const team = notice.teamMail ? teamAddresses(config) : [];
  const addresses = new Set(team.map((a) => a.toLowerCase()));
  const deliveries: Array<ReturnType<typeof email> | ReturnType<typeof slackRow>> = team.map(email);
  for (const r of recipients) {
    if (!r.emailEnabled || addresses.has(r.email.toLowerCase())) continue;
    addresses.add(r.email.toLowerCase());
    deliveries.push(email(r.email));
  }
  const wakes: Array<[string, string]> = [];
  // Held mail (no SMTP) has nothing to deliver: no wake-up.
  if (deliveries.length && deps.mailEnabled) wakes.push(["outbox", "email"]);

  // The team's channel: one post per notice to staff, if anyone receiving it keeps Slack on.
  const forStaff = notice.to === "staff" || notice.type === "test";
  if (forStaff && config.SLACK_WEBHOOK_URL && recipients.some((r) => r.slackEnabled)) {
    const url = link ?? config.APP_URL;
    const post = (title: string) => ({
      reason: notice.type,
      text: `*${title}*\n${notice.body}\n<${url}|Open in ${config.APP_NAME}>`,
      link: url,
    });
    deliveries.push({
      ...slackRow(post(notice.title)),
      ...(burst ? { burstKey: conversation, burstTo: "slack", burstDigest: slackRow(post(burst.title)).payload } : {}),
    });
    wakes.push(["outbox", "webhook"]);
  }

  return {
    values: {
      noticeType: notice.type,
      noticeTitle: notice.title,
      noticeBody: notice.body,
      noticeRequestId: notice.requestId ?? null,
      noticeConciergeMemberId: notice.conciergeMemberId ?? null,
      noticeLink: notice.link,
      noticeBurstTitle: burst?.title ?? notice.title,
      noticeRecipients: JSON.stringify(recipients.map((r) => r.id)),
      noticeDeliveries: JSON.stringify(deliveries),
    },
    wakes,
    event: recipients.length ? { topic: "notifications", audience: notice.to } : null,
  };
}

const noticeStatement = preparedStatement<{ ids: string[] }>(
  "maison_notice",
  sql`with ${noticeParts} select (select coalesce(json_agg(id), '[]'::json) from notes) as ids, ${notifiesColumn}`,
);

/**
 * A change written together with its notice and its events by one prepared statement (decision 012). A single
 * statement is atomic and commits by itself (no BEGIN and COMMIT round trips), and its events are announced by
 * its own commit. `parts` are the statement's first CTEs; the one named `written` returns the new row's id.
 */
export function writeWithNotice(name: string, parts: SQL) {
  const statement = preparedStatement<{ id: string }>(
    name,
    sql`with ${parts}, ${noticeParts} select (select id from written) as id, ${notifiesColumn}`,
  );
  return async (
    db: Queryable,
    deps: NotifyDeps,
    write: { values: Record<string, unknown>; notice: Notice; events: AppEvent[] },
  ): Promise<{ id: string }> => {
    const { values, wakes, event } = await noticeWrites(db, deps, write.notice);
    const events = event ? [...write.events, event] : write.events;
    const notifies = [...eventPayloads(events).map((payload) => [EVENTS_CHANNEL, payload]), ...wakes];
    const [row] = await statement(db, { ...write.values, ...values, notifies: JSON.stringify(notifies) });
    return row;
  };
}

/** Writes the notice's rows, deliveries and realtime event with the caller's transaction, in one statement. */
export async function notify(tx: Queryable, deps: NotifyDeps, notice: Notice): Promise<{ ids: string[] }> {
  const { values, wakes, event } = await noticeWrites(tx, deps, notice);
  const [row] = await noticeStatement(tx, { ...values, notifies: JSON.stringify(wakes) });
  if (event) await publish(tx, event);
  return { ids: row.ids };
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
