/**
 * The server's event stream (GET /api/events, decision 006) turned into refetches. Events carry a topic, never
 * content; which queries a topic refreshes is declared by each feature beside its queries (`billingRealtime` in
 * features/billing/api.ts, `sessionRealtime` here) and joined in app/realtime.ts. This module only
 * dispatches. It is loaded once a signed-in visitor opens the stream (./use-realtime.ts), never on a first visit.
 */
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { eventsApi } from "@/shared/contracts/platform";
import { REALTIME_TOPICS, type RealtimeTopic, reconnectDelayMs } from "@/shared/realtime";
import { endpointsOf } from "./endpoints";
import { sessionQueryKey } from "./session";

const events = endpointsOf<typeof eventsApi>("events");

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

/** What an event carries besides its topic (ids, never content): e.g. `subject`, the member a chat is about. */
export interface RealtimeEventData {
  topic: RealtimeTopic;
  audience?: string;
  subject?: string;
  /** The stream's last event id when it arrived (passed between tabs, so a tab taking over can resume). */
  lastEventId?: string;
}
type Listener = (event: RealtimeEventData) => void;
const listeners = new Map<RealtimeTopic, Set<Listener>>();

/**
 * Calls `listener` with each event of `topic` that reaches this tab (through the shared stream); returns what
 * unsubscribes. For what a refetch cannot carry, such as a transient "typing…".
 */
export function onRealtimeEvent(topic: RealtimeTopic, listener: Listener): () => void {
  const set = listeners.get(topic) ?? new Set<Listener>();
  listeners.set(topic, set);
  set.add(listener);
  return () => set.delete(listener);
}

/**
 * Opens the stream and refetches what each topic names; returns what closes it. Browsers allow six HTTP/1.1
 * connections per origin, so the tabs of one browser share one stream: the tab holding the Web Lock
 * "maison-events" opens it and passes every event to the others over a BroadcastChannel; when that tab closes,
 * the next one waiting for the lock takes over. Without those APIs each tab opens its own.
 */
export function connectRealtime(queryClient: QueryClient, refresh: RealtimeRefresh): () => void {
  const invalidate = (keys: readonly QueryKey[] = []) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("maison-events");
  /**
   * The last event id received: a reopened stream resumes after it and gets what it missed (decision 043); the
   * server sends "resync" only when it cannot (away longer than its log keeps events).
   */
  let lastEventId = "";
  const dispatch = (event: RealtimeEventData) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    invalidate(refresh[event.topic]);
    for (const listener of listeners.get(event.topic) ?? []) listener(event);
  };
  channel?.addEventListener("message", (message: MessageEvent<RealtimeEventData>) => dispatch(message.data));
  let source: EventSource | null = null;
  let release: (() => void) | null = null;
  let closed = false;
  let failures = 0;
  /** This tab took the stream over from another (events between the two streams may have been missed). */
  let tookOver = false;
  let retry: ReturnType<typeof setTimeout> | null = null;
  /** Everything shown is refetched: after a gap in the stream, events may have been missed. */
  const resync = () => {
    dispatch({ topic: "resync" });
    channel?.postMessage({ topic: "resync" });
  };

  const open = () => {
    if (closed) return;
    retry = null;
    // Without an id to resume from (nothing received yet), a reopened stream cannot know what it missed.
    const resumable = lastEventId !== "";
    const stream = new EventSource(events.url("GET /events", resumable ? { query: { lastEventId } } : undefined));
    source = stream;
    for (const topic of REALTIME_TOPICS) {
      stream.addEventListener(topic, (message) => {
        let event: RealtimeEventData = { topic };
        try {
          event = { ...JSON.parse((message as MessageEvent<string>).data), topic };
        } catch {}
        const id = (message as MessageEvent<string>).lastEventId;
        if (id) event.lastEventId = id;
        dispatch(event);
        channel?.postMessage(event);
      });
    }
    // A message with no topic carries only the stream's position (on opening, and with the keep-alive).
    stream.addEventListener("message", (message) => {
      if ((message as MessageEvent<string>).lastEventId) lastEventId = (message as MessageEvent<string>).lastEventId;
    });
    stream.addEventListener("open", () => {
      if ((failures > 0 || tookOver) && !resumable) resync();
      failures = 0;
      tookOver = false;
    });
    // A dropped stream is reopened by us, not the browser: after 200 ms, doubling up to 30 s (spec section 9).
    // The server also closes a stream whose session ended: the session is refetched so the page learns it.
    stream.addEventListener("error", () => {
      stream.close();
      if (closed || retry) return;
      invalidate([sessionQueryKey]);
      channel?.postMessage({ topic: "session" });
      retry = setTimeout(open, reconnectDelayMs(failures));
      failures += 1;
    });
  };
  /** Back online: reconnect now rather than at the end of the back-off (it resumes, or resynchronises). */
  const onOnline = () => {
    if (retry) {
      clearTimeout(retry);
      open();
    }
    if (!lastEventId) resync();
  };
  /** Visible again: what the page shows is refetched (a background tab may have been throttled). */
  const onVisible = () => {
    if (document.visibilityState === "visible") invalidate([[]]);
  };
  window.addEventListener("online", onOnline);
  document.addEventListener("visibilitychange", onVisible);

  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  if (locks && channel) {
    const hold = (takeover: boolean) =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        release = resolve;
        tookOver = takeover;
        open();
      });
    // The first tab holds the stream at once; another waits, and takes it over (with a resync) when it closes.
    void locks.request("maison-events", { ifAvailable: true }, (lock) =>
      lock ? hold(false) : locks.request("maison-events", () => hold(true)),
    );
  } else {
    open();
  }
  return () => {
    closed = true;
    if (retry) clearTimeout(retry);
    window.removeEventListener("online", onOnline);
    document.removeEventListener("visibilitychange", onVisible);
    source?.close();
    release?.();
    channel?.close();
  };
}
