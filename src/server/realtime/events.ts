/**
 * Realtime through the database: a change others must see sends pg_notify('app_events', …) with its
 * transaction (db/write.ts), so it is delivered only if the change commits, and to every app instance that
 * LISTENs.
 */
import { sql } from "drizzle-orm";
import type { RealtimeTopic } from "@/shared/realtime";
import type { Queryable } from "../db";

export const EVENTS_CHANNEL = "app_events";

/**
 * What the browser receives; `topic` says which data to refetch. "session": the user's sessions, role or
 * account changed (sign-out, password reset, role change, deletion): every instance re-checks that user's
 * open streams and closes those that lost their right.
 */
export interface AppEvent {
  topic: RealtimeTopic;
  /** Who may see it: a user id, or "staff" for every staff member. */
  audience: string;
  /** Every staff member too (one notification for a member and the team). */
  staff?: boolean;
  /** The id the change is about, when the client needs it to refetch (a member's concierge thread). */
  subject?: string;
}

/** A notification's payload must stay under 8,000 bytes: larger batches are split. */
const MAX_PAYLOAD = 7_000;

/** The notification payloads announcing `events`: as few as fit under PostgreSQL's limit (one, usually). */
export function eventPayloads(events: AppEvent[]): string[] {
  const batches: AppEvent[][] = [];
  let size = 0;
  for (const event of events) {
    const length = JSON.stringify(event).length + 1;
    if (!batches.length || size + length > MAX_PAYLOAD) {
      batches.push([]);
      size = 0;
    }
    batches[batches.length - 1].push(event);
    size += length;
  }
  return batches.map((batch) => JSON.stringify(batch.length === 1 ? batch[0] : batch));
}

/**
 * Sends events now, outside any transaction (a transient "typing…", or after a change the auth library
 * committed). Changes that others must see are written with the unit of work (db/write.ts), which sends their
 * events when they commit.
 */
export async function announce(db: Queryable, events: AppEvent[]): Promise<void> {
  const pairs = eventPayloads(events).map((payload) => [EVENTS_CHANNEL, payload]);
  if (pairs.length) await db.execute(sql`select app_notify(${JSON.stringify(pairs)}::jsonb)`);
}

/** The user's sessions, role or account changed: every instance re-checks that user's open streams. */
export const sessionChanged = (userId: string): AppEvent => ({ topic: "session", audience: userId });

/** The user's membership changed. */
export const subscriptionChanged = (userId: string): AppEvent => ({ topic: "subscription", audience: userId });

/** A change a member and the whole team must see, in one event. */
export const toMemberAndStaff = (topic: RealtimeTopic, memberId: string, subject?: string): AppEvent => ({
  topic,
  audience: memberId,
  staff: true,
  ...(subject ? { subject } : {}),
});
