/**
 * What a backup and a restore read from PostgreSQL's catalog, and the migrations applied inside a restore's
 * transaction. Everything here takes a Session (session.ts), so it runs in the caller's one transaction.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_DIR } from "../db";
import { quoted, type Session } from "./session";

export interface Migration {
  tag: string;
  /** drizzle's journal `when`: what `__drizzle_migrations.created_at` records, and how drizzle orders them. */
  when: number;
  hash: string;
  statements: string[];
}

/** The committed migrations this code knows, oldest first (as drizzle's migrator reads them). */
export function codeMigrations(folder = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return readMigrationFiles({ migrationsFolder: folder }).map((migration, i) => ({
    tag: journal.entries[i].tag,
    when: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql.filter((statement) => statement.trim() !== ""),
  }));
}

const MIGRATIONS_TABLE = "drizzle.__drizzle_migrations";

/** The migrations the database has applied, oldest first; null when it has never been migrated. */
export async function appliedMigrations(session: Session): Promise<Array<{ when: number; hash: string }> | null> {
  const [{ found }] = await session.query<{ found: string | null }>(
    `select to_regclass('${MIGRATIONS_TABLE}')::text as found`,
  );
  if (!found) return null;
  const rows = await session.query<{ hash: string; when: string }>(
    `select hash, created_at::text as when from ${MIGRATIONS_TABLE} order by created_at, id`,
  );
  return rows.map((row) => ({ hash: row.hash, when: Number(row.when) }));
}

/**
 * Applies `migrations` in the session's transaction, recording each as drizzle's migrator does (same table,
 * same columns), so the server's own `migrate()` at start sees them as applied. Drizzle's migrator cannot be
 * used here: it opens a transaction of its own, and a restore must be one transaction from start to end.
 */
export async function applyMigrations(session: Session, migrations: Migration[]) {
  await session.exec(`CREATE SCHEMA IF NOT EXISTS drizzle;
    CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  for (const migration of migrations) {
    for (const statement of migration.statements) await session.exec(statement);
    await session.query(`insert into ${MIGRATIONS_TABLE} (hash, created_at) values ($1, $2)`, [
      migration.hash,
      migration.when,
    ]);
  }
}

export interface TableShape {
  name: string;
  /** Its columns in order, without generated ones (COPY cannot load those). */
  columns: string[];
}

/** The application's tables: every ordinary table in the public schema, by name. */
export async function publicTables(session: Session): Promise<TableShape[]> {
  return session.query<TableShape>(
    `select c.relname::text as name, json_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname
      order by c.relname`,
  );
}

/**
 * Tables whose rows are not the application's data: the realtime event log (decision 043), which every database
 * starts afresh (its migration writes its first row). A backup leaves it out, and its row is not data a restore
 * would replace.
 */
export const NOT_BACKED_UP = new Set(["event_log"]);

/**
 * Rows a migration ships (decision 051: the saved replies the product comes with), by table, as the condition
 * that finds them while no one has touched them: not data a restore would replace (an install that only started
 * holds them), and cleared before the backup's own rows are loaded (the backup holds them, or their edits).
 */
export const SHIPPED_ROWS: Record<string, string> = {
  saved_replies: "created_by is null and updated_by is null",
};

/** The tables that hold rows, with how many (rows a migration shipped, untouched, not counted). */
export async function rowCounts(session: Session, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const shipped = SHIPPED_ROWS[table];
    const [{ n }] = await session.query<{ n: string }>(
      `select count(*)::text as n from public.${quoted(table)}${shipped ? ` where not (${shipped})` : ""}`,
    );
    if (Number(n) > 0) counts.set(table, Number(n));
  }
  return counts;
}

/** Drops the application's tables and types and the record of its migrations, ready to be migrated afresh. */
export async function dropApplication(session: Session, tables: string[]) {
  if (tables.length) await session.exec(`DROP TABLE ${tables.map((t) => `public.${quoted(t)}`).join(", ")} CASCADE`);
  const types = await session.query<{ name: string }>(
    `select t.typname::text as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype = 'e'`,
  );
  if (types.length) await session.exec(`DROP TYPE ${types.map((t) => `public.${quoted(t.name)}`).join(", ")} CASCADE`);
  // The migrations' own functions (app_notify), not an extension's (pg_trgm's live in public too).
  const functions = await session.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { signature } of functions) await session.exec(`DROP FUNCTION ${signature} CASCADE`);
  await session.exec(`DROP TABLE IF EXISTS ${MIGRATIONS_TABLE}`);
}

/** `tables` ordered so that every table comes after those its foreign keys point to. */
export async function loadOrder(session: Session, tables: string[]): Promise<string[]> {
  const edges = await session.query<{ child: string; parent: string }>(
    `select child.relname::text as child, parent.relname::text as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (!ready.length) throw new Error("The tables' foreign keys form a cycle: they cannot be loaded one by one");
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Moves every sequence owned by an application table's column past the largest value loaded. */
export async function resetSequences(session: Session) {
  const owned = await session.query<{ sequence: string; table_name: string; column_name: string }>(
    `select format('%I.%I', sn.nspname, s.relname) as sequence, t.relname::text as table_name,
            a.attname::text as column_name
       from pg_class s
       join pg_namespace sn on sn.oid = s.relnamespace
       join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass
        and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       join pg_class t on t.oid = d.refobjid
       join pg_namespace tn on tn.oid = t.relnamespace and tn.nspname = 'public'
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where s.relkind = 'S'`,
  );
  for (const { sequence, table_name, column_name } of owned) {
    const column = quoted(column_name);
    await session.query(
      `select setval($1::regclass, coalesce(max(${column}), 1), max(${column}) is not null) from public.${quoted(table_name)}`,
      [sequence],
    );
  }
}
