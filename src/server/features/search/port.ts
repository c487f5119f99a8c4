/**
 * What the search domain asks of each domain holding conversations (issue 22, item 4; decision 008): the
 * interface only, answered by requests, concierge and sales in their `make-port.ts`. A new kind (internal notes,
 * say) is one more domain giving its part.
 */
import type { Queryable } from "../../db";
import type { SearchHit } from "../../db/search-hits";

export interface ConversationSearch {
  /**
   * The `first` best of the domain's messages matching what a person typed (`typed`, read as db/search.ts's
   * searchQuery), ordered by rank, then newest, then id (db/search-hits.ts's `topMatches`); and how many match.
   */
  search(db: Queryable, typed: string, first: number): Promise<{ hits: SearchHit[]; total: number }>;
}
