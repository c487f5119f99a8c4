/**
 * The notification engine (issue 14). A change that people must hear about describes a notice (shared type
 * `Notice`), and the unit of work (db/write.ts) has it written here with the change: the notification rows,
 * their deliveries in the outbox (email, the team's Slack-style webhook) and the readers' realtime event. So
 * nothing is announced for a change that rolled back, and the change never waits on a delivery or fails because
 * of one. Each recipient's preferences choose the channels; SMS is a stored preference with no provider.
 *
 * Bursts (issue 19): while unread, the messages on one conversation are one notification per reader that says
 * how many; each address gets at most one email, and the team one Slack post, per conversation every
 * BURST_WINDOW_SECONDS, and a waiting one takes every message that arrives before it goes. Both hold through
 * partial unique indexes (one upsert each, race-free).
 *
 * Other domains reach this one only through `NotificationsPort` (port.ts), which make-port.ts builds from here.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import { BURST_COUNT, type Notice, type NoticeRecipient, type NoticeTexts } from "@/shared/contracts/notifications";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import type { Config } from "../../config";
import { type Queryable, rowsOf } from "../../db";
import { languageOf } from "../../db/people";
import { type Placeholders, prepared } from "../../db/prepared";
import {
  notificationPreferences,
  notifications,
  outbox,
  profiles,
  pushSubscriptions,
  sessions,
  userRoles,
  users,
} from "../../db/schema";
import type { NoticeEngine, Wake } from "../../db/write";
import { translator } from "../../i18n";
import { renderEmail } from "../../mail/templates";
import { emailRow, slackRow } from "../../outbox/outbox";
import type { AppEvent } from "../../realtime/events";
import type { NoticeChannels, NoticeThread } from "./port";
import { readerIn, recordTexts } from "./stored-texts";

export interface EngineDeps {
  config: Pick<Config, "APP_NAME" | "APP_URL" | "OWNER_EMAILS" | "CONTACT_EMAIL" | "SLACK_WEBHOOK_URL">;
  mailEnabled: boolean;
}

/** After an email (or post) about a conversation went out, the next one waits this long and takes them all. */
export const BURST_WINDOW_SECONDS = 300;

/** A user's channels as columns of a query joined to notification_preferences (a missing row: all on). */
const channelColumns = {
  emailEnabled: sql<boolean>`coalesce(${notificationPreferences.emailEnabled}, true)`,
  slackEnabled: sql<boolean>`coalesce(${notificationPreferences.slackEnabled}, true)`,
};

/** Every staff member's or one user's address, channels and language. */
async function recipientsOf(db: Queryable, to: string): Promise<NoticeRecipient[]> {
  const query = db
    .selectDistinct({ id: users.id, email: users.email, ...channelColumns, language: languageOf() })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id));
  if (to === "staff" || to === "admins") {
    return query
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(inArray(userRoles.role, to === "admins" ? ["admin"] : ["staff", "admin"]))
      .orderBy(users.id);
  }
  return query.where(eq(users.id, to));
}

export const teamAddresses = (config: EngineDeps["config"]) =>
  config.OWNER_EMAILS.length ? config.OWNER_EMAILS : [config.CONTACT_EMAIL];

/**
 * A notice as the values of the fixed statement parts below: the same statement text for every notice and any
 * number of recipients, so it stays prepared (decision 012).
 */
export interface NoticeValues extends Record<string, unknown> {
  noticeType: string;
  noticeRequestId: string | null;
  noticeConciergeMemberId: string | null;
  noticeLink: string | null;
  /** The recipients, each with the title and body in their language: [{ id, title, body }], as JSON. */
  noticeRecipients: string;
  /** The title once several messages make one notification (with BURST_COUNT), by recipient id, as JSON. */
  noticeBurstTitles: string;
  /** The title and body as keys and values (stored-texts.ts), the same for every reader, as JSON ("null": none). */
  noticeMessage: string;
  /** The outbox rows, as JSON. */
  noticeDeliveries: string;
  /** The push (`NoticePush`), as JSON: "null" when the notice pushes nothing. */
  noticePush: string;
}

