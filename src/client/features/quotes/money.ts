/** Money in the loop: integer cents on the wire, euro for people (the shared `formatEuro`). */
import { formatEuro } from "@/shared/format";

/** "€4,500", "€450.50": cents as euro, with cents only when there are any. */
export function formatCents(cents: number): string {
  return formatEuro(cents / 100);
}

/**
 * A price as staff type it, in euro, to integer cents: "4500", "4,500", "4 500", "4500.5", "4500,50" and
 * "€4,500.00" are all understood; anything else (letters, three decimals, a negative) is null.
 */
export function parseEuroToCents(text: string): number | null {
  let value = text.replace(/[\s\u00a0€]/g, "");
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(value)) value = value.replace(/,/g, "");
  else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(value)) value = value.replace(/\./g, "").replace(",", ".");
  else if (/^\d+,\d{1,2}$/.test(value)) value = value.replace(",", ".");
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as the editor shows them again: "4500" or "4500.50". */
export function centsToEuroInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/** Round euro steps a money axis may take: 1, 2, 2.5 and 5 times a power of ten, from €100. */
const MONEY_STEPS = [1, 2, 2.5, 5].flatMap((unit) => [2, 3, 4, 5, 6, 7, 8].map((power) => unit * 10 ** power));
MONEY_STEPS.sort((a, b) => a - b);
/** An empty or small chart still reads as money: its axis reaches at least this many euro. */
const MONEY_AXIS_MIN_EUR = 1000;

/**
 * The ticks of a money axis, in euro: about four round steps from 0 to at least `maxEur` (and at least €1,000),
 * so an empty chart reads €0, €250 … €1,000 rather than €1, €2, €3, €4 (issue 34 item 14).
 */
export function moneyAxisTicks(maxEur: number): number[] {
  const top = Math.max(maxEur, MONEY_AXIS_MIN_EUR);
  const step = MONEY_STEPS.find((candidate) => candidate >= top / 4) ?? Math.ceil(top / 4);
  const ticks = [0];
  while (ticks[ticks.length - 1] < top) ticks.push(ticks[ticks.length - 1] + step);
  return ticks;
}
