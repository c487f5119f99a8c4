import { format, formatDistanceStrict, parseISO } from "date-fns";
import { enUS, pt } from "date-fns/locale";
import { interfaceLocale } from "./interface-locale";
import type { Locale } from "./locales";

/** Numbers as each language writes them: "€25,000" in English (Ireland's euro), "25 000 €" in Portuguese. */
const NUMBER_LOCALES = { en: "en-IE", "pt-PT": "pt-PT" } as const;

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(NUMBER_LOCALES[locale], options);
    formatters.set(key, found);
  }
  return found;
}

/** Budgets and prices in euro with the euro symbol; cents only when there are any. */
export function formatEuro(amount: number, locale: Locale = interfaceLocale()): string {
  const options: Intl.NumberFormatOptions = Number.isInteger(amount)
    ? { style: "currency", currency: "EUR", maximumFractionDigits: 0 }
    : { style: "currency", currency: "EUR", minimumFractionDigits: 2 };
  return numberFormat(locale, options).format(amount);
}

/**
 * Dates as Europe writes them (decision 045, in place of the spec's American 'MMM d, yyyy'): the day before the
 * month in both languages. 'd MMM' on cards and on a chart's week or day axis ("27 Nov", "27 nov."),
 * 'd MMM yyyy' on the request detail ("27 Nov 2026", "27 nov. 2026"), 'd MMM, HH:mm' on messages
 * ("27 Nov, 05:27", "27 nov., 05:27").
 */
export const DATE_FORMATS = { card: "d MMM", long: "d MMM yyyy", message: "d MMM, HH:mm", week: "d MMM" } as const;
export type DateStyle = keyof typeof DATE_FORMATS;

/**
 * Portuguese as Portugal abbreviates its months (CLDR's pt-PT: "jan.", "nov.", "dez."); date-fns's `pt` leaves
 * the full stop out.
 */
const ptPT: typeof pt = {
  ...pt,
  localize: {
    ...pt.localize,
    month: (month, options) => {
      const name = pt.localize.month(month, options);
      return options?.width === "abbreviated" ? `${name}.` : name;
    },
  },
};
const DATE_LOCALES = { en: enUS, "pt-PT": ptPT } as const;

/** An instant (a Date, an ISO timestamp, epoch milliseconds) or a calendar day ("YYYY-MM-DD"). */
export type DateInput = Date | string | number;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
// A calendar day is that day wherever the viewer is (new Date("2026-12-01") is midnight UTC, 30 November in New
// York); an instant is shown in the viewer's time zone.
const toDate = (value: DateInput) =>
  value instanceof Date
    ? value
    : typeof value === "string" && CALENDAR_DAY.test(value)
      ? parseISO(value)
      : new Date(value);

/**
 * Every date people read goes through here, in `locale`'s words: one of the shapes above ("27 Nov 2026",
 * "27 nov. 2026"). The shapes have their own functions below.
 */
export function formatDate(value: DateInput, style: DateStyle, locale: Locale = interfaceLocale()): string {
  return format(toDate(value), DATE_FORMATS[style], { locale: DATE_LOCALES[locale] });
}

/** 'd MMM' on cards: "27 Nov", "27 nov.". */
export function formatCardDate(value: DateInput, locale: Locale = interfaceLocale()): string {
  return formatDate(value, "card", locale);
}

/** A date, 'd MMM yyyy': "27 Nov 2026", "27 nov. 2026". */
export function formatLongDate(value: DateInput, locale: Locale = interfaceLocale()): string {
  return formatDate(value, "long", locale);
}

/** A date and time, 'd MMM, HH:mm' (messages, lists): "27 Nov, 05:27", "27 nov., 05:27". */
export function formatMessageTime(value: DateInput, locale: Locale = interfaceLocale()): string {
  return formatDate(value, "message", locale);
}

/** A chart's week (its Monday, "YYYY-MM-DD") or day on an axis: "23 Nov", "23 nov.". */
export function formatWeek(day: DateInput, locale: Locale = interfaceLocale()): string {
  return formatDate(day, "week", locale);
}

/** An instant in an email, whose reader's time zone is unknown: "27 Nov 2026, 14:07 UTC", "27 nov. 2026, 14:07 UTC". */
export function formatUtcTime(value: DateInput, locale: Locale = interfaceLocale()): string {
  const date = toDate(value);
  const utc = new Date(date.getTime() + date.getTimezoneOffset() * 60_000);
  return `${format(utc, `${DATE_FORMATS.long}, HH:mm`, { locale: DATE_LOCALES[locale] })} UTC`;
}

/**
 * How long ago, for 'Last seen …': `justNow` (the caller's words, translated) under two minutes, then
 * "5 minutes ago", "3 days ago" ("há 5 minutos").
 */
export function formatTimeAgo(
  value: DateInput,
  now: Date = new Date(),
  justNow = "just now",
  locale: Locale = interfaceLocale(),
): string {
  const date = toDate(value);
  if (now.getTime() - date.getTime() < 120_000) return justNow;
  return formatDistanceStrict(date, now, { addSuffix: true, locale: DATE_LOCALES[locale] });
}

/** A count with the interface language's grouping ("1,234", "1234" and "12 345" in Portuguese). */
export function formatCount(value: number, locale: Locale = interfaceLocale()): string {
  return numberFormat(locale, {}).format(value);
}

/** "1 client", "6 clients" (English words: a translated screen says its plurals with Lingui's `plural`). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Unread and admin badges show 99+ above 99. */
export function formatBadgeCount(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** Initials for chat avatars: "Ana Sousa" -> "AS". */
export function initials(nameOrEmail: string | null | undefined): string {
  const source = (nameOrEmail ?? "").trim();
  if (!source) return "?";
  const words = source
    .split("@")[0]
    .split(/[\s._-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
}

/** "6 min", "2 hours", "1 day" ("2 horas", "1 dia"): the team's median first reply, calmly rounded. */
export function formatReplyTime(minutes: number, locale: Locale = interfaceLocale()): string {
  const unit = (value: number, name: "hour" | "day") =>
    numberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
  // "min" in both languages.
  if (minutes < 60) return `${formatCount(Math.max(1, Math.round(minutes)), locale)} min`;
  if (minutes < 48 * 60) return unit(Math.round(minutes / 60), "hour");
  return unit(Math.round(minutes / 1440), "day");
}

/** How long since `value`, without "ago" ("5 minutes", "5 minutos"): how long a member has waited. */
export function formatDuration(value: DateInput, now: Date = new Date(), locale: Locale = interfaceLocale()): string {
  return formatDistanceStrict(toDate(value), now, { locale: DATE_LOCALES[locale] });
}
