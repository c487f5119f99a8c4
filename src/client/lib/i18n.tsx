/**
 * The client's language (decision 028). Lingui's macros compile to calls of this module and ./i18n-trans.tsx
 * (lingui.config.ts, `runtimeConfigModule`): `useLingui` and `Trans` read the active language from here, with no
 * provider to mount, and re-render when it changes.
 *
 * Messages arrive with the code that shows them: the build (scripts/i18n/vite-plugin.ts) adds to each module a
 * call of `registerMessages` with its own messages compiled in both languages, so a page never waits for a
 * catalog, switching is immediate, and the first load carries only the texts of what it renders.
 *
 * `i18n` here says a message with no values itself, which is all the first load's texts are; a module holding a
 * message with values, plurals or markup also imports ./i18n-full.ts (the build adds that import), which plugs
 * Lingui's own runtime in: so the first load carries none of it.
 */
import type { I18n, MessageDescriptor, Messages } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { setInterfaceLocale } from "@/shared/interface-locale";
import { DEFAULT_LOCALE, type Locale, localeFromCookie, matchLocale, preferredLocale } from "@/shared/locales";

export type { MessageDescriptor };

/** Each language's compiled messages, filled as modules arrive (Lingui's runtime reads these same objects). */
export const catalogs: Record<Locale, Messages> = { en: {}, "pt-PT": {} };
let active: Locale = DEFAULT_LOCALE;
let full: I18n | null = null;

/**
 * A module's messages: English, and the Portuguese of those that differ (the rest read as the English). Called
 * by the code the build adds to each module; never by hand.
 */
export function registerMessages(en: Messages, pt: Messages = {}) {
  Object.assign(catalogs.en, en);
  Object.assign(catalogs["pt-PT"], en, pt);
}

type Translate = (
  id: MessageDescriptor | string,
  values?: Record<string, unknown>,
  options?: { message?: string },
) => string;

/** A message with no values, said here; any other by Lingui's runtime once ./i18n-full.ts has plugged it in. */
const translate: Translate = (id, values, options) => {
  if (full) return full._(id as string, values, options);
  const key = typeof id === "string" ? id : id.id;
  const compiled = catalogs[active][key] ?? catalogs.en[key];
  if (Array.isArray(compiled) && compiled.every((part) => typeof part === "string")) return compiled.join("");
  return (typeof id === "string" ? options?.message : id.message) ?? key;
};

/**
 * The `i18n` of Lingui's macros and of `useLingui().i18n`: `_` (and `t`) translate a descriptor or an id, `locale`
 * is the active language. Dates and numbers go through src/shared/format.ts.
 */
export const i18n = {
  _: translate,
  t: translate,
  get locale(): Locale {
    return active;
  },
};

/** Plugs Lingui's runtime in (./i18n-full.ts does, once). */
export function plugFullRuntime(runtime: I18n) {
  full = runtime;
  full.load(catalogs);
  full.activate(active);
}

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const currentLocale = () => active;

/** Makes `locale` the interface's language now: every text on screen follows. */
export function setActiveLocale(locale: Locale) {
  if (active === locale) return;
  active = locale;
  full?.activate(locale);
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
  _: Translate;
  locale: Locale;
}
// One context per language, so `_` keeps its identity until the language changes (safe in effect dependencies).
const contexts = new Map<Locale, LinguiContext>();

/** Lingui's hook (what `useLingui` from "@lingui/react/macro" compiles to): `t` and `_` in the active language. */
export function useLingui(): LinguiContext {
  const locale = useLocale();
  let context = contexts.get(locale);
  if (!context) {
    context = { i18n, _: (...args) => translate(...args), locale };
    contexts.set(locale, context);
  }
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
