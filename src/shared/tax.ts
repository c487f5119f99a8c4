/**
 * Invoicing details and VAT (issue 30, decision 034): the Portuguese tax number (NIF) a member may give for their
 * invoices, and the VAT a VAT-inclusive price holds at the rate staff chose for a quote option. Pure rules, the
 * same on both sides; the server checks them again.
 */
import { DEFAULT_VAT_RATE, VAT_RATES, type VatRate } from "./quotes";

export { DEFAULT_VAT_RATE, VAT_RATES, type VatRate };

/**
 * The first digits a NIF may start with: 1, 2 and 3 (people), 5 (companies), 6 (public bodies), 8 (sole traders,
 * older numbers), and the two-digit prefixes 45 (non-resident people), 70, 71, 72, 74, 75, 77, 79 (estates,
 * non-resident companies, funds, condominiums…), 90, 91, 98 and 99 (other entities).
 */
const NIF_ONE_DIGIT = new Set(["1", "2", "3", "5", "6", "8"]);
const NIF_TWO_DIGITS = new Set(["45", "70", "71", "72", "74", "75", "77", "79", "90", "91", "98", "99"]);

/**
 * A NIF as typed ("PT 123 456 789", "123456789") to its 9 digits, or null when it is not a valid NIF: 9 digits,
 * an allowed start, and the mod-11 check digit (weights 9…2 on the first eight; 11 − remainder, 0 when the
 * remainder is 0 or 1). An optional "PT" prefix, spaces, dots and hyphens are accepted.
 */
export function normalizeNif(input: string): string | null {
  const compact = input.replace(/[\s.-]/g, "").replace(/^pt/i, "");
  if (!/^\d{9}$/.test(compact)) return null;
  if (!NIF_ONE_DIGIT.has(compact[0]) && !NIF_TWO_DIGITS.has(compact.slice(0, 2))) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(compact[i]) * (9 - i);
  const remainder = sum % 11;
  const check = remainder < 2 ? 0 : 11 - remainder;
  return check === Number(compact[8]) ? compact : null;
}

export function isValidNif(input: string): boolean {
  return normalizeNif(input) !== null;
}

/** The rate of each VAT choice, in percent; the margin scheme has none shown. */
export const VAT_PERCENT: Record<Exclude<VatRate, "margin">, number> = { "23": 23, "13": 13, "6": 6 };

/**
 * The VAT a VAT-inclusive price holds, in integer cents: price × rate / (100 + rate), rounded half up. Null under
 * the margin scheme (second-hand goods: VAT is due on the dealer's margin and never shown as a separate amount).
 */
export function vatOf(priceCents: number, rate: VatRate): number | null {
  if (rate === "margin") return null;
  const percent = VAT_PERCENT[rate];
  const denominator = 100 + percent;
  // Half up in integers: floor((2 × price × rate + denominator) / (2 × denominator)).
  return Math.floor((2 * priceCents * percent + denominator) / (2 * denominator));
}
