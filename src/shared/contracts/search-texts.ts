/**
 * The search domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./search.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN } from "../limits";
import { type Keyed, keyed } from "../texts";

/** The staff's search (decision 019). */
export const SEARCH_DESCRIPTORS = {
  tooShort: /*i18n*/ {
    id: "search.too_short",
    message: "Enter at least {min} characters to search",
    values: { min: SEARCH_QUERY_MIN },
  },
  tooLong: /*i18n*/ {
    id: "search.too_long",
    message: "Search is limited to {max} characters",
    values: { max: SEARCH_QUERY_MAX },
  },
  badPage: /*i18n*/ {
    id: "search.bad_page",
    message: "Page must be a number from 1 to {max}",
    values: { max: SEARCH_PAGE_MAX },
  },
} satisfies Record<string, Keyed>;
export const SEARCH_TEXTS = keyed(SEARCH_DESCRIPTORS);
