/**
 * Whole-euro prices for the public pages, the same text formatEuro (src/shared/format.ts) gives for whole amounts
 * in the interface's language ("€2,000"; "2000 €", "25 000 €" in Portuguese: price.test.ts holds them equal).
 * Built by hand on purpose: that module also carries date-fns, and the first Intl.NumberFormat with a currency
 * costs tens of milliseconds of locale loading on a phone, on the pages that must paint fastest.
 */
import { interfaceLocale } from "@/shared/interface-locale";
import type { Locale } from "@/shared/locales";

const NBSP = "\u00a0";

export function formatPrice(amountEur: number, locale: Locale = interfaceLocale()): string {
  const digits = String(Math.round(amountEur));
  if (locale === "pt-PT") {
    // Portuguese groups thousands with a no-break space from five digits on, and puts the symbol after.
    const grouped = digits.length > 4 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP) : digits;
    return `${grouped}${NBSP}€`;
  }
  return `€${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
