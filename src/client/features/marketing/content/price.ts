/**
 * Whole-euro prices for the public pages ("€99", "€2,000"), the same text formatEuro (src/shared/format.ts) gives
 * for whole amounts. Built by hand on purpose: that module also carries date-fns, and the first Intl.NumberFormat
 * with a currency costs tens of milliseconds of locale loading on a phone, on the pages that must paint fastest.
 */
export function formatPrice(amountEur: number): string {
  const whole = Math.round(amountEur);
  return `€${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
