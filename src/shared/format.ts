import { format, formatDistanceStrict, parseISO } from "date-fns";
import { enUS, pt } from "date-fns/locale";

// The interface is in English, so amounts read "€25,000"; cents only when there are any.
const euroWhole = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });

/** Budgets and prices in euro with the euro symbol. */
export function formatEuro(amount: number): string {
  return (Number.isInteger(amount) ? euroWhole : euroCents).format(amount);
}

/**
 * The interface's language. English for now: month names follow it, so an English screen never shows 'dez' or
 * 'set' (a later issue adds Portuguese and lets the member choose; the spec's section 9 names the Portuguese
 * locale for dates, which waits for that interface).
 */
export type Language = "en" | "pt";
export const INTERFACE_LANGUAGE: Language = "en";
const DATE_LOCALES = { en: enUS, pt } as const;

/** The spec's date formats (section 9): 'MMM d' on cards, 'MMM d, yyyy' on the request detail, 'MMM d, HH:mm' on messages. */
export const DATE_FORMATS = { card: "MMM d", long: "MMM d, yyyy", message: "MMM d, HH:mm" } as const;
export type DateStyle = keyof typeof DATE_FORMATS;

/** An instant (a Date, an ISO timestamp, epoch milliseconds) or a calendar day ("YYYY-MM-DD"). */
type DateInput = Date | string | number;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
// A calendar day is that day wherever the viewer is (new Date("2026-12-01") is midnight UTC, 30 November in New
// York); an instant is shown in the viewer's time zone.
const toDate = (value: DateInput) =>
  value instanceof Date
    ? value
    : typeof value === "string" && CALENDAR_DAY.test(value)
      ? parseISO(value)
      : new Date(value);

/** Every date people read goes through here: the spec's format for `style`, month names in `language`. */
export function formatDate(value: DateInput, style: DateStyle, language: Language = INTERFACE_LANGUAGE): string {
  return format(toDate(value), DATE_FORMATS[style], { locale: DATE_LOCALES[language] });
}

/** 'MMM d' on cards. */
export function formatCardDate(value: DateInput): string {
  return formatDate(value, "card");
}

/** 'MMM d, yyyy' on the request detail. */
export function formatLongDate(value: DateInput): string {
  return formatDate(value, "long");
}

/** 'MMM d, HH:mm' on messages. */
export function formatMessageTime(value: DateInput): string {
  return formatDate(value, "message");
}

/** An instant in an email, whose reader's time zone is unknown: 'MMM d, yyyy, HH:mm UTC'. */
export function formatUtcTime(value: DateInput): string {
  const date = toDate(value);
  const utc = new Date(date.getTime() + date.getTimezoneOffset() * 60_000);
  return `${format(utc, "MMM d, yyyy, HH:mm", { locale: DATE_LOCALES[INTERFACE_LANGUAGE] })} UTC`;
}

/** How long ago, for 'Last seen …': "just now" under two minutes, then "5 minutes ago", "3 days ago". */
export function formatTimeAgo(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (now.getTime() - date.getTime() < 120_000) return "just now";
  return formatDistanceStrict(date, now, { addSuffix: true, locale: DATE_LOCALES[INTERFACE_LANGUAGE] });
}

/** Unread and admin badges show 99+ above 99. */
/** A count with the interface language's grouping ("1,234"). */
export function formatCount(value: number, language: Language = INTERFACE_LANGUAGE): string {
  return new Intl.NumberFormat(language === "pt" ? "pt-PT" : "en-IE").format(value);
}

/** "1 client", "6 clients". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

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

/** "6 min", "2 hours", "1 day": the team's median first reply, calmly rounded. */
export function formatReplyTime(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  if (minutes < 48 * 60) {
    const hours = Math.round(minutes / 60);
    return `${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  const days = Math.round(minutes / 1440);
  return `${days} ${days === 1 ? "day" : "days"}`;
}
