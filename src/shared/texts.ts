/**
 * Texts both sides say, keyed (decision 028): each is a message descriptor, `/*i18n*\/ { id, message }`, with an
 * explicit id (its key) and the spec's English. The server answers with the English and the key; the client
 * shows the key's translation. Lingui's extractor finds the descriptors (the `i18n` comment), the web app's build
 * registers their translations where they are bundled, and the server reads them from src/shared/locales.
 *
 * No Lingui here: this module is imported by the server under plain Node, and by the client's first load.
 */

/** A keyed text: its key, its English (ICU: `{name}` placeholders only) and the values of its placeholders. */
export interface Keyed {
  id: string;
  message: string;
  values?: Record<string, string | number>;
}

/** The English of a keyed text, placeholders filled. */
export function fill(message: string, values?: Record<string, string | number>): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A keyed text with its values, for a text that says something only known at run time. */
export function withValues(text: Keyed, values: Record<string, string | number>): Keyed {
  return { ...text, values: { ...text.values, ...values } };
}

const byEnglish = new Map<string, Keyed>();

/**
 * A group of keyed texts as their English strings (what tests compare and zod schemas carry), each remembered
 * so the English can be keyed again where only it travels (a validation message, a server answer's text).
 */
export function keyed<T extends Record<string, Keyed>>(texts: T): { readonly [K in keyof T]: string } {
  const english = {} as Record<keyof T, string>;
  for (const name of Object.keys(texts) as Array<keyof T>) {
    const text = texts[name];
    const value = fill(text.message, text.values);
    if (!byEnglish.has(value)) byEnglish.set(value, text);
    english[name] = value;
  }
  return english;
}

/** The keyed text whose English this is, if it is one (among the groups loaded). */
export function keyOf(english: string): Keyed | undefined {
  return byEnglish.get(english);
}
