/**
 * The built-in test-mode payment provider (the default when no Stripe key is set). It keeps Stripe-shaped
 * customers, checkout sessions, subscriptions and invoices in our database, serves its own checkout page
 * (/checkout/test/:id) and billing page (/billing/test), and turns every change into Stripe-shaped events
 * (ids evt_test_…) handed to the same event processing as Stripe's webhooks, after its own change commits,
 * as a webhook would arrive.
 *
 * One file per thing it fakes: memberships.ts (customers, subscription checkouts, subscriptions and their
 * clock), holds.ts (hold pages, PaymentIntents, captures, refunds, the hold clock), card-pages.ts (what the test
 * card pages do), disputes.ts, receipts.ts and invoices.ts (balance invoices); store.ts is what they share.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db";
import { testPaymentObjects } from "../../db/schema";
import { createCardPages } from "./card-pages";
import { createDisputes } from "./disputes";
import { createHolds } from "./holds";
import { createTestInvoices } from "./invoices";
import { createMemberships } from "./memberships";
import { createReceipts } from "./receipts";
import { createStore, makeEvent } from "./store";
import type { TestProvider } from "./types";

export { TEST_HOLD_VALIDITY_SECONDS, testId } from "./store";
export type * from "./types";

export function createTestProvider(deps: { db: Database; appUrl: string }): TestProvider {
  const store = createStore(deps);
  const { db, appUrl, clockNow, deliver } = store;
  // Balance invoices (decision 035): their hosted page, card and bank transfer payments, overdue on the clock.
  const invoices = createTestInvoices({ db, appUrl, clockNow, makeEvent, deliver });
  const holds = createHolds(store, invoices);
  const provider: TestProvider = {
    kind: "test",
    ...invoices,
    ...createMemberships(store),
    ...holds,
    ...createCardPages(store, holds),
    ...createDisputes(store),
    ...createReceipts(store, invoices),

    setEventSink(next) {
      store.setSink(next);
    },

    async forgetCustomer(customerId) {
      await db.delete(testPaymentObjects).where(eq(testPaymentObjects.customerId, customerId));
    },
  };
  return provider;
}
