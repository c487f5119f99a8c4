/**
 * The replies domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./replies.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { REPLY_TEXT_MAX, REPLY_TITLE_MAX, SAVED_REPLIES_MAX } from "../limits";
import { type Keyed, keyed } from "../texts";

/** The staff's saved replies (decision 019). */
export const REPLY_TEXT_DESCRIPTORS = {
  titleRequired: /*i18n*/ { id: "replies.title_required", message: "Please give the reply a title" },
  titleTooLong: /*i18n*/ {
    id: "replies.title_too_long",
    message: "Title must be at most {max} characters",
    values: { max: REPLY_TITLE_MAX },
  },
  textRequired: /*i18n*/ { id: "replies.text_required", message: "Please write the reply's text" },
  textTooLong: /*i18n*/ {
    id: "replies.text_too_long",
    message: "Text must be at most {max} characters",
    values: { max: REPLY_TEXT_MAX },
  },
  duplicateTitle: /*i18n*/ {
    id: "replies.duplicate_title",
    message: "A saved reply with this title already exists.",
  },
  notFound: /*i18n*/ { id: "replies.not_found", message: "Saved reply not found" },
  shortcutInvalid: /*i18n*/ {
    id: "replies.shortcut_invalid",
    message: "A short name is up to 30 lower-case letters, digits and dashes",
  },
  duplicateShortcut: /*i18n*/ {
    id: "replies.duplicate_shortcut",
    message: "Another saved reply already has this short name.",
  },
  tooMany: /*i18n*/ {
    id: "replies.too_many",
    message: "You can keep up to {max} saved replies. Delete one to add another.",
    values: { max: SAVED_REPLIES_MAX },
  },
} satisfies Record<string, Keyed>;
export const REPLY_TEXTS = keyed(REPLY_TEXT_DESCRIPTORS);
