/**
 * Saved replies (issue 22, item 3): the staff's shared list. Titles are unique whatever their case; the list is
 * kept to SAVED_REPLIES_MAX. Writes are serialised by a transaction-scoped advisory lock (staff edit this list
 * rarely), so two staff members adding the same title at once get one reply and one clear 409. Every change
 * tells every staff stream ("replies"), so pickers and the settings page refresh live.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { SavedReplyInput, savedReplyListSchema } from "@/shared/contracts/replies";
import { REPLY_TEXTS } from "@/shared/contracts/replies-texts";
import { SAVED_REPLIES_MAX } from "@/shared/replies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { displayName } from "../../db/people";
import { profiles, savedReplies, users } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import type { AppEvent } from "../../realtime/events";

type RepliesContext = Pick<AppContext, "db" | "write">;

/** The list changed: every staff member's picker and settings page refetch it. */
const changed: AppEvent = { topic: "replies", audience: "staff" };

export async function listReplies(ctx: RepliesContext): Promise<Served<typeof savedReplyListSchema>> {
  const items = await ctx.db
    .select({
      id: savedReplies.id,
      title: savedReplies.title,
      text: savedReplies.body,
      shortcut: savedReplies.shortcut,
      updatedAt: savedReplies.updatedAt,
      updatedBy: displayName<string | null>(),
    })
    .from(savedReplies)
    .leftJoin(users, eq(users.id, savedReplies.updatedBy))
    .leftJoin(profiles, eq(profiles.id, savedReplies.updatedBy))
    .orderBy(asc(sql`lower(${savedReplies.title})`), asc(savedReplies.id));
  return { items };
}

/** Holds the list's write lock until the transaction ends. */
const lockList = (tx: Queryable) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_replies'))`);

async function refuseTakenTitle(tx: Queryable, title: string, except?: string) {
  const same = eq(sql`lower(${savedReplies.title})`, title.toLowerCase());
  const [taken] = await tx
    .select({ id: savedReplies.id })
    .from(savedReplies)
    .where(except ? and(same, ne(savedReplies.id, except)) : same);
  if (taken) throw conflict(REPLY_TEXTS.duplicateTitle, "duplicate_title");
}

async function refuseTakenShortcut(tx: Queryable, shortcut: string | null, except?: string) {
  if (!shortcut) return;
  const same = eq(savedReplies.shortcut, shortcut);
  const [taken] = await tx
    .select({ id: savedReplies.id })
    .from(savedReplies)
    .where(except ? and(same, ne(savedReplies.id, except)) : same);
  if (taken) throw conflict(REPLY_TEXTS.duplicateShortcut, "duplicate_shortcut");
}

export async function createReply(ctx: RepliesContext, staff: Viewer, input: SavedReplyInput) {
  return ctx.write(async (tx, out) => {
    await lockList(tx);
    const [{ n }] = await tx.select({ n: count() }).from(savedReplies);
    if (n >= SAVED_REPLIES_MAX) throw conflict(REPLY_TEXTS.tooMany, "too_many");
    await refuseTakenTitle(tx, input.title);
    await refuseTakenShortcut(tx, input.shortcut);
    const [row] = await tx
      .insert(savedReplies)
      .values({
        title: input.title,
        body: input.text,
        shortcut: input.shortcut,
        createdBy: staff.userId,
        updatedBy: staff.userId,
      })
      .returning({ id: savedReplies.id });
    out.publish(changed);
    return { id: row.id };
  });
}

export async function updateReply(ctx: RepliesContext, staff: Viewer, id: string, input: SavedReplyInput) {
  return ctx.write(async (tx, out) => {
    await lockList(tx);
    await refuseTakenTitle(tx, input.title, id);
    await refuseTakenShortcut(tx, input.shortcut, id);
    const [row] = await tx
      .update(savedReplies)
      .set({
        title: input.title,
        body: input.text,
        shortcut: input.shortcut,
        updatedBy: staff.userId,
        updatedAt: new Date(),
      })
      .where(eq(savedReplies.id, id))
      .returning({ id: savedReplies.id });
    if (!row) throw notFound(REPLY_TEXTS.notFound);
    out.publish(changed);
    return { id };
  });
}

export async function deleteReply(ctx: RepliesContext, id: string) {
  return ctx.write(async (tx, out) => {
    const [row] = await tx.delete(savedReplies).where(eq(savedReplies.id, id)).returning({ id: savedReplies.id });
    if (!row) throw notFound(REPLY_TEXTS.notFound);
    out.publish(changed);
    return { ok: true as const };
  });
}
