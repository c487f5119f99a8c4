/**
 * The event fan-out port (decision 043): how an instance learns of every committed change's events, in one
 * order shared by every instance, and reads back the ones a reconnecting stream missed. The id of a batch is
 * the stream's SSE `id:`. Two implementations: PostgreSQL (this file: the `event_log` table written in the
 * writing transaction, LISTEN/NOTIFY to wake instances) and NATS JetStream (decision 043).
 */
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db";
import { rowsOf } from "../db";
import { type AppEvent, EVENTS_CHANNEL } from "./events";

/** One committed transaction's events and their position in the log. */
export interface LoggedEvents {
  id: number;
  events: AppEvent[];
}

export interface EventFanout {
  /**
   * Starts delivering: `deliver` gets every batch after the current head, once each, in log order (after a lost
   * connection, the missed ones are read back first); `lost` is called when that was impossible (the log was
   * pruned past the last batch delivered), so every stream must refetch.
   */
  start(deliver: (batch: LoggedEvents) => void, lost: () => void): Promise<void>;
  /** The id of the last batch delivered. */
  head(): number;
  /**
   * The batches after `after` up to the head, in order; `null` when `after` is not in the log (pruned, or never
   * was), so the caller cannot know what was missed.
   */
  since(after: number): Promise<LoggedEvents[] | null> | LoggedEvents[] | null;
  /** Removes what is older than the retention window (kept: the newest batch). */
  prune(olderThan: Date): Promise<void>;
  stop(): Promise<void>;
}

/** How long a stream can be away and still resume (decision 043). */
export const EVENT_LOG_RETENTION_MS = 10 * 60_000;
/** Batches kept in memory to resume recent streams without reading the database. */
export const RECENT_BATCHES = 4_096;

/** The events of one notification: `{ id, events }` where events is one event or a transaction's batch. */
export function batchOf(payload: string): LoggedEvents | null {
  try {
    const parsed = JSON.parse(payload) as { id: number; events: AppEvent | AppEvent[] };
    if (typeof parsed.id !== "number") return null;
    return { id: parsed.id, events: Array.isArray(parsed.events) ? parsed.events : [parsed.events] };
  } catch {
    return null;
  }
}

/**
 * The recent batches this instance delivered, contiguous: every batch with an id above `floor` is held. A stream
 * resuming from `floor` or later is served from memory.
 */
export class RecentBatches {
  private batches: LoggedEvents[] = [];
  private start = 0;
  floor: number;
  constructor(
    head: number,
    private readonly max = RECENT_BATCHES,
  ) {
    this.floor = head;
  }
  push(batch: LoggedEvents) {
    this.batches.push(batch);
    if (this.batches.length - this.start > this.max) {
      this.floor = this.batches[this.start].id;
      this.start += 1;
      if (this.start > this.max) {
        this.batches = this.batches.slice(this.start);
        this.start = 0;
      }
    }
  }
  /** Batches after `after`, or null when some of them are no longer held. */
  after(after: number): LoggedEvents[] | null {
    if (after < this.floor) return null;
    const found: LoggedEvents[] = [];
    for (let i = this.batches.length - 1; i >= this.start && this.batches[i].id > after; i--) {
      found.push(this.batches[i]);
    }
    return found.reverse();
  }
  reset(head: number) {
    this.batches = [];
    this.start = 0;
    this.floor = head;
  }
}

/** The newest id in the log. */
export async function logHead(db: DatabaseHandle["db"]): Promise<number> {
  const [row] = await rowsOf<{ id: string | number | null }>(db, sql`select max(id) as id from event_log`);
  return Number(row?.id ?? 0);
}

/** Rows after `after` up to `upTo`, or null when `after` is no longer (or never was) in the log. */
export async function readLog(db: DatabaseHandle["db"], after: number, upTo: number): Promise<LoggedEvents[] | null> {
  const rows = await rowsOf<{ id: string | number; events: AppEvent[] | string }>(
    db,
    sql`select id, events from event_log where id >= ${after} and id <= ${upTo} order by id`,
  );
  if (!rows.length || Number(rows[0].id) !== after) return null;
  return rows.slice(1).map((row) => ({
    id: Number(row.id),
    events: typeof row.events === "string" ? (JSON.parse(row.events) as AppEvent[]) : row.events,
  }));
}

/** Deletes the rows older than `olderThan`, as a prefix of the log (ids in order), keeping the newest row. */
export async function pruneLog(db: DatabaseHandle["db"], olderThan: Date): Promise<void> {
  await db.execute(sql`delete from event_log where id < coalesce(
    (select min(id) from event_log where at >= ${olderThan.toISOString()}::timestamptz),
    (select max(id) from event_log))`);
}

/**
 * PostgreSQL: LISTEN on the events channel; each notification is one committed log row, and notifications
 * arrive in commit order, which the log's lock makes id order. After the LISTEN connection was lost, the rows
 * committed meanwhile are read from the log and delivered before the notifications that queued up.
 */
export function postgresFanout(database: DatabaseHandle, options: { recent?: number } = {}): EventFanout {
  let head = 0;
  let deliver: (batch: LoggedEvents) => void = () => {};
  let lost: () => void = () => {};
  /** While catching up (at start, after a lost connection): notifications wait here. */
  let waiting: LoggedEvents[] | null = [];
  const recent = new RecentBatches(0, options.recent);
  let unlisten: (() => Promise<void>) | null = null;
  let stopReconnect: (() => void) | null = null;
  let stopped = false;

  const take = (batch: LoggedEvents) => {
    if (batch.id <= head) return;
    head = batch.id;
    recent.push(batch);
    deliver(batch);
  };
  const onNotification = (payload: string) => {
    const batch = batchOf(payload);
    if (!batch) return;
    if (waiting) waiting.push(batch);
    else take(batch);
  };

  async function catchUp() {
    waiting ??= [];
    for (let attempt = 0; !stopped; attempt++) {
      try {
        const missed = await readLog(database.db, head, Number.MAX_SAFE_INTEGER);
        if (missed === null) {
          // The last row delivered was pruned (away longer than the retention): start again from the newest.
          const newest = await logHead(database.db);
          head = newest;
          recent.reset(newest);
          lost();
        } else {
          for (const batch of missed) take(batch);
        }
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(200 * 2 ** attempt, 1_000)));
      }
    }
    const queued = waiting ?? [];
    waiting = null;
    for (const batch of queued) take(batch);
  }

  return {
    async start(onBatch, onLost) {
      deliver = onBatch;
      lost = onLost;
      unlisten = await database.listen(EVENTS_CHANNEL, onNotification);
      stopReconnect = database.onReconnect(() => void catchUp());
      head = await logHead(database.db);
      recent.reset(head);
      const queued = waiting ?? [];
      waiting = null;
      for (const batch of queued) take(batch);
    },
    head: () => head,
    since(after) {
      if (after === head) return [];
      const held = recent.after(after);
      if (held) return held;
      return readLog(database.db, after, head);
    },
    prune: (olderThan) => pruneLog(database.db, olderThan),
    async stop() {
      stopped = true;
      stopReconnect?.();
      await unlisten?.();
    },
  };
}
