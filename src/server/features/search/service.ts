/**
 * Search across conversations (issue 22, item 4): the text of request threads, the concierge chat and sales
 * inquiries, ranked by PostgreSQL's full-text search (GIN indexes, db/search.ts). Each domain gives its best
 * matches through its port (ConversationSearch, `port.ts`), as plain values; this domain merges them by rank,
 * pages, and cuts a snippet with ts_headline for the page's rows only. The snippet's matched words are marked
 * with private-use characters, which the text cannot hold (they are removed from it first), and sent as parts:
 * no markup is ever made from a member's text.
 */
import { sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import { SEARCH_PAGE_SIZE, type searchResultsSchema, type snippetPartSchema } from "@/shared/contracts/search";
import type { AppContext } from "../../context";
import { rowsOf } from "../../db";
import { searchQuery } from "../../db/search";
import { byRank } from "../../db/search-hits";

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

export async function searchConversations(
  ctx: SearchContext,
  input: { q: string; page: number },
): Promise<Served<typeof searchResultsSchema>> {
  const offset = (input.page - 1) * SEARCH_PAGE_SIZE;
  // Each domain's best `offset + page size` hits hold the page's: merged, ranked, cut.
  const found = await Promise.all(
    sourcesOf(ctx).map((source) => source.search(ctx.db, input.q, offset + SEARCH_PAGE_SIZE)),
  );
  const total = found.reduce((sum, part) => sum + part.total, 0);
  const page = found
    .flatMap((part) => part.hits)
    .sort(byRank)
    .slice(offset, offset + SEARCH_PAGE_SIZE);
  // The page's snippets and members' names, in one query over its rows' values.
  const extras = page.length
    ? await rowsOf<{ headline: string; member_name: string }>(
        ctx.db,
        sql`
          select ts_headline('english', translate(h->>'body', ${`<${START}${STOP}${LESS_THAN}`}, ${LESS_THAN}),
              ${searchQuery(input.q)}, ${HEADLINE}) as headline,
            coalesce(p.name, u.name, '') as member_name
          from jsonb_array_elements(${JSON.stringify(page.map((hit) => ({ body: hit.body, member: hit.memberId })))}::jsonb)
            with ordinality as hits(h, n)
          left join users u on u.id = h->>'member'
          left join profiles p on p.id = h->>'member'
          order by hits.n`,
      )
    : [];
  return {
    items: page.map((hit, i) => ({
      source: hit.source,
      id: hit.id,
      threadId: hit.threadId,
      title: hit.title,
      member: { id: hit.memberId, name: extras[i].member_name },
      fromStaff: hit.fromStaff,
      note: hit.note,
      createdAt: hit.createdAt,
      snippet: snippetOf(extras[i].headline, hit.body),
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
