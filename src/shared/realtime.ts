/**
 * The realtime topics the server sends over /api/events (decision 006): what changed, never its content. The
 * server publishes them (src/server/realtime/events.ts); each client feature declares which of its queries a
 * topic refreshes. "resync": the server may have missed events (its database connection came back): refetch
 * everything shown.
 */
export const REALTIME_TOPICS = [
  "subscription",
  "session",
  "requests",
  /** A request's quotes, hold or delivery changed (and the money overviews with them). */
  "quotes",
  "messages",
  "concierge",
  "concierge-typing",
  "sales",
  "notifications",
  "activity",
  /** An internal note was added (staff only: subject is the request's id or the member's id). */
  "notes",
  "replies",
  /** A conversation was snoozed or brought back (staff only: the inbox refetches). */
  "inbox",
  /** A member rated a delivery (issue 31 item 5): the member's page and the dashboard's scores. */
  "ratings",
  /**
   * Who is viewing or typing in a conversation changed (subject: "request:<id>" or "concierge:<member id>"),
   * staff only; generalises "concierge-typing" for the team (issue 31 item 4, decision 051).
   */
  "presence",
  "resync",
] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

/**
 * The wait before reconnecting a dropped stream after `failures` failed attempts: 200 ms, doubling, at most
 * 30 s (spec section 9: refresh retry back-off starts at 200 ms and doubles). The browser's stream and the server's
 * LISTEN connection (src/server/db) start the same way; the server caps at 1 s.
 */
export function reconnectDelayMs(failures: number): number {
  return Math.min(200 * 2 ** Math.max(0, failures), 30_000);
}
