/**
 * The test provider's receipts (issue 30): Stripe gives every charge a receipt page (`receipt_url`); the test
 * provider serves its own at /checkout/test/receipts/:id, for a membership charge (a subscription's invoice), a
 * hold's charge, a refund and a balance invoice's payment, so the statement's links work with nothing configured.
 */
export function testReceiptUrl(appUrl: string, id: string): string {
  return `${appUrl}/checkout/test/receipts/${encodeURIComponent(id)}`;
}

/** What a test receipt says: a payment (with what was since refunded of it) or a refund, and the card. */
export interface TestReceipt {
  id: string;
  kind: "payment" | "refund";
  /** The customer it belongs to: only they see it. */
  customerId: string;
  date: Date;
  amountCents: number;
  /** Of a payment: what was refunded of it since. */
  refundedCents: number;
  /** What was paid for, as the provider keeps it ("Hold for …", "Balance for …", "Gold membership, …"). */
  description: string;
  /** The description's key and values for the member's language (a membership invoice's). */
  key?: string;
  params?: Record<string, string | number>;
  card: { brand: string; last4: string } | null;
  method: "card" | "bank_transfer";
}
