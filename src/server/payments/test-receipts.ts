/**
 * The test provider's receipts (issue 30): Stripe gives every charge a receipt page (`receipt_url`); the test
 * provider serves its own at /checkout/test/receipts/:id, for a membership charge (a subscription's invoice), a
 * hold's charge, a refund and a balance invoice's payment, so the statement's links work with nothing configured.
 */
export function testReceiptUrl(appUrl: string, id: string): string {
  return `${appUrl}/checkout/test/receipts/${encodeURIComponent(id)}`;
}
