/**
 * Payments behind one interface: Stripe when STRIPE_SECRET_KEY is set, the built-in test mode otherwise.
 * Membership rows change only through `processEvent` (verified webhooks, test-mode events) and the re-sync from
 * the provider by stored customer id; both go through the same apply code (./apply.ts).
 */
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { resolveAuthSecret } from "../auth/auth";
import type { Viewer } from "../auth/viewer";
import type { Config } from "../config";
import type { Database } from "../db";
import { billingCustomers, profiles } from "../db/schema";
import type { Write } from "../db/write";
import type { MembershipRules } from "./apply";
import { cancelOrphan, type HoldApplyResult, type HoldHandler, type HoldUpdate } from "./holds";
import type { InvoiceApplyResult, InvoiceHandler, InvoiceUpdate } from "./invoices";
import { configuredPrices, createPriceList } from "./prices";
import { createEventProcessor } from "./process-event";
import { createStripeProvider, type StripeProvider, stripeKeyMode } from "./stripe-provider";
import { loadStripe, verifySignedEvent } from "./stripe-sdk";
import { createSync, type SyncCounts, type SyncOutcome } from "./sync";
import { createTestProvider, type TestProvider } from "./test-provider";
import {
  type CustomerDetails,
  isWellFormedEvent,
  type PaymentEvent,
  type PaymentProvider,
  type PriceList,
  type ProcessResult,
  type SubscriptionLike,
} from "./types";

export type { MembershipRow, MembershipRules, MembershipVerdict, ProviderStatus } from "./apply";
export type { DisputeUpdate, HoldApplyResult, HoldHandler, HoldUpdate } from "./holds";
export type { InvoiceApplyResult, InvoiceHandler, InvoiceUpdate } from "./invoices";
export type { SyncCounts, SyncOutcome } from "./sync";
export type { PaymentEvent, PaymentProvider, ProcessResult } from "./types";

/** What a webhook delivery came to: processed, or refused (400) with the reason to log. */
export type WebhookOutcome =
  | { ok: true; event: PaymentEvent; result: ProcessResult }
  | { ok: false; error: "Missing payload"; code: "invalid_payload" }
  | { ok: false; error: "Invalid signature"; code: "invalid_signature"; cause: unknown }
  | { ok: false; error: "Malformed event"; code: "invalid_payload"; eventId: unknown; got: string };

/**
 * The test mode's webhook signing secret: derived from the app's secret, so every instance shares it and
 * nobody without it can sign an event.
 */
export function testWebhookSecret(appSecret: string): string {
  return `whsec_test_${createHmac("sha256", appSecret).update("maison test-mode webhooks").digest("hex")}`;
}

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
  /**
   * Checks a webhook's signature on its raw body and returns its event: Stripe's secret, or in test mode the
   * test provider's own (it signs every event it delivers).
   */
  verifyWebhook: StripeProvider["verifyWebhook"] | null;
  /** The webhook handler: signature, shape, then the one event processing. Stripe's and the test mode's. */
  receiveWebhook(rawBody: unknown, signature: string | undefined): Promise<WebhookOutcome>;
  /** Card holds: the quotes domain's handler (app.ts), and a provider answer applied as its webhook would be. */
  holds: {
    setHandler(handler: HoldHandler): void;
    apply(update: HoldUpdate): Promise<HoldApplyResult>;
  };
  /** Balance invoices: the quotes domain's handler (app.ts), and a provider answer applied as its webhook would be. */
  invoices: {
    setHandler(handler: InvoiceHandler): void;
    apply(update: InvoiceUpdate): Promise<InvoiceApplyResult>;
  };
  /** The one event processing, each event id applied once. */
  processEvent(event: PaymentEvent): Promise<ProcessResult>;
  /** The user's provider customer: created once (under the user's row lock), then reused. */
  ensureCustomer(user: { userId: string; email: string; name: string }): Promise<string>;
  customerOf(userId: string): Promise<string | null>;
  /**
   * Sends the member's invoicing details (profile: billing name or name, address, NIF) to their provider
   * customer, outside any transaction; "no-customer" when they have none yet (nothing is asked of the provider).
   * Throws when the provider fails: the caller decides (a profile save logs it and succeeds; the next save, a
   * new customer or a sync sends them again).
   */
  updateCustomerDetails(userId: string): Promise<"updated" | "no-customer">;
  syncUser(userId: string): Promise<SyncOutcome>;
  /** Null when a sync of everyone is already running. */
  syncAll(onError: (error: unknown, userId: string) => void): Promise<SyncCounts | null>;
  /** Applies a subscription the provider just returned (an upgrade), as a sync would. */
  applyFetched(userId: string, subscription: SubscriptionLike, fetchStartedAt: number): Promise<unknown>;
  hooks: BillingHooks;
}

