/**
 * The staff's search across conversations (issue 22, item 4; decision 008): each domain holding conversations
 * gives its best matches with `topMatches`, as plain values, and the search domain merges them (`byRank`).
 */
import type { SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";
import type { SearchSource } from "@/shared/contracts/search";
import { type Queryable, rowsOf } from "./index";
import { searchQuery } from "./search";

/** One matching message, as the staff's search lists it. */
export interface SearchHit {
  source: SearchSource;
  /** Unique among the source's hits. */
  id: string;
  threadId: string;
  title: string | null;
  memberId: string;
  fromStaff: boolean;
  /** An internal note (staff only, decision 021): found by the staff's search too (issue 31 item 8). */
  note: boolean;
  body: string;
  createdAt: Date;
  /** How well it matches (search.ts's searchRank): higher first. */
  rank: number;
}

/** The order of hits: best rank, then newest, then id (as `topMatches` orders them in SQL). */
export const byRank = (a: SearchHit, b: SearchHit) =>
  b.rank - a.rank || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The `first` best rows of `matches` and how many it has, in one query. `matches` is a SELECT (or a UNION ALL of
 * SELECTs) with exactly these columns in this order: source (text, a SearchSource), id (text), thread_id
 * (text), title (text or null), member_id (text), from_staff (boolean), body (text), created_at (timestamptz),
 * rank (real: search.ts's searchRank), and optionally last `note` (boolean: an internal note); its WHERE uses the GIN-indexed `searchVector` expression (search.ts). Each domain holding
 * conversations runs it on its own messages.
 */
export async function topMatches(
  db: Queryable,
  matches: SQL,
  first: number,
): Promise<{ hits: SearchHit[]; total: number }> {
  const rows = await rowsOf<{
    source: SearchSource;
    id: string;
    thread_id: string;
    title: string | null;
    member_id: string;
    from_staff: boolean;
    body: string;
    created_at: string | Date;
    rank: string | number;
    note?: boolean | null;
    total: string | number;
  }>(
    db,
    sql`select hits.*, count(*) over () as total from (${matches}) hits
      order by hits.rank desc, hits.created_at desc, hits.id limit ${first}`,
  );
  return {
    hits: rows.map((row) => ({
      source: row.source,
      id: row.id,
      threadId: row.thread_id,
      title: row.title,
      memberId: row.member_id,
      fromStaff: Boolean(row.from_staff),
      note: Boolean(row.note),
      body: row.body,
      createdAt: new Date(row.created_at),
      rank: Number(row.rank),
    })),
    total: rows.length ? Number(rows[0].total) : 0,
  };
}

/**
 * A domain's conversation search (the search domain's ConversationSearch): `matches` (as `topMatches` reads it)
 * for what a person typed, read as search.ts's searchQuery.
 */
export const searchWith = (matches: (query: SQL) => SQL) => ({
  search: (db: Queryable, typed: string, first: number) => topMatches(db, matches(searchQuery(typed)), first),
});
