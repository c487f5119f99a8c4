/** The test-mode card pages' cards and how their fields are typed (the membership checkout and the hold page). */

export const TEST_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";
/** Asks for a 3-D Secure confirmation, as Stripe's test card of that number does. */
export const THREE_D_SECURE_CARD = "4000 0027 6000 3184";

/** Groups of four as the number is typed, digits only. */
export function formatCardNumber(value: string) {
  return value
    .replace(/\D/g, "")
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** MM/YY as the date is typed. */
export function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
