/**
 * The event fan-out through NATS JetStream (`NATS_URL`, decision 043), for an installation whose fan-out has
 * outgrown one PostgreSQL. A change still writes its events to the `event_log` table in its transaction (nothing
 * is announced that did not commit); each instance relays the rows it hears of, in log order, to the JetStream
 * stream, with the row's id as the message id, so a row relayed by several instances is stored once. The
 * stream's sequence is then the log every instance delivers from: it is the SSE `id:`, and a reopened stream
 * resumes after it. The stream keeps messages for the retention window.
 */
import type { ConsumerMessages, JetStreamClient, JetStreamManager, NatsConnection } from "nats";
import type { DatabaseHandle } from "../db";
import { type AppEvent, EVENTS_CHANNEL } from "./events";
import {
  batchOf,
  EVENT_LOG_RETENTION_MS,
  type EventFanout,
  type LoggedEvents,
  logHead,
  pruneLog,
  RecentBatches,
  readLog,
} from "./fanout";

export const NATS_STREAM = "MAISON_EVENTS";
export const NATS_SUBJECT = "maison.events";
const nanos = (ms: number) => ms * 1_000_000;

export interface NatsFanoutOptions {
  url: string;
  /** The JetStream stream and its subject (tests use their own). */
  stream?: string;
  subject?: string;
  /** Batches kept in memory to resume recent streams. */
  recent?: number;
}

export function natsFanout(database: DatabaseHandle, options: NatsFanoutOptions): EventFanout {
  const stream = options.stream ?? NATS_STREAM;
  const subject = options.subject ?? NATS_SUBJECT;
  let nc: NatsConnection | null = null;
  let js: JetStreamClient;
  let jsm: JetStreamManager;
  let head = 0;
  const recent = new RecentBatches(0, options.recent);
  let messages: ConsumerMessages | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let stopReconnect: (() => void) | null = null;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();

  // The relay: the log's rows, published in order, one at a time (a row is stored once, whoever relays it).
  let relayed = 0;
  let relaying: Promise<void> = Promise.resolve();
  const relay = (batch: LoggedEvents) => {
    relaying = relaying.then(async () => {
      if (batch.id <= relayed) return;
      for (let attempt = 0; ; attempt++) {
        try {
          await js.publish(subject, encoder.encode(JSON.stringify(batch.events)), { msgID: `log-${batch.id}` });
          relayed = batch.id;
          return;
        } catch (error) {
          if (!nc || nc.isClosed() || attempt > 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 1_000)));
        }
      }
    });
    relaying = relaying.catch(() => {});
  };
  /** After the LISTEN connection was lost: the rows committed meanwhile, relayed in order. */
  const relayMissed = async () => {
    const missed = await readLog(database.db, relayed, Number.MAX_SAFE_INTEGER).catch(() => null);
    for (const batch of missed ?? []) relay(batch);
  };

  const toBatch = (seq: number, data: Uint8Array): LoggedEvents => ({
    id: seq,
    events: JSON.parse(decoder.decode(data)) as AppEvent[],
  });

  return {
    async start(deliver) {
      // Loaded only in this mode: an installation without NATS_URL never reads the client.
      const { connect } = await import("nats");
      nc = await connect({ servers: options.url, name: "maison", maxReconnectAttempts: -1 });
      jsm = await nc.jetstreamManager();
      js = nc.jetstream();
      const config = {
        name: stream,
        subjects: [subject],
        max_age: nanos(EVENT_LOG_RETENTION_MS),
        duplicate_window: nanos(2 * 60_000),
      };
      const info = await jsm.streams.info(stream).catch(() => null);
      const state = info ? (await jsm.streams.update(stream, config)).state : (await jsm.streams.add(config)).state;
      head = state.last_seq;
      recent.reset(head);

      relayed = await logHead(database.db);
      unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
        const batch = batchOf(payload);
        if (batch) relay(batch);
      });
      stopReconnect = database.onReconnect(() => void relayMissed());

      // Every message after the head, in sequence order; an ordered consumer recreates itself after a loss,
      // from the last sequence it delivered.
      const consumer = await js.consumers.get(stream, {
        filterSubjects: [subject],
        deliver_policy: "by_start_sequence" as never,
        opt_start_seq: head + 1,
      });
      messages = await consumer.consume();
      void (async () => {
        for await (const message of messages as ConsumerMessages) {
          if (message.seq <= head) continue;
          let batch: LoggedEvents;
          try {
            batch = toBatch(message.seq, message.data);
          } catch {
            continue;
          }
          head = batch.id;
          recent.push(batch);
          deliver(batch);
        }
      })();
    },
    head: () => head,
    since(after) {
      if (after === head) return [];
      const held = recent.after(after);
      if (held) return held;
      return (async () => {
        const { state } = await jsm.streams.info(stream);
        if (after + 1 < state.first_seq || after > head) return null;
        const found: LoggedEvents[] = [];
        for (let seq = after + 1; seq <= head; seq++) {
          const stored = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
          if (stored) found.push(toBatch(stored.seq, stored.data));
        }
        return found;
      })();
    },
    // JetStream drops what is older than its max_age; the table of the writing transactions is pruned here.
    prune: (olderThan) => pruneLog(database.db, olderThan),
    async stop() {
      stopReconnect?.();
      await unlisten?.();
      await relaying;
      messages?.stop();
      await nc?.drain().catch(() => {});
    },
  };
}
