/**
 * The platform domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./platform.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the platform domain (spec section 8, and its rules). */
export const PLATFORM_ERROR_TEXTS = {
  /** GET /api/ready (decision 024): what is not ready, for the operator ("database, listener"). */
  notReady: /*i18n*/ { id: "error.not_ready", message: "Not ready: {failing}." },
  metricsTokenMissing: /*i18n*/ { id: "error.metrics_token_missing", message: "Metrics need a bearer token." },
  metricsTokenWrong: /*i18n*/ {
    id: "error.metrics_token_wrong",
    message: "This token does not give access to the metrics.",
  },
} satisfies Record<string, Keyed>;
export const PLATFORM_ERRORS = keyed(PLATFORM_ERROR_TEXTS);
