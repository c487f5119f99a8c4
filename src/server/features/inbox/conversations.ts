/**
 * The inbox's list (issue 31, item 1; decision 048): every open conversation — an active request's thread, a
 * member's concierge chat, an open or answered sales inquiry — as one row each, in one SQL statement over the
 * conversations' tables. This is the exception decision 048 grants to decision 008's "read another domain
 * through its port": sorting three kinds by who waits longest, keyset-paged, with the inbox's own snoozes joined
 * in, cannot be done by merging three ports' answers without each reading the inbox's table or returning every
 * conversation. Nothing here writes another domain's table; the actions go through the ports (./service.ts).
 *
 * Each conversation costs a few index probes (the newest message, the newest from each side, the oldest
 * unanswered one): `messages_request_created_idx`, `concierge_user_created_idx`, `sales_inquiries_status_idx`,
 * the concierge's members found by a skip scan of `concierge_user_created_idx`. Unread counts, names and snoozers
 * are read for the page's rows only.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import {
  type ConversationKey,
  type ConversationKind,
  INBOX_PAGE_SIZE,
  type InboxOwner,
  type InboxShow,
  type InboxSort,
  type inboxPageSchema,
} from "@/shared/contracts/inbox";
import { INBOX_TEXTS } from "@/shared/contracts/inbox-texts";
import type { Plan } from "@/shared/plans";
import { type Queryable, rowsOf } from "../../db";
import { badRequest } from "../../http/errors";

type InboxPage = Served<typeof inboxPageSchema>;

/** The request statuses whose thread is a conversation of the inbox (the work still to do). */
export const OPEN_REQUEST_STATUSES = ["New", "Sourcing", "Quoted", "Found"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ListInput {
  viewerId: string;
  now: Date;
  kind?: ConversationKind;
  owner: InboxOwner;
  show: InboxShow;
  sort: InboxSort;
  after?: string;
  /** Only these conversations (the actions' lookups). */
  only?: ConversationKey[];
  limit?: number;
}

/** A keyset cursor: the last row's sort keys, as PostgreSQL wrote them (microseconds kept). */
type Cursor = [string, string, string, string];
const TIMESTAMP_TEXT = /^(-?infinity|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d){0,2})$/;

export const encodeCursor = (keys: Cursor) => Buffer.from(JSON.stringify(keys)).toString("base64url");
export function decodeCursor(text: string): Cursor {
  try {
    const keys = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(keys) &&
      keys.length === 4 &&
      keys.every((k) => typeof k === "string") &&
      TIMESTAMP_TEXT.test(keys[0]) &&
      TIMESTAMP_TEXT.test(keys[1]) &&
      ["request", "concierge", "sales"].includes(keys[2]) &&
      keys[3].length <= 100
    ) {
      return keys as Cursor;
    }
  } catch {
    // Not base64 JSON: refused below.
  }
  throw badRequest(INBOX_TEXTS.badCursor);
}

