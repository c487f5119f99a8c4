/**
 * The qa domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./qa.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the qa domain (spec section 8, and its rules). */
export const QA_ERROR_TEXTS = {
  qaNoClient: /*i18n*/ { id: "error.qa_no_client", message: "No client user found. Please seed data first." },
  qaNoRequest: /*i18n*/ { id: "error.qa_no_request", message: "No requests found. Create a fake request first." },
  qaLimitReached: /*i18n*/ {
    id: "error.qa_limit_reached",
    message: "{name} has reached their monthly request limit. Please choose another client or wait until next month.",
  },
  noOpenInvoice: /*i18n*/ {
    id: "balance.no_open_invoice",
    message: "There is no open balance invoice on this request",
  },
} satisfies Record<string, Keyed>;
export const QA_ERRORS = keyed(QA_ERROR_TEXTS);
