/**
 * The business loop of a request (issue 21, decision 018): staff quote one to three options, the member accepts
 * one, a card hold of 10 % of its price is authorised, staff capture or release it, staff mark the request
 * delivered and the member confirms receipt or reports a problem. Amounts are integer cents end to end.
 */

import { QUOTE_MAX_OPTIONS, QUOTE_OPTION_MAX_PHOTOS } from "./limits";

export { QUOTE_MAX_OPTIONS, QUOTE_OPTION_MAX_PHOTOS };
/**
 * The VAT an option's price includes (issue 30): Portugal's standard, intermediate and reduced rates, or the
 * margin scheme for second-hand goods (VAT on the dealer's margin, not shown as a separate amount).
 */
export const VAT_RATES = ["23", "13", "6", "margin"] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = "23";

/** The smallest price of an option: €1. */
export const QUOTE_MIN_PRICE_CENTS = 100;
/** A price above this is a typing mistake (€100 million). */
export const QUOTE_MAX_PRICE_CENTS = 10_000_000_000;

/**
 * draft: staff only. sent: the member's current quote. accepted: its hold was authorised (the option is recorded).
 * declined: the member said no. superseded: a revised quote replaced it (it stays visible).
 * A sent quote past its validity date is expired (`isQuoteExpired`): it cannot be accepted.
 */
export const QUOTE_STATUSES = ["draft", "sent", "accepted", "declined", "superseded"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/**
 * pending: the member was sent to the card page, nothing authorised yet. requires_action: the bank asked for a
 * 3-D Secure confirmation. held: authorised, capturable until `expiresAt`. captured: taken (in full or in part;
 * the rest released). released: staff let it go (or the member's card page was abandoned). expired: the
 * authorisation lapsed before capture. refunded: a captured amount was given back.
 */
export const HOLD_STATUSES = [
  "pending",
  "requires_action",
  "held",
  "captured",
  "released",
  "expired",
  "refunded",
] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];
/** A hold that still reserves or may still reserve money: at most one per request. */
export const LIVE_HOLD_STATUSES: readonly HoldStatus[] = ["pending", "requires_action", "held"];

/** The hold rate of spec section 9, applied to the accepted option's price (decision 018). */
export const HOLD_RATE = 0.1;
/** Stripe's smallest euro charge. */
export const HOLD_MIN_CENTS = 50;
/** The hold on an accepted price: 10 % rounded up to the cent, at least €0.50. */
export function holdAmountCents(priceCents: number): number {
  return Math.max(HOLD_MIN_CENTS, Math.ceil(priceCents * HOLD_RATE));
}

/** A customer-initiated card authorisation stays capturable about 7 days (Stripe's `capture_before`). */
export const HOLD_VALIDITY_DAYS = 7;
/** A new quote (or a revision) is valid this many days from today unless staff choose another day. */
export const QUOTE_DEFAULT_VALIDITY_DAYS = 14;
/** Under this, a hold is flagged on the admin dashboard and the pipeline. */
export const HOLD_EXPIRY_WARNING_HOURS = 24;
/** Under this, the member and the team are told (once) that a held authorisation will lapse (issue 30, item 6). */
export const HOLD_LAPSE_NOTICE_HOURS = 48;
/** Spec section 9: disputes must be raised within 30 days (of delivery). */
export const DISPUTE_WINDOW_DAYS = 30;

export const DELIVERY_STATUSES = ["delivered", "confirmed", "problem"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A quote is valid through the end of its validity day (Lisbon time is close enough to UTC+1 at most). */
export function isQuoteExpired(validUntil: string, now: Date = new Date()): boolean {
  return now.getTime() > Date.parse(`${validUntil}T23:59:59.999Z`);
}

export function isHoldExpiringSoon(expiresAt: Date | string, now: Date = new Date()): boolean {
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0 && left < HOLD_EXPIRY_WARNING_HOURS * HOUR_MS;
}

/** How long a hold has left, as staff read it: minutes under an hour, hours under a day, else days. */
export type HoldTimeLeft = { unit: "expired" } | { unit: "minutes" | "hours" | "days"; count: number };
export function holdTimeLeft(expiresAt: Date | string, now: Date = new Date()): HoldTimeLeft {
  const left = new Date(expiresAt).getTime() - now.getTime();
  if (left <= 0) return { unit: "expired" };
  if (left < HOUR_MS) return { unit: "minutes", count: Math.max(1, Math.ceil(left / 60_000)) };
  if (left < DAY_MS) return { unit: "hours", count: Math.floor(left / HOUR_MS) };
  return { unit: "days", count: Math.floor(left / DAY_MS) };
}

/** The member may report a problem until 30 days after delivery. */
export function canReportProblem(deliveredAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() <= new Date(deliveredAt).getTime() + DISPUTE_WINDOW_DAYS * DAY_MS;
}

/**
 * The estimated delivery (a calendar day) falls after the last day a hold authorised on `today` can be captured:
 * authorised at the earliest on the day the quote is sent, a hold lapses HOLD_VALIDITY_DAYS later, so a delivery
 * on a later day will likely need the member to authorise again. No date, no warning. Calendar days, as the
 * editor's date fields give them ("YYYY-MM-DD"; `today` in Lisbon).
 */
export function deliveryOutlastsHold(estimatedDelivery: string | null | undefined, today: string): boolean {
  if (!estimatedDelivery) return false;
  const delivery = Date.parse(`${estimatedDelivery}T00:00:00Z`);
  const start = Date.parse(`${today}T00:00:00Z`);
  if (Number.isNaN(delivery) || Number.isNaN(start)) return false;
  return delivery > start + HOLD_VALIDITY_DAYS * DAY_MS;
}

/** A held authorisation lapses within HOLD_LAPSE_NOTICE_HOURS: the member sees the date prominently. */
export function isHoldLapsingSoon(expiresAt: Date | string | null, now: Date = new Date()): boolean {
  if (!expiresAt) return false;
  const left = new Date(expiresAt).getTime() - now.getTime();
  return left > 0 && left <= HOLD_LAPSE_NOTICE_HOURS * HOUR_MS;
}

/** The validity a new quote's editor starts with: QUOTE_DEFAULT_VALIDITY_DAYS after `today` ("YYYY-MM-DD"). */
export function defaultValidUntil(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + QUOTE_DEFAULT_VALIDITY_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * An option's price against the member's stated budget (issue 34 item 2), both in cents: how far over it, or
 * within it. Staff see it before sending, the member beside each option.
 */
export type BudgetGap = { over: true; cents: number } | { over: false };
export function budgetGap(priceCents: number, budgetCents: number): BudgetGap {
  return priceCents > budgetCents ? { over: true, cents: priceCents - budgetCents } : { over: false };
}
