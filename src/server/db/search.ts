/**
 * Full-text search over conversations (issue 22, item 4). One text search configuration for every indexed
 * expression and every query, so a query's `searchVector(...)` is the expression its GIN index was built on
 * (schema.ts) and the planner uses the index. 'english' stems ("watches" finds "watch"); names and Portuguese
 * words are kept as they are written. PGlite has the same configuration.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** The document of a text: the indexed expression. */
export const searchVector = (text: SQLWrapper): SQL => sql`to_tsvector('english', ${text})`;

/** What a person typed, as a query: quoted phrases, `or`, `-word`, never a syntax error. */
export const searchQuery = (typed: string): SQL => sql`websearch_to_tsquery('english', ${typed})`;

/** How well a document matches, for ordering (cover density, scaled into 0..1). */
export const searchRank = (text: SQLWrapper, query: SQL): SQL<number> =>
  sql<number>`ts_rank_cd(${searchVector(text)}, ${query}, 32)`;
