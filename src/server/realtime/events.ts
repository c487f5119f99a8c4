/**
 * Realtime through the database: a change others must see sends pg_notify('app_events', …) in the same
 * transaction, so it is delivered only if the change commits, and to every app instance that LISTENs.
 */
import { sql } from "drizzle-orm";
import type { RealtimeTopic } from "@/shared/realtime";
import type { Database, Queryable } from "../db";

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

/** Events waiting for the end of their transaction (see `transactionWithEvents`). */
const pending = new WeakMap<object, AppEvent[]>();

/**
 * Sends an event with the caller's transaction. Inside `transactionWithEvents` it is held and sent with the
 * transaction's other events in one notification at its end; otherwise at once.
 */
export async function publish(db: Queryable, event: AppEvent): Promise<void> {
  const held = pending.get(db);
  if (held) held.push(event);
  else await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** A notification's payload must stay under 8,000 bytes: larger batches are split. */
const MAX_PAYLOAD = 7_000;

/**
 * A transaction whose events go out together: one pg_notify (a JSON array) at its end instead of one round trip
 * per event, still inside the transaction, so they are delivered only if it commits.
 */
export function transactionWithEvents<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const events: AppEvent[] = [];
    pending.set(tx, events);
    const result = await work(tx);
    pending.delete(tx);
    for (const payload of eventPayloads(events)) {
      await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${payload})`);
    }
    return result;
  });
}

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

/** The events of one notification: one event, or a transaction's batch. */
export function eventsOf(payload: string): AppEvent[] {
  try {
    const parsed = JSON.parse(payload) as AppEvent | AppEvent[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
}

export function publishSubscriptionChanged(db: Queryable, userId: string) {
  return publish(db, { topic: "subscription", audience: userId });
}

export function publishSessionChanged(db: Queryable, userId: string) {
  return publish(db, { topic: "session", audience: userId });
}

/** A change a member and the whole team must see, in one notification. */
export function publishToMemberAndStaff(db: Queryable, topic: RealtimeTopic, memberId: string, subject?: string) {
  return publish(db, { topic, audience: memberId, staff: true, ...(subject ? { subject } : {}) });
}
