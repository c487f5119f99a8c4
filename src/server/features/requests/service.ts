/**
 * Sourcing requests and their threads: creation under the plan gate and the monthly limit (one transaction, a
 * per-user lock), lists, detail, messages with read marks, deletion, and the staff's status changes. Every
 * change writes its activity entry, its emails (outbox) and its realtime event in the same transaction.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type {
  allowanceSchema,
  conversationsSchema,
  dashboardSchema,
  requestDetailSchema,
  requestListQuery,
  requestListSchema,
  threadSchema,
} from "@/shared/contracts/requests";
import { firstDayOfNextMonth, REQUEST_MONTH_TIME_ZONE } from "@/shared/dates";
import { formatEuro } from "@/shared/format";
import { LIMIT_REACHED } from "@/shared/messages";
import { monthlyRequestLimit } from "@/shared/plans";
import { ACTIVE_STATUSES, canTransition, DASHBOARD_RECENT_LIMIT, type RequestStatus } from "@/shared/requests";
import type { NewRequest } from "@/shared/schemas";
import { canSeeRequest, hasPlanFeature, reachedMonthlyRequestLimit } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Database, Queryable } from "../../db";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../../db/errors";
import { rowsOf } from "../../db/prepared";
import {
  activityLogs,
  executiveConciergeMessages,
  messageReads,
  messages,
  notificationPreferences,
  outbox,
  profiles,
  requests,
  requestUses,
  users,
} from "../../db/schema";
import { conflict, forbidden, notFound } from "../../http/errors";
import {
  BURST_COUNT,
  channelColumns,
  excerpt,
  type Notice,
  notify,
  unreadNotifications,
  writeWithNotice,
} from "../../notifications/notify";
import { noticesReadBy, threadNoticesRead } from "../../notifications/read";
import { limitMemberMessages } from "../../rate-limit";
import { publish, publishToMemberAndStaff, transactionWithEvents } from "../../realtime/events";
import { nameForType } from "./file-names";

export const REQUEST_NOT_FOUND = "Request not found";
export const NO_PERMISSION = "You do not have permission to view this request";
export { LIMIT_REACHED };
export const PAID_PLAN_REQUIRED = "A paid membership (Silver, Gold or Black) is required to create requests.";
export const STAFF_CANNOT_CREATE = "Access Restricted: staff and admins manage requests from the admin area.";
export const TRANSITION_REFUSED = "This status change is not allowed.";

type RequestsContext = Pick<AppContext, "db" | "config" | "mailEnabled" | "limiter">;
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
  const limit = viewer.isStaff ? 0 : monthlyRequestLimit(viewer.subscription);
  const used = await usedThisMonth(ctx.db, viewer.userId, now);
  return {
    canCreate: limit === null || used < limit,
    limit,
    usedThisMonth: used,
    remainingThisMonth: limit === null ? null : Math.max(0, limit - used),
    renewsOn: firstDayOfNextMonth(now, REQUEST_MONTH_TIME_ZONE),
  };
}

const staffLink = (id: string) => `/admin/requests/${id}`;
const memberLink = (id: string) => `/requests/${id}`;

/** An activity entry on the request's timeline (staff see it live). */
export async function logActivity(
  tx: Queryable,
  entry: { requestId: string; actorUserId: string | null; action: string; details?: Record<string, unknown> },
) {
  await tx.insert(activityLogs).values(entry);
  await publish(tx, { topic: "activity", audience: "staff", subject: entry.requestId });
}