/** A notice's push as the statement reads it: for whom, and what each may see (in their language). */
interface NoticePush {
  /**
   * The users whose devices get it (each one's push preference still decides), each with what anyone may see
   * ("New reply on your request") and, for those who turned previews on, the notification's own title and text.
   */
  to: Array<{ id: string; body: string; previewTitle: string; preview: string }>;
  /** The app's name, above the text. */
  title: string;
  url: string;
  tag: string | null;
  reason: string;
}

const cte = new QueryBuilder();
const count = sql.raw(`'${BURST_COUNT}'`);

/**
 * `notes`: the notifications (a message joins its conversation's unread one), returning their ids;
 * `deliveries`: their emails and the team's Slack post (a message joins a waiting one about its conversation;
 * after one went out, the next waits out the burst window); and `pushes`: one push per device of each person it
 * is for, whose push preference is on and whose device's session is still signed in, showing the message only
 * to those who turned previews on. A push written wakes the outbox (one NOTIFY however many rows: PostgreSQL
 * folds identical ones in a transaction); none written, no wake-up.
 */
function noticeParts(p: Placeholders<NoticeValues>) {
  const notes = cte.$with("notes", { id: sql<string>`id` }).as(sql`
    insert into ${notifications} (user_id, type, title, body, message, request_id, concierge_member_id, link)
    select r->>'id', ${p.noticeType}, r->>'title', r->>'body', nullif(${p.noticeMessage}::jsonb, 'null'::jsonb),
      ${p.noticeRequestId}::uuid, ${p.noticeConciergeMemberId}, ${p.noticeLink}
    from jsonb_array_elements(${p.noticeRecipients}::jsonb) r
    on conflict (user_id, (coalesce(request_id::text, concierge_member_id)))
      where type = 'message_received' and not read and coalesce(request_id::text, concierge_member_id) is not null
    do update set burst = ${notifications}.burst + 1,
      title = replace(${p.noticeBurstTitles}::jsonb ->> excluded.user_id, ${count}, (${notifications}.burst + 1)::text),
      body = excluded.body, message = excluded.message, link = excluded.link, created_at = now()
    returning id`);
  const deliveries = cte.$with("deliveries", {}).as(sql`
    insert into ${outbox} (kind, payload, status, burst_key, burst_to, burst_digest, next_attempt_at)
    select (d->>'kind')::outbox_kind, d->'payload', (d->>'status')::outbox_status, d->>'burstKey', d->>'burstTo',
      d->'burstDigest',
      case when d->>'burstKey' is null then now() else greatest(now(), (
        select max(coalesce(o.sent_at, o.next_attempt_at)) + make_interval(secs => ${sql.raw(String(BURST_WINDOW_SECONDS))})
        from ${outbox} o where o.burst_key = d->>'burstKey' and o.burst_to = d->>'burstTo')) end
    from jsonb_array_elements(${p.noticeDeliveries}::jsonb) d
    on conflict (burst_key, burst_to) where burst_key is not null and attempts = 0 and status in ('pending', 'held')
    do update set burst = ${outbox}.burst + 1,
      payload = replace(excluded.burst_digest::text, ${count}, (${outbox}.burst + 1)::text)::jsonb,
      created_at = now()`);
  const pushes = cte.$with("pushes", {}).as(sql`
    insert into ${outbox} (kind, payload, status)
    select 'push', jsonb_build_object(
        'subscriptionId', s.id,
        'title', case when coalesce(pr.push_preview, false) then u->>'previewTitle' else m.n->>'title' end,
        'body', case when coalesce(pr.push_preview, false) then u->>'preview' else u->>'body' end,
        'url', m.n->>'url', 'tag', m.n->'tag', 'reason', m.n->>'reason'),
      'pending'
    from (select ${p.noticePush}::jsonb as n) m
    cross join lateral jsonb_array_elements(m.n->'to') u
    join ${pushSubscriptions} s on s.user_id = u->>'id'
    join ${sessions} se on se.id = s.session_id and se.expires_at > now()
    left join ${notificationPreferences} pr on pr.user_id = s.user_id
    where coalesce(pr.push_enabled, true)
    returning pg_notify('outbox', 'push')`);
  return [notes, deliveries, pushes];
}

