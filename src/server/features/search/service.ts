/**
 * Search across conversations (issue 22, item 4): the text of request threads, the concierge chat and sales
 * inquiries, in one query ranked by PostgreSQL's full-text search (GIN indexes, db/search.ts). Each domain gives
 * its part through its port (ConversationSearch); this domain unions them, ranks, pages, and cuts a snippet with
 * ts_headline for the page's rows only. The snippet's matched words are marked with private-use characters,
 * which the text cannot hold (they are removed from it first), and sent as parts: no markup is ever made from
 * a member's text.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import {
  SEARCH_PAGE_SIZE,
  type SearchSource,
  type searchResultsSchema,
  type snippetPartSchema,
} from "@/shared/contracts/search";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db";
import { searchQuery } from "../../db/search";

type SearchContext = Pick<AppContext, "db" | "domains">;
type SnippetPart = Served<typeof snippetPartSchema>;

const START = "\uE000";
const STOP = "\uE001";
/**
 * ts_headline's parser reads "<…>" as markup and drops it: "<" stands in as this character while it cuts, and
 * comes back after.
 */
const LESS_THAN = "\uE002";
const HEADLINE = `StartSel=${START}, StopSel=${STOP}, MaxWords=32, MinWords=14, ShortWord=2`;

/** Every kind of conversation staff search, each from its domain (internal notes would join here). */
const sourcesOf = (ctx: SearchContext) => [
  ctx.domains.requests.search,
  ctx.domains.concierge.search,
  ctx.domains.sales.search,
];

/** The matching messages of every kind, as one relation. */
const allMatches = (ctx: SearchContext, query: SQL) =>
  sql.join(
    sourcesOf(ctx).map((source) => sql`(${source.matches(query)})`),
    sql` union all `,
  );

interface Row {
  source: SearchSource;
  id: string;
  thread_id: string;
  title: string | null;
  member_id: string;
  member_name: string;
  from_staff: boolean;
  body: string;
  created_at: string | Date;
  headline: string;
  total: string | number;
}

export async function searchConversations(
  ctx: SearchContext,
  input: { q: string; page: number },
): Promise<Served<typeof searchResultsSchema>> {
  const query = searchQuery(input.q);
  const offset = (input.page - 1) * SEARCH_PAGE_SIZE;
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`
      select found.*,
        ts_headline('english', translate(found.body, ${`<${START}${STOP}${LESS_THAN}`}, ${LESS_THAN}), ${query},
          ${HEADLINE}) as headline,
        coalesce(p.name, u.name, '') as member_name
      from (
        select hits.*, count(*) over () as total
        from (${allMatches(ctx, query)}) hits
        order by hits.rank desc, hits.created_at desc, hits.id
        limit ${SEARCH_PAGE_SIZE} offset ${offset}
      ) found
      left join users u on u.id = found.member_id
      left join profiles p on p.id = found.member_id
      order by found.rank desc, found.created_at desc, found.id`,
  );
  // A page past the end has no row to carry the total: it is counted alone.
  const total = rows.length
    ? Number(rows[0].total)
    : input.page === 1
      ? 0
      : Number(
          (await rowsOf<{ n: string }>(ctx.db, sql`select count(*) as n from (${allMatches(ctx, query)}) hits`))[0].n,
        );
  return {
    items: rows.map((row) => ({
      source: row.source,
      id: row.id,
      threadId: row.thread_id,
      title: row.title,
      member: { id: row.member_id, name: row.member_name },
      fromStaff: row.from_staff,
      createdAt: new Date(row.created_at),
      snippet: snippetOf(row.headline, row.body),
    })),
    total,
    page: input.page,
    pageSize: SEARCH_PAGE_SIZE,
  };
}
/** The headline as parts, the matched words marked; an ellipsis where it cuts the text short. */
export function snippetOf(headline: string, body: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const text = headline.replaceAll(LESS_THAN, "<");
  let hit = false;
  let current = "";
  const push = () => {
    if (current) parts.push({ text: current, hit });
    current = "";
  };
  for (const char of text) {
    if (char === START || char === STOP) {
      push();
      hit = char === START;
    } else current += char;
  }
  push();
  const plain = parts.map((part) => part.text).join("");
  const clean = body.replace(/[\uE000-\uE002]/g, "").trim();
  const at = clean.indexOf(plain.trim());
  if (plain.trim() && at > 0) parts.unshift({ text: "… ", hit: false });
  if (plain.trim() && at >= 0 && at + plain.trim().length < clean.length) parts.push({ text: " …", hit: false });
  return parts;
}
