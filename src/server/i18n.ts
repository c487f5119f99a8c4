/**
 * The server's languages (decision 028): emails, notifications and anything else it writes for a person are in
 * that person's language. Texts are keyed descriptors (`/*i18n*\/ { id, message }`, src/shared/texts.ts): their
 * English is in the code, their Portuguese in src/shared/locales/pt-PT.po and src/server/locales/pt-PT.po,
 * compiled once: from the .po files when running from the sources, in the build itself for the built server
 * (./i18n-catalogs.ts, decision 041). No Lingui macros here: the server also runs under plain Node (tests, CLI).
 */
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/shared/locales";
import type { Keyed } from "@/shared/texts";
import { compiledCatalogs } from "./i18n-catalogs";

export type { Keyed, Locale };

let instances: Record<Locale, I18n> | null = null;

/** One Lingui instance per language (never one switched back and forth: requests run concurrently). */
function instancesByLocale(): Record<Locale, I18n> {
  if (instances) return instances;
  const made = {} as Record<Locale, I18n>;
  const catalogs = compiledCatalogs();
  for (const locale of LOCALES) {
    const messages = locale === DEFAULT_LOCALE ? {} : (catalogs[locale] ?? {});
    // English comes from the descriptors themselves, compiled when used.
    made[locale] = setupI18n({ locale, messages: { [locale]: messages } }).setMessagesCompiler(compileMessage);
  }
  instances = made;
  return made;
}

/** A keyed text in `locale`, its placeholders filled from its own values and `values`. */
export function translate(locale: Locale, text: Keyed, values?: Record<string, unknown>): string {
  const all = text.values || values ? { ...text.values, ...values } : undefined;
  return instancesByLocale()[locale]._({ id: text.id, message: text.message, values: all });
}

/** A translator bound to one language, for code that writes several texts for the same reader. */
export type Translate = (text: Keyed, values?: Record<string, unknown>) => string;
export const translator =
  (locale: Locale): Translate =>
  (text, values) =>
    translate(locale, text, values);

/**
 * A text the server writes in an answer that the client shows (a tool's outcome, a label): the English in
 * `message` (as the spec's texts stay on the wire), and the key and values the client translates (decision 028).
 */
export function keyedAnswer(
  text: Keyed,
  values?: Record<string, string | number>,
): { message: string; key: string; params?: Record<string, string | number> } {
  const params = text.values || values ? { ...text.values, ...values } : undefined;
  return { message: translate(DEFAULT_LOCALE, text, params), key: text.id, ...(params ? { params } : {}) };
}
