/**
 * The server's event stream (GET /api/events, decision 006) turned into refetches. Events carry a topic, never
 * content; which queries a topic refreshes is declared by each feature beside its queries (`billingRealtime` in
 * features/billing/api.ts, `sessionRealtime` here) and joined in app/realtime.ts. This module only
 * dispatches. It is loaded once a signed-in visitor opens the stream (./use-realtime.ts), never on a first visit.
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { REALTIME_TOPICS, type RealtimeTopic } from "@/shared/realtime";
import { sessionQueryKey } from "./session";

export { REALTIME_TOPICS, type RealtimeTopic };

/** Which queries (by key prefix) each topic refreshes. */
export type RealtimeRefresh = Partial<Record<RealtimeTopic, readonly QueryKey[]>>;

/**
 * A change to the account's sessions or role: who the viewer is, again (the session is this folder's). A
 * resynchronisation (the server may have missed events): everything (the empty key matches every query).
 */
export const sessionRealtime: RealtimeRefresh = { session: [sessionQueryKey], resync: [[]] };

/** One map from several features' declarations. */
export function joinRealtime(...maps: RealtimeRefresh[]): RealtimeRefresh {
  const joined: RealtimeRefresh = {};
  for (const map of maps) {
    for (const topic of REALTIME_TOPICS) joined[topic] = [...(joined[topic] ?? []), ...(map[topic] ?? [])];
  }
  return joined;
}

/** Opens the stream and refetches what each topic names; returns what closes it. */
export function connectRealtime(queryClient: QueryClient, refresh: RealtimeRefresh): () => void {
  const source = new EventSource("/api/events");
  const invalidate = (keys: readonly QueryKey[] = []) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  for (const topic of REALTIME_TOPICS) source.addEventListener(topic, () => invalidate(refresh[topic]));
  // The server closes a stream whose session ended; the page then learns it is signed out.
  source.addEventListener("error", () => {
    if (source.readyState === EventSource.CLOSED) invalidate([sessionQueryKey]);
  });
  return () => source.close();
}
