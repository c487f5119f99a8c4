/**
 * One transaction on one connection, the same on both drivers, with what a backup needs beyond Drizzle: COPY of
 * a table's rows to a stream and from a file. A PostgreSQL server streams COPY through `pg-copy-streams`;
 * PGlite copies to and from an in-memory blob ('/dev/blob'), which is all it offers.
 */
import { createReadStream, openAsBlob } from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite, Transaction as PGliteTransaction } from "@electric-sql/pglite";
import type { Pool, PoolClient } from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import type { DatabaseHandle } from "../db";

export interface Session {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (a migration). */
  exec(text: string): Promise<void>;
  /** The rows of `table` in COPY's text format, written to `into`. */
  copyOut(table: string, columns: string[], into: Writable): Promise<void>;
  /** Loads `file` (COPY's text format) into `table`; resolves to the number of rows loaded. */
  copyIn(table: string, columns: string[], file: string): Promise<number>;
}

/**
 * Values are written and read in one spelling whatever the server's settings: timestamps in UTC and ISO, floats
 * exact. (COPY's text format is otherwise the same on PGlite and every supported PostgreSQL.)
 */
const PORTABLE_SETTINGS = [
  "SET LOCAL TimeZone TO 'UTC'",
  "SET LOCAL DateStyle TO 'ISO, YMD'",
  "SET LOCAL IntervalStyle TO 'postgres'",
  "SET LOCAL extra_float_digits TO 3",
  "SET LOCAL client_encoding TO 'UTF8'",
];

/** `"public"."table" ("a", "b")` */
export function quoted(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function target(table: string, columns: string[]) {
  return `public.${quoted(table)} (${columns.map(quoted).join(", ")})`;
}

/**
 * Runs `work` in one transaction: `snapshot` is a read-only REPEATABLE READ one (every table read at the same
 * instant while the app keeps writing), otherwise a read-write one. Rolled back when `work` throws.
 */
export async function inTransaction<T>(
  database: DatabaseHandle,
  mode: "snapshot" | "write",
  work: (session: Session) => Promise<T>,
): Promise<T> {
  // Drizzle keeps the driver's own client as `$client`: PGlite itself, or the pg pool.
  const client = (database.db as unknown as { $client: PGlite | Pool }).$client;
  if (database.kind === "pglite") {
    return (client as PGlite).transaction(async (tx) => {
      if (mode === "snapshot") await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      for (const setting of PORTABLE_SETTINGS) await tx.query(setting);
      return work(pgliteSession(tx));
    });
  }
  const connection = await (client as Pool).connect();
  let broken: Error | undefined;
  try {
    await connection.query(mode === "snapshot" ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN");
    for (const setting of PORTABLE_SETTINGS) await connection.query(setting);
    const result = await work(serverSession(connection));
    await connection.query("COMMIT");
    return result;
  } catch (error) {
    await connection.query("ROLLBACK").catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    connection.release(broken);
  }
}

function pgliteSession(tx: PGliteTransaction): Session {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await tx.query<T>(text, params)).rows;
    },
    async exec(text) {
      await tx.exec(text);
    },
    async copyOut(table, columns, into) {
      const { blob } = await tx.query(`COPY ${target(table, columns)} TO '/dev/blob'`);
      // An empty table gives no blob at all.
      const data = blob
        ? Readable.fromWeb(blob.stream() as import("node:stream/web").ReadableStream)
        : Readable.from([]);
      await pipeline(data, into);
    },
    async copyIn(table, columns, file) {
      const result = await tx.query(`COPY ${target(table, columns)} FROM '/dev/blob'`, [], {
        blob: await openAsBlob(file),
      });
      return result.affectedRows ?? 0;
    },
  };
}

function serverSession(connection: PoolClient): Session {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return (await connection.query(text, params)).rows as T[];
    },
    async exec(text) {
      await connection.query(text);
    },
    async copyOut(table, columns, into) {
      await pipeline(connection.query(copyTo(`COPY ${target(table, columns)} TO STDOUT`)), into);
    },
    async copyIn(table, columns, file) {
      const sink = connection.query(copyFrom(`COPY ${target(table, columns)} FROM STDIN`));
      await pipeline(createReadStream(file), sink);
      return sink.rowCount;
    },
  };
}
