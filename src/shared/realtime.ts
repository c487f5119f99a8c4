/**
 * The realtime topics the server sends over /api/events (decision 006): what changed, never its content. The
 * server publishes them (src/server/realtime/events.ts); each client feature declares which of its queries a
 * topic refreshes.
 */
export const REALTIME_TOPICS = ["subscription", "session", "requests", "messages"] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];
