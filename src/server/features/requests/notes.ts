/**
 * Internal notes on a request (issue 22, item 2, decision 021; written and read by the shared server/notes.ts)
 * and the member's timeline (item 8). The timeline reads the activity log through the allow-list of
 * src/shared/timeline.ts: nothing else of the log reaches the member.
 */
import { asc, eq } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { ERRORS } from "@/shared/contracts/common-texts";
import type { timelineSchema } from "@/shared/contracts/requests";
import type { notesSchema } from "@/shared/notes";
import { memberTimelineText, type TimelineActor, timelineEnglish } from "@/shared/timeline";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import { activityLogs, requests } from "../../db/schema";
import { notFound } from "../../http/errors";
import { addNote, notesOf } from "../../notes";
import { logActivity, type RequestsContext } from "./service";

/** Staff: the request's notes, oldest first. */
export async function requestNotesOf(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
): Promise<Served<typeof notesSchema>> {
  const [row] = await ctx.db.select({ id: requests.id }).from(requests).where(eq(requests.id, id));
  if (!row) throw notFound(ERRORS.requestNotFound);
  return notesOf(ctx.db, viewer, { domain: "requests", requestId: id });
}

/**
 * Staff: a note on the request, with a bodiless "note_added" activity entry (staff only: not in the member's
 * allow-list). No notice, no email, no member event.
 */
export async function addRequestNote(ctx: RequestsContext, viewer: Viewer, id: string, body: string) {
  return ctx.write(async (tx, out) => {
    const [request] = await tx.select({ id: requests.id }).from(requests).where(eq(requests.id, id)).for("update");
    if (!request) throw notFound(ERRORS.requestNotFound);
    const note = await addNote(tx, out, viewer, { domain: "requests", requestId: id }, body);
    await logActivity(tx, out, { requestId: id, actorUserId: viewer.userId, action: "note_added" });
    return note;
  });
}

/** The member's timeline of their own request (`request:read:own`): 404 to anyone else (staff read the log). */
export async function memberTimeline(
  ctx: RequestsContext,
  viewer: Viewer,
  id: string,
): Promise<Served<typeof timelineSchema>> {
  const [found] = await ctx.db.select({ userId: requests.userId }).from(requests).where(eq(requests.id, id));
  const request = authorize("request:read:own", viewer, found);
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
    const text = memberTimelineText(row.action, row.details ?? null, actor);
    if (text) {
      const { key, amountCents } = text;
      items.push({ id: row.id, text: timelineEnglish(text), key, amountCents, actor, createdAt: row.createdAt });
    }
  }
  return { items };
}
