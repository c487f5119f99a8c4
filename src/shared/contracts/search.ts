/**
 * Search across conversations (issue 22, item 4): staff search the text of request threads, the concierge chat
 * and sales inquiries. Staff only. A snippet comes as parts, the matched words marked: no markup on the wire.
 */
import { z } from "zod";
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from "../limits";
import { singleLine } from "../schemas";
import { timestamp } from "./common";
import { endpoints } from "./endpoint";
import { SEARCH_TEXTS } from "./search-texts";

export const SEARCH_PAGE_SIZE = 20;
export { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN };

/** Where a message was written. */
export const SEARCH_SOURCES = ["request", "concierge", "sales"] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

export const searchQuerySchema = z.object({
  q: z
    .string(SEARCH_TEXTS.tooShort)
    .pipe(singleLine())
    .pipe(z.string().min(SEARCH_QUERY_MIN, SEARCH_TEXTS.tooShort).max(SEARCH_QUERY_MAX, SEARCH_TEXTS.tooLong)),
  page: z.coerce
    .number(SEARCH_TEXTS.badPage)
    .int(SEARCH_TEXTS.badPage)
    .min(1, SEARCH_TEXTS.badPage)
    .max(SEARCH_PAGE_MAX, SEARCH_TEXTS.badPage)
    .default(1),
});

export const snippetPartSchema = z.object({ text: z.string(), hit: z.boolean() });

export const searchHitSchema = z.object({
  source: z.enum(SEARCH_SOURCES),
  /** The message's id (a sales inquiry's, for its message; with "-reply" for the team's reply). */
  id: z.string(),
  /** The conversation: the request, the concierge member, the inquiry. */
  threadId: z.string(),
  /** The request's title or the inquiry's subject; null for the concierge chat. */
  title: z.string().nullable(),
  member: z.object({ id: z.string(), name: z.string() }),
  /** Written by the team (not the member). */
  fromStaff: z.boolean(),
  /** An internal note: the team's only, never the member's (issue 31 item 8; its id starts "note-"). */
  note: z.boolean(),
  createdAt: timestamp,
  snippet: z.array(snippetPartSchema),
});

export const searchResultsSchema = z.object({
  items: z.array(searchHitSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const searchAdminApi = endpoints({
  /** Messages matching `q`, best first, SEARCH_PAGE_SIZE a page. */
  "GET /admin/search": { access: "staff", query: searchQuerySchema, answer: searchResultsSchema },
});
