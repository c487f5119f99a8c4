/**
 * The interface's language (decision 028): the formatting helpers (./format.ts) use it when not given one, so
 * month names, numbers and euro amounts follow it. The client sets it whenever its language changes
 * (lib/i18n.tsx); the server never does (it serves several languages at once) and passes the reader's language
 * to the helpers instead. Apart from format.ts so the first load sets it without loading date-fns.
 */
import type { Locale } from "./locales";

let current: Locale = "en";

export function setInterfaceLocale(locale: Locale) {
  current = locale;
}

export function interfaceLocale(): Locale {
  return current;
}
