/**
 * The interface's languages (issue 24, decision 028): English, the spec's texts as they are, and European
 * Portuguese. Both sides choose the same way: a chosen language (the cookie, or a signed-in member's profile),
 * else the browser's preference (pt or pt-* gives pt-PT), else English.
 */
export const LOCALES = ["en", "pt-PT"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The cookie holding a visitor's choice (readable by the server, which sends the pages in that language). */
export const LOCALE_COOKIE = "lang";
/** A year, renewed at each change. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "pt-PT";
}

/** A language tag as one of ours: any Portuguese is pt-PT, any English is en; others are not ours. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  const lower = tag?.trim().toLowerCase() ?? "";
  if (lower === "pt" || lower.startsWith("pt-")) return "pt-PT";
  if (lower === "en" || lower.startsWith("en-")) return "en";
  return null;
}

/**
 * The first of the browser's languages we speak (navigator.languages, or an Accept-Language header's tags in
 * order of preference), else English.
 */
export function preferredLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const found = matchLocale(tag);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}

/** An Accept-Language header's tags, most wanted first ("pt-PT,pt;q=0.9,en;q=0.8"). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** A request's language: the visitor's choice (the cookie), else their browser's preference (Accept-Language). */
export function negotiateLocale(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Locale {
  return localeFromCookie(cookieHeader) ?? preferredLocale(acceptLanguageTags(acceptLanguage ?? undefined));
}

/** The value of the language cookie in a Cookie header (or document.cookie), when it names one of ours. */
export function localeFromCookie(cookieHeader: string | undefined | null): Locale | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LOCALE_COOKIE) {
      const value = decodeURIComponent(rest.join("="));
      return isLocale(value) ? value : null;
    }
  }
  return null;
}
