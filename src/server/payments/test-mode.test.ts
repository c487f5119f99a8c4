/**
 * The built-in test mode (no Stripe key): a local checkout that accepts 4242 4242 4242 4242, declines
 * 4000 0000 0000 0002, and produces Stripe-shaped events through the same processing as Stripe's webhooks.
 */
import { and, eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { as, createUser, signUp, type TestUser } from "#tests/helpers/users";
import { endpointUrl } from "@/shared/contracts/endpoint";
import type { PurchasablePlan } from "@/shared/plans";
import { resolveAuthSecret } from "../auth/auth";
import { billingCustomers, paymentEvents, subscriptions, testPaymentObjects } from "../db/schema";
import { testWebhookSecret } from "./index";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ana Sousa" };

async function row(userId: string) {
  const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return sub ?? null;
}

async function startCheckout(user: TestUser, plan: PurchasablePlan) {
  const res = await call(ctx, "POST /billing/checkout", { body: { plan } }, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { url: string; sessionId: string; upgraded: boolean };
}

async function buy(user: TestUser, plan: PurchasablePlan) {
  const { sessionId } = await startCheckout(user, plan);
  const paid = await call(
    ctx,
    "POST /billing/test/checkout/:id/pay",
    { params: { id: sessionId }, body: CARD },
    as(user),
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return { sessionId, redirectUrl: paid.json().redirectUrl as string };
}

describe("test-mode checkout", () => {
  it("opens our own checkout page for the plan, visible to its owner only", async () => {
    const user = await signUp(ctx);
    const other = await signUp(ctx);
    const { url, sessionId } = await startCheckout(user, "silver");
    expect(sessionId).toMatch(/^cs_test_/);
    expect(url).toBe(`http://localhost:3000/checkout/test/${sessionId}`);
    const res = await call(ctx, "GET /billing/test/checkout/:id", { params: { id: sessionId } }, as(user));
    expect(res.json()).toEqual({
      id: sessionId,
      plan: "silver",
      amountCents: 9900,
      currency: "eur",
      status: "open",
      email: user.email,
      successUrl: `http://localhost:3000/post-checkout?session_id=${sessionId}`,
      cancelUrl: "http://localhost:3000/pricing",
    });
    expect(
      (await call(ctx, "GET /billing/test/checkout/:id", { params: { id: sessionId } }, as(other))).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, "GET /billing/test/checkout/:id", { params: { id: sessionId } }, as(null))).statusCode,
    ).toBe(401);
    expect(
      (await call(ctx, "POST /billing/test/checkout/:id/pay", { params: { id: sessionId }, body: CARD }, as(other)))
        .statusCode,
    ).toBe(404);
    expect(await row(user.id)).toBeNull();
  });

  it("declines 4000 0000 0000 0002 with a clear message and grants nothing", async () => {
    const user = await signUp(ctx);
    const { sessionId } = await startCheckout(user, "silver");
    const res = await call(
      ctx,
      "POST /billing/test/checkout/:id/pay",
      {
        params: { id: sessionId },
        body: {
          ...CARD,
          cardNumber: "4000 0000 0000 0002",
        },
      },
      as(user),
    );
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe("Your card has been declined. Please try a different card.");
    expect(await row(user.id)).toBeNull();
    expect(
      (await call(ctx, "GET /billing/test/checkout/:id", { params: { id: sessionId } }, as(user))).json().status,
    ).toBe("open");
    expect((await call(ctx, "POST /billing/check-subscription", {}, as(user))).json()).toEqual({ subscribed: false });
  });

  it.each([
    [{ cardNumber: "4242 4242 4242 4241" }, "Your card number is invalid."],
    [{ expiry: "13/30" }, "Your card's expiration date is invalid."],
    [{ expiry: "01/20" }, "Your card has expired."],
    [{ cvc: "12" }, "Your card's security code is invalid."],
    [{ name: " " }, "Please enter the name on the card."],
    [{ cardNumber: "5555 5555 5555 4444" }, "This test checkout accepts only the test card 4242 4242 4242 4242."],
  ])("refuses %o with %s", async (patch, message) => {
    const user = await signUp(ctx);
    const { sessionId } = await startCheckout(user, "gold");
    const res = await call(
      ctx,
      "POST /billing/test/checkout/:id/pay",
      { params: { id: sessionId }, body: { ...CARD, ...patch } },
      as(user),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toBe(message);
    expect(await row(user.id)).toBeNull();
  });

  it("pays with 4242 4242 4242 4242: Stripe-shaped events, processed once, give an active paid membership", async () => {
    const user = await signUp(ctx);
    const { sessionId, redirectUrl } = await buy(user, "silver");
    expect(redirectUrl).toBe(`http://localhost:3000/post-checkout?session_id=${sessionId}`);
    const [customer] = await ctx.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, user.id));
    expect(customer).toMatchObject({ provider: "test", customerId: expect.stringMatching(/^cus_test_/) });
    expect(await row(user.id)).toMatchObject({
      plan: "silver",
      status: "active",
      stripeCustomerId: customer.customerId,
      stripeSubscriptionId: expect.stringMatching(/^sub_test_/),
      cancelAtPeriodEnd: false,
    });
    expect((await row(user.id))?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now());
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, "test"), like(paymentEvents.id, "evt_test_%")));
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]),
    );
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(200);
    expect((await call(ctx, "POST /billing/check-subscription", {}, as(user))).json()).toEqual({ subscribed: true });
    // A session is paid once.
    const again = await call(
      ctx,
      "POST /billing/test/checkout/:id/pay",
      { params: { id: sessionId }, body: CARD },
      as(user),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("This checkout session is no longer open.");

    const same = await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    expect(same.json().error).toBe("You already have the Silver membership.");
    const down = await call(ctx, "POST /billing/checkout", { body: { plan: "free" } }, as(user));
    expect(down.json().error).toBe(
      "You cannot downgrade from Silver to Basic. Please manage your subscription in your profile.",
    );
  });

  it("upgrades silver to gold on the same subscription, with a prorated invoice", async () => {
    const user = await signUp(ctx);
    await buy(user, "silver");
    const before = await row(user.id);
    const { url, upgraded } = await startCheckout(user, "gold");
    expect(upgraded).toBe(true);
    expect(url).toBe(`http://localhost:3000/post-checkout?session_id=${before?.stripeSubscriptionId}`);
    expect(await row(user.id)).toMatchObject({
      plan: "gold",
      status: "active",
      stripeSubscriptionId: before?.stripeSubscriptionId,
    });
    const subs = await ctx.database.db
      .select()
      .from(testPaymentObjects)
      .where(
        and(eq(testPaymentObjects.kind, "subscription"), eq(testPaymentObjects.customerId, before!.stripeCustomerId!)),
      );
    expect(subs).toHaveLength(1);
    const overview = (await call(ctx, "GET /billing/test/subscription", {}, as(user))).json();
    expect(overview.subscription).toMatchObject({ plan: "gold", planLabel: "Gold", status: "active" });
    expect(overview.invoices.map((i) => i.description)).toEqual([
      "Upgrade to Gold membership, prorated",
      "Silver membership, first month",
    ]);
    // Keyed for the member's language (decision 028).
    expect(overview.invoices.map((i) => [i.key, i.params])).toEqual([
      ["billing_admin.invoice.upgrade", { plan: "Gold" }],
      ["billing_admin.invoice.first_month", { plan: "Silver" }],
    ]);
  });
});

