/**
 * The built-in test-mode payment provider (the default when no Stripe key is set). It keeps Stripe-shaped
 * customers, checkout sessions, subscriptions and invoices in our database, serves its own checkout page
 * (/checkout/test/:id) and billing page (/billing/test), and turns every change into Stripe-shaped events
 * (ids evt_test_…) handed to the same event processing as Stripe's webhooks, after its own change commits,
 * as a webhook would arrive.
 */
import { createHash, randomBytes } from "node:crypto";
import { addMonths } from "date-fns";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { TestBillingOverview } from "@/shared/billing";
import { BILLING_ADMIN_TEXTS, ERROR_TEXTS, ERRORS } from "@/shared/messages";
import { PURCHASABLE_PLANS, type PurchasablePlan, planLabel } from "@/shared/plans";
import { HOLD_VALIDITY_DAYS, QUOTE_MESSAGES } from "@/shared/quotes";
import type { Database, Queryable } from "../db";
import { testPaymentObjects } from "../db/schema";
import { conflict, external, HttpError, notFound } from "../http/errors";
import { keyedAnswer } from "../i18n";
import { monthlyAmountCents, TEST_PRICES } from "./prices";
import { type CardInput, checkTestCard } from "./test-cards";
import { createTestInvoices, type TestInvoices } from "./test-invoices";
import { type TestReceipt, testReceiptUrl } from "./test-receipts";
import {
  type CheckoutRequest,
  customerUpdateParams,
  type DisputeLike,
  type PaymentEvent,
  type PaymentIntentLike,
  type PaymentProvider,
  type SubscriptionLike,
} from "./types";

type Kind =
  | "customer"
  | "checkout_session"
  | "subscription"
  | "invoice"
  | "hold_session"
  | "payment_intent"
  | "charge"
  | "refund"
  | "idempotency"
  | "dispute"
  | "clock";

interface TestPrice {
  id: string;
  object: "price";
  currency: "eur";
  unit_amount: number;
  recurring: { interval: "month"; interval_count: 1 };
  nickname: string;
}

export interface TestSubscription extends SubscriptionLike {
  object: "subscription";
  customer: string;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      price: TestPrice;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }>;
  };
  /** The card it is charged to (Stripe keeps a default payment method; this is its summary). */
  test_card: { brand: string; last4: string };
}

export interface TestCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  customer: string;
  customer_email: string;
  client_reference_id: string;
  metadata: { userId: string; plan: PurchasablePlan };
  subscription: string | null;
  amount_total: number;
  currency: "eur";
  price: string;
  url: string;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
}

interface TestInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid";
  billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  amount_due: number;
  amount_paid: number;
  currency: "eur";
  created: number;
  description: string;
  parent: { type: "subscription_details"; subscription_details: { subscription: string } };
  /** The card that paid it (older invoices have none: their subscription's card is shown). */
  test_card?: { brand: string; last4: string };
}

/** A hold's card page: Checkout in payment mode, its PaymentIntent captured manually. */
export interface TestHoldSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "requires_action" | "complete" | "expired";
  payment_status: "unpaid";
  customer: string;
  customer_email: string;
  client_reference_id: string;
  metadata: { requestId: string; holdId: string };
  payment_intent: string | null;
  amount_total: number;
  currency: "eur";
  description: string;
  url: string;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  /** Closed by the merchant (expire), not by time: the offer it was made for changed. */
  superseded?: boolean;
}

interface TestCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: "eur";
  customer: string;
  payment_intent: string;
  receipt_url: string | null;
  created: number;
  payment_method_details: { type: "card"; card: { brand: string; last4: string; capture_before: number } };
}

export interface TestPaymentIntent extends PaymentIntentLike {
  object: "payment_intent";
  currency: "eur";
  customer: string;
  description: string;
  capture_method: "manual";
  metadata: { requestId: string; holdId: string };
  amount_capturable: number;
  amount_received: number;
  cancellation_reason: string | null;
  canceled_at: number | null;
  latest_charge: string | null;
  last_payment_error: { message: string } | null;
}

/** A refund of a captured charge (Stripe's `Refund`): the test provider's succeed at once. */
export interface TestRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: "eur";
  charge: string;
  payment_intent: string;
  status: "succeeded";
  reason: null;
  metadata: Record<string, string>;
  created: number;
  failure_reason: null;
}

const API_VERSION = "test-mode";
/** Stripe keeps a customer-initiated card authorisation capturable for about 7 days. */
export const TEST_HOLD_VALIDITY_SECONDS = HOLD_VALIDITY_DAYS * 24 * 60 * 60;
export const HOLD_DECLINED = ERRORS.holdDeclined;
export const HOLD_AUTHENTICATION_FAILED = ERRORS.holdAuthenticationFailed;
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

const PRICES: Record<string, TestPrice> = Object.fromEntries(
  PURCHASABLE_PLANS.map((plan) => [
    TEST_PRICES[plan],
    {
      id: TEST_PRICES[plan],
      object: "price",
      currency: "eur",
      unit_amount: monthlyAmountCents(plan),
      recurring: { interval: "month", interval_count: 1 },
      nickname: `${planLabel(plan)} membership`,
    } satisfies TestPrice,
  ]),
);

/** Disputes are filed under one owner (a bank's, not a customer's): forgetting a customer keeps them. */
const DISPUTES = "disputes";

function planOfPrice(priceId: string): PurchasablePlan | null {
  return PURCHASABLE_PLANS.find((plan) => TEST_PRICES[plan] === priceId) ?? null;
}

