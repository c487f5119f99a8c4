/**
 * The realtime client against a fake EventSource (the test opens, fails and feeds each stream) and fake timers;
 * where a test shares the stream between tabs, fake Web Locks and BroadcastChannel that behave like the
 * browser's: one holder per lock name in request order, messages delivered asynchronously to every other
 * channel of the same name.
 */
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reconnectDelayMs } from "@/shared/realtime";
import { connectRealtime, joinRealtime, onRealtimeEvent, type RealtimeRefresh, sessionRealtime } from "./realtime";
import { sessionQueryKey } from "./session";

class FakeEventSource {
  static instances: FakeEventSource[] = [];
  closed = false;
  private readonly listeners = new Map<string, Set<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener);
  }
  close() {
    this.closed = true;
  }
  /** The server side: a stream that has opened, an event on it, a dropped connection. */
  opened() {
    this.emit(new Event("open"));
  }
  send(topic: string, data: string = "{}", lastEventId = "") {
    this.emit(new MessageEvent(topic, { data, lastEventId }));
  }
  drop() {
    this.emit(new Event("error"));
  }
  private emit(event: Event) {
    if (this.closed) throw new Error(`a closed stream cannot ${event.type}`);
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
}
const streams = () => FakeEventSource.instances;
const latest = () => streams().at(-1)!;

class FakeBroadcastChannel {
  static channels = new Set<FakeBroadcastChannel>();
  private readonly listeners = new Set<(event: { data: unknown }) => void>();
  constructor(readonly name: string) {
    FakeBroadcastChannel.channels.add(this);
  }
  addEventListener(type: string, listener: (event: { data: unknown }) => void) {
    if (type === "message") this.listeners.add(listener);
  }
  postMessage(data: unknown) {
    if (!FakeBroadcastChannel.channels.has(this)) throw new Error("postMessage on a closed channel");
    for (const other of FakeBroadcastChannel.channels) {
      if (other === this || other.name !== this.name) continue;
      const copy = structuredClone(data);
      queueMicrotask(() => {
        if (FakeBroadcastChannel.channels.has(other)) for (const listener of other.listeners) listener({ data: copy });
      });
    }
  }
  close() {
    FakeBroadcastChannel.channels.delete(this);
  }
}

type LockCallback = (lock: { name: string } | null) => Promise<void>;

/**
 * Web Locks: exclusive, granted in request order, held until the callback's promise settles; `ifAvailable`
 * calls back at once with null when the lock is held or asked for.
 */
function fakeLocks() {
  const tails = new Map<string, Promise<void>>();
  const pending = new Map<string, number>();
  return {
    request(name: string, options: { ifAvailable?: boolean } | LockCallback, maybeCallback?: LockCallback) {
      const callback = (typeof options === "function" ? options : maybeCallback) as LockCallback;
      const ifAvailable = typeof options === "object" && options.ifAvailable;
      if (ifAvailable && (pending.get(name) ?? 0) > 0) return callback(null);
      pending.set(name, (pending.get(name) ?? 0) + 1);
      const previous = tails.get(name) ?? Promise.resolve();
      const held = previous.then(() => callback({ name }));
      const done = held
        .then(
          () => {},
          () => {},
        )
        .then(() => {
          pending.set(name, (pending.get(name) ?? 1) - 1);
        });
      tails.set(name, done);
      return held;
    },
  };
}

/** What the tests' pages show, by key. */
const SHOWN: QueryKey[] = [
  sessionQueryKey,
  ["requests", "list"],
  ["requests", "detail", "r1"],
  ["concierge", "thread"],
  ["billing", "invoices"],
];
const refresh: RealtimeRefresh = joinRealtime(sessionRealtime, {
  requests: [["requests"]],
  messages: [["requests", "detail"]],
  concierge: [["concierge"]],
});

/** A tab: its own query cache, with every shown query loaded and fresh. */
function tab() {
  const client = new QueryClient();
  const reload = () => {
    for (const key of SHOWN) client.setQueryData(key, { loaded: true });
  };
  reload();
  /** The keys marked for a refetch since the last look, and a fresh start for the next one. */
  const refetched = () => {
    const keys = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    reload();
    return keys;
  };
  return { client, refetched };
}

