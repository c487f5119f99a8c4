/**
 * The admin's side of requests (issue 13): the pipeline (search, filters, sort, pages, all by the database with
 * indexes so it stays fast at a million rows), its CSV export, the client panel of a request, and the
 * operations dashboard's figures (each part one aggregate query).
 */
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import { ERRORS } from "@/shared/contracts/common-texts";
import {
  type adminStatsSchema,
  PIPELINE_COUNT_CAP,
  type pipelineQuery,
  type pipelineSchema,
  type requestClientSchema,
} from "@/shared/contracts/requests";
import { REQUEST_CATEGORIES, REQUEST_STATUSES, type RequestCategory } from "@/shared/requests";
import type { Viewer } from "../../auth/viewer";
import { type Database, rowsOf } from "../../db";
import { displayName, languageOf, staffName } from "../../db/people";
import { profiles, requests, subscriptions, userRoles, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { staffTimes } from "./assignment";
import { type RequestsContext, summary } from "./service";
import { staffInboxCount } from "./threads";

type PipelineQuery = z.output<typeof pipelineQuery>;

/** The rows of a raw statement, from either driver. */

/** The rows of a raw statement, from either driver. */

/** A LIKE pattern matching the text anywhere, its wildcards escaped. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows a pipeline query keeps. The text search is three trigram-indexed lookups (title; client name;
 * client email) joined by UNION, so each uses its own index instead of one OR the planner cannot index.
 */
function pipelineFilter(query: PipelineQuery, viewerId?: string): SQL | undefined {
  const text = query.q ? containing(query.q) : null;
  return and(
    text
      ? inArray(
          requests.id,
          sql`(select id from ${requests} where ${requests.title} ilike ${text}
               union
               select r.id from ${requests} r where r.user_id in (
                 select p.id from ${profiles} p where p.name ilike ${text} or p.email ilike ${text}))`,
        )
      : undefined,
    query.status && query.status !== "all" ? eq(requests.status, query.status) : undefined,
    query.category && query.category !== "all" ? eq(requests.category, query.category) : undefined,
    // Issue 22, item 1: both on requests_assignee_created_idx.
    query.assignee === "me" ? eq(requests.assigneeUserId, viewerId ?? "") : undefined,
    query.assignee === "none" ? isNull(requests.assigneeUserId) : undefined,
  );
}

function pipelineOrder(query: PipelineQuery): SQL[] {
  const direction = query.dir === "asc" ? asc : desc;
  if (query.sort === "budget") return [direction(requests.budgetEur), direction(requests.createdAt)];
  // Written to match the created_at indexes (DESC NULLS LAST, read backwards for ascending), so a page is read
  // in index order and stops at its LIMIT instead of sorting every match.
  return [
    query.dir === "asc" ? sql`${requests.createdAt} asc nulls first` : sql`${requests.createdAt} desc nulls last`,
  ];
}

const assigneeUsers = alias(users, "assignee_users");
const assigneeProfiles = alias(profiles, "assignee_profiles");

const pipelineColumns = {
  ...summary,
  clientId: requests.userId,
  clientName: displayName(),
  clientEmail: users.email,
  assigneeId: requests.assigneeUserId,
  assigneeName: staffName<string | null>(assigneeProfiles, assigneeUsers),
};

function pipelineRows(db: Database, query: PipelineQuery, limit: number, offset: number, viewerId?: string) {
  return db
    .select(pipelineColumns)
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(profiles, eq(profiles.id, requests.userId))
    .leftJoin(assigneeUsers, eq(assigneeUsers.id, requests.assigneeUserId))
    .leftJoin(assigneeProfiles, eq(assigneeProfiles.id, requests.assigneeUserId))
    .where(pipelineFilter(query, viewerId))
    .orderBy(...pipelineOrder(query))
    .limit(limit)
    .offset(offset);
}

/** The matching rows, counted up to one past PIPELINE_COUNT_CAP. */
export function pipelineCount(query: PipelineQuery, viewerId?: string): SQL {
  const where = pipelineFilter(query, viewerId);
  return sql`select count(*)::int as n from (select 1 from ${requests} ${where ? sql`where ${where}` : sql``} limit ${PIPELINE_COUNT_CAP + 1}) capped`;
}

/** The statements of one pipeline page (the benchmark runs the same on raw pg as its floor). */
export function pipelineStatements(db: Database, query: PipelineQuery, viewerId?: string) {
  return {
    rows: pipelineRows(db, query, query.pageSize, (query.page - 1) * query.pageSize, viewerId),
    count: pipelineCount(query, viewerId),
  };
}

/** The admin's request list: one page, and the matching rows counted up to PIPELINE_COUNT_CAP. */
export async function pipeline(
  ctx: Pick<RequestsContext, "db" | "domains">,
  query: PipelineQuery,
  viewerId?: string,
): Promise<Served<typeof pipelineSchema>> {
  const { db } = ctx;
  const statements = pipelineStatements(db, query, viewerId);
  const [rows, counted] = await Promise.all([statements.rows, rowsOf<{ n: number }>(db, statements.count)]);
  const total = Number(counted[0]?.n ?? 0);
  // The page's card holds, from the quotes domain: one query for the page.
  const holds = await ctx.domains.quotes.holdFlags(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map(({ clientId, clientName, clientEmail, assigneeId, assigneeName, ...r }) => ({
      ...r,
      client: { id: clientId, name: clientName ?? clientEmail, email: clientEmail },
      assignee: assigneeId ? { id: assigneeId, name: assigneeName ?? "" } : null,
      hold: holds.get(r.id) ?? null,
    })),
    total: Math.min(total, PIPELINE_COUNT_CAP),
    totalCapped: total > PIPELINE_COUNT_CAP,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Most rows one export holds. */
export const CSV_EXPORT_LIMIT = 10_000;

/**
 * A cell as CSV: quoted when needed, and a cell a spreadsheet would run as a formula (leading =, +, -, @, tab or
 * carriage return) is prefixed with an apostrophe (OWASP's CSV injection advice).
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The current filtered view (no paging, up to CSV_EXPORT_LIMIT rows) as CSV. */
export async function pipelineCsv(db: Database, query: PipelineQuery, viewerId?: string): Promise<string> {
  const rows = await pipelineRows(db, query, CSV_EXPORT_LIMIT, 0, viewerId);
  const header = ["Date", "Client", "Email", "Title", "Category", "Budget (EUR)", "Priority", "Status", "ID"];
  const lines = rows.map((r) =>
    [
      r.createdAt.toISOString(),
      r.clientName ?? "",
      r.clientEmail,
      r.title,
      r.category,
      r.budgetEur.toFixed(2),
      r.urgency,
      r.status,
      r.id,
    ]
      .map(csvCell)
      .join(","),
  );
  // A byte order mark, so spreadsheets read the euro names and accents as UTF-8.
  return `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
}

/** The client panel of a request: who asked, their plan, and their other requests (newest ten). */
export async function requestClient(db: Database, requestId: string): Promise<Served<typeof requestClientSchema>> {
  const [row] = await db
    .select({
      id: users.id,
      name: displayName(),
      email: users.email,
      phone: profiles.phone,
      plan: subscriptions.plan,
      subscriptionStatus: subscriptions.status,
      memberSince: users.createdAt,
      language: languageOf(),
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(requests.id, requestId));
  if (!row) throw notFound(ERRORS.requestNotFound);
  const otherRequests = await db
    .select(summary)
    .from(requests)
    .where(and(eq(requests.userId, row.id), ne(requests.id, requestId)))
    .orderBy(desc(requests.createdAt))
    .limit(10);
  return { client: row, otherRequests };
}

const median = (column: SQL) => sql`percentile_cont(0.5) within group (order by ${column})`;

/** The operations dashboard: cards, 12 weeks by category, the funnel, and the time to a first staff reply. */
export async function adminStats(
  ctx: Pick<RequestsContext, "db" | "domains">,
  staff: Viewer,
  now = new Date(),
): Promise<Served<typeof adminStatsSchema>> {
  const { db } = ctx;
  const nowIso = now.toISOString();
  const lisbon = (expr: SQL) => sql`(${expr} at time zone 'Europe/Lisbon')`;
  const [cards, unreadMessages, weekly, funnel, firstReply, byStaff] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        new: sql<number>`(count(*) filter (where ${requests.status} = 'New'))::int`,
        sourcing: sql<number>`(count(*) filter (where ${requests.status} = 'Sourcing'))::int`,
        delivered: sql<number>`(count(*) filter (where ${requests.status} = 'Delivered'))::int`,
        // Members with a plan: an active subscription (spec section 4); a signed-up user without one is not a
        // client yet (issue 34 item 14).
        clients: sql<number>`(select count(*)::int from ${users} u
          join ${subscriptions} s on s.user_id = u.id and s.status = 'active'
          where not exists (
            select 1 from ${userRoles} r where r.user_id = u.id and r.role in ('staff', 'admin')))`,
      })
      .from(requests),
    staffInboxCount(ctx, staff),
    rowsOf<{ week: string; category: RequestCategory | null; n: number }>(
      db,
      sql`
      with weeks as (
        select generate_series(
          date_trunc('week', ${lisbon(sql`${nowIso}::timestamptz`)}) - interval '11 weeks',
          date_trunc('week', ${lisbon(sql`${nowIso}::timestamptz`)}), interval '1 week')::date as week),
      recent as (
        select date_trunc('week', ${lisbon(sql`created_at`)})::date as week, category
        from ${requests}
        where created_at >= (select min(week) from weeks)::timestamp at time zone 'Europe/Lisbon')
      select to_char(w.week, 'YYYY-MM-DD') as week, r.category::text as category, count(r.week)::int as n
      from weeks w left join recent r on r.week = w.week
      group by w.week, r.category order by w.week`,
    ),
    db.select({ status: requests.status, count: sql<number>`count(*)::int` }).from(requests).groupBy(requests.status),
    rowsOf<{ day: string; median_minutes: number | null; replied: number; waiting: number; overall: number | null }>(
      db,
      sql`
      with recent as (
        select r.id, ${lisbon(sql`r.created_at`)}::date as day,
          (select min(m.created_at) from messages m
             where m.request_id = r.id and m.sender_user_id is distinct from r.user_id
               and m.sender_user_id is not null) - r.created_at as wait
        from ${requests} r
        where r.created_at >= ${nowIso}::timestamptz - interval '30 days'),
      days as (
        select generate_series(${lisbon(sql`${nowIso}::timestamptz`)}::date - 29, ${lisbon(sql`${nowIso}::timestamptz`)}::date, interval '1 day')::date as day)
      select to_char(d.day, 'YYYY-MM-DD') as day,
        ${median(sql`extract(epoch from r.wait) / 60`)} filter (where r.wait is not null) as median_minutes,
        (count(*) filter (where r.wait is not null))::int as replied,
        (count(r.id) filter (where r.wait is null))::int as waiting,
        (select ${median(sql`extract(epoch from wait) / 60`)} from recent where wait is not null) as overall
      from days d left join recent r on r.day = d.day
      group by d.day order by d.day`,
    ),
    staffTimes(db, now),
  ]);

  const byWeek = new Map<string, Record<RequestCategory, number>>();
  for (const row of weekly) {
    const counts =
      byWeek.get(row.week) ??
      (Object.fromEntries(REQUEST_CATEGORIES.map((c) => [c, 0])) as Record<RequestCategory, number>);
    if (row.category) counts[row.category] = Number(row.n);
    byWeek.set(row.week, counts);
  }
  const funnelCounts = new Map(funnel.map((f) => [f.status, Number(f.count)]));
  const daily = firstReply;
  const minutes = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
  return {
    cards: { ...cards[0], unreadMessages },
    weekly: [...byWeek].map(([weekStart, counts]) => ({ weekStart, counts })),
    funnel: REQUEST_STATUSES.map((status) => ({ status, count: funnelCounts.get(status) ?? 0 })),
    firstReply: {
      medianMinutes: minutes(daily[0]?.overall ?? null),
      replied: daily.reduce((sum, d) => sum + Number(d.replied), 0),
      waiting: daily.reduce((sum, d) => sum + Number(d.waiting), 0),
      daily: daily.map((d) => ({ day: d.day, medianMinutes: minutes(d.median_minutes), replied: Number(d.replied) })),
    },
    byStaff,
  };
}