/** A notice alone, in a transaction of its caller's: its parts, answering the notifications' ids. */
const noticeStatement = prepared<NoticeValues, Array<{ ids: string[] }>>("maison_notice", (db, p) =>
  db
    .with(...noticeParts(p))
    .select({ ids: sql<string[]>`(select coalesce(json_agg(id), '[]'::json) from notes)` })
    .from(sql`(select 1) as one`),
);

/** The notice's texts in each language its readers read, written once per language. */
function textsByLocale(notice: Notice) {
  const made = new Map<Locale, NoticeTexts>();
  return (locale: Locale): NoticeTexts => {
    let texts = made.get(locale);
    if (!texts) {
      texts = notice.texts(readerIn(locale));
      made.set(locale, texts);
    }
    return texts;
  };
}

/** The notice's values, deliveries and wake-ups, for its recipients (read unless the notice carries them). */
async function noticeValues(db: Queryable, deps: EngineDeps, notice: Notice) {
  const { config } = deps;
  const recipients = notice.recipients ?? (await recipientsOf(db, notice.to));
  const textsIn = textsByLocale(notice);
  const link = notice.link ? `${config.APP_URL}${notice.link}` : null;
  // A message on a conversation: the outbox rows carry the conversation, and the email its burst's version.
  const conversation = notice.requestId
    ? `request:${notice.requestId}`
    : notice.conciergeMemberId
      ? `concierge:${notice.conciergeMemberId}`
      : null;
  const email = (to: string, locale: Locale) => {
    const { reason, actionLabel, ...parts } = textsIn(locale).email;
    const action = link ? { label: actionLabel, url: link } : undefined;
    const burst = conversation ? textsIn(locale).burst : undefined;
    const content = renderEmail({ appName: config.APP_NAME, ...parts, action, locale });
    const digest = burst && renderEmail({ appName: config.APP_NAME, ...parts, ...burst.email, action, locale });
    return {
      ...emailRow(deps, { ...content, to, reason }),
      ...(digest ? { burstKey: conversation, burstTo: to.toLowerCase(), burstDigest: { ...digest, to, reason } } : {}),
    };
  };

  // The team's mailboxes are written to in the house's default language; each person in their own.
  const team = notice.teamMail && notice.mail !== false ? teamAddresses(config) : [];
  const addresses = new Set(team.map((a) => a.toLowerCase()));
  const deliveries: Array<ReturnType<typeof email> | ReturnType<typeof slackRow>> = team.map((to) =>
    email(to, DEFAULT_LOCALE),
  );
  for (const r of recipients) {
    if (notice.mail === false) break;
    if (!r.emailEnabled || addresses.has(r.email.toLowerCase())) continue;
    addresses.add(r.email.toLowerCase());
    deliveries.push(email(r.email, r.language));
  }
  const wakes: Wake[] = [];
  // Held mail (no SMTP) has nothing to deliver: no wake-up.
  if (deliveries.length && deps.mailEnabled) wakes.push(["outbox", "email"]);

  // The team's channel: one post per notice to staff, if anyone receiving it keeps Slack on (in English).
  const forStaff = notice.to === "staff" || notice.type === "test";
  if (forStaff && config.SLACK_WEBHOOK_URL && recipients.some((r) => r.slackEnabled)) {
    const url = link ?? config.APP_URL;
    const texts = textsIn(DEFAULT_LOCALE);
    const post = (title: string) => ({
      reason: notice.type,
      text: `*${title}*\n${texts.body}\n<${url}|Open in ${config.APP_NAME}>`,
      link: url,
    });
    const burst = conversation ? texts.burst : undefined;
    deliveries.push({
      ...slackRow(post(texts.title)),
      ...(burst ? { burstKey: conversation, burstTo: "slack", burstDigest: slackRow(post(burst.title)).payload } : {}),
    });
    wakes.push(["outbox", "webhook"]);
  }

  // The push, to the devices of the notice's recipients (or only its owner, when they are one of them).
  const pushTo =
    notice.push?.to && recipients.some((r) => r.id === notice.push?.to)
      ? recipients.filter((r) => r.id === notice.push?.to)
      : recipients;
  const pushBody = notice.push?.body;
  const push: NoticePush | null =
    pushBody && notice.link && pushTo.length
      ? {
          to: pushTo.map((r) => {
            const texts = textsIn(r.language);
            return { id: r.id, body: translator(r.language)(pushBody), previewTitle: texts.title, preview: texts.body };
          }),
          title: config.APP_NAME,
          url: notice.link,
          tag: conversation,
          reason: textsIn(DEFAULT_LOCALE).email.reason,
        }
      : null;

  const values: NoticeValues = {
    noticeType: notice.type,
    noticeRequestId: notice.requestId ?? null,
    noticeConciergeMemberId: notice.conciergeMemberId ?? null,
    noticeLink: notice.link,
    noticeRecipients: JSON.stringify(
      recipients.map((r) => ({ id: r.id, title: textsIn(r.language).title, body: textsIn(r.language).body })),
    ),
    noticeBurstTitles: JSON.stringify(
      Object.fromEntries(
        recipients.map((r) => {
          const texts = textsIn(r.language);
          return [r.id, (conversation && texts.burst?.title) || texts.title];
        }),
      ),
    ),
    noticeMessage: JSON.stringify(recordTexts(notice)),
    noticeDeliveries: JSON.stringify(deliveries),
    noticePush: JSON.stringify(push),
  };
  const events: AppEvent[] =
    notice.to === "admins"
      ? recipients.map((r) => ({ topic: "notifications", audience: r.id }))
      : recipients.length
        ? [{ topic: "notifications", audience: notice.to }]
        : [];
  return { values, events, wakes };
}

