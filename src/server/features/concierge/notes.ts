/**
 * Internal notes on a member's concierge conversation (issue 22, item 2, decision 021): staff only. Their own
 * table, read only here; the event goes to staff only; no notice, no email.
 */
import { asc, eq, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { notesSchema } from "@/shared/notes";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { FOREIGN_KEY_VIOLATION, sqlState } from "../../db/errors";
import { conciergeNotes, profiles, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import { MEMBER_NOT_FOUND, memberOf } from "./service";

type NotesContext = Pick<AppContext, "db" | "write">;

/** Staff: the notes on a member's conversation, oldest first (404 as the thread for who has none). */
export async function conciergeNotesOf(
  ctx: NotesContext,
  viewer: Viewer,
  memberId: string,
): Promise<Served<typeof notesSchema>> {
  await memberOf(ctx.db, memberId);
  const rows = await ctx.db
    .select({
      id: conciergeNotes.id,
      body: conciergeNotes.body,
      createdAt: conciergeNotes.createdAt,
      authorId: conciergeNotes.authorUserId,
      authorName: sql<string | null>`coalesce(${profiles.name}, ${users.name}, ${users.email})`,
    })
    .from(conciergeNotes)
    .leftJoin(users, eq(users.id, conciergeNotes.authorUserId))
    .leftJoin(profiles, eq(profiles.id, conciergeNotes.authorUserId))
    .where(eq(conciergeNotes.memberUserId, memberId))
    .orderBy(asc(conciergeNotes.createdAt), asc(conciergeNotes.id));
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

/** Staff: a note on the member's conversation; every staff member sees it live, the member never. */
export async function addConciergeNote(ctx: NotesContext, viewer: Viewer, memberId: string, body: string) {
  await memberOf(ctx.db, memberId);
  try {
    return await ctx.write(async (tx, out) => {
      const [row] = await tx
        .insert(conciergeNotes)
        .values({ memberUserId: memberId, authorUserId: viewer.userId, body })
        .returning({ id: conciergeNotes.id });
      out.publish({ topic: "notes", audience: "staff", subject: memberId });
      return { id: row.id };
    });
  } catch (error) {
    // The member's account went meanwhile.
    if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw notFound(MEMBER_NOT_FOUND);
    throw error;
  }
}
