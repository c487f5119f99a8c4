/**
 * Realtime through the database: a change others must see sends pg_notify('app_events', …) in the same
 * transaction, so it is delivered only if the change commits, and to every app instance that LISTENs.
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

export async function publish(db: Queryable, event: AppEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
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