export function createNoticeEngine(deps: EngineDeps): NoticeEngine<NoticeValues> {
  return {
    values: (db, notice) => noticeValues(db, deps, notice),
    parts: noticeParts,
    async write(tx, notice) {
      const { values, events, wakes } = await noticeValues(tx, deps, notice);
      const [row] = await noticeStatement(tx, values);
      return { ids: row.ids, events, wakes };
    },
  };
}

/** Notifications a reader has not read. */
export async function unreadNotifications(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(row?.n ?? 0);
}

/**
 * Marks read the reader's unread message notifications about `thread`, in the caller's transaction, right after
 * it marked the thread's messages read (issue 19: a thread read is its notifications read, so the bell and the
 * thread agree); how many. Only those no newer than `seenUpTo`, the newest message the caller's own statement
 * saw: a message's notification is written in the message's statement (the same `now()`), so one that commits
 * between the caller's two statements keeps both its message and its notification unread. Another reader's
 * notifications, and those of other kinds (a status change, a new request), are left as they are.
 */
export async function markThreadRead(
  tx: Queryable,
  readerId: string,
  thread: NoticeThread,
  seenUpTo: string | null,
): Promise<number> {
  if (seenUpTo === null) return 0;
  const about =
    "requestId" in thread
      ? sql`request_id = ${thread.requestId}::uuid`
      : sql`concierge_member_id = ${thread.conciergeMemberId}`;
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`with marked as (update ${notifications} set read = true
      where user_id = ${readerId} and not read and type = 'message_received' and ${about}
        and created_at <= ${seenUpTo}::timestamptz
      returning id)
    select count(*)::int as n from marked`,
  );
  return Number(row?.n ?? 0);
}

/** A user's channels (no preferences yet: all on), as `channelColumns` reads them in a query. */
export async function channelsOf(q: Queryable, userId: string): Promise<NoticeChannels> {
  const [row] = await q
    .select({ emailEnabled: notificationPreferences.emailEnabled, slackEnabled: notificationPreferences.slackEnabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return { emailEnabled: row?.emailEnabled ?? true, slackEnabled: row?.slackEnabled ?? true };
}
