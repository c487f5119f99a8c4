/**
 * Sourcing requests: creation under the plan gate and the monthly limit (one transaction, a per-user lock), the
 * member's lists, dashboard and detail, deletion, and the staff's status changes with the activity timeline.
 * Threads are in threads.ts. Every change writes its activity entry, its notice and its events with the unit
 * of work (db/write.ts).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { NoticeRecipient } from "@/shared/contracts/notifications";
import type {
  allowanceSchema,
  dashboardSchema,
  requestDetailSchema,
  requestListQuery,
  requestListSchema,
} from "@/shared/contracts/requests";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { firstDayOfNextMonth, REQUEST_MONTH_TIME_ZONE } from "@/shared/dates";
import { CATEGORY_LABELS, STATUS_LABELS, URGENCY_LABELS } from "@/shared/labels";
import { ACTIVE_STATUSES, canTransition, DASHBOARD_RECENT_LIMIT, type RequestStatus } from "@/shared/requests";
import type { NewRequest } from "@/shared/schemas";
import {
  assertCanCreateRequests,
  assertUnderMonthlyLimit,
  authorize,
  monthlyRequestAllowance,
  requestNotFound,
} from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { type Database, type Queryable, rowsOf } from "../../db";
import { displayName, languageOf, staffCardOf } from "../../db/people";
import { type Placeholders, prepared } from "../../db/prepared";
import {
  activityLogs,
  profiles,
  requests,
  requestUses,
  staffAssignmentSettings,
  userRoles,
  users,
} from "../../db/schema";
import type { Effects } from "../../db/write";
import { conflict } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import { type AppEvent, toMemberAndStaff } from "../../realtime/events";
import { nameForType } from "../../storage/file-names";
import { REQUEST_TEXTS as T } from "./texts";

export { requestNotFound };

export type RequestsContext = Pick<AppContext, "db" | "config" | "mailEnabled" | "limiter" | "write" | "domains">;
type RequestRow = typeof requests.$inferSelect;

/** The first instant of the calendar month that `now` falls in, in Lisbon time (the spec's month). */
const lisbonMonthStart = (now: Date) =>
  sql`(date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'Europe/Lisbon') at time zone 'Europe/Lisbon')`;

/** Requests the member created this month, deleted ones included (decision 013). */
async function usedThisMonth(db: Queryable, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(requestUses)
    .where(and(eq(requestUses.userId, userId), sql`${requestUses.createdAt} >= ${lisbonMonthStart(now)}`));
  return Number(row?.n ?? 0);
}

export async function allowance(
  ctx: RequestsContext,
  viewer: Viewer,
  now = new Date(),
): Promise<Served<typeof allowanceSchema>> {
  const limit = monthlyRequestAllowance(viewer);
  const used = await usedThisMonth(ctx.db, viewer.userId, now);
  return {
    canCreate: limit === null || used < limit,
    limit,
    usedThisMonth: used,
    remainingThisMonth: limit === null ? null : Math.max(0, limit - used),
    renewsOn: firstDayOfNextMonth(now, REQUEST_MONTH_TIME_ZONE),
  };
}

export const staffLink = (id: string) => `/admin/requests/${id}`;
export const memberLink = (id: string) => `/requests/${id}`;

/** The request's timeline changed: staff watching it refetch. */
export const activityChanged = (requestId: string): AppEvent => ({
  topic: "activity",
  audience: "staff",
  subject: requestId,
});

/** An activity entry on the request's timeline (staff see it live). */
export async function logActivity(
  tx: Queryable,
  out: Pick<Effects, "publish">,
  entry: { requestId: string; actorUserId: string | null; action: string; details?: Record<string, unknown> },
) {
  await tx.insert(activityLogs).values(entry);
  out.publish(activityChanged(entry.requestId));
}

/**
 * Creates a request for a member with a paid, active plan and requests left this month. The count and the
 * insert happen under a lock on the member's row, so concurrent submissions cannot pass the limit together;
 * the request is counted for this month for good, even if it is deleted later (decision 013). `seeded`: made by
 * the QA tools for a member, removed with their demo data.
 */
