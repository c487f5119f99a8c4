/**
 * The ratings domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./ratings.ts). Zod-free.
 */
import { type Keyed, keyed } from "../texts";

export const RATING_COMMENT_MAX = 1000;

export const RATING_ERROR_TEXTS = {
  scoreInvalid: /*i18n*/ { id: "ratings.score_invalid", message: "Please choose a rating from 1 to 5" },
  commentTooLong: /*i18n*/ {
    id: "ratings.comment_too_long",
    message: "Your comment must be at most {max} characters",
    values: { max: RATING_COMMENT_MAX },
  },
  notYet: /*i18n*/ {
    id: "ratings.not_yet",
    message: "You can rate this once you have confirmed receipt.",
  },
  alreadyRated: /*i18n*/ { id: "ratings.already_rated", message: "You have already rated this. Thank you." },
} satisfies Record<string, Keyed>;
export const RATING_ERRORS = keyed(RATING_ERROR_TEXTS);