/** The conversations as rows of one shape, before the snoozes (a `with recursive` statement's parts). */
function conversationsSql(input: ListInput): SQL {
  const ownerOf = (column: SQL) =>
    input.owner === "me"
      ? sql`and ${column} = ${input.viewerId}`
      : input.owner === "none"
        ? sql`and ${column} is null`
        : sql``;
  const ids = (kind: ConversationKind) => (input.only ?? []).filter((k) => k.kind === kind).map((k) => k.id);
  const onlyUuids = (kind: ConversationKind, column: SQL) => {
    if (!input.only) return sql``;
    const list = ids(kind).filter((id) => UUID.test(id));
    return sql`and ${column} in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;
  };
  const conciergeMembers = input.only
    ? sql`select value as user_id from jsonb_array_elements_text(${JSON.stringify(ids("concierge"))}::jsonb)`
    : // A skip scan: each member with concierge messages, one index probe each.
      sql`select user_id from concierge_members where user_id is not null`;
  return sql`
    concierge_members(user_id) as (
      (select user_id from executive_concierge_messages order by user_id limit 1)
      union all
      select (select c.user_id from executive_concierge_messages c where c.user_id > m.user_id order by c.user_id limit 1)
      from concierge_members m where m.user_id is not null and ${input.only ? sql`false` : sql`true`}
    ),
    request_rows as (
      select r.id, r.user_id, r.assignee_user_id, r.title, r.status::text as status, r.created_at,
        lm.body as last_body, lm.sender_user_id as last_sender, coalesce(lm.created_at, r.created_at) as last_at,
        ls.created_at as last_staff_at, lb.created_at as last_member_at
      from requests r
      left join lateral (select body, sender_user_id, created_at from messages
        where request_id = r.id order by created_at desc limit 1) lm on true
      left join lateral (select created_at from messages
        where request_id = r.id and sender_user_id is distinct from r.user_id order by created_at desc limit 1) ls on true
      left join lateral (select created_at from messages
        where request_id = r.id and sender_user_id = r.user_id order by created_at desc limit 1) lb on true
      where r.status in ('New', 'Sourcing', 'Quoted', 'Found') ${ownerOf(sql`r.assignee_user_id`)}
        ${onlyUuids("request", sql`r.id`)}
    ),
    concierge_rows as (
      select m.user_id, a.assignee_user_id, lm.message as last_body, lm.sender_role::text as last_role,
        lm.created_at as last_at, ls.created_at as last_staff_at, lb.created_at as last_member_at
      from (${conciergeMembers}) m
      left join concierge_assignments a on a.member_user_id = m.user_id
      join lateral (select message, sender_role, created_at from executive_concierge_messages
        where user_id = m.user_id order by created_at desc limit 1) lm on true
      left join lateral (select created_at from executive_concierge_messages
        where user_id = m.user_id and sender_role = 'admin' order by created_at desc limit 1) ls on true
      left join lateral (select created_at from executive_concierge_messages
        where user_id = m.user_id and sender_role = 'user' order by created_at desc limit 1) lb on true
      where true ${ownerOf(sql`a.assignee_user_id`)}
    ),
    conversations as (
      select 'request'::text as kind, r.id::text as id, r.user_id as member_id, r.assignee_user_id as owner_id,
        r.title, r.status, r.last_body, (r.last_sender = r.user_id) as last_from_member,
        case when r.last_body is null then null else r.last_at end as last_message_at, r.last_at,
        case
          when r.last_staff_at is null then r.created_at
          when r.last_member_at > r.last_staff_at then (select min(m.created_at) from messages m
            where m.request_id = r.id and m.created_at > r.last_staff_at and m.sender_user_id = r.user_id)
        end as waiting_since,
        r.last_member_at
      from request_rows r
      union all
      select 'concierge', c.user_id, c.user_id, c.assignee_user_id, null, null, c.last_body, c.last_role = 'user',
        c.last_at, c.last_at,
        case when c.last_member_at is not null and (c.last_staff_at is null or c.last_member_at > c.last_staff_at)
          then (select min(m.created_at) from executive_concierge_messages m where m.user_id = c.user_id
            and m.sender_role = 'user' and m.created_at > coalesce(c.last_staff_at, '-infinity'::timestamptz))
        end,
        c.last_member_at
      from concierge_rows c
      union all
      select 'sales', s.id::text, s.user_id, s.admin_id, s.subject, s.status::text,
        coalesce(s.admin_reply, s.message), s.admin_reply is null,
        case when s.admin_reply is null then s.created_at else s.updated_at end,
        case when s.admin_reply is null then s.created_at else s.updated_at end,
        case when s.status = 'open' then s.created_at end,
        s.created_at
      from sales_inquiries s
      where s.status in ('open', 'responded') ${ownerOf(sql`s.admin_id`)} ${onlyUuids("sales", sql`s.id`)}
    ),
    with_snoozes as (
      select c.*, s.until, s.note as snooze_note, s.snoozed_by,
        -- Derived, never stored: snoozed while its time has not come and its member has not written since.
        (s.until is not null and s.until > ${input.now.toISOString()}::timestamptz
          and coalesce(c.last_member_at, '-infinity'::timestamptz) <= s.snoozed_at) as snoozed
      from conversations c
      left join inbox_snoozes s on s.kind = c.kind and s.conversation_id = c.id
    )`;
}

interface Row {
  kind: ConversationKind;
  id: string;
  member_id: string;
  owner_id: string | null;
  title: string | null;
  status: string | null;
  last_body: string | null;
  last_from_member: boolean | null;
  last_message_at: Date | string | null;
  waiting_since: Date | string | null;
  until: Date | string | null;
  snooze_note: string | null;
  snoozed: boolean;
  k1: string;
  k2: string;
  member_name: string;
  member_email: string;
  tier: Plan | null;
  language: string | null;
  owner_name: string | null;
  snoozer_name: string | null;
  unread: number;
}
const dateOf = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const maybeDate = (value: Date | string | null) => (value === null ? null : dateOf(value));

/** The statement of one page (exported for the probe's EXPLAIN, bench/inbox-probe.ts). */
export function pageStatement(input: ListInput): SQL {
  const limit = input.limit ?? INBOX_PAGE_SIZE;
  const showing =
    input.show === "snoozed"
      ? sql`snoozed`
      : input.show === "waiting"
        ? sql`not snoozed and waiting_since is not null`
        : sql`not snoozed`;
  const k1 =
    input.sort === "waiting" ? sql`coalesce(waiting_since, 'infinity'::timestamptz)` : sql`'-infinity'::timestamptz`;
  const cursor = input.after ? decodeCursor(input.after) : null;
  const after = cursor
    ? sql`and (k1 > ${cursor[0]}::timestamptz or (k1 = ${cursor[0]}::timestamptz and (k2 < ${cursor[1]}::timestamptz
        or (k2 = ${cursor[1]}::timestamptz and (kind, id) > (${cursor[2]}::text, ${cursor[3]}::text)))))`
    : sql``;
  const kindFilter = input.kind ? sql`and kind = ${input.kind}` : sql``;
  return sql`
      with recursive ${conversationsSql(input)},
      keyed as (select *, ${k1} as k1, last_at as k2 from with_snoozes where ${showing}),
      page as (
        select * from keyed where true ${kindFilter} ${after}
        order by k1 asc, k2 desc, kind asc, id asc
        limit ${limit + 1}
      )
      select p.kind, p.id, p.member_id, p.owner_id, p.title, p.status, p.last_body, p.last_from_member,
        p.last_message_at, p.waiting_since, p.until, p.snooze_note, p.snoozed, p.k1::text as k1, p.k2::text as k2,
        coalesce(mp.name, mu.name, '') as member_name, mu.email as member_email, mp.language,
        (select sub.plan::text from subscriptions sub where sub.user_id = p.member_id and sub.status <> 'canceled') as tier,
        coalesce(nullif(op.name, ''), nullif(ou.name, ''), ou.email) as owner_name,
        coalesce(nullif(sp.name, ''), nullif(su.name, ''), su.email) as snoozer_name,
        case p.kind
          when 'request' then (select count(*)::int from (select 1 from messages m
            where m.request_id = p.id::uuid and m.sender_user_id = p.member_id
              and not exists (select 1 from message_reads mr where mr.message_id = m.id and mr.user_id = ${input.viewerId})
            limit 99) unread)
          when 'concierge' then (select count(*)::int from (select 1 from executive_concierge_messages m
            where m.user_id = p.member_id and m.sender_role = 'user' and not m.read limit 99) unread)
          else (case when p.status = 'open' then 1 else 0 end)
        end as unread,
        (select count(*)::int from with_snoozes w where not w.snoozed and w.waiting_since is not null and w.kind = 'request') as request_waiting,
        (select count(*)::int from with_snoozes w where not w.snoozed and w.waiting_since is not null and w.kind = 'concierge') as concierge_waiting,
        (select count(*)::int from with_snoozes w where not w.snoozed and w.waiting_since is not null and w.kind = 'sales') as sales_waiting,
        (select min(w.until)::text from with_snoozes w where w.snoozed) as next_wake
      from page p
      left join users mu on mu.id = p.member_id
      left join profiles mp on mp.id = p.member_id
      left join users ou on ou.id = p.owner_id
      left join profiles op on op.id = p.owner_id
      left join inbox_snoozes s on s.kind = p.kind and s.conversation_id = p.id
      left join users su on su.id = s.snoozed_by
      left join profiles sp on sp.id = s.snoozed_by
      order by p.k1 asc, p.k2 desc, p.kind asc, p.id asc`;
}

/** One page of the inbox, with the tabs' counts and the next wake-up. */
export async function listConversations(db: Queryable, input: ListInput): Promise<InboxPage> {
  const limit = input.limit ?? INBOX_PAGE_SIZE;
  const rows = await rowsOf<
    Row & { request_waiting: number; concierge_waiting: number; sales_waiting: number; next_wake: string | null }
  >(db, pageStatement(input));
  // An empty page still needs the counts.
  const totals = rows[0] ?? (await countsOnly(db, input));
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map((row) => ({
      kind: row.kind,
      id: row.id,
      title: row.title,
      status: row.status,
      member: {
        id: row.member_id,
        name: row.member_name,
        email: row.member_email ?? "",
        tier: row.tier,
        language: row.language,
      },
      owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? "" } : null,
      lastMessage:
        row.last_body !== null && row.last_message_at !== null
          ? { body: row.last_body, fromMember: Boolean(row.last_from_member), at: dateOf(row.last_message_at) }
          : null,
      unread: row.unread,
      waitingSince: maybeDate(row.waiting_since),
      snooze:
        row.snoozed && row.until !== null
          ? { until: dateOf(row.until), note: row.snooze_note, by: row.snoozer_name }
          : null,
      serviceLevel: null,
    })),
    next: more && last ? encodeCursor([last.k1, last.k2, last.kind, last.id]) : null,
    waiting: {
      request: totals.request_waiting,
      concierge: totals.concierge_waiting,
      sales: totals.sales_waiting,
    },
    nextWake: totals.next_wake ? new Date(totals.next_wake) : null,
  };
}

async function countsOnly(db: Queryable, input: ListInput) {
  const [row] = await rowsOf<{
    request_waiting: number;
    concierge_waiting: number;
    sales_waiting: number;
    next_wake: string | null;
  }>(
    db,
    sql`
      with recursive ${conversationsSql(input)}
      select
        (select count(*)::int from with_snoozes w where not w.snoozed and w.waiting_since is not null and w.kind = 'request') as request_waiting,
        (select count(*)::int from with_snoozes w where not w.snoozed and w.waiting_since is not null and w.kind = 'concierge') as concierge_waiting,
        (select count(*)::int from with_snoozes w where not w.snoozed and w.waiting_since is not null and w.kind = 'sales') as sales_waiting,
        (select min(w.until)::text from with_snoozes w where w.snoozed) as next_wake`,
  );
  return row;
}

/** The conversations named, as they are now (their member, whether each exists and is open). */
export async function conversationsByKey(db: Queryable, keys: ConversationKey[], viewerId: string, now: Date) {
  const [row] = await rowsOf<{ found: Array<{ kind: ConversationKind; id: string; member_id: string }> | null }>(
    db,
    sql`
      with recursive ${conversationsSql({ viewerId, now, owner: "all", show: "open", sort: "waiting", only: keys })}
      select json_agg(json_build_object('kind', kind, 'id', id, 'member_id', member_id)) as found from with_snoozes`,
  );
  return row?.found ?? [];
}
