/**
 * Prometheus metrics (prom-client), one registry per app (decision 024). The request path records one histogram
 * observation and nothing else; everything that reads the database (the outbox's backlog, the notify probe) is
 * read when the metrics are scraped, so an instance nobody scrapes does no work for them. Labels are route
 * patterns, methods, status classes and fixed names only: never a URL, an id or an address.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db";
import { outboxBacklog, UNDELIVERED } from "../outbox/outbox";

export interface Metrics {
  readonly registry: Registry;
  /** The exposition text: the values read at scrape time first (outbox, notify lag), then every metric. */
  scrape(): Promise<string>;
  /** One answered request: its method, its route's pattern (undefined: no route matched), status and duration. */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** A rate-limit check refused (its counter's key: only the name before the first ":" is kept). */
  rateLimitRefused(key: string): void;
  /** Where the open event streams are counted (the realtime routes). */
  countStreams(count: () => number): void;
  close(): Promise<void>;
}

/** How long a scrape waits for its notify probe to come back before reporting how long it has been waiting. */
const PROBE_WAIT_MS = 1_000;
/** Probes never answered (the LISTEN connection is down) kept at most: the oldest says how long it has been. */
const MAX_OUTSTANDING_PROBES = 100;
/** Latency buckets in seconds: from a cached read to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];
/** A rate limit's name (the key's prefix, written in our code): anything else is reported as "other". */
const LIMIT_NAME = /^[a-z][a-z-]{0,40}$/;

