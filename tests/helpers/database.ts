/**
 * A fresh, migrated database for one test file: a PGlite loaded from the run's snapshot, or a copy of the
 * run's template database on the PostgreSQL server.
 */
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { expect, inject } from "vitest";
import { type DatabaseHandle, openDatabase, pgliteExtensions, type Transaction } from "../../src/server/db";
import { adminUrl, databaseUrl } from "./postgres";

export const testDriver = (process.env.TEST_DB_DRIVER ?? "pglite") as "pglite" | "postgres";

export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testDriver === "postgres") return createPostgresCopy();
  const { PGlite } = await import("@electric-sql/pglite");
  const snapshot = readFileSync(inject("pgliteSnapshot"));
  const client = new PGlite({ loadDataDir: new Blob([snapshot]), extensions: await pgliteExtensions() });
  await client.waitReady;
  return openDatabase({ kind: "pglite", client });
}

async function createPostgresCopy(): Promise<DatabaseHandle> {
  const base = process.env.TEST_DATABASE_URL as string;
  const pg = (await import("pg")).default;
  const name = `maison_t_${process.ppid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrl(base, name);
  const handle = await openDatabase({ kind: "postgres", url, max: 5 });
  const copy: DatabaseHandle = {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl(base) });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await dropper.end();
    },
  };
  urls.set(copy, url);
  return copy;
}

const urls = new WeakMap<DatabaseHandle, string>();

/** The connection URL of a test database on the PostgreSQL server (for a child process); undefined on PGlite. */
export function connectionUrlOf(database: DatabaseHandle): string | undefined {
  return urls.get(database);
}

/**
 * Another connection to the same database, as a second app instance would have: its own pool on PostgreSQL;
 * on PGlite (one process holds the embedded database) the same database behind a handle of its own.
 */
export async function openSecondHandle(context: { database: DatabaseHandle }): Promise<DatabaseHandle> {
  const url = urls.get(context.database);
  if (url) return openDatabase({ kind: "postgres", url, max: 5 });
  return { ...context.database, close: async () => {} };
}

/**
 * The race of a read that still sees a row and a write that meets its deletion (PostgreSQL only): another
 * connection makes `change` in a transaction it holds open; `action` runs, and once a statement waits on that
 * transaction's locks, the change commits. Resolves to what `action` resolved to.
 */
export async function raceWithOpenChange<T>(
  context: { database: DatabaseHandle },
  change: (tx: Transaction) => Promise<unknown>,
  action: () => Promise<T>,
): Promise<T> {
  const other = await openSecondHandle(context);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let changed = () => {};
  const made = new Promise<void>((resolve) => {
    changed = resolve;
  });
  const changing = other.db.transaction(async (tx) => {
    await change(tx);
    changed();
    await held;
  });
  try {
    // The change is made (uncommitted) before the action starts: else the action could win the race outright
    // and never wait on the change's locks.
    await Promise.race([made, changing]);
    const acting = action();
    // A loaded machine can take a while to get there: wait up to 10 s for the action to block on the lock.
    await expect
      .poll(
        async () => {
          const result = await other.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
              where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return (result as unknown as { rows: Array<{ n: number }> }).rows[0].n;
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    release();
    await changing;
    return await acting;
  } finally {
    // Never leave the change's transaction open (closing would wait for it forever).
    release();
    await changing.catch(() => {});
    await other.close();
  }
}