export async function createRequest(
  ctx: RequestsContext,
  viewer: Viewer,
  input: NewRequest,
  options: { now?: Date; seeded?: boolean } = {},
) {
  const now = options.now ?? new Date();
  assertCanCreateRequests(viewer);
  const limit = monthlyRequestAllowance(viewer);
  return ctx.write(async (tx, out) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.userId)).for("update");
    const used = await usedThisMonth(tx, viewer.userId, now);
    assertUnderMonthlyLimit(viewer, used);
    const [row] = await tx
      .insert(requests)
      .values({
        userId: viewer.userId,
        title: input.title,
        category: input.category,
        budgetEur: input.budget_eur,
        urgency: input.urgency,
        notes: input.notes,
        phoneNumber: input.phone_number,
        seeded: options.seeded ?? false,
        createdAt: now,
      })
      .returning({ id: requests.id });
    await tx.insert(requestUses).values({ userId: viewer.userId, requestId: row.id, createdAt: now });
    await logActivity(tx, out, { requestId: row.id, actorUserId: viewer.userId, action: "created" });
    const name = viewer.profile?.name ?? viewer.name;
    await out.notify(
      teamNotice({
        type: "request_created",
        teamMail: true,
        requestId: row.id,
        texts: ({ t, euro }) => {
          const facts = {
            name,
            title: input.title,
            email: viewer.email,
            category: t(CATEGORY_LABELS[input.category]),
            budget: euro(input.budget_eur),
            urgency: t(URGENCY_LABELS[input.urgency]),
          };
          return {
            title: t(T.createdTitle, facts),
            body: t(T.createdBody, facts),
            heading: t(T.createdHeading),
            paragraphs: [t(T.createdAsks, facts), t(T.createdFacts, facts)],
            quote: input.notes || undefined,
          };
        },
      }),
    );
    // Round robin (issue 22, item 1): one statement when someone opted in, after the insert.
    await assignInTurn(tx, out, { id: row.id, title: input.title });
    out.publish(toMemberAndStaff("requests", viewer.userId));
    return { id: row.id, remainingThisMonth: limit === null ? null : limit - used - 1 };
  });
}

/** Tells the new owner of a request, unless they gave it to themselves. */
export async function noticeAssigned(
  out: Pick<Effects, "notify">,
  request: { id: string; title: string },
  to: string,
  by: string | null,
) {
  await out.notify(
    teamNotice({
      type: "assigned",
      to,
      requestId: request.id,
      texts: ({ t }) => ({
        title: t(T.assignedTitle, { title: request.title }),
        body: by ? t(T.assignedBy, { name: by }) : t(T.assignedInTurn),
        heading: t(T.assignedHeading),
        paragraphs: [
          by ? t(T.assignedTextBy, { title: request.title, name: by }) : t(T.assignedText, { title: request.title }),
        ],
      }),
    }),
  );
}

/**
 * Round robin (called by the request-creating transaction, after the insert): gives the new request to the
 * opted-in staff member least recently given one, in one statement. Concurrent creations skip a setting row
 * another is taking, so two requests created at once go to two people; when every candidate is taken (one
 * person opted in), the statement is run again waiting for the lock. Null when nobody opted in.
 */
export async function assignInTurn(
  tx: Queryable,
  out: Pick<Effects, "notify" | "publish">,
  request: { id: string; title: string },
): Promise<string | null> {
  const pick = (skipLocked: boolean) =>
    rowsOf<{ user_id: string }>(
      tx,
      sql`
      with next as (
        select s.user_id from ${staffAssignmentSettings} s
        where s.round_robin and exists (
          select 1 from ${userRoles} r where r.user_id = s.user_id and r.role in ('staff', 'admin'))
        order by s.last_assigned_at asc nulls first, s.user_id
        limit 1 for update ${skipLocked ? sql`skip locked` : sql``}),
      taken as (
        update ${staffAssignmentSettings} s set last_assigned_at = clock_timestamp()
        from next where s.user_id = next.user_id returning s.user_id)
      update ${requests} set assignee_user_id = taken.user_id from taken
      where ${requests.id} = ${request.id} returning taken.user_id`,
    );
  let rows = await pick(true);
  if (!rows.length) {
    const [anyone] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from ${staffAssignmentSettings} where round_robin`,
    );
    if (Number(anyone?.n ?? 0) > 0) rows = await pick(false);
  }
  const assignee = rows[0]?.user_id ?? null;
  if (!assignee) return null;
  await logActivity(tx, out, { requestId: request.id, actorUserId: null, action: "assigned", details: { turn: true } });
  await noticeAssigned(out, request, assignee, null);
  return assignee;
}

/** The columns of a request as its lists show it (requestSummarySchema). */
export const summary = {
  id: requests.id,
  title: requests.title,
  category: requests.category,
  status: requests.status,
  urgency: requests.urgency,
  budgetEur: requests.budgetEur,
  createdAt: requests.createdAt,
};

type ListQuery = z.output<typeof requestListQuery>;

/** The member's dashboard: the five most recent requests, and counters over all of their requests (decision 010). */
export async function dashboardOf(db: Database, userId: string): Promise<Served<typeof dashboardSchema>> {
  const [recent, [counts]] = await Promise.all([
    db
      .select(summary)
      .from(requests)
      .where(eq(requests.userId, userId))
      .orderBy(desc(requests.createdAt))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${inArray(requests.status, [...ACTIVE_STATUSES])})`,
        delivered: sql<number>`count(*) filter (where ${requests.status} = 'Delivered')`,
      })
      .from(requests)
      .where(eq(requests.userId, userId)),
  ]);
  return {
    recent,
    counts: { total: Number(counts.total), active: Number(counts.active), delivered: Number(counts.delivered) },
  };
}

