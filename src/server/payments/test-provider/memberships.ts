/** Memberships as Stripe keeps them: customers, subscription checkouts, subscriptions, their invoices and the clock that renews them. */
import { createHash } from "node:crypto";
import { addMonths } from "date-fns";
import { BILLING_ADMIN_TEXTS, BILLING_ERROR_TEXTS } from "@/shared/contracts/billing-texts";
import { PURCHASABLE_PLANS, planLabel } from "@/shared/plans";
import type { Queryable } from "../../db";
import { conflict, notFound } from "../../http/errors";
import { keyedAnswer } from "../../i18n";
import { TEST_PRICES } from "../prices";
import { testReceiptUrl } from "../test-receipts";
import { type CheckoutRequest, customerUpdateParams, type PaymentEvent } from "../types";
import { makeEvent, PRICES, planOfPrice, SESSION_LIFETIME_SECONDS, type Store, seconds, testId } from "./store";
import type { TestCheckoutSession, TestInvoice, TestProvider, TestSubscription } from "./types";

type Part = Pick<
  TestProvider,
  | "createCustomer"
  | "updateCustomer"
  | "createCheckoutSession"
  | "changeSubscriptionPrice"
  | "createPortalSession"
  | "retrieveSubscription"
  | "listSubscriptions"
  | "cancelSubscriptionNow"
  | "setCancelAtPeriodEnd"
  | "advanceClock"
  | "listMembershipCharges"
  | "overview"
>;

export function createMemberships(s: Store): Part {
  const { db, appUrl, put, get, list, deliver } = s;

  async function currentSubscription(q: Queryable, customerId: string, lock = false) {
    const subs = await list<TestSubscription>(q, "subscription", customerId);
    const current = subs.find((s) => s.status === "active");
    return current && lock ? get<TestSubscription>(q, "subscription", current.id, true) : (current ?? null);
  }

  const part: Part = {
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

    async changeSubscriptionPrice({ subscriptionId, priceId }) {
      const price = PRICES[priceId];
      if (!price) throw new Error(`test-mode payments: unknown price ${priceId}`);
      const { sub, events } = await db.transaction(async (tx) => {
        const sub = await get<TestSubscription>(tx, "subscription", subscriptionId, true);
        if (sub?.status !== "active") throw conflict(BILLING_ERROR_TEXTS.subscriptionUnchangeable);
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
      await part.advanceClock(customerId);
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
        if (!sub) throw notFound(BILLING_ERROR_TEXTS.noMembershipToManage);
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
      await part.advanceClock(customerId);
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
  return part;
}

/** An invoice's description's key and plan, for the member's language (the English stays as Stripe keeps it). */
export function invoiceText(inv: TestInvoice) {
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

export function invoice(
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