const changed = (tx: Queryable, userId: string, topic: "requests" | "messages") =>
  publishToMemberAndStaff(tx, topic, userId);

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
  if (viewer.isStaff) throw forbidden(STAFF_CANNOT_CREATE, "staff_cannot_create");
  if (!hasPlanFeature(viewer, "create-requests")) throw forbidden(PAID_PLAN_REQUIRED, "plan_required");
  const limit = monthlyRequestLimit(viewer.subscription);
  return transactionWithEvents(ctx.db, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.userId)).for("update");
    const used = await usedThisMonth(tx, viewer.userId, now);
    if (reachedMonthlyRequestLimit(viewer, used)) throw forbidden(LIMIT_REACHED, "monthly_limit");
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
    await logActivity(tx, { requestId: row.id, actorUserId: viewer.userId, action: "created" });
    const name = viewer.profile?.name ?? viewer.name;
    await notify(tx, ctx, {
      type: "request_created",
      to: "staff",
      teamMail: true,
      title: `New request: ${input.title}`,
      body: `${name} · ${input.category} · ${formatEuro(input.budget_eur)} · ${input.urgency}`,
      requestId: row.id,
      link: staffLink(row.id),
      email: {
        reason: "request_created",
        subject: `New request: ${input.title}`,
        heading: "A new sourcing request",
        paragraphs: [
          `${name} (${viewer.email}) asks for: ${input.title}.`,
          `Category: ${input.category} · Budget: ${formatEuro(input.budget_eur)} · Urgency: ${input.urgency}`,
        ],
        quote: input.notes || undefined,
        actionLabel: "Open the request",
      },
    });
    await changed(tx, viewer.userId, "requests");
    return { id: row.id, remainingThisMonth: limit === null ? null : limit - used - 1 };
  });
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

/** The request if the viewer may see it: 404 when there is none, 403 (nothing of it) when it is someone else's. */
export async function visibleRequest(db: Queryable, viewer: Viewer, id: string): Promise<RequestRow> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
  if (!canSeeRequest(viewer, row)) throw forbidden(NO_PERMISSION, "not_yours");
  return row;
}

