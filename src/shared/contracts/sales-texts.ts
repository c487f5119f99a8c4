/**
 * The sales domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./sales.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the sales domain (spec section 8, and its rules). */
export const SALES_ERROR_TEXTS = {
  inquiryNotFound: /*i18n*/ { id: "error.inquiry_not_found", message: "Inquiry not found" },
  inquiryClosed: /*i18n*/ { id: "error.inquiry_closed", message: "This inquiry is already closed." },
} satisfies Record<string, Keyed>;
export const SALES_ERRORS = keyed(SALES_ERROR_TEXTS);
