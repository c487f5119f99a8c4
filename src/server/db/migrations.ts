/**
 * Whether the committed migrations are applied: every entry of migrations/meta/_journal.json is a row of
 * Drizzle's migrations table (its `created_at` is the entry's `when`, which is how Drizzle's migrator itself
 * decides what has run). Read by the readiness check (`GET /api/ready`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR, type Queryable, rowsOf } from "./index";

let committed: number[] | null = null;

/** The committed migrations' timestamps (read once: the journal ships with the code). */
export function committedMigrations(): number[] {
  committed ??= (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ when: number }>;
    }
  ).entries.map((entry) => entry.when);
  return committed;
}

/** SQLSTATEs saying Drizzle's migrations table (or its schema) does not exist: nothing was ever migrated. */
const NO_MIGRATIONS_TABLE = new Set(["42P01", "3F000"]);

/**
 * How many committed migrations the database lacks (all of them when it was never migrated). One small query;
 * any other failure (the database cannot be reached) is thrown.
 */
export async function unappliedMigrations(db: Queryable): Promise<number> {
  let rows: Array<{ created_at: string | number }>;
  try {
    rows = await rowsOf(db, sql`select created_at from drizzle.__drizzle_migrations`);
  } catch (error) {
    const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (typeof code === "string" && NO_MIGRATIONS_TABLE.has(code)) return committedMigrations().length;
    throw error;
  }
  const applied = new Set(rows.map((row) => Number(row.created_at)));
  return committedMigrations().filter((when) => !applied.has(when)).length;
}
