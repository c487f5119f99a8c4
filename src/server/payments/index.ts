/**
 * Payments behind one interface: Stripe when STRIPE_SECRET_KEY is set, the built-in test mode otherwise.
 * Membership rows change only through `processEvent` (verified webhooks, test-mode events) and the re-sync from
 * the provider by stored customer id; both go through the same apply code (./apply.ts).
 */
import { eq } from "drizzle-orm";
import type { Viewer } from "../auth/viewer";
import type { Config } from "../config";
import type { Database } from "../db";
import { billingCustomers } from "../db/schema";
import type { Write } from "../db/write";
import { configuredPrices, createPriceList } from "./prices";
import { createEventProcessor } from "./process-event";
import { createStripeProvider, type StripeProvider, stripeKeyMode } from "./stripe-provider";
import { createSync, type SyncCounts, type SyncOutcome } from "./sync";
import { createTestProvider, type TestProvider } from "./test-provider";
import type { PaymentEvent, PaymentProvider, PriceList, ProcessResult, SubscriptionLike } from "./types";

export type { SyncCounts, SyncOutcome } from "./sync";
export type { PaymentEvent, PaymentProvider, ProcessResult } from "./types";

/** What the admin settings show: TEST is the built-in test mode; the others are Stripe with its key's mode. */
export type PaymentModeLabel = "TEST" | "LIVE" | "STRIPE TEST";

export interface BillingHooks {
  /** Cancels a paid subscription before its owner's account is deleted. */
  beforeAccountDeletion(viewer: Viewer): Promise<void>;
}

export interface Payments {
  mode: "test" | "stripe";
  label: PaymentModeLabel;
  provider: PaymentProvider;
  prices: PriceList;
  /** The test-mode provider's own operations (checkout page, billing page); null with Stripe. */
  test: TestProvider | null;
  /** Stripe: checks a webhook's signature on its raw body and returns its event; null in test mode. */
  verifyWebhook: StripeProvider["verifyWebhook"] | null;
  /** The one event processing, each event id applied once. */
  processEvent(event: PaymentEvent): Promise<ProcessResult>;
  /** The user's provider customer: created once (under the user's row lock), then reused. */
  ensureCustomer(user: { userId: string; email: string; name: string }): Promise<string>;
  customerOf(userId: string): Promise<string | null>;
  syncUser(userId: string): Promise<SyncOutcome>;
  /** Null when a sync of everyone is already running. */
  syncAll(onError: (error: unknown, userId: string) => void): Promise<SyncCounts | null>;
  /** Applies a subscription the provider just returned (an upgrade), as a sync would. */
  applyFetched(userId: string, subscription: SubscriptionLike, fetchStartedAt: number): Promise<unknown>;
  hooks: BillingHooks;
}

export function createPayments(config: Config, db: Database, write: Write): Payments {
  const stripe = config.STRIPE_SECRET_KEY ? createStripeProvider(config) : null;
  const test = stripe ? null : createTestProvider({ db, appUrl: config.APP_URL });
  const provider: PaymentProvider = stripe ?? (test as TestProvider);
  const prices = createPriceList(configuredPrices(config));
  const processEvent = createEventProcessor({ db, write, provider, prices });
  test?.setEventSink(processEvent);
  const sync = createSync({ db, write, provider, prices, pauseMs: config.SUBSCRIPTION_SYNC_PAUSE_MS });

  async function customerOf(userId: string) {
    const [row] = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    return row?.customerId ?? null;
  }

  /**
   * The provider is called outside any transaction (a slow provider must not hold the database); its
   * idempotency key per user makes two concurrent first checkouts get the same customer, and the unique user
   * id keeps one row.
   */
  async function ensureCustomer(user: { userId: string; email: string; name: string }) {
    const existing = await customerOf(user.userId);
    if (existing) return existing;
    const customerId = await provider.createCustomer(user);
    await db
      .insert(billingCustomers)
      .values({ userId: user.userId, provider: provider.kind, customerId })
      .onConflictDoNothing();
    return (await customerOf(user.userId)) as string;
  }

  return {
    mode: stripe ? "stripe" : "test",
    label: stripe ? stripeKeyMode(config.STRIPE_SECRET_KEY as string) : "TEST",
    provider,
    prices,
    test,
    verifyWebhook: stripe ? stripe.verifyWebhook : null,
    processEvent,
    ensureCustomer,
    customerOf,
    syncUser: sync.syncUser,
    syncAll: sync.syncAll,
    applyFetched: sync.applyFetched,
    hooks: {
      /** Ends the member's paid subscriptions at the provider before the account goes (no further charges). */
      async beforeAccountDeletion(viewer) {
        const customerId = await customerOf(viewer.userId);
        if (!customerId) return;
        for (const sub of await provider.listSubscriptions(customerId)) {
          if (sub.status !== "canceled" && sub.status !== "incomplete_expired") {
            await provider.cancelSubscriptionNow(sub.id);
          }
        }
        // Test mode keeps its objects (with the email and name) in our database: they go with the account.
        // Stripe keeps its customer and invoices, as its records of past payments.
        await test?.forgetCustomer(customerId);
      },
    },
  };
}