function makeEvent(
  type: string,
  object: object,
  previous?: object,
  at: Date = new Date(),
): PaymentEvent & Record<string, unknown> {
  return {
    id: testId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: seconds(at),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
}

export type { TestBillingOverview };

export interface TestProvider extends PaymentProvider, TestInvoices {
  readonly kind: "test";
  /** Where the events go: the shared event processing (wired by createPayments). */
  setEventSink(sink: (event: PaymentEvent) => Promise<unknown>): void;
  getCheckoutSession(id: string): Promise<TestCheckoutSession | null>;
  /** Pays an open checkout session with a card; throws 402 with the decline message for a declined card. */
  payCheckoutSession(id: string, card: CardInput): Promise<{ successUrl: string; subscriptionId: string }>;
  setCancelAtPeriodEnd(customerId: string, cancel: boolean): Promise<void>;
  overview(customerId: string): Promise<TestBillingOverview>;
  /** Ends or renews the customer's subscriptions whose period is over (a stand-in for Stripe's clock). */
  advanceClock(customerId: string, now?: Date): Promise<void>;
  /** Removes everything kept about a customer (their account is being deleted). */
  forgetCustomer(customerId: string): Promise<void>;
  /**
   * The receipt of a charge, a refund, a membership invoice or a paid balance invoice (by its id), as its page
   * /checkout/test/receipts/:id shows it; null when there is none.
   */
  receipt(id: string): Promise<TestReceipt | null>;
  /** Where the receipt of that object is. */
  receiptUrl(id: string): string;

  // Card holds: the hold page (/checkout/test/holds/:id) and Stripe's clock.
  getHoldSession(id: string): Promise<TestHoldSession | null>;
  /**
   * Authorises the hold with a card, without capturing: 4242 is held, 4000 0000 0000 0002 declined (402, and
   * nothing but the failure is recorded), 4000 0027 6000 3184 first asks for the bank's confirmation.
   */
  authorizeHold(id: string, card: CardInput): Promise<{ redirectUrl: string | null; requiresAction: boolean }>;
  /** The 3-D Secure step: approved, the hold is authorised; failed, the card page opens again (402). */
  confirmHold(id: string, approve: boolean): Promise<{ redirectUrl: string | null; requiresAction: boolean }>;
  /** A card dispute on a captured intent's charge (QA), as the cardholder's bank opens one: 7 days to answer. */
  openDispute(paymentIntentId: string, reason: string): Promise<DisputeLike>;
  /** The bank's decision on a dispute (QA): won or lost. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Promise<DisputeLike>;
  /** The provider's "now": the real time plus the offset tests (and the QA tools) move it by. */
  now(): Promise<Date>;
  /** Moves the provider's clock by `ms` (cumulative); due expiries are then delivered. */
  advanceHoldClock(ms: number): Promise<Date>;
  /** Back to the real time. */
  resetHoldClock(): Promise<void>;
  /** Lapses authorisations past capture_before (payment_intent.canceled, "automatic") and stale hold pages. */
  expireDueHolds(): Promise<number>;
}

export function createTestProvider(deps: { db: Database; appUrl: string }): TestProvider {
  const { db, appUrl } = deps;
  let sink: (event: PaymentEvent) => Promise<unknown> = async () => {
    throw new Error("test-mode payments: no event sink");
  };

  /** Stores an object under its id; `customer` (the customer's own id, for a customer) files it for lists. */
  async function put(q: Queryable, kind: Kind, object: { id: string }, customer: string) {
    const row = { id: object.id, kind, customerId: customer, data: object as unknown as Record<string, unknown> };
    await q
      .insert(testPaymentObjects)
      .values(row)
      .onConflictDoUpdate({ target: testPaymentObjects.id, set: { data: row.data } });
  }

  async function get<T>(q: Queryable, kind: Kind, id: string, lock = false): Promise<T | null> {
    const query = q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.id, id), eq(testPaymentObjects.kind, kind)));
    const [row] = lock ? await query.for("update") : await query;
    return (row?.data as T | undefined) ?? null;
  }

  async function list<T>(q: Queryable, kind: Kind, customerId: string): Promise<T[]> {
    const rows = await q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.customerId, customerId), eq(testPaymentObjects.kind, kind)))
      .orderBy(desc(testPaymentObjects.createdAt));
    return rows.map((r) => r.data as T);
  }

  /** Hands events over one at a time, in order, after the change that produced them has committed. */
  async function deliver(events: PaymentEvent[]) {
    for (const event of events) await sink(event);
  }

  /** An invoice's description's key and plan, for the member's language (the English stays as Stripe keeps it). */
  function invoiceText(inv: TestInvoice) {
    const plan = /(\w+) membership, /.exec(inv.description)?.[1];
    if (!plan) return {};
    const text = {
      subscription_create: BILLING_ADMIN_TEXTS.invoiceFirstMonth,
      subscription_update: BILLING_ADMIN_TEXTS.invoiceUpgrade,
      subscription_cycle: BILLING_ADMIN_TEXTS.invoiceRenewal,
    }[inv.billing_reason];
    const { key, params } = keyedAnswer(text, { plan });
    return { key, params };
  }

  function invoice(
    sub: TestSubscription,
    amount: number,
    reason: TestInvoice["billing_reason"],
    description: string,
  ): TestInvoice {
    return {
      id: testId("in"),
      object: "invoice",
      customer: sub.customer,
      status: "paid",
      billing_reason: reason,
      amount_due: amount,
      amount_paid: amount,
      currency: "eur",
      created: seconds(new Date()),
      description,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      test_card: sub.test_card,
    };
  }

  async function currentSubscription(q: Queryable, customerId: string, lock = false) {
    const subs = await list<TestSubscription>(q, "subscription", customerId);
    const current = subs.find((s) => s.status === "active");
    return current && lock ? get<TestSubscription>(q, "subscription", current.id, true) : (current ?? null);
  }

  const CLOCK_ID = "clock_test";

  /** The provider's now: the real time moved by the stored offset (shared by every instance). */
  async function clockNow(q: Queryable): Promise<Date> {
    const [row] = await q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(eq(testPaymentObjects.id, CLOCK_ID));
    return new Date(Date.now() + Number((row?.data as { offsetMs?: number } | undefined)?.offsetMs ?? 0));
  }

  const keyId = (key: string) => `idem_test_${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
  async function seenKey(q: Queryable, key: string) {
    return Boolean(await get(q, "idempotency", keyId(key)));
  }
  async function rememberKey(q: Queryable, key: string) {
    await put(q, "idempotency", { id: keyId(key) }, keyId(key));
  }

  /** The intent with its latest charge expanded, as `retrieve(..., { expand: ["latest_charge"] })` answers. */
  async function expanded(q: Queryable, intent: TestPaymentIntent): Promise<PaymentIntentLike> {
    const charge = intent.latest_charge ? await get<TestCharge>(q, "charge", intent.latest_charge) : null;
    return { ...intent, latest_charge: charge ?? intent.latest_charge };
  }

  async function openHoldSession(q: Queryable, id: string) {
    const session = await get<TestHoldSession>(q, "hold_session", id, true);
    if (!session) throw notFound(ERROR_TEXTS.cardPageNotFound);
    if (session.status === "complete") throw conflict(ERROR_TEXTS.holdAlreadyAuthorised, "session_closed");
    if (session.superseded) throw conflict(QUOTE_MESSAGES.offerChanged, "offer_changed");
    if (session.status === "expired" || session.expires_at <= seconds(await clockNow(q))) {
      throw conflict(ERROR_TEXTS.cardPageExpired, "session_closed");
    }
    return session;
  }

  /** The session's PaymentIntent, created at the first card attempt (as Checkout does) and reused after. */
  async function intentFor(q: Queryable, session: TestHoldSession, now: Date): Promise<TestPaymentIntent> {
    if (session.payment_intent) {
      const known = await get<TestPaymentIntent>(q, "payment_intent", session.payment_intent, true);
      if (known) return known;
    }
    const intent: TestPaymentIntent = {
      id: testId("pi"),
      object: "payment_intent",
      status: "requires_payment_method",
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      currency: "eur",
      customer: session.customer,
      description: session.description,
      capture_method: "manual",
      cancellation_reason: null,
      canceled_at: null,
      created: seconds(now),
      metadata: { ...session.metadata },
      latest_charge: null,
      last_payment_error: null,
    };
    session.payment_intent = intent.id;
    await put(q, "payment_intent", intent, intent.customer);
    return intent;
  }

  /** The card is authorised: the intent waits for its capture until capture_before, the session completes. */
  async function authorise(
    q: Queryable,
    session: TestHoldSession,
    intent: TestPaymentIntent,
    card: { brand: string; last4: string; three_d_secure?: { result: string } | null },
    now: Date,
  ): Promise<PaymentEvent[]> {
    const chargeId = testId("ch");
    const charge: TestCharge = {
      id: chargeId,
      object: "charge",
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      currency: "eur",
      customer: intent.customer,
      payment_intent: intent.id,
      // Like Stripe's: the charge's receipt page (ours, /checkout/test/receipts/:id).
      receipt_url: testReceiptUrl(appUrl, chargeId),
      created: seconds(now),
      payment_method_details: {
        type: "card",
        card: { ...card, capture_before: seconds(now) + TEST_HOLD_VALIDITY_SECONDS },
      },
    };
    Object.assign(intent, {
      status: "requires_capture",
      amount_capturable: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    Object.assign(session, { status: "complete", payment_intent: intent.id });
    await put(q, "charge", charge, charge.customer);
    await put(q, "payment_intent", intent, intent.customer);
    await put(q, "hold_session", session, session.customer);
    return [
      makeEvent("payment_intent.amount_capturable_updated", intent, undefined, now),
      makeEvent("checkout.session.completed", session, undefined, now),
    ];
  }

  function cancelIntent(intent: TestPaymentIntent, reason: string, now: Date): PaymentEvent {
    Object.assign(intent, {
      status: "canceled",
      cancellation_reason: reason,
      canceled_at: seconds(now),
      amount_capturable: 0,
    });
    return makeEvent("payment_intent.canceled", intent, undefined, now);
  }

  /** An unfinished card page closes: its intent (if a card was tried) is cancelled with it. */
  async function closeSession(q: Queryable, session: TestHoldSession, now: Date): Promise<PaymentEvent[]> {
    const events: PaymentEvent[] = [];
    if (session.payment_intent) {
      const intent = await get<TestPaymentIntent>(q, "payment_intent", session.payment_intent, true);
      if (intent && intent.status !== "canceled" && intent.status !== "succeeded") {
        events.push(cancelIntent(intent, "abandoned", now));
        await put(q, "payment_intent", intent, intent.customer);
      }
    }
    Object.assign(session, { status: "expired" });
    await put(q, "hold_session", session, session.customer);
    events.unshift(makeEvent("checkout.session.expired", session, undefined, now));
    return events;
  }

  // Balance invoices (decision 035): their hosted page, card and bank transfer payments, overdue on the clock.
  const invoices = createTestInvoices({ db, appUrl, clockNow, makeEvent, deliver });

  const provider: TestProvider = {
    kind: "test",
    ...invoices,

    setEventSink(next) {
      sink = next;
    },

    async createCustomer({ userId, email, name }) {
      // Like Stripe's idempotency key per user: a second call for the same user gives the same customer.
      const id = `cus_test_${createHash("sha256").update(userId).digest("hex").slice(0, 24)}`;
      const customer = { id, object: "customer", email, name, metadata: { userId }, created: seconds(new Date()) };
      await put(db, "customer", customer, id);
      return id;
    },

    async updateCustomer(customerId, details) {
      // As Stripe does: a field set to "" is removed, the others replaced.
      await db.transaction(async (tx) => {
        const customer = await get<Record<string, unknown>>(tx, "customer", customerId, true);
        if (!customer) throw new Error(`No such customer: '${customerId}'`);
        const update = customerUpdateParams(details);
        const metadata = { ...(customer.metadata as Record<string, string> | undefined) };
        if (update.metadata.nif) metadata.nif = update.metadata.nif;
        else delete metadata.nif;
        const next = {
          ...customer,
          id: customerId,
          name: update.name,
          address: update.address || null,
          metadata,
          invoice_settings: { custom_fields: update.invoice_settings.custom_fields || null },
        };
        await put(tx, "customer", next, customerId);
      });
    },

    async createCheckoutSession(input: CheckoutRequest) {
      const id = testId("cs");
      const created = seconds(new Date());
      const url = `${appUrl}/checkout/test/${id}`;
      const session: TestCheckoutSession = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        customer: input.customerId,
        customer_email: input.email,
        client_reference_id: input.userId,
        metadata: { userId: input.userId, plan: input.plan },
        subscription: null,
        amount_total: PRICES[input.priceId]?.unit_amount ?? 0,
        currency: "eur",
        price: input.priceId,
        url,
        success_url: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancel_url: input.cancelUrl,
        created,
        expires_at: created + SESSION_LIFETIME_SECONDS,
      };
      await put(db, "checkout_session", session, session.customer);
      return { id, url };
    },

    async getCheckoutSession(id) {
      const session = await get<TestCheckoutSession>(db, "checkout_session", id);
      if (session?.status === "open" && session.expires_at <= seconds(new Date())) {
        session.status = "expired";
        await put(db, "checkout_session", session, session.customer);
      }
      return session;
    },

    async payCheckoutSession(id, card) {
      const check = checkTestCard(card);
      const events = await db.transaction(async (tx) => {
        const session = await get<TestCheckoutSession>(tx, "checkout_session", id, true);
        if (!session) throw notFound(ERROR_TEXTS.checkoutSessionNotFound);
        if (session.status !== "open" || session.expires_at <= seconds(new Date())) {
          throw conflict(ERROR_TEXTS.checkoutSessionClosed, "session_closed");
        }
        // Like Stripe Checkout, a refused card leaves the session open and creates nothing.
        if (!check.ok) {
          throw new HttpError(
            check.declined ? 402 : 400,
            check.message,
            check.declined ? "card_declined" : "invalid_card",
          );
        }
        const now = new Date();
        const price = PRICES[session.price];
        const sub: TestSubscription = {
          id: testId("sub"),
          object: "subscription",
          customer: session.customer,
          status: "active",
          created: seconds(now),
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          metadata: { ...session.metadata },
          items: {
            object: "list",
            data: [
              {
                id: testId("si"),
                object: "subscription_item",
                price,
                quantity: 1,
                current_period_start: seconds(now),
                current_period_end: seconds(addMonths(now, 1)),
              },
            ],
          },
          test_card: { brand: check.brand, last4: check.last4 },
        };
        const first = invoice(sub, price.unit_amount, "subscription_create", `${price.nickname}, first month`);
        Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
        await put(tx, "subscription", sub, sub.customer);
        await put(tx, "invoice", first, first.customer);
        await put(tx, "checkout_session", session, session.customer);
        return {
          sessionUrl: session.success_url,
          subscriptionId: sub.id,
          events: [
            makeEvent("customer.subscription.created", sub),
            makeEvent("invoice.paid", first),
            makeEvent("checkout.session.completed", session),
          ],
        };
      });
      await deliver(events.events);
      return { successUrl: events.sessionUrl, subscriptionId: events.subscriptionId };
    },

    async changeSubscriptionPrice({ subscriptionId, priceId }) {
      const price = PRICES[priceId];
      if (!price) throw new Error(`test-mode payments: unknown price ${priceId}`);
      const { sub, events } = await db.transaction(async (tx) => {
        const sub = await get<TestSubscription>(tx, "subscription", subscriptionId, true);
        if (sub?.status !== "active") throw conflict(ERROR_TEXTS.subscriptionUnchangeable);
        const item = sub.items.data[0];
        const previous = { items: structuredClone(sub.items), cancel_at_period_end: sub.cancel_at_period_end };
        // The rest of the period at the new price, less what is left of the old one: charged now.
        const now = seconds(new Date());
        const left = Math.max(0, item.current_period_end - now) / (item.current_period_end - item.current_period_start);
        const amount = Math.max(0, Math.round((price.unit_amount - item.price.unit_amount) * left));
        item.price = price;
        Object.assign(sub, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
        sub.metadata.plan = planOfPrice(priceId) ?? sub.metadata.plan;
        const prorated = invoice(sub, amount, "subscription_update", `Upgrade to ${price.nickname}, prorated`);
        await put(tx, "subscription", sub, sub.customer);
        await put(tx, "invoice", prorated, prorated.customer);
        return {
          sub,
          events: [makeEvent("customer.subscription.updated", sub, previous), makeEvent("invoice.paid", prorated)],
        };
      });
      await deliver(events);
      return sub;
    },

    async createPortalSession() {
      return { url: `${appUrl}/billing/test` };
    },

    async retrieveSubscription(id) {
      return get<TestSubscription>(db, "subscription", id);
    },

    async listSubscriptions(customerId) {
      await provider.advanceClock(customerId);
      return list<TestSubscription>(db, "subscription", customerId);
    },

    async cancelSubscriptionNow(id) {
      const events = await db.transaction(async (tx) => {
        const sub = await get<TestSubscription>(tx, "subscription", id, true);
        if (!sub || sub.status === "canceled") return [];
        const now = seconds(new Date());
        Object.assign(sub, { status: "canceled", cancel_at_period_end: false, canceled_at: now, ended_at: now });
        await put(tx, "subscription", sub, sub.customer);
        return [makeEvent("customer.subscription.deleted", sub)];
      });
      await deliver(events);
    },

    async setCancelAtPeriodEnd(customerId, cancel) {
      const events = await db.transaction(async (tx) => {
        const sub = await currentSubscription(tx, customerId, true);
        if (!sub) throw notFound(ERROR_TEXTS.noMembershipToManage);
        if (sub.cancel_at_period_end === cancel) return [];
        const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at ?? null };
        const periodEnd = sub.items.data[0].current_period_end;
        Object.assign(sub, {
          cancel_at_period_end: cancel,
          cancel_at: cancel ? periodEnd : null,
          canceled_at: cancel ? seconds(new Date()) : null,
        });
        await put(tx, "subscription", sub, sub.customer);
        return [makeEvent("customer.subscription.updated", sub, previous)];
      });
      await deliver(events);
    },

    async advanceClock(customerId, now = new Date()) {
      const events = await db.transaction(async (tx) => {
        const out: PaymentEvent[] = [];
        for (const listed of await list<TestSubscription>(tx, "subscription", customerId)) {
          if (listed.status !== "active") continue;
          const sub = await get<TestSubscription>(tx, "subscription", listed.id, true);
          if (!sub) continue;
          const item = sub.items.data[0];
          if (item.current_period_end > seconds(now)) continue;
          if (sub.cancel_at_period_end) {
            // The scheduled cancellation takes effect: the member had access until the end of the period.
            Object.assign(sub, { status: "canceled", ended_at: item.current_period_end });
            out.push(makeEvent("customer.subscription.deleted", sub));
          } else {
            const previous = { items: structuredClone(sub.items) };
            // At most a year of missed renewals at once; each period is one paid invoice.
            for (let i = 0; i < 12 && item.current_period_end <= seconds(now); i++) {
              const start = new Date(item.current_period_end * 1000);
              item.current_period_start = seconds(start);
              item.current_period_end = seconds(addMonths(start, 1));
              const renewal = invoice(
                sub,
                item.price.unit_amount,
                "subscription_cycle",
                `${item.price.nickname}, renewal`,
              );
              await put(tx, "invoice", renewal, renewal.customer);
              out.push(makeEvent("invoice.paid", renewal));
            }
            out.push(makeEvent("customer.subscription.updated", sub, previous));
          }
          await put(tx, "subscription", sub, sub.customer);
        }
        return out;
      });
      await deliver(events);
    },

    async createHoldSession(input) {
      // Like Stripe's idempotency key: the same key gives the same session.
      const id = `cs_test_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
      const existing = await get<TestHoldSession>(db, "hold_session", id);
      if (existing) return { id, url: existing.url };
      const now = await clockNow(db);
      const session: TestHoldSession = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        customer: input.customerId,
        customer_email: input.email,
        client_reference_id: input.userId,
        metadata: { requestId: input.requestId, holdId: input.holdId },
        payment_intent: null,
        amount_total: input.amountCents,
        currency: "eur",
        description: input.description,
        url: `${appUrl}/checkout/test/holds/${id}`,
        success_url: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancel_url: input.cancelUrl,
        created: seconds(now),
        expires_at: seconds(now) + SESSION_LIFETIME_SECONDS,
      };
      await db
        .insert(testPaymentObjects)
        .values({
          id,
          kind: "hold_session",
          customerId: input.customerId,
          data: session as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing();
      return { id, url: session.url };
    },

    async holdSessionStatus(id) {
      const session = await get<TestHoldSession>(db, "hold_session", id);
      if (!session || session.status === "expired") return "expired";
      if (session.status === "complete") return "complete";
      return session.expires_at <= seconds(await clockNow(db)) ? "expired" : "open";
    },

    async expireHoldSession(id) {
      const { expired, events } = await db.transaction(async (tx) => {
        const session = await get<TestHoldSession>(tx, "hold_session", id, true);
        if (!session) return { expired: true, events: [] };
        if (session.status === "complete") return { expired: false, events: [] };
        if (session.status === "expired") return { expired: true, events: [] };
        session.superseded = true;
        return { expired: true, events: await closeSession(tx, session, await clockNow(tx)) };
      });
      await deliver(events);
      return expired;
    },

    async holdSessionOfIntent(id) {
      const [row] = await db
        .select({ id: testPaymentObjects.id })
        .from(testPaymentObjects)
        .where(
          and(eq(testPaymentObjects.kind, "hold_session"), sql`${testPaymentObjects.data}->>'payment_intent' = ${id}`),
        );
      return row?.id ?? null;
    },

    async retrievePaymentIntent(id) {
      const intent = await get<TestPaymentIntent>(db, "payment_intent", id);
      return intent ? expanded(db, intent) : null;
    },

    async capturePaymentIntent(id, { amountToCapture, idempotencyKey }) {
      const { intent, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", id, true);
        if (!intent) throw new HttpError(404, external(`No such payment_intent: '${id}'`), "resource_missing");
        // A repeated key answers the first call's result, as Stripe does.
        if (await seenKey(tx, idempotencyKey)) return { intent, events: [] };
        if (intent.status !== "requires_capture") {
          throw new HttpError(
            400,
            external(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`),
            "payment_intent_unexpected_state",
          );
        }
        if (amountToCapture > intent.amount_capturable) {
          throw new HttpError(
            400,
            external("The amount to capture is larger than the amount capturable."),
            "amount_too_large",
          );
        }
        const now = await clockNow(tx);
        const charge = intent.latest_charge ? await get<TestCharge>(tx, "charge", intent.latest_charge, true) : null;
        // Stripe captures once; what is not captured is released at the same moment.
        Object.assign(intent, { status: "succeeded", amount_received: amountToCapture, amount_capturable: 0 });
        if (charge) {
          Object.assign(charge, { captured: true, amount_captured: amountToCapture });
          await put(tx, "charge", charge, charge.customer);
        }
        await put(tx, "payment_intent", intent, intent.customer);
        await rememberKey(tx, idempotencyKey);
        return { intent, events: [makeEvent("payment_intent.succeeded", intent, undefined, now)] };
      });
      await deliver(events);
      return expanded(db, intent);
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      const { intent, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", id, true);
        if (!intent) throw new HttpError(404, external(`No such payment_intent: '${id}'`), "resource_missing");
        if (await seenKey(tx, idempotencyKey)) return { intent, events: [] };
        if (intent.status === "succeeded" || intent.status === "canceled") {
          throw new HttpError(
            400,
            external(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`),
            "payment_intent_unexpected_state",
          );
        }
        const now = await clockNow(tx);
        const events = [cancelIntent(intent, "requested_by_customer", now)];
        await put(tx, "payment_intent", intent, intent.customer);
        await rememberKey(tx, idempotencyKey);
        return { intent, events };
      });
      await deliver(events);
      return expanded(db, intent);
    },

    async listHoldPaymentIntents({ createdSince }) {
      const rows = await db
        .select({ data: testPaymentObjects.data })
        .from(testPaymentObjects)
        .where(
          and(
            eq(testPaymentObjects.kind, "payment_intent"),
            sql`(${testPaymentObjects.data}->>'created')::bigint >= ${seconds(createdSince)}`,
            sql`${testPaymentObjects.data}->'metadata'->>'holdId' is not null`,
          ),
        )
        .orderBy(desc(sql`(${testPaymentObjects.data}->>'created')::bigint`));
      return Promise.all(rows.map((row) => expanded(db, row.data as unknown as TestPaymentIntent)));
    },

    async createRefund({ paymentIntentId, amountCents, metadata, idempotencyKey }) {
      // Like Stripe's idempotency key: the same key gives the same refund, and nothing moves again.
      const id = `re_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      const { refund, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", paymentIntentId, true);
        if (!intent) {
          throw new HttpError(404, external(`No such payment_intent: '${paymentIntentId}'`), "resource_missing");
        }
        const known = await get<TestRefund>(tx, "refund", id);
        if (known) return { refund: known, events: [] };
        const charge = intent.latest_charge ? await get<TestCharge>(tx, "charge", intent.latest_charge, true) : null;
        if (intent.status !== "succeeded" || !charge) {
          throw new HttpError(
            400,
            external(`This PaymentIntent does not have a successful charge to refund.`),
            "charge_not_refundable",
          );
        }
        const left = charge.amount_captured - charge.amount_refunded;
        if (amountCents > left) {
          const asked = (amountCents / 100).toFixed(2);
          const rest = (left / 100).toFixed(2);
          throw new HttpError(
            400,
            external(`Refund amount (€${asked}) is greater than unrefunded amount on charge (€${rest})`),
            "amount_too_large",
          );
        }
        const now = await clockNow(tx);
        const refund: TestRefund = {
          id,
          object: "refund",
          amount: amountCents,
          currency: "eur",
          charge: charge.id,
          payment_intent: intent.id,
          status: "succeeded",
          reason: null,
          metadata: { ...metadata },
          created: seconds(now),
          failure_reason: null,
        };
        // Stripe's charge: amount_refunded is cumulative; refunded only once all of it is.
        charge.amount_refunded += amountCents;
        charge.refunded = charge.amount_refunded >= charge.amount_captured;
        await put(tx, "refund", refund, charge.customer);
        await put(tx, "charge", charge, charge.customer);
        return {
          refund,
          events: [
            makeEvent("refund.created", refund, undefined, now),
            makeEvent("charge.refunded", charge, undefined, now),
          ],
        };
      });
      await deliver(events);
      return refund;
    },

    async getHoldSession(id) {
      await provider.expireDueHolds();
      return get<TestHoldSession>(db, "hold_session", id);
    },

    async authorizeHold(id, card) {
      const check = checkTestCard(card, new Date(), { threeDSecure: true });
      const result = await db.transaction(async (tx) => {
        const session = await openHoldSession(tx, id);
        if (session.status !== "open") throw conflict(ERROR_TEXTS.cardPageClosed, "session_closed");
        if (!check.ok && !check.declined) throw new HttpError(400, check.message, "invalid_card");
        const now = await clockNow(tx);
        const intent = await intentFor(tx, session, now);
        if (!check.ok) {
          // Declined: the session stays open, nothing is authorised; Stripe reports the failed attempt.
          Object.assign(intent, { status: "requires_payment_method", last_payment_error: { message: HOLD_DECLINED } });
          await put(tx, "payment_intent", intent, intent.customer);
          await put(tx, "hold_session", session, session.customer);
          return {
            declined: true,
            events: [makeEvent("payment_intent.payment_failed", intent, undefined, now)],
            answer: { redirectUrl: null, requiresAction: false },
          };
        }
        if (check.threeDSecure) {
          Object.assign(intent, { status: "requires_action", last_payment_error: null });
          Object.assign(session, { status: "requires_action" });
          await put(tx, "payment_intent", intent, intent.customer);
          await put(tx, "hold_session", session, session.customer);
          (intent as unknown as { test_card: object }).test_card = { brand: check.brand, last4: check.last4 };
          await put(tx, "payment_intent", intent, intent.customer);
          return {
            declined: false,
            events: [makeEvent("payment_intent.requires_action", intent, undefined, now)],
            answer: { redirectUrl: null, requiresAction: true },
          };
        }
        const events = await authorise(tx, session, intent, { brand: check.brand, last4: check.last4 }, now);
        return { declined: false, events, answer: { redirectUrl: session.success_url, requiresAction: false } };
      });
      await deliver(result.events);
      if (result.declined) throw new HttpError(402, QUOTE_MESSAGES.cardDeclined, "card_declined");
      return result.answer;
    },

    async confirmHold(id, approve) {
      const result = await db.transaction(async (tx) => {
        const session = await openHoldSession(tx, id);
        if (session.status !== "requires_action" || !session.payment_intent) {
          throw conflict(ERROR_TEXTS.nothingToConfirm, "nothing_to_confirm");
        }
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", session.payment_intent, true);
        if (!intent) throw notFound(ERROR_TEXTS.cardPageNotFound);
        const now = await clockNow(tx);
        if (!approve) {
          Object.assign(intent, {
            status: "requires_payment_method",
            last_payment_error: { message: HOLD_AUTHENTICATION_FAILED },
          });
          Object.assign(session, { status: "open" });
          await put(tx, "payment_intent", intent, intent.customer);
          await put(tx, "hold_session", session, session.customer);
          return { failed: true, events: [makeEvent("payment_intent.payment_failed", intent, undefined, now)] };
        }
        const card = (intent as unknown as { test_card?: { brand: string; last4: string } }).test_card ?? {
          brand: "visa",
          last4: "3184",
        };
        const authenticated = { ...card, three_d_secure: { result: "authenticated" } };
        return { failed: false, events: await authorise(tx, session, intent, authenticated, now) };
      });
      await deliver(result.events);
      if (result.failed) throw new HttpError(402, HOLD_AUTHENTICATION_FAILED, "authentication_failed");
      const session = await get<TestHoldSession>(db, "hold_session", id);
      return { redirectUrl: session?.success_url ?? null, requiresAction: false };
    },

    now: () => clockNow(db),

    async advanceHoldClock(ms) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ data: testPaymentObjects.data })
          .from(testPaymentObjects)
          .where(eq(testPaymentObjects.id, CLOCK_ID))
          .for("update");
        const offsetMs = Number((row?.data as { offsetMs?: number } | undefined)?.offsetMs ?? 0) + ms;
        await put(tx, "clock", { id: CLOCK_ID, offsetMs } as { id: string }, CLOCK_ID);
      });
      await provider.expireDueHolds();
      await invoices.markOverdueInvoices();
      return clockNow(db);
    },

    async resetHoldClock() {
      await db.delete(testPaymentObjects).where(eq(testPaymentObjects.id, CLOCK_ID));
    },

    async expireDueHolds() {
      const now = await clockNow(db);
      const due = await db
        .select({ id: testPaymentObjects.id, kind: testPaymentObjects.kind })
        .from(testPaymentObjects)
        .where(
          or(
            and(
              eq(testPaymentObjects.kind, "payment_intent"),
              sql`${testPaymentObjects.data}->>'status' = 'requires_capture'`,
            ),
            and(
              eq(testPaymentObjects.kind, "hold_session"),
              sql`${testPaymentObjects.data}->>'status' in ('open', 'requires_action')`,
              sql`(${testPaymentObjects.data}->>'expires_at')::bigint <= ${seconds(now)}`,
            ),
          ),
        );
      let lapsed = 0;
      for (const object of due) {
        const events = await db.transaction(async (tx) => {
          if (object.kind === "hold_session") {
            const session = await get<TestHoldSession>(tx, "hold_session", object.id, true);
            if (!session || (session.status !== "open" && session.status !== "requires_action")) return [];
            return closeSession(tx, session, now);
          }
          const intent = await get<TestPaymentIntent>(tx, "payment_intent", object.id, true);
          if (intent?.status !== "requires_capture" || !intent.latest_charge) return [];
          const charge = await get<TestCharge>(tx, "charge", intent.latest_charge);
          if (!charge || charge.payment_method_details.card.capture_before > seconds(now)) return [];
          // The authorisation lapses: Stripe cancels the intent itself ("automatic").
          const events = [cancelIntent(intent, "automatic", now)];
          await put(tx, "payment_intent", intent, intent.customer);
          return events;
        });
        if (events.length) lapsed += 1;
        await deliver(events);
      }
      return lapsed;
    },

    async submitDisputeEvidence(id, evidence, idempotencyKey) {
      const { dispute, events } = await db.transaction(async (tx) => {
        const dispute = await get<DisputeLike>(tx, "dispute", id, true);
        if (!dispute) throw new HttpError(404, external(`No such dispute: '${id}'`), "resource_missing");
        if (await seenKey(tx, idempotencyKey)) return { dispute, events: [] };
        if (dispute.status !== "needs_response" && dispute.status !== "warning_needs_response") {
          throw new HttpError(
            400,
            external(`This dispute is already ${dispute.status} and cannot be updated.`),
            "dispute_already_submitted",
          );
        }
        Object.assign(dispute, {
          status: "under_review",
          evidence,
          evidence_details: { ...dispute.evidence_details, has_evidence: true, submission_count: 1 },
        });
        await put(tx, "dispute", dispute, DISPUTES);
        await rememberKey(tx, idempotencyKey);
        return { dispute, events: [makeEvent("charge.dispute.updated", dispute, undefined, await clockNow(tx))] };
      });
      await deliver(events);
      return dispute;
    },

    async openDispute(paymentIntentId, reason) {
      const { dispute, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", paymentIntentId, true);
        if (intent?.status !== "succeeded" || !intent.latest_charge) {
          throw conflict(ERROR_TEXTS.nothingToDispute, "not_captured");
        }
        const now = await clockNow(tx);
        const dispute: DisputeLike = {
          id: testId("dp"),
          object: "dispute",
          charge: intent.latest_charge,
          payment_intent: intent.id,
          amount: intent.amount_received,
          currency: "eur",
          reason,
          status: "needs_response",
          created: seconds(now),
          evidence_details: { due_by: seconds(now) + 7 * 24 * 3600, has_evidence: false, submission_count: 0 },
          metadata: {},
        };
        await put(tx, "dispute", dispute, DISPUTES);
        return { dispute, events: [makeEvent("charge.dispute.created", dispute, undefined, now)] };
      });
      await deliver(events);
      return dispute;
    },

    async closeDispute(disputeId, outcome) {
      const { dispute, events } = await db.transaction(async (tx) => {
        const dispute = await get<DisputeLike>(tx, "dispute", disputeId, true);
        if (!dispute) throw new HttpError(404, external(`No such dispute: '${disputeId}'`), "resource_missing");
        if (dispute.status === "won" || dispute.status === "lost") return { dispute, events: [] };
        dispute.status = outcome;
        await put(tx, "dispute", dispute, DISPUTES);
        return { dispute, events: [makeEvent("charge.dispute.closed", dispute, undefined, await clockNow(tx))] };
      });
      await deliver(events);
      return dispute;
    },

    async forgetCustomer(customerId) {
      await db.delete(testPaymentObjects).where(eq(testPaymentObjects.customerId, customerId));
    },

    receiptUrl(id) {
      return testReceiptUrl(appUrl, id);
    },

    async receipt(id) {
      const [row] = await db.select().from(testPaymentObjects).where(eq(testPaymentObjects.id, id));
      if (!row?.customerId) return null;
      const customerId = row.customerId;
      /** A charge's card and description (its PaymentIntent's: "Hold for …", "Balance for …"). */
      const chargeFacts = async (chargeId: string) => {
        const charge = await get<TestCharge>(db, "charge", chargeId);
        if (!charge) return null;
        const intent = await get<{ description?: string }>(db, "payment_intent", charge.payment_intent);
        const card = charge.payment_method_details.card ?? null;
        return {
          charge,
          description: intent?.description ?? "",
          card: card ? { brand: card.brand, last4: card.last4 } : null,
          method: card ? ("card" as const) : ("bank_transfer" as const),
        };
      };
      if (row.kind === "charge") {
        const facts = await chargeFacts(id);
        if (!facts) return null;
        return {
          id,
          kind: "payment",
          customerId,
          date: new Date(facts.charge.created * 1000),
          amountCents: facts.charge.amount_captured || facts.charge.amount,
          refundedCents: facts.charge.amount_refunded,
          description: facts.description,
          card: facts.card,
          method: facts.method,
        };
      }
      if (row.kind === "refund") {
        const refund = row.data as unknown as TestRefund;
        const facts = await chargeFacts(refund.charge);
        return {
          id,
          kind: "refund",
          customerId,
          date: new Date(refund.created * 1000),
          amountCents: refund.amount,
          refundedCents: 0,
          description: facts?.description ?? "",
          card: facts?.card ?? null,
          method: facts?.method ?? "card",
        };
      }
      if (row.kind === "invoice") {
        const inv = row.data as unknown as TestInvoice;
        const sub = await get<TestSubscription>(db, "subscription", inv.parent.subscription_details.subscription);
        const card = inv.test_card ?? sub?.test_card ?? null;
        return {
          id,
          kind: "payment",
          customerId,
          date: new Date(inv.created * 1000),
          amountCents: inv.amount_paid,
          refundedCents: 0,
          description: inv.description,
          ...invoiceText(inv),
          card,
          method: "card",
        };
      }
      if (row.kind === "balance_invoice") {
        const inv = await invoices.getInvoice(id);
        if (!inv || inv.amount_paid === 0) return null;
        // The card of its largest payment (a bank transfer has none).
        const intentId = await invoices.invoicePaymentIntent(id);
        const intent = intentId ? await get<{ latest_charge: string | null }>(db, "payment_intent", intentId) : null;
        const facts = intent?.latest_charge ? await chargeFacts(intent.latest_charge) : null;
        let refunded = 0;
        for (const payment of inv.payments?.data ?? []) {
          const paid = await get<{ latest_charge: string | null }>(
            db,
            "payment_intent",
            payment.payment.payment_intent,
          );
          const charge = paid?.latest_charge ? await get<TestCharge>(db, "charge", paid.latest_charge) : null;
          refunded += charge?.amount_refunded ?? 0;
        }
        return {
          id,
          kind: "payment",
          customerId,
          date: new Date(((inv.payments?.data ?? []).at(-1)?.created ?? inv.created) * 1000),
          amountCents: inv.amount_paid,
          refundedCents: refunded,
          description: inv.description,
          card: facts?.card ?? null,
          method: facts?.method ?? "bank_transfer",
        };
      }
      return null;
    },

    async listMembershipCharges(customerId) {
      const invoices = await list<TestInvoice>(db, "invoice", customerId);
      const subs = new Map((await list<TestSubscription>(db, "subscription", customerId)).map((s) => [s.id, s]));
      return invoices
        .filter((inv) => inv.status === "paid" && inv.amount_paid > 0)
        .sort((a, b) => b.created - a.created)
        .slice(0, 24)
        .map((inv) => {
          const sub = subs.get(inv.parent.subscription_details.subscription);
          const named = /(\w+) membership, /.exec(inv.description)?.[1]?.toLowerCase() ?? null;
          const plan = PURCHASABLE_PLANS.find((p) => p === named) ?? null;
          return {
            id: inv.id,
            paidAt: new Date(inv.created * 1000),
            amountCents: inv.amount_paid,
            priceId: plan ? TEST_PRICES[plan] : null,
            plan: plan ?? sub?.metadata.plan ?? null,
            billingReason: inv.billing_reason,
            card: inv.test_card ?? sub?.test_card ?? null,
            receiptUrl: testReceiptUrl(appUrl, inv.id),
          };
        });
    },

    async overview(customerId) {
      await provider.advanceClock(customerId);
      const subs = await list<TestSubscription>(db, "subscription", customerId);
      const invoices = await list<TestInvoice>(db, "invoice", customerId);
      const sub = subs.find((s) => s.status === "active") ?? subs[0] ?? null;
      const item = sub?.items.data[0];
      const plan = item ? planOfPrice(item.price.id) : null;
      return {
        subscription:
          sub && item && plan
            ? {
                id: sub.id,
                plan,
                planLabel: planLabel(plan),
                status: sub.status,
                currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
                cancelAtPeriodEnd: sub.cancel_at_period_end,
                amountCents: item.price.unit_amount,
                card: sub.test_card,
              }
            : null,
        invoices: invoices.slice(0, 12).map((inv) => ({
          id: inv.id,
          date: new Date(inv.created * 1000).toISOString(),
          description: inv.description,
          ...invoiceText(inv),
          amountCents: inv.amount_paid,
          status: inv.status,
        })),
      };
    },
  };
  return provider;
}
