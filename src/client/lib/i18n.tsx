/**
 * The client's language (decision 028). Lingui's macros compile to calls of this module and ./i18n-trans.tsx
 * (lingui.config.ts, `runtimeConfigModule`): `useLingui` and `Trans` read the active language from here, with no provider to mount,
 * and re-render when it changes.
 *
 * Messages arrive with the code that shows them: the build (scripts/i18n/vite-plugin.ts) adds to each module a
 * call of `registerMessages` with its own messages compiled in both languages, so a page never waits for a
 * catalog, switching is immediate, and the first load carries only the texts of what it renders.
 */
import { i18n, type MessageDescriptor, type Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { setInterfaceLocale } from "@/shared/interface-locale";
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  type Locale,
  localeFromCookie,
  matchLocale,
  preferredLocale,
} from "@/shared/locales";

export type { MessageDescriptor };
export { i18n };

type Compiled = Messages;
// The catalogs i18n reads, loaded once and then filled in place: adding a module's messages must not make the
// whole tree re-render (i18n.load would announce a change).
const catalogs: Record<Locale, Compiled> = { en: {}, "pt-PT": {} };
i18n.load(catalogs);
i18n.activate(DEFAULT_LOCALE);

/**
 * A module's messages: English, and the Portuguese of those that differ (the rest read as the English). Called
 * by the code the build adds to each module; never by hand.
 */
export function registerMessages(en: Compiled, pt: Compiled = {}) {
  Object.assign(catalogs.en, en);
  Object.assign(catalogs["pt-PT"], en, pt);
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const currentLocale = () => i18n.locale as Locale;

/** Makes `locale` the interface's language now: every text on screen follows. */
export function setActiveLocale(locale: Locale) {
  if (i18n.locale === locale) return;
  i18n.activate(locale);
  setInterfaceLocale(locale);
  if (typeof document !== "undefined") document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** The active language, re-rendering the caller when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

interface LinguiContext {
  i18n: typeof i18n;
  /** Translates a message descriptor (what `msg` gives) or an id. */
  _: typeof i18n._;
  locale: Locale;
}
// One context per language, so `_` keeps its identity until the language changes (safe in effect dependencies).
const contexts = new Map<Locale, LinguiContext>();

/** Lingui's hook (what `useLingui` from "@lingui/react/macro" compiles to): `t` and `_` in the active language. */
export function useLingui(): LinguiContext {
  const locale = useLocale();
  const known = contexts.get(locale);
  if (known) return known;
  const context: LinguiContext = { i18n, _: i18n._.bind(i18n), locale };
  contexts.set(locale, context);
  return context;
}

/**
 * The language a page starts in. A prerendered page is in the language the server chose for it (its <html lang>),
 * which hydration must match; otherwise the visitor's choice (the cookie), else the browser's preference.
 */
export function initialLocale(): Locale {
  if (document.getElementById("root")?.dataset.prerendered === "true") {
    return matchLocale(document.documentElement.lang) ?? DEFAULT_LOCALE;
  }
  return localeFromCookie(document.cookie) ?? preferredLocale(navigator.languages ?? [navigator.language]);
}

/** Keeps the visitor's choice for a year, where the server reads it too (it sends the pages in that language). */
export function rememberLocale(locale: Locale) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed cookie; the Cookie Store API is not in every supported browser
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax${secure}`;
}
