/**
 * The server's languages (decision 028): emails, notifications and anything else it writes for a person are in
 * that person's language. Texts are keyed descriptors (`/*i18n*\/ { id, message }`, src/shared/texts.ts): their
 * English is in the code, their Portuguese in src/shared/locales/pt-PT.po and src/server/locales/pt-PT.po,
 * read once from the project's folders (found upward from this module, so the built server finds them too).
 * No Lingui macros here: the server also runs under plain Node (tests, CLI).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import PO from "pofile";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "@/shared/locales";
import type { Keyed } from "@/shared/texts";

export type { Keyed, Locale };

/** The catalogs the server reads, relative to the project's root. */
const CATALOGS = ["src/shared/locales", "src/server/locales"];

function projectRoot(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, CATALOGS[0]))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

/** The translations of one language, by key (compiled). */
export function readTranslations(
  locale: Locale,
  root = projectRoot(),
): Record<string, ReturnType<typeof compileMessage>> {
  const messages: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const dir of CATALOGS) {
    const file = path.join(root, dir, `${locale}.po`);
    if (!existsSync(file)) continue;
    for (const item of PO.parse(readFileSync(file, "utf8")).items) {
      const translation = item.msgstr[0];
      if (!item.obsolete && translation) messages[item.msgid] = compileMessage(translation);
    }
  }
  return messages;
}

let instances: Record<Locale, I18n> | null = null;

/** One Lingui instance per language (never one switched back and forth: requests run concurrently). */
function instancesByLocale(): Record<Locale, I18n> {
  if (instances) return instances;
  const made = {} as Record<Locale, I18n>;
  for (const locale of LOCALES) {
    const messages = locale === DEFAULT_LOCALE ? {} : readTranslations(locale);
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
