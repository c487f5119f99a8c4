import { format } from "date-fns";
import { pt } from "date-fns/locale";

// The interface is in English, so amounts read "€25,000"; cents only when there are any.
const euroWhole = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const euroCents = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });

/** Budgets and prices in euro with the euro symbol. */
export function formatEuro(amount: number): string {
  return (Number.isInteger(amount) ? euroWhole : euroCents).format(amount);
}

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** 'MMM d' on cards, in the Portuguese locale of the member and admin screens. */
export function formatCardDate(value: DateInput): string {
  return format(toDate(value), "MMM d", { locale: pt });
}

/** 'MMM d, yyyy' on the request detail. */
export function formatLongDate(value: DateInput): string {
  return format(toDate(value), "MMM d, yyyy", { locale: pt });
}

/** 'MMM d, HH:mm' on messages. */
export function formatMessageTime(value: DateInput): string {
  return format(toDate(value), "MMM d, HH:mm", { locale: pt });
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
