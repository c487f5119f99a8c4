/**
 * Opens the database: embedded PGlite under DATA_DIR by default, a PostgreSQL server through `pg` when
 * DATABASE_URL is set. Both give the same Drizzle API, the same migrations and LISTEN/NOTIFY.
 */
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { markPhase } from "../ops/startup-phases";
import { acquireDataDirLock } from "./lock";
import * as schema from "./schema";

export { schema };
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A query runner: the database itself or an open transaction. */
export type Queryable = Database | Transaction;

/** Runs a raw statement and gives its rows, whichever the driver. */
export async function rowsOf<T>(db: Queryable, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The committed migrations: the project's migrations/ folder, found upward from this module (src or dist). */
export const MIGRATIONS_DIR = findUp(path.dirname(fileURLToPath(import.meta.url)), "migrations/meta/_journal.json");

function findUp(from: string, target: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, target))) return path.join(dir, target.split("/")[0]);
    if (path.dirname(dir) === dir) return path.resolve("migrations");
  }
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Calls handler with the payload of every NOTIFY on channel; resolves to an unsubscribe function. */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Calls handler each time the LISTEN connection came back after a loss (notifications may have been missed);
   * returns what unsubscribes. Never called on PGlite (in-process, nothing to lose).
   */
  onReconnect(handler: () => void): () => void;
  /**
   * Whether every LISTEN of this instance is in place now: on a server, the dedicated connection is up (false
   * from its loss until it has reconnected and listens again); always true on PGlite (in-process).
   */
  listening(): boolean;
  /** The connection pool now (PGlite: its one in-process connection; it has no pool or queue to report). */
  poolStats(): PoolStats;
  /** Applies the committed SQL migrations; on a server, under an advisory lock so instances do not race. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open now (in use or idle). */
  total: number;
  /** Open and idle (a server's pool only). */
  idle?: number;
  /** Queries waiting for a connection (a server's pool only). */
  waiting?: number;
}

export type DatabaseOptions =
  | { kind: "pglite"; dataDir?: string; client?: PGlite }
  | { kind: "postgres"; url: string; max?: number };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === "pglite" ? openPglite(options) : openPostgres(options.url, options.max);
}

/** The extensions the migrations create (pg_trgm: the admin's text search), which PGlite loads on demand. */
export async function pgliteExtensions() {
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  return { pg_trgm };
}

/**
 * PGlite's shared buffers on a data directory (decision 044). PostgreSQL zeroes them at every start, and
 * initdb's 128MB was 40 % of a restart's processor time (PGlite's open: 1.0 s of CPU, 0.6 s at 16MB); pages
 * beyond them are read from the files, which the system's cache keeps. Set with ALTER SYSTEM (the data
 * directory's postgresql.auto.conf), so it applies from the next start on.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

async function keepSharedBuffersSmall(client: PGlite) {
  const { rows } = await client.query<{ shared_buffers: string }>("show shared_buffers");
  if (rows[0]?.shared_buffers !== PGLITE_SHARED_BUFFERS) {
    await client.exec(`alter system set shared_buffers = '${PGLITE_SHARED_BUFFERS}'`);
  }
}

async function openPglite(options: { dataDir?: string; client?: PGlite }): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  markPhase("pglite modules");
  let releaseLock = () => {};
  let client = options.client;
  if (!client) {
    if (options.dataDir) {
      securePrivateDir(options.dataDir);
      releaseLock = acquireDataDirLock(options.dataDir);
    }
    try {
      client = new PGlite({
        dataDir: options.dataDir ? path.join(options.dataDir, "pgdata") : undefined,
        extensions: await pgliteExtensions(),
      });
      await client.waitReady;
      markPhase("pglite open");
      if (options.dataDir) {
        securePrivateDir(path.join(options.dataDir, "pgdata"));
        await keepSharedBuffersSmall(client);
      }
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzle({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    listen: (channel, handler) => pglite.listen(channel, handler),
    onReconnect: () => () => {},
    listening: () => true,
    poolStats: () => ({ max: 1, total: 1 }),
    async migrate() {
      const { migrate: run } = await import("drizzle-orm/pglite/migrator");
      await run(drizzle({ client: pglite }), { migrationsFolder: MIGRATIONS_DIR });
    },
    async close() {
      await pglite.close();
      releaseLock();
    },
  };
}

/**
 * The longest wait between two attempts to get the LISTEN connection back: events are not delivered until it
 * is, and an attempt against a server that is down costs one refused connection, so the database's return is
 * noticed within a second (bench:faults, decision 027).
 */
