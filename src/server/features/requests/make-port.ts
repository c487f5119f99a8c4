/** How requests answers its ports (`port.ts`); app.ts plugs them in (the QA port into the QA tools alone). */
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { RequestStatus } from "@/shared/requests";
import { activityLogs, messageFiles, messages, requestNotes, requests, requestUses } from "../../db/schema";
import { searchRank, searchVector } from "../../db/search";
import { searchWith } from "../../db/search-hits";
import { toMemberAndStaff } from "../../realtime/events";
import { assignRequest, teamFirstReply } from "./assignment";
import { requestTimelines } from "./clock-timelines";
import type { RequestsPort, RequestsQaPort } from "./port";
import {
  createRequest,
  logActivity,
  ownerAsRecipient,
  type RequestsContext,
  requestWithOwnerQuery,
  writeStatusChange,
} from "./service";
import { markRead } from "./threads";

/** The statuses a request passes through to reach each one (a seeded request's history). */
const PATH: Record<RequestStatus, RequestStatus[]> = {
  New: [],
  Sourcing: ["Sourcing"],
  Quoted: ["Sourcing", "Quoted"],
  Found: ["Sourcing", "Quoted", "Found"],
  Delivered: ["Sourcing", "Quoted", "Found", "Delivered"],
  Failed: ["Sourcing", "Failed"],
  Withdrawn: ["Withdrawn"],
};
const HOUR = 3_600_000;

export function makeRequestsPort(ctx: RequestsContext): RequestsPort {
  return {
    search: searchWith(
      (query) => sql`
      select 'request'::text as source, ${messages.id}::text as id, ${messages.requestId}::text as thread_id,
        ${requests.title} as title, ${requests.userId} as member_id,
        (${messages.senderUserId} is distinct from ${requests.userId}) as from_staff,
        ${messages.body} as body, ${messages.createdAt} as created_at, ${searchRank(messages.body, query)} as rank
      , false as note
      from ${messages} join ${requests} on ${requests.id} = ${messages.requestId}
      where ${searchVector(messages.body)} @@ ${query}
      union all
      select 'request'::text, 'note-' || ${requestNotes.id}::text, ${requestNotes.requestId}::text,
        ${requests.title}, ${requests.userId}, true,
        ${requestNotes.body}, ${requestNotes.createdAt}, ${searchRank(requestNotes.body, query)}, true
      from ${requestNotes} join ${requests} on ${requests.id} = ${requestNotes.requestId}
      where ${searchVector(requestNotes.body)} @@ ${query}`,
    ),

    teamFirstReply: (db) => teamFirstReply(db),
    clockTimelines: requestTimelines,

    inbox: {
      assign: async (staff, id, assigneeId) => {
        await assignRequest(ctx, staff, id, assigneeId);
      },
      markRead: async (staff, id) => {
        await markRead(ctx, staff, id);
      },
      done: async (staff, id) => {
        await markRead(ctx, staff, id);
      },
    },

    async filesOf(db, userId) {
      const [rows, threadFiles] = await Promise.all([
        db
          .select({ key: requests.fileUrl })
          .from(requests)
          .where(and(eq(requests.userId, userId), isNotNull(requests.fileUrl))),
        // The files of their requests' threads (issue 22 item 6), whoever sent them.
        db
          .select({ key: messageFiles.storageKey })
          .from(messageFiles)
          .innerJoin(requests, eq(requests.id, messageFiles.requestId))
          .where(and(eq(messageFiles.domain, "requests"), eq(requests.userId, userId))),
      ]);
      return [...rows.map((r) => r.key as string), ...threadFiles.map((r) => r.key)];
    },

    async exportOf(db, userId) {
      const own = await db.select().from(requests).where(eq(requests.userId, userId)).orderBy(desc(requests.createdAt));
      const thread = own.length
        ? await db
            .select({
              id: messages.id,
              requestId: messages.requestId,
              body: messages.body,
              createdAt: messages.createdAt,
              fromMe: sql<boolean>`${messages.senderUserId} is not distinct from ${userId}`,
            })
            .from(messages)
            .where(
              inArray(
                messages.requestId,
                own.map((r) => r.id),
              ),
            )
            .orderBy(messages.createdAt)
        : [];
      // The owner (a staff member) is the team's business, not the member's data.
      return {
        requests: own.map(({ userId: _u, fileUrl: _f, seeded: _s, assigneeUserId: _a, ...r }) => r),
        messages: thread,
      };
    },

    async forQuotes(q, id, options = {}) {
      const query = requestWithOwnerQuery(q).where(eq(requests.id, id));
      const [found] = options.lock ? await query.for("update", { of: requests }) : await query;
      if (!found) return null;
      const { request: r } = found;
      const owner = await ownerAsRecipient(ctx, q, found.owner);
      return {
        id: r.id,
        userId: r.userId,
        title: r.title,
        status: r.status,
        budgetEur: r.budgetEur,
        paymentIntentId: r.paymentIntentId,
        assigneeUserId: r.assigneeUserId,
        owner,
      };
    },

    async summariesOf(db, ids) {
      if (!ids.length) return new Map();
      const rows = await db
        .select({ id: requests.id, title: requests.title, userId: requests.userId, status: requests.status })
        .from(requests)
        .where(inArray(requests.id, ids));
      return new Map(rows.map(({ id, ...r }) => [id, r]));
    },

    async moveStatus(tx, out, { request, from, to, actorUserId, mail }) {
      if (!from.includes(request.status)) return false;
      await writeStatusChange(tx, out, request, to, actorUserId, { mail });
      request.status = to;
      return true;
    },

    async postTeamMessage(tx, out, { requestId, memberId, senderUserId, body }) {
      await tx.insert(messages).values({ requestId, senderUserId, body });
      out.publish(toMemberAndStaff("messages", memberId));
    },

    async setPaymentIntent(tx, requestId, paymentIntentId) {
      await tx.update(requests).set({ paymentIntentId }).where(eq(requests.id, requestId));
    },

    logActivity,
  };
}