describe("test-mode billing page", () => {
  it("cancels at the end of the period: access until then, Basic after", async () => {
    const user = await signUp(ctx);
    await buy(user, "gold");
    const res = await call(ctx, "POST /billing/test/subscription", { body: { cancelAtPeriodEnd: true } }, as(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ cancelAtPeriodEnd: true, status: "active" });
    expect(await row(user.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(200);

    // The member changes their mind, then cancels again.
    await call(ctx, "POST /billing/test/subscription", { body: { cancelAtPeriodEnd: false } }, as(user));
    expect((await row(user.id))?.cancelAtPeriodEnd).toBe(false);
    await call(ctx, "POST /billing/test/subscription", { body: { cancelAtPeriodEnd: true } }, as(user));

    // The end of the period comes.
    const sub = await row(user.id);
    const afterEnd = new Date((sub?.currentPeriodEnd?.getTime() ?? 0) + 1000);
    await ctx.app.ctx.payments.test?.advanceClock(sub!.stripeCustomerId!, afterEnd);
    expect(await row(user.id)).toMatchObject({ plan: "gold", status: "canceled" });
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(403);
    expect((await call(ctx, "GET /me", {}, as(user))).json().subscription).toMatchObject({ status: "canceled" });
  });

  it("renews a subscription whose period ended without a cancellation", async () => {
    const user = await signUp(ctx);
    await buy(user, "silver");
    const sub = await row(user.id);
    await ctx.app.ctx.payments.test?.advanceClock(
      sub!.stripeCustomerId!,
      new Date((sub?.currentPeriodEnd?.getTime() ?? 0) + 1000),
    );
    const renewed = await row(user.id);
    expect(renewed?.status).toBe("active");
    expect(renewed?.currentPeriodEnd?.getTime()).toBeGreaterThan(sub?.currentPeriodEnd?.getTime() ?? 0);
  });

  it("opens the local billing page as the portal; someone without a subscription has nothing to manage", async () => {
    const user = await signUp(ctx);
    await buy(user, "free");
    expect((await call(ctx, "POST /billing/portal", {}, as(user))).json()).toEqual({
      url: "http://localhost:3000/billing/test",
    });
    const other = await signUp(ctx);
    expect((await call(ctx, "GET /billing/test/subscription", {}, as(other))).json()).toEqual({
      subscription: null,
      invoices: [],
    });
    expect(
      (await call(ctx, "POST /billing/test/subscription", { body: { cancelAtPeriodEnd: true } }, as(other))).statusCode,
    ).toBe(404);
  });

  it("takes at its webhook only events signed with the test mode's own secret (its events come that way)", async () => {
    const event = JSON.stringify({ id: "evt_test_signed", type: "invoice.created", created: 1, data: { object: {} } });
    const send = (signature?: string) =>
      ctx.app.inject({
        method: "POST",
        url: endpointUrl("POST /billing/webhook"),
        payload: event,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      });
    expect((await send()).statusCode).toBe(400);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: event, secret: "whsec_guessed" });
    expect((await send(forged)).statusCode).toBe(400);
    const secret = testWebhookSecret(resolveAuthSecret(ctx.config));
    const signed = await send(Stripe.webhooks.generateTestHeaderString({ payload: event, secret }));
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toEqual({ received: true, outcome: "ignored" });
  });
});

