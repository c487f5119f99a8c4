/**
 * A hot statement kept prepared (decision 012). Its text is built once from Drizzle's `sql` with named
 * placeholders, so a call builds no query. On a PostgreSQL server it runs as a named statement: each pooled
 * connection parses it once, and PostgreSQL reuses its plan, where an unnamed statement is parsed and planned on
 * every call. On PGlite the name is ignored (in-process, nothing to save).
 */
import type { SQL } from "drizzle-orm";
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Queryable } from "./index";

/** The rows of a raw statement, from either driver. */
export const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const dialect = new PgDialect();

/**
 * `name` must be unique in the app: a connection keeps one statement per name. Values are given by placeholder
 * name; each runner (the database, or one transaction) prepares it once.
 */
export function preparedStatement<Row = Record<string, unknown>>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  const prepared = new WeakMap<Queryable, PgPreparedQuery<PreparedQueryConfig>>();
  return async (db: Queryable, values: Record<string, unknown>): Promise<Row[]> => {
    let runner = prepared.get(db);
    if (!runner) {
      runner = db._.session.prepareQuery(query, undefined, name, false);
      prepared.set(db, runner);
    }
    return rowsOf<Row>(await runner.execute(values));
  };
}