export const LISTEN_RETRY_MAX_MS = 1_000;

async function openPostgres(url: string, max = 10): Promise<DatabaseHandle> {
  const pg = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  // Nor may a checked-out one: the pool listens for errors on idle clients only, and a client inside a
  // transaction, between two statements, whose server goes away (a restart terminates every session) would
  // emit an unhandled 'error' and end the process. Its next statement fails instead (the request answers 503),
  // and the pool drops it when it is released.
  pool.on("connect", (client) => client.on("error", () => {}));
  await pool.query("select 1");
  const db = drizzle({ client: pool, schema }) as unknown as Database;

  // One dedicated connection carries every LISTEN of this instance. When it drops (a database restart, a
  // terminated backend), it reconnects with back-off (200 ms, doubling, at most LISTEN_RETRY_MAX_MS), listens
  // again, and tells the `onReconnect` subscribers that notifications may have been lost in between.
  let listener: InstanceType<typeof pg.Client> | null = null;
  let connecting: Promise<InstanceType<typeof pg.Client>> | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  const listenAll = (client: InstanceType<typeof pg.Client>) =>
    Promise.all([...handlers.keys()].map((channel) => client.query(`LISTEN "${channel.replace(/"/g, "")}"`)));

  async function connectListener(): Promise<InstanceType<typeof pg.Client>> {
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (n) => {
      for (const handler of handlers.get(n.channel) ?? []) handler(n.payload ?? "");
    });
    const lost = () => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners("notification");
      void client.end().catch(() => {});
      scheduleReconnect(200);
    };
    client.on("error", lost);
    client.on("end", lost);
    await client.connect();
    await listenAll(client);
    listener = client;
    return client;
  }

  function scheduleReconnect(delay: number) {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(async () => {
      retryTimer = null;
      try {
        await listenerClient();
        for (const handler of reconnectHandlers) handler();
      } catch {
        scheduleReconnect(Math.min(delay * 2, LISTEN_RETRY_MAX_MS));
      }
    }, delay);
    retryTimer.unref();
  }

  async function listenerClient() {
    if (listener) return listener;
    connecting ??= connectListener().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    db,
    kind: "postgres",
    async listen(channel, handler) {
      let set = handlers.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
      }
      set.add(handler);
      const unsubscribe = async () => {
        set.delete(handler);
      };
      // Lost and reconnecting: the reconnection listens on every channel (a second connection here would
      // deliver every notification twice).
      if (!listener && retryTimer) return unsubscribe;
      const client = await listenerClient();
      if (isNew) await client.query(`LISTEN "${channel.replace(/"/g, "")}"`);
      return unsubscribe;
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    listening: () => handlers.size === 0 || listener !== null,
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async migrate() {
      const { migrate: run } = await import("drizzle-orm/node-postgres/migrator");
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(7318001)");
        await run(drizzle({ client }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query("select pg_advisory_unlock(7318001)").catch(() => {});
        client.release();
      }
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * Creates a directory only its owner may read (0700), and tightens one that already exists: the database
 * files, the session secret and uploads live under DATA_DIR.
 */
export function securePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Applies the committed SQL migrations (idempotent). */
export function migrate(handle: DatabaseHandle): Promise<void> {
  return handle.migrate();
}
