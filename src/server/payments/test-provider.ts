/**
 * The built-in test-mode payment provider (the default when no Stripe key is set). It keeps Stripe-shaped
 * customers, checkout sessions, subscriptions and invoices in our database, serves its own checkout page
 * (/checkout/test/:id) and billing page (/billing/test), and turns every change into Stripe-shaped events
 * (ids evt_test_…) handed to the same event processing as Stripe's webhooks, after its own change commits,
 * as a webhook would arrive.
 */
import { createHash, randomBytes } from "node:crypto";
import { addMonths } from "date-fns";
import { and, desc, eq } from "drizzle-orm";
import type { TestBillingOverview } from "@/shared/billing";
import { PURCHASABLE_PLANS, type PurchasablePlan, planLabel } from "@/shared/plans";
import type { Database, Queryable } from "../db";
import { testPaymentObjects } from "../db/schema";
import { conflict, HttpError, notFound } from "../http/errors";
import { monthlyAmountCents, TEST_PRICES } from "./prices";
import { type CardInput, checkTestCard } from "./test-cards";
import type { CheckoutRequest, PaymentEvent, PaymentProvider, SubscriptionLike } from "./types";

type Kind = "customer" | "checkout_session" | "subscription" | "invoice";

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
}

const API_VERSION = "test-mode";
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

function planOfPrice(priceId: string): PurchasablePlan | null {
  return PURCHASABLE_PLANS.find((plan) => TEST_PRICES[plan] === priceId) ?? null;
}

function makeEvent(type: string, object: object, previous?: object): PaymentEvent & Record<string, unknown> {
  return {
    id: testId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: seconds(new Date()),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
}

export type { TestBillingOverview };

export interface TestProvider extends PaymentProvider {
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
    };
  }

  async function currentSubscription(q: Queryable, customerId: string, lock = false) {
    const subs = await list<TestSubscription>(q, "subscription", customerId);
    const current = subs.find((s) => s.status === "active");
    return current && lock ? get<TestSubscription>(q, "subscription", current.id, true) : (current ?? null);
  }

  const provider: TestProvider = {
    kind: "test",

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
        if (!session) throw notFound("This checkout session was not found.");
        if (session.status !== "open" || session.expires_at <= seconds(new Date())) {
          throw conflict("This checkout session is no longer open.", "session_closed");
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
        if (sub?.status !== "active") throw conflict("This subscription can no longer be changed.");
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
        if (!sub) throw notFound("You have no active membership to manage.");
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

    async forgetCustomer(customerId) {
      await db.delete(testPaymentObjects).where(eq(testPaymentObjects.customerId, customerId));
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
          amountCents: inv.amount_paid,
          status: inv.status,
        })),
      };
    },
  };
  return provider;
}
