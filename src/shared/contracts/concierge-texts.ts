/**
 * The concierge domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./concierge.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the concierge domain (spec section 8, and its rules). */
export const CONCIERGE_ERROR_TEXTS = {
  conciergePlanRequired: /*i18n*/ {
    id: "error.concierge_plan_required",
    message: "The Executive Concierge is available to Gold and Black members.",
  },
  memberNotFound: /*i18n*/ { id: "error.member_not_found", message: "This member was not found." },
} satisfies Record<string, Keyed>;
export const CONCIERGE_ERRORS = keyed(CONCIERGE_ERROR_TEXTS);

/** What the server answers when something went well in the concierge domain, shown as it is. */
export const CONCIERGE_NOTICE_TEXTS = {
  conciergeSent: /*i18n*/ { id: "notices.concierge_sent", message: "Message sent to your concierge team" },
} satisfies Record<string, Keyed>;
export const CONCIERGE_NOTICES = keyed(CONCIERGE_NOTICE_TEXTS);
