/**
 * Internal notes on a request (issue 22, item 2, decision 021) and the member's timeline (item 8). Notes are in
 * their own table and only the staff's routes read them; their event goes to staff only. The timeline reads the
 * activity log through the allow-list of src/shared/timeline.ts: nothing else of the log reaches the member.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { timelineSchema } from "@/shared/contracts/requests";
import type { notesSchema } from "@/shared/notes";
import { memberTimelineEntry, type TimelineActor } from "@/shared/timeline";
import type { Viewer } from "../../auth/viewer";
import { activityLogs, profiles, requestNotes, requests, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { AppEvent } from "../../realtime/events";
import { logActivity, REQUEST_NOT_FOUND, type RequestsContext } from "./service";

/** A note was added: every staff member watching the request refetches its notes. Never to a member. */
export const notesChanged = (subject: string): AppEvent => ({ topic: "notes", audience: "staff", subject });

async function requestExists(ctx: RequestsContext, id: string) {
  const [row] = await ctx.db.select({ id: requests.id }).from(requests).where(eq(requests.id, id));
  if (!row) throw notFound(REQUEST_NOT_FOUND);
}

/** Staff: the request's notes, oldest first. */
export async function requestNotesOf(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
): Promise<Served<typeof notesSchema>> {
  await requestExists(ctx, id);
  const rows = await ctx.db
    .select({
      id: requestNotes.id,
      body: requestNotes.body,
      createdAt: requestNotes.createdAt,
      authorId: requestNotes.authorUserId,
      authorName: sql<string | null>`coalesce(${profiles.name}, ${users.name}, ${users.email})`,
    })
    .from(requestNotes)
    .leftJoin(users, eq(users.id, requestNotes.authorUserId))
    .leftJoin(profiles, eq(profiles.id, requestNotes.authorUserId))
    .where(eq(requestNotes.requestId, id))
    .orderBy(asc(requestNotes.createdAt), asc(requestNotes.id));
  return {
    notes: rows.map((r) => ({
      id: r.id,
      body: r.body,
      createdAt: r.createdAt,
      mine: r.authorId === viewer.userId,
      author: r.authorId ? { id: r.authorId, name: r.authorName ?? "Staff" } : null,
    })),
  };
}

/**
 * Staff: a note on the request, with a bodiless "note_added" activity entry (staff only: not in the member's
 * allow-list). No notice, no email, no member event.
 */
export async function addRequestNote(ctx: RequestsContext, viewer: Viewer, id: string, body: string) {
  return ctx.write(async (tx, out) => {
    const [request] = await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, id)).for("update");
    if (!request) throw notFound(REQUEST_NOT_FOUND);
    const [row] = await tx
      .insert(requestNotes)
      .values({ requestId: id, authorUserId: viewer.userId, body })
      .returning({ id: requestNotes.id });
    await logActivity(tx, out, { requestId: id, actorUserId: viewer.userId, action: "note_added" });
    out.publish(notesChanged(id));
    return { id: row.id };
  });
}

/** The member's timeline of their own request: 404 to anyone else (staff read the activity log instead). */
export async function memberTimeline(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
): Promise<Served<typeof timelineSchema>> {
  const [request] = await ctx.db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, id));
  if (!request || request.userId !== viewer.userId) throw notFound(REQUEST_NOT_FOUND);
  const rows = await ctx.db
    .select({
      id: activityLogs.id,
      action: activityLogs.action,
      details: activityLogs.details,
      actorUserId: activityLogs.actorUserId,
      createdAt: activityLogs.createdAt,
    })
    .from(activityLogs)
    .where(eq(activityLogs.requestId, id))
    .orderBy(asc(activityLogs.createdAt), asc(activityLogs.id));
  const items = [];
  for (const row of rows) {
    const actor: TimelineActor =
      row.actorUserId === null ? "system" : row.actorUserId === request.userId ? "you" : "team";
    // The English, and the key (with the amount in the member's language) the client translates (decision 028).
    const entry = memberTimelineEntry(row.action, row.details ?? null, actor, viewer.profile?.language);
    if (entry) items.push({ id: row.id, ...entry, actor, createdAt: row.createdAt });
  }
  return { items };
}