function listFilter(query: ListQuery) {
  const text = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    text ? or(ilike(requests.title, text), sql`${requests.category}::text ilike ${text}`) : undefined,
    query.status ? eq(requests.status, query.status) : undefined,
    query.category ? eq(requests.category, query.category) : undefined,
  );
}

/** The member's own requests, newest first: search (title or category), status filter, pages. */
export async function listOwn(
  ctx: RequestsContext,
  viewer: Viewer,
  query: ListQuery,
): Promise<Served<typeof requestListSchema>> {
  const where = and(eq(requests.userId, viewer.userId), listFilter(query));
  const [items, [total]] = await Promise.all([
    ctx.db
      .select(summary)
      .from(requests)
      .where(where)
      .orderBy(desc(requests.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(requests).where(where),
  ]);
  return { items, total: Number(total.n), page: query.page, pageSize: query.pageSize };
}

/**
 * The request if the rule lets the viewer have it (by default `request:read`: its member and staff); anyone
 * else is answered as if there were none (404, decision 038).
 */
export async function visibleRequest(
  db: Queryable,
  viewer: Viewer,
  id: string,
  rule: "request:read" | "request:delete" | "request:attach:own" = "request:read",
): Promise<RequestRow> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id));
  return authorize(rule, viewer, row);
}

export async function requestDetail(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
): Promise<Served<typeof requestDetailSchema>> {
  const row = await visibleRequest(ctx.db, viewer, id);
  const [[client], moneyMoved] = await Promise.all([
    ctx.db
      .select({ id: users.id, email: users.email, name: displayName() })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.id, row.userId)),
    ctx.domains.quotes.moneyMoved(ctx.db, id),
  ]);
  const concierge = await staffCardOf(ctx.db, row.assigneeUserId);
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    status: row.status,
    urgency: row.urgency,
    budgetEur: row.budgetEur,
    createdAt: row.createdAt,
    notes: row.notes,
    phoneNumber: row.phoneNumber,
    deadline: row.deadline,
    attachment:
      row.fileUrl && row.fileName
        ? {
            name: nameForType(row.fileName, row.fileType),
            type: row.fileType ?? "application/octet-stream",
            size: row.fileSize ?? 0,
          }
        : null,
    client,
    deletable: !moneyMoved,
    concierge,
  };
}

/**
 * Deletes a request (its owner or staff); messages, read marks and activity go with it. Never once money has
 * moved on it (a card hold was authorised): 409, its records stay (issue 30 item 4).
 */
export async function deleteRequest(ctx: RequestsContext, viewer: Viewer, id: string): Promise<RequestRow> {
  return ctx.write(async (tx, out) => {
    // The request's row locked first, as every change of its holds does (decision 018).
    await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, id)).for("update");
    const row = await visibleRequest(tx, viewer, id, "request:delete");
    if (await ctx.domains.quotes.moneyMoved(tx, id)) {
      throw conflict(REQUEST_ERRORS.moneyMoved, "money_moved");
    }
    await tx.delete(requests).where(eq(requests.id, id));
    out.publish(toMemberAndStaff("requests", row.userId));
    return row;
  });
}

/** Staff: a status change along the spec's transitions; an activity entry and the member's notification. */
export async function changeStatus(ctx: RequestsContext, staff: Viewer, id: string, status: RequestStatus) {
  // Quoted is reached by sending a quote, never by hand (decision 030).
  if (status === "Quoted") throw conflict(REQUEST_ERRORS.quotedBySending, "quoted_by_sending");
  return ctx.write(async (tx, out) => {
    const { owner: member, ...row } = await requestWithOwner(ctx, staff, id, { lock: true, tx });
    if (!canTransition(row.status, status)) throw conflict(REQUEST_ERRORS.transitionRefused, "transition_refused");
    if (row.status === "Quoted" && status === "Found") {
      // The member is authorising a hold: the webhook moves the request to Found when the bank says yes.
      const hold = (await ctx.domains.quotes.holdFlags(tx, [id])).get(id);
      if (hold?.status === "pending" || hold?.status === "requires_action") {
        throw conflict(REQUEST_ERRORS.awaitingCard, "awaiting_card");
      }
    }
    const owner = await ownerAsRecipient(ctx, tx, member);
    await writeStatusChange(tx, out, { ...row, owner }, status, staff.userId);
    return { id, status };
  });
}

