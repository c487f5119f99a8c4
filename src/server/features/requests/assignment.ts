/**
 * Who owns a request (issue 22, item 1) and how long requests take (item 5): assigning and unassigning, the
 * staff who may be assigned, each staff member's round-robin setting and the fair choice of the next one for a
 * new request, a request's first-reply and resolution times, and the team's median first reply.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { ERRORS } from "@/shared/contracts/common-texts";
import type { assignedSchema, assigneesSchema, requestHandlingSchema } from "@/shared/contracts/requests";
import { actorOf } from "../../audit/actor";
import type { Viewer } from "../../auth/viewer";
import { type Queryable, rowsOf } from "../../db";
import { staffName } from "../../db/people";
import { profiles, requests, staffAssignmentSettings, userRoles, users } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import { logActivity, noticeAssigned, type RequestsContext } from "./service";

const STAFF_ROLES = ["staff", "admin"] as const;
/** The staff name in the hand-written queries below, over `profiles p` and `users u`. */
const staffNameOfPU = staffName({ name: sql.raw("p.name") }, { name: sql.raw("u.name"), email: sql.raw("u.email") });

/** Every staff member and admin, by name. */
export async function assignees(db: Queryable): Promise<Served<typeof assigneesSchema>> {
  const rows = await db
    .selectDistinct({ id: users.id, name: staffName() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(userRoles.role, [...STAFF_ROLES]))
    .orderBy(staffName());
  return { items: rows };
}

/** The staff member with this id and their name, or a 400 when no staff member has it. */
export async function staffAssignee(db: Queryable, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: staffName(), email: users.email })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role in ('staff', 'admin'))`,
      ),
    );
  if (!row) throw badRequest(ERRORS.assigneeNotStaff);
  return row;
}

/** Gives a request to a staff member (or to no one): the activity entry, a notice to the new owner, the event. */
export async function assignRequest(
  ctx: RequestsContext,
  staff: Viewer,
  requestId: string,
  userId: string | null,
): Promise<Served<typeof assignedSchema>> {
  return ctx.write(async (tx, out) => {
    const assignee = userId ? await staffAssignee(tx, userId) : null;
    const [row] = await tx
      .select({ id: requests.id, title: requests.title, userId: requests.userId, current: requests.assigneeUserId })
      .from(requests)
      .where(eq(requests.id, requestId))
      .for("update");
    if (!row) throw notFound(ERRORS.requestNotFound);
    if (row.current === (assignee?.id ?? null)) {
      return { id: row.id, assignee: assignee ? { id: assignee.id, name: assignee.name } : null };
    }
    await tx
      .update(requests)
      .set({ assigneeUserId: assignee?.id ?? null })
      .where(eq(requests.id, requestId));
    await logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: assignee ? "assigned" : "unassigned",
      details: assignee ? { to: assignee.name } : {},
    });
    if (assignee && assignee.id !== staff.userId) {
      await noticeAssigned(out, row, assignee.id, staff.profile?.name ?? staff.name ?? staff.email);
    }
    out.publish({ topic: "requests", audience: "staff" });
    return { id: row.id, assignee: assignee ? { id: assignee.id, name: assignee.name } : null };
  });
}

/** Whether new requests are given to this staff member in turn. */
export async function roundRobinOf(db: Queryable, staff: Viewer) {
  const [row] = await db
    .select({ enabled: staffAssignmentSettings.roundRobin })
    .from(staffAssignmentSettings)
    .where(eq(staffAssignmentSettings.userId, staff.userId));
  return { enabled: row?.enabled ?? false };
}

/** Opts in or out of round robin. Someone joining starts at the back of the turn, not the front. */
export async function setRoundRobin(ctx: RequestsContext, staff: Viewer, enabled: boolean) {
  await ctx.write(async (tx, out) => {
    const [before] = await tx
      .select({ roundRobin: staffAssignmentSettings.roundRobin })
      .from(staffAssignmentSettings)
      .where(eq(staffAssignmentSettings.userId, staff.userId))
      .for("update");
    await tx
      .insert(staffAssignmentSettings)
      .values({ userId: staff.userId, roundRobin: enabled, lastAssignedAt: enabled ? new Date() : null })
      .onConflictDoUpdate({
        target: staffAssignmentSettings.userId,
        set: {
          roundRobin: enabled,
          lastAssignedAt: sql`case when ${enabled} and not ${staffAssignmentSettings.roundRobin} then now() else ${staffAssignmentSettings.lastAssignedAt} end`,
        },
      });
    if ((before?.roundRobin ?? false) !== enabled) {
      // A setting of the team's (who is given new requests): audited (decision 050).
      await out.audit({
        actor: actorOf(staff),
        action: "settings.round_robin",
        target: { kind: "user", id: staff.userId },
        before: { roundRobin: before?.roundRobin ?? false },
        after: { roundRobin: enabled },
      });
    }
  });
  return { enabled };
}

const minutes = (v: number | string | null | undefined) =>
  v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10;

/** The first staff message's delay on request `r` (an interval, null before any). */
const firstReplyWait = sql`((select min(m.created_at) from messages m
  where m.request_id = r.id and m.sender_user_id is distinct from r.user_id and m.sender_user_id is not null)
  - r.created_at)`;

/** When request `r` reached Delivered or Failed (its activity), null before. */
const resolvedAt = sql`(select min(a.created_at) from activity_logs a
  where a.request_id = r.id and a.action = 'status_changed' and a.details->>'to' in ('Delivered', 'Failed'))`;

/** A request's owner, and its first-reply and resolution times in minutes. One query. */
export async function requestHandling(db: Queryable, requestId: string): Promise<Served<typeof requestHandlingSchema>> {
  const [row] = await rowsOf<{
    assignee_id: string | null;
    assignee_name: string | null;
    first_reply: number | null;
    resolution: number | null;
  }>(
    db,
    sql`select r.assignee_user_id as assignee_id,
        (select ${staffNameOfPU} from users u
           left join profiles p on p.id = u.id where u.id = r.assignee_user_id) as assignee_name,
        extract(epoch from ${firstReplyWait}) / 60 as first_reply,
        extract(epoch from ${resolvedAt} - r.created_at) / 60 as resolution
      from ${requests} r where r.id = ${requestId}`,
  );
  if (!row) throw notFound(ERRORS.requestNotFound);
  return {
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? "" } : null,
    firstReplyMinutes: minutes(row.first_reply),
    resolutionMinutes: minutes(row.resolution),
  };
}

/**
 * The team's median first reply over requests created in the last 30 days, and how many were answered: one
 * aggregate query (the members' "Median reply this month").
 */
export async function teamFirstReply(db: Queryable, now = new Date()) {
  const [row] = await rowsOf<{ median: number | null; replied: number }>(
    db,
    sql`select percentile_cont(0.5) within group (order by extract(epoch from w.wait) / 60) as median,
        count(*)::int as replied
      from (select ${firstReplyWait} as wait from ${requests} r
            where r.created_at >= ${now.toISOString()}::timestamptz - interval '30 days') w
      where w.wait is not null`,
  );
  return { medianMinutes: minutes(row?.median), replied: Number(row?.replied ?? 0) };
}

/**
 * Per staff member, over requests created in the last 30 days: the median first reply on the requests they
 * answered first, and the median resolution of the requests assigned to them. One aggregate query.
 */
export async function staffTimes(db: Queryable, now = new Date()) {
  const rows = await rowsOf<{
    id: string;
    name: string;
    first_reply: number | null;
    replied: number;
    resolution: number | null;
    resolved: number;
  }>(
    db,
    sql`
    with recent as (
      select r.id, r.created_at, r.assignee_user_id,
        (select m.sender_user_id from messages m
           where m.request_id = r.id and m.sender_user_id is distinct from r.user_id and m.sender_user_id is not null
           order by m.created_at limit 1) as replier,
        ${firstReplyWait} as wait,
        ${resolvedAt} - r.created_at as took
      from ${requests} r
      where r.created_at >= ${now.toISOString()}::timestamptz - interval '30 days'),
    staff as (
      select distinct u.id, ${staffNameOfPU} as name
      from ${userRoles} ur join users u on u.id = ur.user_id left join profiles p on p.id = u.id
      where ur.role in ('staff', 'admin'))
    select s.id, s.name,
      (select percentile_cont(0.5) within group (order by extract(epoch from wait) / 60)
         from recent where replier = s.id) as first_reply,
      (select count(*)::int from recent where replier = s.id) as replied,
      (select percentile_cont(0.5) within group (order by extract(epoch from took) / 60)
         from recent where assignee_user_id = s.id and took is not null) as resolution,
      (select count(*)::int from recent where assignee_user_id = s.id and took is not null) as resolved
    from staff s order by s.name`,
  );
  return rows
    .filter((r) => Number(r.replied) > 0 || Number(r.resolved) > 0)
    .map((r) => ({
      id: r.id,
      name: r.name,
      firstReplyMinutes: minutes(r.first_reply),
      replied: Number(r.replied),
      resolutionMinutes: minutes(r.resolution),
      resolved: Number(r.resolved),
    }));
}
