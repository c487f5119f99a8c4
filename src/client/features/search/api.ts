/**
 * Search across conversations (issue 22, item 4): the staff's search over request threads, the concierge chat
 * and sales inquiries. Query keys are defined once, in `searchQueries`; types come from
 * src/shared/contracts/search.ts.
 */
import { keepPreviousData } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type { searchAdminApi, searchHitSchema } from "@/shared/contracts/search";

const search = endpointsOf<typeof searchAdminApi>("search");

export type SearchHit = Wire<typeof searchHitSchema>;

export const searchQueries = {
  all: search.all,
  /** One page of the messages matching `q`; the previous page stays shown while the next loads. */
  results: (q: string, page: number) =>
    search.query("GET /admin/search", { query: { q, page } }, { placeholderData: keepPreviousData }),
};

/** A message was written somewhere: results shown may have changed. */
export const searchRealtime = {
  messages: [searchQueries.all],
  concierge: [searchQueries.all],
  sales: [searchQueries.all],
};

/** Where a hit opens: its thread, at the message. */
export function hitLink(hit: SearchHit): string {
  switch (hit.source) {
    case "request":
      return `/admin/requests/${encodeURIComponent(hit.threadId)}#message-${hit.id}`;
    case "concierge":
      return `/admin/inbox?tab=concierge&member=${encodeURIComponent(hit.threadId)}#message-${hit.id}`;
    case "sales":
      return `/admin/inbox?tab=sales#inquiry-${hit.threadId}`;
  }
}
