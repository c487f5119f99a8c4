/** What the test-mode billing page shows (GET /api/billing/test/subscription). */
import type { PurchasablePlan } from "./plans";

export interface TestBillingOverview {
  subscription: {
    id: string;
    plan: PurchasablePlan;
    planLabel: string;
    status: string;
    currentPeriodEnd: string;
    cancelAtPeriodEnd: boolean;
    amountCents: number;
    card: { brand: string; last4: string };
  } | null;
  invoices: Array<{ id: string; date: string; description: string; amountCents: number; status: string }>;
}
