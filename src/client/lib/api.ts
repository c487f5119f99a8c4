/**
 * The calls' errors as people read them (decision 028): the server's text in the interface's language, by its
 * key. The fetch itself is ./http.ts (the first load's); this module brings every domain's keyed texts
 * (src/shared/contracts/all-texts.ts) and so loads with the screens that show errors.
 */
import { ERROR_TEXTS } from "@/shared/contracts/common-texts";
import { keyOf } from "@/shared/texts";
import { ApiError } from "./http";
import { i18n } from "./i18n";
// Any domain's text may arrive by its key: all of them are registered with the screens that show errors.
import "@/shared/contracts/all-texts";
// Server texts carry values (a plan, a name): Lingui's runtime says them.
import "./i18n-full";

export { ApiError, apiRequest, FALLBACK_ERROR } from "./http";

/**
 * A text both sides say (src/shared/contracts/<domain>-texts.ts) in the interface's language, from its English: a validation
 * message, a constant the server also answers with. Any other text is returned as it is.
 */
export function sharedText(english: string): string {
  if (i18n.locale === "en") return english;
  const keyed = keyOf(english);
  return keyed ? i18n._({ id: keyed.id, message: keyed.message, values: keyed.values }) : english;
}

/**
 * A text the server wrote for a person (a tool's outcome, a label, a description): the translation of its `key`
 * (with `params`) in the interface's language, else its English (a shared constant is still translated).
 */
export function serverText(english: string, key?: string, params?: Record<string, string | number>): string {
  if (i18n.locale === "en" || !key) return sharedText(english);
  return i18n._({ id: key, message: english, values: params });
}

/**
 * The message to show for any thrown value: the server's text in the interface's language (by its key), else
 * `fallback` (pass it translated, or as one of the shared texts, which are translated here).
 */
export function errorMessage(error: unknown, fallback: string = ERROR_TEXTS.generic.message): string {
  if (error instanceof ApiError && error.message) {
    if (i18n.locale === "en" || !error.key) return error.message;
    return i18n._({ id: error.key, message: error.message, values: error.params });
  }
  return sharedText(fallback);
}
