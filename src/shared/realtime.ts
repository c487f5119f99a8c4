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
  "messages",
  "concierge",
  "concierge-typing",
  "sales",
  "notifications",
  "activity",
  "resync",
] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];