/**
 * Every status change, whoever makes it (staff's quick actions, the business loop through the port): the row,
 * the activity entry, the member's status_changed notice and the realtime event.
 */
export async function writeStatusChange(
  tx: Queryable,
  out: Effects,
  row: { id: string; userId: string; title: string; status: RequestStatus; owner: NoticeRecipient & { name: string } },
  status: RequestStatus,
  actorUserId: string | null,
  options: { mail?: boolean } = {},
) {
  const { id, owner } = row;
  await tx.update(requests).set({ status }).where(eq(requests.id, id));
  await logActivity(tx, out, {
    requestId: id,
    actorUserId,
    action: "status_changed",
    details: { from: row.status, to: status },
  });
  await out.notify({
    type: "status_changed",
    to: row.userId,
    recipients: [owner],
    mail: options.mail,
    requestId: id,
    link: memberLink(id),
    texts: ({ t }) => {
      const to = t(STATUS_LABELS[status]);
      const title = t(T.statusTitle, { status: to });
      return {
        title,
        body: row.title,
        email: {
          reason: "status_changed",
          subject: t(T.statusSubject, { status: to, title: row.title }),
          heading: title,
          paragraphs: [
            t(MAIL_TEXTS.dear, { name: owner.name }),
            t(T.statusText, { title: row.title, from: t(STATUS_LABELS[row.status]), to }),
          ],
          actionLabel: t(MAIL_TEXTS.openYourRequest),
        },
      };
    },
  });
  out.publish(toMemberAndStaff("requests", row.userId));
}

/** Staff: the request's activity, oldest first. */
export async function activityOf(ctx: RequestsContext, id: string) {
  const rows = await ctx.db
    .select({
      id: activityLogs.id,
      action: activityLogs.action,
      details: activityLogs.details,
      actor: sql<string | null>`coalesce(${profiles.name}, ${users.email})`,
      createdAt: activityLogs.createdAt,
    })
    .from(activityLogs)
    .leftJoin(users, eq(users.id, activityLogs.actorUserId))
    .leftJoin(profiles, eq(profiles.id, activityLogs.actorUserId))
    .where(eq(activityLogs.requestId, id))
    .orderBy(asc(activityLogs.createdAt));
  return { items: rows.map((r) => ({ ...r, details: r.details ?? null })) };
}

/**
 * The request (what its changes decide on) with its member: name, address and language (their channels are the
 * notifications domain's: `ownerAsRecipient`). Read before every message: only the columns its callers use.
 */
export function requestWithOwnerQuery(db: Queryable) {
  return db
    .select({
      request: {
        id: requests.id,
        userId: requests.userId,
        title: requests.title,
        status: requests.status,
        budgetEur: requests.budgetEur,
        paymentIntentId: requests.paymentIntentId,
        assigneeUserId: requests.assigneeUserId,
      },
      owner: {
        id: users.id,
        email: users.email,
        name: displayName(),
        language: languageOf(),
      },
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(profiles, eq(profiles.id, requests.userId));
}

type Owner = Omit<NoticeRecipient, "emailEnabled" | "slackEnabled"> & { name: string };

/** The request's member as a notice recipient: with their channels, read through the notifications port. */
export async function ownerAsRecipient(
  ctx: Pick<RequestsContext, "domains">,
  q: Queryable,
  owner: Owner,
): Promise<NoticeRecipient & { name: string }> {
  return { ...owner, ...(await ctx.domains.notifications.channelsOf(q, owner.id)) };
}

/** Read before every message: prepared. */
const preparedRequestWithOwner = prepared("maison_request_with_owner", (db, p: Placeholders<{ id: string }>) =>
  requestWithOwnerQuery(db).where(eq(requests.id, p.id)),
);

/**
 * The request, if the viewer may see it (as `visibleRequest`), with its member (not yet their channels: see
 * `ownerAsRecipient`), in one query. `lock`: a status change locks the request's row (its transitions are
 * decided on what it reads).
 */
export async function requestWithOwner(
  ctx: Pick<RequestsContext, "db">,
  viewer: Viewer,
  id: string,
  options: { lock?: boolean; tx?: Queryable } = {},
) {
  const [found] = options.lock
    ? await requestWithOwnerQuery(options.tx ?? ctx.db)
        .where(eq(requests.id, id))
        .for("update", { of: requests })
    : await preparedRequestWithOwner(ctx.db, { id });
  if (!found) throw requestNotFound(viewer);
  authorize("request:read", viewer, found.request);
  return { ...found.request, owner: found.owner };
}
