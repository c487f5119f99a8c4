/**
 * Internal notes (issue 22, item 2, decision 021), the part the requests and concierge domains share: staff's
 * notes on a conversation, read and written here for either, keyed by the conversation (a request's thread, or
 * a member's concierge chat). Each domain checks the conversation first (it exists; staff may open it) and adds
 * what is its own (the request's activity entry). Notes live in their own tables, only staff routes read them,
 * and their event goes to staff only: no notice, no email, nothing a member receives.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { notesSchema } from "@/shared/notes";
import type { Viewer } from "./auth/viewer";
import type { Queryable } from "./db";
import { conciergeNotes, profiles, requestNotes, users } from "./db/schema";
import type { Effects } from "./db/write";
import type { AppEvent } from "./realtime/events";

/** The conversation a note is on. */
export type NoteThread = { domain: "requests"; requestId: string } | { domain: "concierge"; memberId: string };

const subjectOf = (thread: NoteThread) => (thread.domain === "requests" ? thread.requestId : thread.memberId);

/** A note was added: every staff member watching the conversation refetches its notes. Never to a member. */
export const notesChanged = (thread: NoteThread): AppEvent => ({
  topic: "notes",
  audience: "staff",
  subject: subjectOf(thread),
});

/** The conversation's table and its key column. */
const tableOf = (thread: NoteThread) =>
  thread.domain === "requests"
    ? { table: requestNotes, key: eq(requestNotes.requestId, thread.requestId) }
    : { table: conciergeNotes, key: eq(conciergeNotes.memberUserId, thread.memberId) };

/** The conversation's notes, oldest first, each with its author (the viewer's marked `mine`). */
export async function notesOf(db: Queryable, viewer: Viewer, thread: NoteThread): Promise<Served<typeof notesSchema>> {
  const { table, key } = tableOf(thread);
  const rows = await db
    .select({
      id: table.id,
      body: table.body,
      createdAt: table.createdAt,
      authorId: table.authorUserId,
      authorName: sql<string | null>`coalesce(${profiles.name}, ${users.name}, ${users.email})`,
    })
    .from(table)
    .leftJoin(users, eq(users.id, table.authorUserId))
    .leftJoin(profiles, eq(profiles.id, table.authorUserId))
    .where(key)
    .orderBy(asc(table.createdAt), asc(table.id));
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

/** Writes a note by the viewer on the conversation, in the caller's transaction; staff see it live. */
export async function addNote(
  tx: Queryable,
  out: Pick<Effects, "publish">,
  viewer: Viewer,
  thread: NoteThread,
  body: string,
): Promise<{ id: string }> {
  const author = { authorUserId: viewer.userId, body };
  const [row] =
    thread.domain === "requests"
      ? await tx
          .insert(requestNotes)
          .values({ requestId: thread.requestId, ...author })
          .returning({ id: requestNotes.id })
      : await tx
          .insert(conciergeNotes)
          .values({ memberUserId: thread.memberId, ...author })
          .returning({ id: conciergeNotes.id });
  out.publish(notesChanged(thread));
  return { id: row.id };
}