/** The QA tools' own port: demo requests, seeded and removed, and requests made in a member's name. */
export function makeRequestsQaPort(ctx: RequestsContext): RequestsQaPort {
  return {
    createAs: (member, input, options) => createRequest(ctx, member, input, options),

    async seed(tx, r) {
      const [row] = await tx
        .insert(requests)
        .values({
          userId: r.owner.id,
          title: r.title,
          category: r.category,
          budgetEur: r.budgetEur,
          urgency: r.urgency,
          notes: `Demo request. ${r.owner.name} would like this sourced discreetly.`,
          phoneNumber: r.owner.phone,
          status: r.status,
          // Picked up by the staff member who replies (issue 22, item 1); New ones wait unassigned.
          assigneeUserId: r.status === "New" ? null : r.staffId,
          seeded: true,
          createdAt: r.createdAt,
        })
        .returning({ id: requests.id });
      await tx.insert(requestUses).values({ userId: r.owner.id, requestId: row.id, createdAt: r.createdAt });
      const at = (hours: number) => new Date(Math.min(r.now.getTime(), r.createdAt.getTime() + hours * HOUR));
      await tx
        .insert(activityLogs)
        .values({ requestId: row.id, actorUserId: r.owner.id, action: "created", createdAt: r.createdAt });
      let from: RequestStatus = "New";
      for (const [step, to] of PATH[r.status].entries()) {
        await tx.insert(activityLogs).values({
          requestId: row.id,
          actorUserId: r.staffId,
          action: "status_changed",
          details: { from, to },
          createdAt: at((r.replyHours ?? 1) + step + 0.25),
        });
        from = to;
      }
      const thread = [
        { senderUserId: r.owner.id, body: `Hello, any news on the ${r.title}?`, createdAt: at(0.1) },
        ...(r.replyHours === null
          ? []
          : [
              {
                senderUserId: r.staffId,
                body: "Good afternoon. We are on it and will come back to you shortly with options.",
                createdAt: at(r.replyHours),
              },
            ]),
      ];
      await tx.insert(messages).values(thread.map((m) => ({ requestId: row.id, ...m })));
      return thread.length;
    },

    async removeSeeded(tx) {
      // Seeded requests were never real: they stop counting towards their member's month.
      await tx
        .delete(requestUses)
        .where(
          inArray(
            requestUses.requestId,
            tx.select({ id: requests.id }).from(requests).where(eq(requests.seeded, true)),
          ),
        );
      const removed = await tx.delete(requests).where(eq(requests.seeded, true)).returning({ id: requests.id });
      return removed.length;
    },

    async latest(db) {
      const [row] = await db
        .select({ id: requests.id, title: requests.title })
        .from(requests)
        .orderBy(desc(requests.createdAt))
        .limit(1);
      return row ?? null;
    },

    async countSeeded(db) {
      const [row] = await db.select({ n: count() }).from(requests).where(eq(requests.seeded, true));
      return Number(row?.n ?? 0);
    },
  };
}