const closers: Array<() => void> = [];
function connect(client: QueryClient) {
  const close = connectRealtime(client, refresh);
  closers.push(close);
  return close;
}
/** Lets the microtasks run (lock grants, channel messages) without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  FakeBroadcastChannel.channels.clear();
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

describe("the realtime client, one tab (no Web Locks, no BroadcastChannel)", () => {
  beforeEach(() => {
    vi.stubGlobal("BroadcastChannel", undefined);
    vi.stubGlobal("navigator", { locks: undefined });
  });

  it("opens the event stream and refetches the queries a topic names, and only those", () => {
    const { client, refetched } = tab();
    connect(client);
    expect(streams()).toHaveLength(1);
    expect(latest().url).toBe("/api/events");
    latest().opened();
    expect(refetched()).toEqual([]);

    latest().send("requests", JSON.stringify({ audience: "u1" }));
    expect(refetched()).toEqual([
      ["requests", "list"],
      ["requests", "detail", "r1"],
    ]);
    latest().send("messages");
    expect(refetched()).toEqual([["requests", "detail", "r1"]]);
    latest().send("session");
    expect(refetched()).toEqual([sessionQueryKey]);
    latest().send("sales"); // no query here is about sales
    expect(refetched()).toEqual([]);
  });

  it("calls onRealtimeEvent listeners of the topic with the event's ids, until they unsubscribe", () => {
    const { client } = tab();
    connect(client);
    latest().opened();
    const typing = vi.fn();
    const other = vi.fn();
    const unsubscribe = onRealtimeEvent("concierge-typing", typing);
    const unsubscribeOther = onRealtimeEvent("concierge", other);

    latest().send("concierge-typing", JSON.stringify({ audience: "staff", subject: "u1" }));
    expect(typing).toHaveBeenCalledWith({ topic: "concierge-typing", audience: "staff", subject: "u1" });
    expect(other).not.toHaveBeenCalled();

    latest().send("concierge-typing", "not json"); // still an event of its topic
    expect(typing).toHaveBeenLastCalledWith({ topic: "concierge-typing" });
    // The event's own topic wins over a "topic" in its data.
    latest().send("concierge-typing", JSON.stringify({ topic: "session", subject: "u2" }));
    expect(typing).toHaveBeenLastCalledWith({ topic: "concierge-typing", subject: "u2" });

    unsubscribe();
    latest().send("concierge-typing", JSON.stringify({ subject: "u1" }));
    expect(typing).toHaveBeenCalledTimes(3);
    unsubscribeOther();
  });

  it("reconnects after an error after 200 ms, then doubling delays capped at 30 s", async () => {
    const { client } = tab();
    connect(client);
    const waits: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = streams().length;
      latest().drop();
      expect(streams()[before - 1].closed).toBe(true);
      // Measure the wait: the next stream opens at the first millisecond it is due, not before.
      let waited = 0;
      while (streams().length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
        if (waited > 60_000) throw new Error("never reconnected");
      }
      waits.push(waited);
    }
    expect(waits).toEqual([200, 400, 800, 1_600, 3_200, 6_400, 12_800, 25_600, 30_000, 30_000]);
    expect(waits).toEqual(waits.map((_, failures) => reconnectDelayMs(failures)));
  });

  it("does not reconnect a millisecond early", async () => {
    const { client } = tab();
    connect(client);
    latest().drop();
    await vi.advanceTimersByTimeAsync(199);
    expect(streams()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams()).toHaveLength(2);
    latest().drop();
    await vi.advanceTimersByTimeAsync(399);
    expect(streams()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams()).toHaveLength(3);
  });

  it("starts the back-off again at 200 ms once a stream has opened", async () => {
    const { client } = tab();
    connect(client);
    for (const wait of [200, 400, 800]) {
      latest().drop();
      await vi.advanceTimersByTimeAsync(wait);
    }
    expect(streams()).toHaveLength(4);
    latest().opened();
    latest().drop();
    await vi.advanceTimersByTimeAsync(200);
    expect(streams()).toHaveLength(5);
  });

  it("refetches the session when the stream drops (the server closes the stream of an ended session)", () => {
    const { client, refetched } = tab();
    connect(client);
    latest().opened();
    latest().drop();
    expect(refetched()).toEqual([sessionQueryKey]);
  });

  it("resynchronises (refetches everything) after a reconnect, but not on the first open", async () => {
    const { client, refetched } = tab();
    const resync = vi.fn();
    const unsubscribe = onRealtimeEvent("resync", resync);
    connect(client);
    latest().opened();
    expect(refetched()).toEqual([]);
    expect(resync).not.toHaveBeenCalled();

    latest().drop();
    refetched();
    await vi.advanceTimersByTimeAsync(200);
    expect(refetched()).toEqual([]); // nothing until the new stream is open: events may still be missed
    latest().opened();
    expect(refetched()).toEqual(SHOWN);
    expect(resync).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("resumes after a reconnect from the last event id it received, without refetching everything", async () => {
    const { client, refetched } = tab();
    const resync = vi.fn();
    const unsubscribe = onRealtimeEvent("resync", resync);
    connect(client);
    latest().opened();
    latest().send("message", "{}", "41");
    latest().send("requests", "{}", "42");
    refetched();
    latest().drop();
    await vi.advanceTimersByTimeAsync(200);
    expect(latest().url).toContain("lastEventId=42");
    expect(refetched()).toEqual([sessionQueryKey]); // a dropped stream may be an ended session
    latest().opened();
    expect(refetched()).toEqual([]);
    expect(resync).not.toHaveBeenCalled();
    // The server could not resume it (away too long): it says so.
    latest().send("resync");
    expect(refetched()).toEqual(SHOWN);
    unsubscribe();
  });

  it("reconnects at once and resynchronises when the browser is back online", async () => {
    const { client, refetched } = tab();
    connect(client);
    for (const wait of [200, 400, 800, 1_600]) {
      latest().drop();
      await vi.advanceTimersByTimeAsync(wait);
    }
    latest().drop(); // the next try is 3.2 s away
    refetched();
    window.dispatchEvent(new Event("online"));
    expect(streams()).toHaveLength(6);
    expect(refetched()).toEqual(SHOWN);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams()).toHaveLength(6); // the pending try was cancelled
  });

  it("refetches what is shown when the tab becomes visible again", () => {
    const { client, refetched } = tab();
    connect(client);
    latest().opened();
    const visibility = vi.spyOn(document, "visibilityState", "get");
    visibility.mockReturnValue("hidden");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(refetched()).toEqual([]);
    visibility.mockReturnValue("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    expect(refetched()).toEqual(SHOWN);
    visibility.mockRestore();
  });

  it("closes the stream and stops reconnecting and listening once closed", async () => {
    const { client, refetched } = tab();
    const close = connect(client);
    latest().opened();
    latest().drop();
    refetched();
    close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams()).toHaveLength(1);
    window.dispatchEvent(new Event("online"));
    document.dispatchEvent(new Event("visibilitychange"));
    expect(streams()).toHaveLength(1);
    expect(refetched()).toEqual([]);

    const second = tab();
    connect(second.client)();
    expect(latest().closed).toBe(true);
  });

  it("gives each tab its own stream when the browser has no Web Locks", () => {
    connect(tab().client);
    connect(tab().client);
    expect(streams()).toHaveLength(2);
  });
});

describe("the realtime client, tabs sharing one stream (Web Locks and BroadcastChannel)", () => {
  beforeEach(() => {
    vi.stubGlobal("BroadcastChannel", FakeBroadcastChannel);
    vi.stubGlobal("navigator", { locks: fakeLocks() });
  });

  it("opens one stream in the lock holder, whose events refetch in every tab", async () => {
    const first = tab();
    const second = tab();
    connect(first.client);
    connect(second.client);
    await settle();
    expect(streams()).toHaveLength(1);
    const stream = latest();
    stream.opened();

    stream.send("requests");
    await settle();
    const requests = [
      ["requests", "list"],
      ["requests", "detail", "r1"],
    ];
    expect(first.refetched()).toEqual(requests);
    expect(second.refetched()).toEqual(requests);

    stream.send("concierge");
    await settle();
    expect(second.refetched()).toEqual([["concierge", "thread"]]);
  });

  it("tells the other tabs when the stream drops and resynchronises them all after the reconnect", async () => {
    const first = tab();
    const second = tab();
    connect(first.client);
    connect(second.client);
    await settle();
    latest().opened();

    latest().drop();
    await settle();
    expect(first.refetched()).toEqual([sessionQueryKey]);
    expect(second.refetched()).toEqual([sessionQueryKey]);

    await vi.advanceTimersByTimeAsync(200);
    expect(streams()).toHaveLength(2);
    latest().opened();
    await settle();
    expect(first.refetched()).toEqual(SHOWN);
    expect(second.refetched()).toEqual(SHOWN);
  });

  it("hands the stream to the next tab when the holder closes", async () => {
    const first = tab();
    const second = tab();
    const closeFirst = connect(first.client);
    connect(second.client);
    await settle();
    expect(streams()).toHaveLength(1);

    closeFirst();
    expect(streams()[0].closed).toBe(true);
    await settle();
    expect(streams()).toHaveLength(2);
    // Events sent between the two streams were heard by neither: the tab taking over refetches what it shows.
    latest().opened();
    await settle();
    expect(second.refetched()).toEqual(SHOWN);
    latest().send("requests");
    await settle();
    expect(second.refetched()).toEqual([
      ["requests", "list"],
      ["requests", "detail", "r1"],
    ]);
    expect(first.refetched()).toEqual([]); // a closed tab hears nothing more
  });

  it("never opens a stream for a tab closed while it waited for the lock, and lets the next tab have it", async () => {
    const closeFirst = connect(tab().client);
    const closeSecond = connect(tab().client);
    await settle();
    closeSecond();
    closeFirst();
    await settle();
    expect(streams()).toHaveLength(1);
    expect(streams()[0].closed).toBe(true);

    const third = tab();
    connect(third.client);
    await settle();
    expect(streams()).toHaveLength(2);
    latest().send("session");
    expect(third.refetched()).toEqual([sessionQueryKey]);
  });
});