export async function requestDetail(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
): Promise<Served<typeof requestDetailSchema>> {
  const row = await visibleRequest(ctx.db, viewer, id);
  const [client] = await ctx.db
    .select({ id: users.id, email: users.email, name: sql<string>`coalesce(${profiles.name}, ${users.name})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, row.userId));
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
    attachment:
      row.fileUrl && row.fileName
        ? {
            name: nameForType(row.fileName, row.fileType),
            type: row.fileType ?? "application/octet-stream",
            size: row.fileSize ?? 0,
          }
        : null,
    client,
  };
}

/** The thread, oldest first, with each sender's name and whether they are staff. */
export async function thread(ctx: RequestsContext, viewer: Viewer, id: string): Promise<Served<typeof threadSchema>> {
  const request = await visibleRequest(ctx.db, viewer, id);
  const rows = await ctx.db
    .select({
      id: messages.id,
      body: messages.body,
      createdAt: messages.createdAt,
      senderId: messages.senderUserId,
      senderEmail: users.email,
      senderName: sql<string | null>`coalesce(${profiles.name}, ${users.name})`,
      senderIsStaff: sql<boolean>`exists (select 1 from user_roles r where r.user_id = ${messages.senderUserId}
        and r.role in ('staff', 'admin'))`,
      read: sql<boolean>`case when ${messages.senderUserId} = ${request.userId}
        then exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id <> ${request.userId})
        else exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id = ${request.userId}) end`,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderUserId))
    .leftJoin(profiles, eq(profiles.id, messages.senderUserId))
    .where(eq(messages.requestId, id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return {
    messages: rows.map((m) => ({
      id: m.id,
      body: m.body,
      createdAt: m.createdAt,
      mine: m.senderId === viewer.userId,
      read: Boolean(m.read),
      sender:
        m.senderId && m.senderEmail
          ? {
              id: m.senderId,
              email: m.senderEmail,
              name: m.senderName || m.senderEmail,
              isStaff: Boolean(m.senderIsStaff),
            }
          : null,
    })),
  };
}

/**
 * Marks every message from others on the request as read by the viewer (idempotent), and the viewer's message
 * notifications about the request with them, in one statement: what it marks is what the same snapshot shows,
 * so a message arriving meanwhile stays unread in the thread and in the bell alike.
 */
export async function markRead(ctx: RequestsContext, viewer: Viewer, id: string): Promise<number> {
  const request = await visibleRequest(ctx.db, viewer, id);
  return transactionWithEvents(ctx.db, async (tx) => {
    const [counts] = rowsOf<{ messages: number; notices: number }>(
      await tx.execute(sql`
        with marked as (
          insert into ${messageReads} (message_id, user_id, read_at)
          select m.id, ${viewer.userId}, now() from ${messages} m
          where m.request_id = ${id}::uuid and m.sender_user_id is distinct from ${viewer.userId}
          on conflict do nothing
          returning message_id),
        notices as (${threadNoticesRead(viewer.userId, { requestId: id })})
        select (select count(*) from marked)::int as messages, (select count(*) from notices)::int as notices`),
    );
    // The reader's badges drop, and the other side sees its messages read.
    if (counts.messages) await changed(tx, request.userId, "messages");
    // Every tab's bell drops.
    if (counts.notices) await noticesReadBy(tx, viewer.userId);
    return counts.messages;
  });
}

/** A message with its activity entry, its notice and its events, in one statement (decision 012). */
const writeMessage = writeWithNotice(
  "maison_request_message",
  sql`written as (
      insert into ${messages} (request_id, sender_user_id, body)
      values (${sql.placeholder("requestId")}::uuid, ${sql.placeholder("senderId")}, ${sql.placeholder("body")})
      returning id),
    activity as (
      insert into ${activityLogs} (request_id, actor_user_id, action)
      select ${sql.placeholder("requestId")}::uuid, ${sql.placeholder("senderId")}, ${sql.placeholder("action")} from written)`,
);

/**
 * A message on a request's thread: from its member (the team is emailed) or from staff (the member is
 * emailed, the reply labelled with the staff member's name or email). Who may post and whom to tell are read
 * first; everything it changes is then written at once.
 */
export async function postMessage(ctx: RequestsContext, viewer: Viewer, id: string, body: string) {
  const { owner, ...row } = await requestWithOwner(ctx.db, viewer, id);
  const fromMember = viewer.userId === row.userId;
  if (fromMember) await limitMemberMessages(ctx.limiter, viewer.userId);
  const sender = viewer.profile?.name || viewer.name || viewer.email;
  const notice: Notice = fromMember
    ? {
        type: "message_received",
        to: "staff",
        teamMail: true,
        title: `New message on: ${row.title}`,
        body: `${sender}: ${excerpt(body)}`,
        requestId: id,
        link: staffLink(id),
        email: {
          reason: "client_message",
          subject: `New message on: ${row.title}`,
          heading: "A member wrote to the team",
          paragraphs: [`${sender} (${viewer.email}) wrote on the request "${row.title}":`],
          quote: body,
          actionLabel: "Open the request",
        },
        burst: {
          title: `${BURST_COUNT} new messages from ${sender} on: ${row.title}`,
          email: {
            subject: `${BURST_COUNT} new messages from ${sender} on: ${row.title}`,
            heading: `${BURST_COUNT} new messages from a member`,
            paragraphs: [
              `${sender} (${viewer.email}) wrote ${BURST_COUNT} messages on the request "${row.title}". The latest:`,
            ],
          },
        },
      }
    : {
        type: "message_received",
        to: row.userId,
        recipients: [owner],
        title: `A reply on your request: ${row.title}`,
        body: `${sender}: ${excerpt(body)}`,
        requestId: id,
        link: memberLink(id),
        email: {
          reason: "admin_reply",
          subject: `A reply on your request: ${row.title}`,
          heading: "Our team replied",
          paragraphs: [`Dear ${owner.name},`, `${sender} replied on your request "${row.title}":`],
          quote: body,
          actionLabel: "Open your request",
        },
        burst: {
          title: `${BURST_COUNT} new replies on your request: ${row.title}`,
          email: {
            subject: `${BURST_COUNT} new replies on your request: ${row.title}`,
            heading: `Our team wrote ${BURST_COUNT} times`,
            paragraphs: [
              `Dear ${owner.name},`,
              `Our team wrote ${BURST_COUNT} messages on your request "${row.title}". The latest, from ${sender}:`,
            ],
          },
        },
      };
  try {
    return await writeMessage(ctx.db, ctx, {
      values: { requestId: id, senderId: viewer.userId, body, action: fromMember ? "message" : "replied" },
      notice,
      events: [
        { topic: "activity", audience: "staff", subject: id },
        { topic: "messages", audience: row.userId, staff: true },
      ],
    });
  } catch (error) {
    // The request was deleted between the read and the write.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(REQUEST_NOT_FOUND);
    throw error;
  }
}

/** The request with its member as a notification recipient: name, address and channels. */
function requestWithOwnerQuery(db: Queryable) {
  return db
    .select({
      request: requests,
      owner: {
        id: users.id,
        email: users.email,
        name: sql<string>`coalesce(${profiles.name}, ${users.name})`,
        ...channelColumns,
      },
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(profiles, eq(profiles.id, requests.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, requests.userId));
}
const preparedRequestWithOwner = new WeakMap<Queryable, { execute(values: { id: string }): Promise<unknown[]> }>();

/**
 * The request, if the viewer may see it (as `visibleRequest`), with its member as a notification recipient,
 * in one query (prepared: it is read before every message).
 */
async function requestWithOwner(db: Queryable, viewer: Viewer, id: string, options: { lock?: boolean } = {}) {
  let found: Awaited<ReturnType<ReturnType<typeof requestWithOwnerQuery>["execute"]>>[number] | undefined;
  if (options.lock) {
    // A status change locks the request's row (its transitions are decided on what it reads).
    [found] = await requestWithOwnerQuery(db).where(eq(requests.id, id)).for("update", { of: requests });
  } else {
    let prepared = preparedRequestWithOwner.get(db);
    if (!prepared) {
      prepared = requestWithOwnerQuery(db)
        .where(eq(requests.id, sql.placeholder("id")))
        .prepare("maison_request_with_owner");
      preparedRequestWithOwner.set(db, prepared);
    }
    [found] = (await prepared.execute({ id })) as Array<NonNullable<typeof found>>;
  }
  if (!found) throw notFound(REQUEST_NOT_FOUND);
  if (!canSeeRequest(viewer, found.request)) throw forbidden(NO_PERMISSION, "not_yours");
  return { ...found.request, owner: found.owner };
}

/** Deletes a request (its owner or staff); messages, read marks and activity go with it. */
export async function deleteRequest(ctx: RequestsContext, viewer: Viewer, id: string): Promise<RequestRow> {
  return transactionWithEvents(ctx.db, async (tx) => {
    const row = await visibleRequest(tx, viewer, id);
    await tx.delete(requests).where(eq(requests.id, id));
    await changed(tx, row.userId, "requests");
    return row;
  });
}

/** Staff: a status change along the spec's transitions; an activity entry and the member's notification. */
export async function changeStatus(ctx: RequestsContext, staff: Viewer, id: string, status: RequestStatus) {
  return transactionWithEvents(ctx.db, async (tx) => {
    const { owner, ...row } = await requestWithOwner(tx, staff, id, { lock: true });
    if (!canTransition(row.status, status)) throw conflict(TRANSITION_REFUSED, "transition_refused");
    await tx.update(requests).set({ status }).where(eq(requests.id, id));
    await logActivity(tx, {
      requestId: id,
      actorUserId: staff.userId,
      action: "status_changed",
      details: { from: row.status, to: status },
    });
    await notify(tx, ctx, {
      type: "status_changed",
      to: row.userId,
      recipients: [owner],
      title: `Your request is now ${status}`,
      body: row.title,
      requestId: id,
      link: memberLink(id),
      email: {
        reason: "status_changed",
        subject: `Your request is now ${status}: ${row.title}`,
        heading: `Your request is now ${status}`,
        paragraphs: [
          `Dear ${owner.name},`,
          `The status of your request "${row.title}" changed from ${row.status} to ${status}.`,
        ],
        actionLabel: "Open your request",
      },
    });
    await changed(tx, row.userId, "requests");
    return { id, status };
  });
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
 * Unread messages, one query: for a member, messages on their own requests not sent by them and not read by
 * them, plus, while their plan includes the concierge, its unread replies (decision 014 extends spec section 6);
 * for staff, every message not sent by them and not read by them, plus the members' unread concierge messages
 * (spec section 6).
 */
export async function unreadCount(db: Queryable, viewer: Viewer): Promise<number> {
  const notMine = or(isNull(messages.senderUserId), ne(messages.senderUserId, viewer.userId));
  const unread = sql`not exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id = ${viewer.userId})`;
  const query = viewer.isStaff
    ? db
        .select({
          n: sql<number>`count(*) + (select count(*) from ${executiveConciergeMessages} c
            where c.sender_role = 'user' and not c.read)`,
        })
        .from(messages)
        .where(and(notMine, unread))
    : db
        .select({
          n: hasPlanFeature(viewer, "concierge")
            ? sql<number>`count(*) + (select count(*) from ${executiveConciergeMessages} c
              where c.user_id = ${viewer.userId} and c.sender_role = 'admin' and not c.read)`
            : count(),
        })
        .from(messages)
        .innerJoin(requests, eq(requests.id, messages.requestId))
        .where(and(eq(requests.userId, viewer.userId), notMine, unread));
  const [row] = await query;
  return Number(row?.n ?? 0);
}

/** /messages: the member's requests with their last message, newest activity first. */
export async function conversations(ctx: RequestsContext, viewer: Viewer): Promise<Served<typeof conversationsSchema>> {
  const rows = await ctx.db.execute(sql`
    select r.id, r.title, r.category,
           last.body as last_message, last.created_at as last_message_at,
           (select count(*) from ${messages} m where m.request_id = r.id)::int as message_count,
           (select count(*) from ${messages} m where m.request_id = r.id
              and m.sender_user_id is distinct from ${viewer.userId}
              and not exists (select 1 from ${messageReads} mr where mr.message_id = m.id and mr.user_id = ${viewer.userId}))::int as unread
    from ${requests} r
    left join lateral (select m.body, m.created_at from ${messages} m where m.request_id = r.id
                       order by m.created_at desc limit 1) last on true
    where r.user_id = ${viewer.userId}
    order by coalesce(last.created_at, r.created_at) desc`);
  const list = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])) as Array<{
    id: string;
    title: string;
    category: Served<typeof conversationsSchema>["items"][number]["category"];
    last_message: string | null;
    last_message_at: string | Date | null;
    message_count: number;
    unread: number;
  }>;
  return {
    items: list.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      lastMessage: r.last_message,
      lastMessageAt: r.last_message_at ? new Date(r.last_message_at) : null,
      messageCount: Number(r.message_count),
      unread: Number(r.unread),
    })),
  };
}

/** Staff inbox, Requests tab: members' messages this staff member has not read, newest first. */
export async function staffUnreadMessages(ctx: RequestsContext, staff: Viewer) {
  const rows = await ctx.db
    .select({
      id: messages.id,
      body: messages.body,
      createdAt: messages.createdAt,
      requestId: requests.id,
      requestTitle: requests.title,
      memberName: sql<string>`coalesce(${profiles.name}, ${users.name})`,
      memberEmail: users.email,
    })
    .from(messages)
    .innerJoin(requests, eq(requests.id, messages.requestId))
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(profiles, eq(profiles.id, requests.userId))
    .where(
      and(
        eq(messages.senderUserId, requests.userId),
        sql`not exists (select 1 from ${messageReads} mr where mr.message_id = ${messages.id} and mr.user_id = ${staff.userId})`,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(200);
  return {
    items: rows.map(({ memberName, memberEmail, requestId, requestTitle, ...m }) => ({
      ...m,
      request: { id: requestId, title: requestTitle },
      member: { name: memberName, email: memberEmail },
    })),
  };
}

/** Staff inbox: marks one message read or unread for this staff member. */
export async function setMessageRead(ctx: RequestsContext, staff: Viewer, messageId: string, read: boolean) {
  return transactionWithEvents(ctx.db, async (tx) => {
    const [message] = await tx.select({ id: messages.id }).from(messages).where(eq(messages.id, messageId));
    if (!message) throw notFound("Message not found");
    if (read) await tx.insert(messageReads).values({ messageId, userId: staff.userId }).onConflictDoNothing();
    else
      await tx
        .delete(messageReads)
        .where(and(eq(messageReads.messageId, messageId), eq(messageReads.userId, staff.userId)));
    await publish(tx, { topic: "messages", audience: staff.userId });
  });
}

/** The admin sidebar's badges, for one staff member. */
export async function adminBadges(ctx: RequestsContext, staff: Viewer) {
  const [[open], messagesUnread, notificationCount, [held]] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(requests)
      .where(inArray(requests.status, ["New", "Sourcing"])),
    unreadCount(ctx.db, staff),
    unreadNotifications(ctx.db, staff.userId),
    ctx.db.select({ n: count() }).from(outbox).where(eq(outbox.status, "held")),
  ]);
  return {
    requests: Number(open.n),
    messages: messagesUnread,
    notifications: notificationCount,
    mail: { configured: ctx.mailEnabled, held: Number(held.n) },
  };
}