describe("complimentary memberships", () => {
  it("are cancelled in-app and the member is then treated as Basic", async () => {
    const user = await createUser(ctx, { plan: "gold" });
    const res = await call(ctx, "POST /billing/cancel-complimentary", {}, as(user));
    expect(res.statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({ status: "canceled" });
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(403);
    expect((await call(ctx, "POST /billing/cancel-complimentary", {}, as(user))).statusCode).toBe(400);
  });

  it("a paid membership cannot be cancelled that way", async () => {
    const user = await signUp(ctx);
    await buy(user, "silver");
    const res = await call(ctx, "POST /billing/cancel-complimentary", {}, as(user));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("There is no complimentary membership to cancel.");
    expect((await row(user.id))?.status).toBe("active");
  });
});

describe("admin tools in test mode", () => {
  it("shows TEST with the test card, the checkout URL for a plan, and simulates a checkout for a user", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const member = await signUp(ctx);
    const settings = (await call(ctx, "GET /admin/settings", {}, as(staff))).json();
    expect(settings).toMatchObject({ paymentMode: "TEST", testCard: "4242 4242 4242 4242" });
    expect(settings.prices).toContainEqual({
      plan: "silver",
      label: "Silver",
      monthlyPriceEur: 99,
      priceId: "price_test_silver",
    });
    // The environment's labels and descriptive values carry their keys; raw values (versions) none.
    expect(settings.environment).toContainEqual({
      name: "Payments",
      nameKey: "billing_admin.env.payments",
      value: "Built-in test mode",
      key: "billing_admin.env.payments_test",
    });
    expect(settings.environment).toContainEqual({ name: "Node.js", value: process.version });

    const url = await call(ctx, "POST /admin/debug/checkout-url", { body: { plan: "gold" } }, as(staff));
    expect(url.json()).toMatchObject({
      url: expect.stringMatching(/^http:\/\/localhost:3000\/checkout\/test\/cs_test_/),
      priceId: "price_test_gold",
      mode: "TEST",
    });

    const simulated = await call(
      ctx,
      "POST /admin/debug/simulate-checkout",
      {
        body: {
          userEmail: member.email,
          plan: "silver",
        },
      },
      as(staff),
    );
    expect(simulated.json()).toMatchObject({
      success: true,
      message: `Simulated a completed Silver checkout for ${member.email}.`,
      key: "billing_admin.simulated",
      params: { plan: "Silver", email: member.email },
      subscription: { plan: "silver", status: "active" },
    });
    expect(await row(member.id)).toMatchObject({ plan: "silver", status: "active" });
    const member2 = await call(
      ctx,
      "POST /admin/debug/simulate-checkout",
      { body: { userEmail: member.email, plan: "gold" } },
      as(member),
    );
    expect(member2.statusCode).toBe(403);
  });

  it("syncs one user from the test provider", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const member = await signUp(ctx);
    await buy(member, "gold");
    const res = await call(ctx, "POST /admin/subscriptions/sync", { body: { userEmail: member.email } }, as(admin));
    expect(res.json()).toMatchObject({
      success: true,
      message: `Subscription synced for ${member.email}: Gold, active.`,
    });
  });
});

describe("account deletion", () => {
  it("cancels the test-mode subscription, then forgets the customer's payment objects", async () => {
    const user = await signUp(ctx);
    await buy(user, "gold");
    const sub = await row(user.id);
    const cancelled: string[] = [];
    const test = ctx.app.ctx.payments.test!;
    const original = test.cancelSubscriptionNow;
    test.cancelSubscriptionNow = async (id) => {
      cancelled.push(id);
      return original(id);
    };
    try {
      const res = await call(ctx, "DELETE /account", { body: undefined }, as(user));
      expect(res.statusCode).toBe(200);
    } finally {
      test.cancelSubscriptionNow = original;
    }
    expect(cancelled).toEqual([sub?.stripeSubscriptionId]);
    const left = await ctx.database.db
      .select()
      .from(testPaymentObjects)
      .where(eq(testPaymentObjects.customerId, sub!.stripeCustomerId!));
    expect(left).toEqual([]);
  });
});
