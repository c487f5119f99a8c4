/**
 * The one prepared-statement mechanism (decision 012): a hot query is built once per runner (the database, or
 * one transaction) with Drizzle's query builder and named placeholders, and prepared under a name with
 * Drizzle's own `.prepare()`. On a PostgreSQL server each pooled connection then parses it once and reuses its
 * plan, where an unnamed statement is parsed and planned on every call; on PGlite the name is ignored
 * (in-process, nothing to save). The values a call gives are typed by the placeholders the query uses.
 */
import { type Placeholder, sql } from "drizzle-orm";
import type { Queryable } from "./index";

/** The typed placeholders of a statement: `p.requestId` stands for the value given as `requestId`. */
export type Placeholders<V> = { readonly [K in keyof V & string]: Placeholder<K> };

export function placeholders<V>(): Placeholders<V> {
  return new Proxy({} as Placeholders<V>, { get: (_, name) => sql.placeholder(String(name)) });
}

interface Preparable<Row> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row> };
}

/**
 * A query prepared once per runner under `name` (unique in the app: a connection keeps one statement per name).
 * `build` makes it from the runner, the typed placeholders and what the caller gives it (`deps`, read only the
 * first time per runner: it must not change); the call gives the values and gets its result.
 */
export function prepared<V extends Record<string, unknown>, Result, D = undefined>(
  name: string,
  build: (db: Queryable, p: Placeholders<V>, deps: D) => Preparable<Result>,
): (db: Queryable, values: V, ...deps: D extends undefined ? [] : [deps: D]) => Promise<Result> {
  const runners = new WeakMap<Queryable, ReturnType<Preparable<Result>["prepare"]>>();
  return (db, values, ...deps) => {
    let query = runners.get(db);
    if (!query) {
      query = build(db, placeholders<V>(), deps[0] as D).prepare(name);
      runners.set(db, query);
    }
    return query.execute(values);
  };
}