export function createPayments(
  config: Config,
  db: Database,
  write: Write,
  options: {
    /** The billing domain's membership rules (app.ts): what a subscription does to a member's row. */
    membership: MembershipRules;
    /** An orphan authorisation the provider did not cancel when asked (reconciliation will find it again). */
    onOrphanError?: (error: unknown) => void;
  },
): Payments {
  const { membership, onOrphanError = () => {} } = options;
  const stripe = config.STRIPE_SECRET_KEY ? createStripeProvider(config) : null;
  const test = stripe ? null : createTestProvider({ db, appUrl: config.APP_URL });
  const provider: PaymentProvider = stripe ?? (test as TestProvider);
  const prices = createPriceList(configuredPrices(config));
  let holdHandler: HoldHandler | null = null;
  let invoiceHandler: InvoiceHandler | null = null;
  const processEvent = createEventProcessor({
    db,
    write,
    provider,
    prices,
    membership,
    holdHandler: () => holdHandler,
    invoiceHandler: () => invoiceHandler,
    onOrphanError,
  });
  const webhookSecret = stripe ? null : testWebhookSecret(resolveAuthSecret(config));
  const verifyWebhook: StripeProvider["verifyWebhook"] = stripe
    ? stripe.verifyWebhook
    : async (rawBody, signature) =>
        (await verifySignedEvent(rawBody, signature, webhookSecret as string)) as PaymentEvent;

  async function receiveWebhook(raw: unknown, signature: string | undefined): Promise<WebhookOutcome> {
    if (!Buffer.isBuffer(raw) || raw.length === 0) {
      return { ok: false, error: "Missing payload", code: "invalid_payload" };
    }
    let event: PaymentEvent;
    try {
      event = await verifyWebhook(raw, signature);
    } catch (cause) {
      return { ok: false, error: "Invalid signature", code: "invalid_signature", cause };
    }
    if (!isWellFormedEvent(event)) {
      // Signed, but any JSON at all (null, a number, an array, an object without a type): say what came.
      const eventId = typeof event === "object" && event !== null ? (event as { id?: unknown }).id : undefined;
      const got = event === null ? "null" : Array.isArray(event) ? "array" : typeof event;
      return { ok: false, error: "Malformed event", code: "invalid_payload", eventId, got };
    }
    // A failure here throws (the route answers 500 and changes nothing, so the event is delivered again).
    return { ok: true, event, result: await processEvent(event) };
  }

  // The test provider delivers each event as Stripe would: signed, to the same handler as the webhook route.
  test?.setEventSink(async (event) => {
    const payload = JSON.stringify(event);
    const Stripe = await loadStripe();
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret as string });
    const outcome = await receiveWebhook(Buffer.from(payload), header);
    if (!outcome.ok) throw new Error(`test-mode webhook refused: ${outcome.error}`);
    return outcome.result;
  });
  const sync = createSync({ db, write, provider, prices, membership, pauseMs: config.SUBSCRIPTION_SYNC_PAUSE_MS });

  async function customerOf(userId: string) {
    const [row] = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    return row?.customerId ?? null;
  }

  /** The member's invoicing details as the provider's customer shows them; null when they gave none. */
  async function detailsOf(userId: string): Promise<CustomerDetails | null> {
    const [row] = await db
      .select({
        name: profiles.name,
        billingName: profiles.billingName,
        billingAddress: profiles.billingAddress,
        taxId: profiles.taxId,
      })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!row) return null;
    return { name: row.billingName || row.name, address: row.billingAddress || null, taxId: row.taxId || null };
  }

  async function updateCustomerDetails(userId: string) {
    const customerId = await customerOf(userId);
    if (!customerId) return "no-customer" as const;
    const details = await detailsOf(userId);
    if (details) await provider.updateCustomer(customerId, details);
    return "updated" as const;
  }

  /** Details the member gave before they had a customer (or that a failed save left behind): sent again. */
  async function resendDetails(userId: string) {
    const [row] = await db
      .select({ billingName: profiles.billingName, billingAddress: profiles.billingAddress, taxId: profiles.taxId })
      .from(profiles)
      .where(eq(profiles.id, userId));
    if (!row || !(row.billingName || row.billingAddress || row.taxId)) return;
    // Never fails what asked for it (a checkout, an accept, a sync): the next save or sync tries again.
    await updateCustomerDetails(userId).catch(() => {});
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
    await resendDetails(user.userId);
    return (await customerOf(user.userId)) as string;
  }

  return {
    mode: stripe ? "stripe" : "test",
    label: stripe ? stripeKeyMode(config.STRIPE_SECRET_KEY as string) : "TEST",
    provider,
    prices,
    test,
    verifyWebhook,
    receiveWebhook,
    holds: {
      setHandler(handler) {
        holdHandler = handler;
      },
      async apply(update) {
        const handler = holdHandler;
        if (!handler) return { changed: false, ignored: "no hold handler" };
        const result = await write((tx, out) => handler.apply(tx, out, update));
        await cancelOrphan(provider, result, onOrphanError);
        return result;
      },
    },
    invoices: {
      setHandler(handler) {
        invoiceHandler = handler;
      },
      async apply(update) {
        const handler = invoiceHandler;
        if (!handler) return { changed: false, ignored: "no invoice handler" };
        return write((tx, out) => handler.apply(tx, out, update));
      },
    },
    processEvent,
    ensureCustomer,
    customerOf,
    updateCustomerDetails,
    async syncUser(userId) {
      const outcome = await sync.syncUser(userId);
      await resendDetails(userId);
      return outcome;
    },
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
