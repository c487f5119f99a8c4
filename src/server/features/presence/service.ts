/**
 * Presence (issue 31 item 4, decision 051). Each staff member's heartbeat per conversation is a row with an
 * expiry, in the database every instance shares (not in one process's memory): viewing lasts PRESENCE_VIEWING_MS
 * unless renewed, typing PRESENCE_TYPING_MS. A change others must see (someone opened or left the conversation,
 * started or stopped typing) is one "presence" event to the staff, subject the conversation; what expires
 * silently is gone from the next read, and the pages re-read while they show it. Activity anywhere ("app")
 * lasts PRESENCE_ACTIVE_MS: the members' "Concierge team online". Every function takes the clock (`now`), so
 * the tests fix it.
 */
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import {
  PRESENCE_ACTIVE_MS,
  PRESENCE_TYPING_MS,
  PRESENCE_VIEWING_MS,
  type placePresenceSchema,
  type presenceBeatSchema,
} from "@/shared/contracts/presence";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { staffName } from "../../db/people";
import { presence, profiles, users } from "../../db/schema";
import type { AppEvent } from "../../realtime/events";

type PresenceContext = Pick<AppContext, "db" | "write">;

/** Activity anywhere in the app (not a conversation). */
export const ACTIVE_PLACE = "app";

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const presenceChanged = (place: string): AppEvent => ({ topic: "presence", audience: "staff", subject: place });

/**
 * A heartbeat in a conversation: renews the caller's viewing there, starts (typing: true) or ends (false) their
 * typing, or (leaving) removes them. Tells the staff when what they see changes.
 */
export async function beat(
  ctx: PresenceContext,
  viewer: Viewer,
  input: z.output<typeof presenceBeatSchema>,
  now = new Date(),
): Promise<{ ok: true }> {
  const { place } = input;
  await ctx.write(async (tx, out) => {
    const key = and(eq(presence.userId, viewer.userId), eq(presence.place, place));
    const [before] = await tx.select().from(presence).where(key).for("update");
    const wasHere = Boolean(before && before.expiresAt > now);
    const wasTyping = Boolean(wasHere && before?.typingUntil && before.typingUntil > now);
    // Rows that expired in this conversation go (its readers already stopped showing them).
    await tx.delete(presence).where(and(eq(presence.place, place), lt(presence.expiresAt, now)));
    if (input.leaving) {
      await tx.delete(presence).where(key);
      if (wasHere) out.publish(presenceChanged(place));
      return;
    }
    const typingUntil =
      input.typing === true
        ? later(now, PRESENCE_TYPING_MS)
        : input.typing === false
          ? null
          : wasTyping
            ? (before?.typingUntil ?? null)
            : null;
    const values = { seenAt: now, expiresAt: later(now, PRESENCE_VIEWING_MS), typingUntil };
    await tx
      .insert(presence)
      .values({ userId: viewer.userId, place, ...values })
      .onConflictDoUpdate({ target: [presence.userId, presence.place], set: values });
    if (!wasHere || wasTyping !== Boolean(typingUntil)) out.publish(presenceChanged(place));
  });
  return { ok: true };
}

/** Who has the conversation open at `now`, and who is typing (the caller marked `self`). */
export async function placePresence(
  db: Queryable,
  viewer: Viewer,
  place: string,
  now = new Date(),
): Promise<Served<typeof placePresenceSchema>> {
  const rows = await db
    .select({ id: presence.userId, name: staffName(), typingUntil: presence.typingUntil })
    .from(presence)
    .innerJoin(users, eq(users.id, presence.userId))
    .leftJoin(profiles, eq(profiles.id, presence.userId))
    .where(and(eq(presence.place, place), gt(presence.expiresAt, now)))
    .orderBy(presence.seenAt);
  return {
    place,
    people: rows.map((r) => ({
      id: r.id,
      name: r.name,
      typing: Boolean(r.typingUntil && r.typingUntil > now),
      self: r.id === viewer.userId,
    })),
  };
}

/** Staff members active now: online for PRESENCE_ACTIVE_MS (one statement for all of them). */
export async function recordActive(db: Queryable, userIds: string[], now = new Date()): Promise<void> {
  if (!userIds.length) return;
  const values = { seenAt: now, expiresAt: later(now, PRESENCE_ACTIVE_MS), typingUntil: null };
  await db
    .insert(presence)
    .values(userIds.map((userId) => ({ userId, place: ACTIVE_PLACE, ...values })))
    .onConflictDoUpdate({
      target: [presence.userId, presence.place],
      set: { seenAt: sql`excluded.seen_at`, expiresAt: sql`excluded.expires_at` },
    });
}

/** Whether any staff member was active within PRESENCE_ACTIVE_MS of `now`. */
export async function teamOnline(db: Queryable, now = new Date()): Promise<{ online: boolean }> {
  const [row] = await db
    .select({ userId: presence.userId })
    .from(presence)
    .where(and(eq(presence.place, ACTIVE_PLACE), gt(presence.expiresAt, now)))
    .limit(1);
  return { online: Boolean(row) };
}

/** Removes everything expired (a periodic tidy; reads ignore expired rows anyway). */
export async function pruneExpired(db: Queryable, now = new Date()): Promise<void> {
  await db.delete(presence).where(lt(presence.expiresAt, new Date(now.getTime() - 3_600_000)));
}