export function createMetrics(database: DatabaseHandle): Metrics {
  const registry = new Registry();
  const registers = [registry];

  const http = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status class (an event stream: how long it was open)",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  // One child per (method, route, class): a Map lookup per request instead of hashing the labels each time.
  const httpChildren = new Map<string, { observe(value: number): void }>();

  let streams: () => number = () => 0;
  new Gauge({
    name: "maison_event_streams_open",
    help: "Server-sent event streams open on this instance",
    registers,
    collect() {
      this.set(streams());
    },
  });

  const refusals = new Counter({
    name: "maison_rate_limit_refusals_total",
    help: "Rate-limit checks refused, by limit",
    labelNames: ["limit"] as const,
    registers,
  });

  const outboxDepth = new Gauge({
    name: "maison_outbox_messages",
    help: "Outbox messages not delivered, by status (pending: to be sent; held: no SMTP; failed: given up)",
    labelNames: ["status"] as const,
    registers,
  });
  const outboxAge = new Gauge({
    name: "maison_outbox_oldest_age_seconds",
    help: "Age of the oldest outbox message not delivered, by status (0 when there is none)",
    labelNames: ["status"] as const,
    registers,
  });
  async function refreshOutbox() {
    try {
      const backlog = await outboxBacklog(database.db);
      for (const status of UNDELIVERED) {
        outboxDepth.set({ status }, backlog[status].count);
        outboxAge.set({ status }, backlog[status].oldestSeconds);
      }
    } catch {
      // The database cannot be read: no values rather than stale ones (and /api/ready says why).
      outboxDepth.reset();
      outboxAge.reset();
    }
  }

  new Gauge({
    name: "maison_db_pool_connections",
    help: "Database connections of this instance's pool, by state (total, idle; PGlite: its one connection)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const stats = database.poolStats();
      this.set({ state: "total" }, stats.total);
      if (stats.idle !== undefined) this.set({ state: "idle" }, stats.idle);
    },
  });
  new Gauge({
    name: "maison_db_pool_max_connections",
    help: "Connections the pool may open",
    registers,
    collect() {
      this.set(database.poolStats().max);
    },
  });
  // A server's pool only (PGlite has no queue to report).
  if (database.poolStats().waiting !== undefined) {
    new Gauge({
      name: "maison_db_pool_waiting",
      help: "Queries waiting for a free connection",
      registers,
      collect() {
        this.set(database.poolStats().waiting ?? 0);
      },
    });
  }
  new Gauge({
    name: "maison_db_listener_connected",
    help: "1 when this instance's LISTEN connection is up (realtime events and outbox wake-ups arrive)",
    registers,
    collect() {
      this.set(database.listening() ? 1 : 0);
    },
  });

  // Notify lag: each scrape sends a NOTIFY on a channel only this instance listens to and times its way back to
  // the LISTEN connection (pool, commit, delivery; on one process clock, so no skew between machines).
  const notifyLag = new Gauge({
    name: "maison_notify_lag_seconds",
    help: "Time for a NOTIFY sent by this instance to come back on its LISTEN connection (while one is lost: how long it has been waiting)",
    registers,
  });
  const channel = `metrics_probe_${randomBytes(6).toString("hex")}`;
  let subscribed: Promise<() => Promise<void>> | null = null;
  let probeSeq = 0;
  /** Probes sent and not yet back: sequence number -> when (performance.now()). */
  const outstanding = new Map<number, number>();
  const arrivals = new Map<number, () => void>();
  let lastLag: number | null = null;
  function onProbe(payload: string) {
    const seq = Number(payload);
    const sentAt = outstanding.get(seq);
    if (sentAt === undefined) return;
    lastLag = (performance.now() - sentAt) / 1000;
    // Older probes never came back (sent while the connection was down): they are forgotten now.
    for (const older of outstanding.keys()) if (older <= seq) outstanding.delete(older);
    arrivals.get(seq)?.();
  }
  async function refreshNotifyLag() {
    try {
      subscribed ??= database.listen(channel, onProbe);
      await subscribed;
    } catch {
      subscribed = null;
    }
    if (subscribed && outstanding.size < MAX_OUTSTANDING_PROBES) {
      const seq = ++probeSeq;
      outstanding.set(seq, performance.now());
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<void>((resolve) => {
        arrivals.set(seq, resolve);
        timer = setTimeout(resolve, PROBE_WAIT_MS);
      });
      await database.db.execute(sql`select pg_notify(${channel}, ${String(seq)})`).catch(() => {});
      await back;
      clearTimeout(timer);
      arrivals.delete(seq);
    }
    const oldest = outstanding.size ? Math.min(...outstanding.values()) : null;
    const waiting = oldest === null ? null : (performance.now() - oldest) / 1000;
    const lag = waiting !== null && (lastLag === null || waiting > lastLag) ? waiting : lastLag;
    // Never measured (the LISTEN could not even be set up): unknown, not zero.
    notifyLag.set(lag ?? Number.NaN);
  }

  let defaults = false;
  return {
    registry,
    async scrape() {
      // Process metrics (CPU, memory, event loop lag, GC) from the first scrape on: no sampling before anyone asks.
      if (!defaults) {
        defaults = true;
        collectDefaultMetrics({ register: registry });
      }
      await Promise.all([refreshOutbox(), refreshNotifyLag()]);
      return registry.metrics();
    },
    observeRequest(method, route, statusCode, seconds) {
      const statusClass = STATUS_CLASSES[Math.floor(statusCode / 100)] ?? "other";
      const key = `${method} ${route} ${statusClass}`;
      let child = httpChildren.get(key);
      if (!child) {
        child = http.labels(method, route ?? "unmatched", statusClass);
        httpChildren.set(key, child);
      }
      child.observe(seconds);
    },
    rateLimitRefused(key) {
      const end = key.indexOf(":");
      const name = end > 0 ? key.slice(0, end) : "";
      refusals.inc({ limit: LIMIT_NAME.test(name) ? name : "other" });
    },
    countStreams(count) {
      streams = count;
    },
    async close() {
      for (const resolve of arrivals.values()) resolve();
      const unlisten = await subscribed?.catch(() => null);
      subscribed = null;
      await unlisten?.().catch(() => {});
    },
  };
}
