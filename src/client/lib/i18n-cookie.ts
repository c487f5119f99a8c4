import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, type Locale } from "@/shared/locales";

/**
 * Keeps the visitor's language for a year, where the server reads it too (it sends the pages in that language:
 * decision 028). Apart from ./i18n.tsx: only a choice needs it, never the first load.
 */
export function rememberLocale(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie; the Cookie Store API is not in every supported browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax${secure}`;
}
