import { CARD_MESSAGES } from "@/shared/contracts/billing-texts";
/** The test-mode checkout's card rules: one card that pays, one that is declined, Stripe's messages otherwise. */

export const TEST_CARD = "4242 4242 4242 4242";
export const DECLINED_CARD = "4000 0000 0000 0002";
/** Authorises only after the bank's 3-D Secure confirmation (card holds). */
export const THREE_D_SECURE_CARD = "4000 0027 6000 3184";

export interface CardInput {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
  name: string;
}

export type CardCheck =
  | { ok: true; last4: string; brand: "visa"; threeDSecure: boolean }
  | { ok: false; declined: boolean; field: keyof CardInput; message: string };

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** `threeDSecure`: the 3-D Secure test card is accepted too (it then asks for the bank's confirmation). */
export function checkTestCard(input: CardInput, now = new Date(), options: { threeDSecure?: boolean } = {}): CardCheck {
  const digits = input.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
    return { ok: false, declined: false, field: "cardNumber", message: CARD_MESSAGES.invalidNumber };
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(input.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    return { ok: false, declined: false, field: "expiry", message: CARD_MESSAGES.invalidExpiry };
  }
  // A card is valid until the end of its expiry month.
  const endOfMonth = new Date(Date.UTC(2000 + Number(expiry[2]), month, 1));
  if (endOfMonth <= now) return { ok: false, declined: false, field: "expiry", message: CARD_MESSAGES.expired };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, declined: false, field: "cvc", message: CARD_MESSAGES.invalidCvc };
  }
  if (!input.name.trim()) return { ok: false, declined: false, field: "name", message: CARD_MESSAGES.nameRequired };
  if (digits === DECLINED_CARD.replace(/ /g, "")) {
    return { ok: false, declined: true, field: "cardNumber", message: CARD_MESSAGES.declined };
  }
  const threeDSecure = options.threeDSecure === true && digits === THREE_D_SECURE_CARD.replace(/ /g, "");
  if (digits !== TEST_CARD.replace(/ /g, "") && !threeDSecure) {
    return { ok: false, declined: true, field: "cardNumber", message: CARD_MESSAGES.onlyTestCard };
  }
  return { ok: true, last4: digits.slice(-4), brand: "visa", threeDSecure };
}
