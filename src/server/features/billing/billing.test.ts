/**
 * Memberships with Stripe: the real SDK against a local fake of the Stripe API, webhooks signed with
 * stripe.webhooks.generateTestHeaderString.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import {
  type FakeStripe,
  signedDelivery,
  startFakeStripe,
  stripeEvent,
  stripeTestEnv,
} from "#tests/helpers/fake-stripe";
import { as, createUser, grantPlan, signUp } from "#tests/helpers/users";
import { BILLING_ADMIN_TEXTS } from "@/shared/contracts/billing-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { billingCustomers, paymentEvents, subscriptions } from "../../db/schema";
import { translate } from "../../i18n";

const SECRET = "whsec_test_maison";
let fake: FakeStripe;
let ctx: TestContext;
/** The app's warnings and errors, one parsed log line each. */
const logged: Array<{ level: number; msg: string; eventId?: unknown }> = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});

beforeAll(async () => {
  fake = await startFakeStripe({ customerDelayMs: 150 });
  ctx = await createTestApp({
    env: stripeTestEnv(fake, { STRIPE_WEBHOOK_SECRET: SECRET }),
    deps: { startWorkers: false, logger: { level: "warn", stream: logStream } },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const WEBHOOK = endpointUrl("POST /billing/webhook");

function deliver(event: object, secret = SECRET) {
  const { payload, headers } = signedDelivery(event, secret);
  return ctx.app.inject({ method: "POST", url: WEBHOOK, payload, headers });
}

async function row(userId: string) {
  const [sub] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return sub ?? null;
}

async function customerOf(userId: string) {
  const rows = await ctx.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return rows;
}

/** A member who went through checkout and paid: the customer exists, the subscription event was delivered. */
async function payingMember(plan: "free" | "silver" | "gold") {
  const user = await signUp(ctx);
  const res = await call(ctx, "POST /billing/checkout", { body: { plan } }, as(user));
  expect(res.statusCode, res.body).toBe(200);
  const [{ customerId }] = await customerOf(user.id);
  const sub = fake.addSubscription({ customer: customerId, price: `price_${plan}`, created: nowSeconds() - 60 });
  expect((await deliver(stripeEvent("customer.subscription.created", sub, { created: sub.created }))).statusCode).toBe(
    200,
  );
  expect((await row(user.id))?.status).toBe("active");
  return { user, customerId, sub };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe("malformed webhooks", () => {
  it("refuses a correctly signed event whose body is not an event we can read, with a 400 and no change", async () => {
    const before = await ctx.database.db.select().from(paymentEvents);
    for (const event of [
      { id: "evt_bad_1", type: "customer.subscription.updated", created: nowSeconds(), data: { object: { id: 5 } } },
      { id: "evt_bad_2", type: "customer.subscription.created", data: { object: {} } },
      { type: "invoice.paid" },
      [],
      "just a string",
    ]) {
      const res = await deliver(event as object);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect(await ctx.database.db.select().from(paymentEvents)).toEqual(before);
  });

  it("refuses a correctly signed body that is JSON but not an event object (null, a number, {}) with a 400, and logs it", async () => {
    const before = await ctx.database.db.select().from(paymentEvents);
    const bodies: unknown[] = [null, 42, true, [], [{ id: "evt_x" }], {}, { id: "evt_no_type" }, { type: null }];
    for (const body of bodies) {
      logged.length = 0;
      const res = await deliver(body as object);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        error: "Malformed event",
        code: "invalid_payload",
        requestId: expect.any(String),
      });
      expect(logged.map((line) => line.msg)).toEqual(["stripe webhook refused: malformed event"]);
    }
    expect(await ctx.database.db.select().from(paymentEvents)).toEqual(before);
  });
});

describe("checkout", () => {
  it("creates one Stripe customer per user, even for two clicks at once, and stores it", async () => {
    const user = await signUp(ctx);
    const customersOfUser = () => [...fake.customers.values()].filter((c) => c.email === user.email);
    const [a, b] = await Promise.all([
      call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user)),
      call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user)),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    // Stripe is called outside any transaction, with one idempotency key per user: one customer exists.
    expect(customersOfUser()).toHaveLength(1);
    const stored = await customerOf(user.id);
    expect(stored).toHaveLength(1);
    expect(stored[0].provider).toBe("stripe");
    // Both sessions are for that one customer, and a later checkout reuses it without asking Stripe again.
    for (const res of [a, b]) expect(fake.sessions.get(res.json().sessionId)?.customer).toBe(stored[0].customerId);
    const customerCalls = () => fake.callsTo("POST", "/v1/customers").filter((c) => c.body.email === user.email);
    expect(customerCalls().length).toBeLessThanOrEqual(2);
    const callsBefore = customerCalls().length;
    await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user));
    expect(customerCalls()).toHaveLength(callsBefore);
  });

  it("opens a subscription-mode Checkout Session for the plan's configured price, with our return URLs", async () => {
    const user = await signUp(ctx);
    const res = await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    expect(res.statusCode).toBe(200);
    const { url, sessionId, upgraded } = res.json();
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    expect(upgraded).toBe(false);
    const sent = fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(sent.body).toMatchObject({
      mode: "subscription",
      line_items: [{ price: "price_silver", quantity: "1" }],
      client_reference_id: user.id,
      metadata: { userId: user.id, plan: "silver" },
      success_url: "http://localhost:3000/post-checkout?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/pricing",
    });
  });

  it("ignores a price id sent in the request body", async () => {
    const user = await signUp(ctx);
    const res = await call(
      ctx,
      "POST /billing/checkout",
      unchecked({ body: { plan: "free", priceId: "price_gold", price: "price_gold" } }),
      as(user),
    );
    expect(res.statusCode).toBe(200);
    const sent = fake.callsTo("POST", "/v1/checkout/sessions").at(-1)!;
    expect(sent.body.line_items).toEqual([{ price: "price_free", quantity: "1" }]);
  });

  it("refuses the same plan, a downgrade and Black with the spec's messages, and asks Stripe nothing", async () => {
    const { user } = await payingMember("gold");
    const before = fake.calls.length;
    const same = await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user));
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe("You already have the Gold membership.");
    const down = await call(ctx, "POST /billing/checkout", { body: { plan: "free" } }, as(user));
    expect(down.statusCode).toBe(409);
    expect(down.json().error).toBe(
      "You cannot downgrade from Gold to Basic. Please manage your subscription in your profile.",
    );
    const black = await call(ctx, "POST /billing/checkout", unchecked({ body: { plan: "black" } }), as(user));
    expect(black.statusCode).toBe(400);
    const unknown = await call(ctx, "POST /billing/checkout", unchecked({ body: { plan: "platinum" } }), as(user));
    expect(unknown.statusCode).toBe(400);
    expect(fake.calls.length).toBe(before);
  });

  it("upgrades an existing paid subscription in place (prorated) instead of creating a second one", async () => {
    const { user, customerId, sub } = await payingMember("silver");
    const sessionsBefore = fake.callsTo("POST", "/v1/checkout/sessions").length;
    const res = await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      url: `http://localhost:3000/post-checkout?session_id=${sub.id}`,
      sessionId: sub.id,
      upgraded: true,
    });
    expect(fake.callsTo("POST", "/v1/checkout/sessions").length).toBe(sessionsBefore);
    const update = fake.callsTo("POST", `/v1/subscriptions/${sub.id}`).at(-1)!;
    expect(update.body).toMatchObject({
      items: [{ id: sub.items.data[0].id, price: "price_gold" }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    });
    expect([...fake.subscriptions.values()].filter((s) => s.customer === customerId)).toHaveLength(1);
    expect(await row(user.id)).toMatchObject({ plan: "gold", status: "active", stripeSubscriptionId: sub.id });
  });

  it("shows the provider's message when Stripe refuses", async () => {
    const user = await signUp(ctx);
    fake.failNext("POST", "/v1/checkout/sessions", 400, "No such price: 'price_silver'");
    const res = await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe("No such price: 'price_silver'");
  });

  it("a complimentary member buying a paid plan gets a new checkout, and the paid plan then takes over", async () => {
    const user = await createUser(ctx, { plan: "silver" });
    const res = await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user));
    expect(res.json().upgraded).toBe(false);
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_gold" });
    await deliver(stripeEvent("customer.subscription.created", sub));
    expect(await row(user.id)).toMatchObject({ plan: "gold", stripeCustomerId: customerId });
  });
});

describe("webhooks", () => {
  it("rejects a forged, tampered or unsigned webhook with 400 and changes nothing", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_gold" });
    const event = stripeEvent("customer.subscription.created", sub);
    const eventsBefore = (await ctx.database.db.select().from(paymentEvents)).length;

    const unsigned = await ctx.app.inject({
      method: "POST",
      url: WEBHOOK,
      payload: JSON.stringify(event),
      headers: { "content-type": "application/json" },
    });
    const forged = await deliver(event, "whsec_someone_else");
    const signedOther = signedDelivery(
      stripeEvent("customer.subscription.created", { ...sub, status: "canceled" }),
      SECRET,
    );
    const tampered = await ctx.app.inject({
      method: "POST",
      url: WEBHOOK,
      payload: JSON.stringify(event),
      headers: signedOther.headers,
    });
    for (const res of [unsigned, forged, tampered]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Invalid signature");
    }
    expect(await row(user.id)).toBeNull();
    expect((await ctx.database.db.select().from(paymentEvents)).length).toBe(eventsBefore);

    // The same event, properly signed, is accepted.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await row(user.id)).toMatchObject({ plan: "gold", status: "active" });
  });

  it("applies the same event delivered twice only once", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_silver" });
    const event = stripeEvent("customer.subscription.created", sub);
    expect((await deliver(event)).json()).toEqual({ received: true, outcome: "processed" });
    // Something changes the row afterwards (and forgets its ordering), so a second application would show.
    await ctx.database.db
      .update(subscriptions)
      .set({ status: "past_due", providerUpdatedAt: null })
      .where(eq(subscriptions.userId, user.id));
    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await row(user.id))?.status).toBe("past_due");
    expect(await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "applies an event delivered to two instances at the same moment once (bench:faults)",
    async () => {
      const { secondInstance } = await import("#tests/helpers/app");
      const other = await secondInstance(ctx);
      try {
        const user = await signUp(ctx);
        await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
        const [{ customerId }] = await customerOf(user.id);
        const sub = fake.addSubscription({ customer: customerId, price: "price_silver" });
        const event = stripeEvent("customer.subscription.created", sub);
        const { payload, headers } = signedDelivery(event, SECRET);
        const answers = await Promise.all(
          [ctx.app, other.app].map((app) => app.inject({ method: "POST", url: WEBHOOK, payload, headers })),
        );
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        expect(answers.map((a) => a.json().outcome).sort()).toEqual(["duplicate", "processed"]);
        expect(await ctx.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toHaveLength(
          1,
        );
        expect(await row(user.id)).toMatchObject({ plan: "silver", status: "active" });
      } finally {
        await other.close();
      }
    },
  );

  it("ends in the newest state when updated arrives before created", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_silver", created: nowSeconds() - 120 });
    const created = stripeEvent("customer.subscription.created", sub, { created: sub.created });
    const later = { ...structuredClone(sub), cancel_at_period_end: true };
    later.items.data[0].price = { id: "price_gold", object: "price" };
    const updated = stripeEvent("customer.subscription.updated", later, { created: sub.created + 30 });

    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver(created)).json().outcome).toBe("ignored");
    expect(await row(user.id)).toMatchObject({ plan: "gold", status: "active", cancelAtPeriodEnd: true });
  });

  it("keeps the newest state for events of the same second (created is older than updated)", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_silver" });
    const created = stripeEvent("customer.subscription.created", sub, { created: sub.created });
    const updated = stripeEvent(
      "customer.subscription.updated",
      { ...sub, cancel_at_period_end: true },
      { created: sub.created },
    );
    await deliver(updated);
    await deliver(created);
    expect(await row(user.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    // An incomplete subscription (where every subscription starts) never takes an active one back.
    await deliver(
      stripeEvent("customer.subscription.created", { ...sub, status: "incomplete" }, { created: sub.created + 1 }),
    );
    expect((await row(user.id))?.status).toBe("active");
  });

  it("invoice.payment_failed makes the subscription past_due and removes access; invoice.paid restores it", async () => {
    const { user, customerId, sub } = await payingMember("silver");
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(200);
    const invoice = {
      id: "in_fake_failed",
      object: "invoice",
      customer: customerId,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
    };
    expect((await deliver(stripeEvent("invoice.payment_failed", invoice))).statusCode).toBe(200);
    expect((await row(user.id))?.status).toBe("past_due");
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(403);
    expect((await call(ctx, "GET /me", {}, as(user))).json().subscription).toMatchObject({
      plan: "silver",
      status: "past_due",
    });

    await deliver(stripeEvent("invoice.paid", { ...invoice, id: "in_fake_paid" }, { created: nowSeconds() + 1 }));
    expect((await row(user.id))?.status).toBe("active");
  });

  it("a cancellation at period end keeps access until Stripe deletes the subscription", async () => {
    const { user, sub } = await payingMember("gold");
    await deliver(stripeEvent("customer.subscription.updated", { ...sub, cancel_at_period_end: true }));
    expect(await row(user.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(200);
    await deliver(
      stripeEvent("customer.subscription.deleted", { ...sub, status: "canceled" }, { created: nowSeconds() + 1 }),
    );
    expect(await row(user.id)).toMatchObject({ status: "canceled", cancelAtPeriodEnd: false });
    expect((await call(ctx, "GET /dashboard", {}, as(user))).statusCode).toBe(403);
  });

  it("checkout.session.completed fetches the subscription it names and applies it", async () => {
    const user = await signUp(ctx);
    const { sessionId } = (await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user))).json();
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_gold" });
    const session = { ...fake.sessions.get(sessionId), status: "complete", subscription: sub.id };
    expect((await deliver(stripeEvent("checkout.session.completed", session))).json().outcome).toBe("processed");
    expect(fake.callsTo("GET", `/v1/subscriptions/${sub.id}`).length).toBeGreaterThan(0);
    expect(await row(user.id)).toMatchObject({ plan: "gold", status: "active", stripeSubscriptionId: sub.id });
  });

  it("grants nothing for a price that is not on the allow-list, nor for an unknown customer", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    const odd = fake.addSubscription({ customer: customerId, price: "price_someone_made_up" });
    expect((await deliver(stripeEvent("customer.subscription.created", odd))).json().outcome).toBe("ignored");
    const stranger = fake.addSubscription({ customer: "cus_not_ours", price: "price_gold" });
    expect((await deliver(stripeEvent("customer.subscription.created", stranger))).json().outcome).toBe("ignored");
    expect(await row(user.id)).toBeNull();
  });

  it("an event for another, inactive subscription does not overwrite the active one", async () => {
    const { user, customerId, sub } = await payingMember("silver");
    const old = fake.addSubscription({ customer: customerId, price: "price_gold", status: "canceled" });
    await deliver(stripeEvent("customer.subscription.deleted", old, { created: nowSeconds() + 5 }));
    expect(await row(user.id)).toMatchObject({ plan: "silver", status: "active", stripeSubscriptionId: sub.id });
  });

  it("a complimentary membership is not taken away by a paid subscription that is not active", async () => {
    const user = await createUser(ctx, { plan: "gold" });
    await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user)).then((r) =>
      expect(r.statusCode).toBe(409),
    );
    await grantPlan(ctx, user.id, "silver");
    await call(ctx, "POST /billing/checkout", { body: { plan: "gold" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    const sub = fake.addSubscription({ customer: customerId, price: "price_gold", status: "incomplete_expired" });
    await deliver(stripeEvent("customer.subscription.deleted", sub));
    expect(await row(user.id)).toMatchObject({ plan: "silver", status: "active", stripeCustomerId: null });
  });
});

describe("check-subscription", () => {
  it("re-syncs from Stripe by the stored customer id, never by email", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    const [{ customerId }] = await customerOf(user.id);
    expect((await call(ctx, "POST /billing/check-subscription", {}, as(user))).json()).toEqual({ subscribed: false });
    // Paid, but the webhook has not arrived yet: the sync finds it.
    fake.addSubscription({ customer: customerId, price: "price_silver" });
    const callsBefore = fake.calls.length;
    expect((await call(ctx, "POST /billing/check-subscription", {}, as(user))).json()).toEqual({ subscribed: true });
    const made = fake.calls.slice(callsBefore);
    expect(made.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual([
      `GET /v1/subscriptions?customer=${customerId}&status=all&limit=20`,
    ]);
    expect(fake.calls.some((c) => c.path.includes("search") || c.query.has("email"))).toBe(false);
    expect(await row(user.id)).toMatchObject({ plan: "silver", status: "active" });
  });

  it("asks Stripe nothing for a user without a customer", async () => {
    const user = await createUser(ctx, { plan: "gold" });
    const before = fake.calls.length;
    expect((await call(ctx, "POST /billing/check-subscription", {}, as(user))).json()).toEqual({ subscribed: true });
    expect(fake.calls.length).toBe(before);
  });

  it("logs a provider failure and answers with what is known", async () => {
    const { user } = await payingMember("silver");
    fake.failNext("GET", "/v1/subscriptions", 400, "Something broke");
    const res = await call(ctx, "POST /billing/check-subscription", {}, as(user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ subscribed: true });
  });
});

describe("billing portal", () => {
  it("opens the caller's own portal, returning to the profile", async () => {
    const a = await payingMember("silver");
    const b = await payingMember("gold");
    const res = await call(ctx, "POST /billing/portal", {}, as(a.user));
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const sent = fake.callsTo("POST", "/v1/billing_portal/sessions").at(-1)!;
    expect(sent.body).toEqual({ customer: a.customerId, return_url: "http://localhost:3000/profile" });
    await call(ctx, "POST /billing/portal", {}, as(b.user));
    expect(fake.callsTo("POST", "/v1/billing_portal/sessions").at(-1)!.body.customer).toBe(b.customerId);
  });

  it("refuses without a billing account, and without a session", async () => {
    const user = await createUser(ctx, { plan: "gold" });
    const res = await call(ctx, "POST /billing/portal", {}, as(user));
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("No billing account was found. Please choose a membership plan first.");
    expect((await call(ctx, "POST /billing/portal", {}, as(null))).statusCode).toBe(401);
    expect((await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(null))).statusCode).toBe(401);
  });
});

describe("admin sync", () => {
  it("syncs one user by email, with the spec's validation and a result message", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const { user, customerId } = await payingMember("silver");
    await ctx.database.db.update(subscriptions).set({ status: "past_due" }).where(eq(subscriptions.userId, user.id));
    expect(customerId).toBeTruthy();
    const empty = await call(ctx, "POST /admin/subscriptions/sync", { body: { userEmail: "  " } }, as(staff));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("Please enter a user email");
    const unknown = await call(
      ctx,
      "POST /admin/subscriptions/sync",
      { body: { userEmail: "nobody@example.com" } },
      as(staff),
    );
    expect(unknown.json()).toEqual({
      success: false,
      message: "No user found with email nobody@example.com",
      key: "billing_admin.no_user",
      params: { email: "nobody@example.com" },
    });
    const res = await call(
      ctx,
      "POST /admin/subscriptions/sync",
      { body: { userEmail: user.email.toUpperCase() } },
      as(staff),
    );
    expect(res.json()).toMatchObject({
      success: true,
      message: `Subscription synced for ${user.email}: Silver, active.`,
      key: "billing_admin.synced",
      params: { email: user.email, plan: "Silver", status: "active" },
      subscription: { plan: "silver", status: "active" },
    });
    // The client says it by its key in the staff member's language (decision 028).
    const { params } = res.json();
    expect(translate("pt-PT", BILLING_ADMIN_TEXTS.synced, params)).toBe(
      `Subscrição sincronizada para ${user.email}: Silver, ativa.`,
    );
    expect(translate("pt-PT", BILLING_ADMIN_TEXTS.noCustomer, { email: "a@b.pt", plan: "none", status: "none" })).toBe(
      "a@b.pt não tem cliente no Stripe (nunca subscreveu, ou adesão oferecida): sem adesão.",
    );
    expect(
      (await call(ctx, "POST /admin/subscriptions/sync", { body: { userEmail: user.email } }, as(user))).statusCode,
    ).toBe(403);
  });

  it("offers simulated checkout only in test mode", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const res = await call(
      ctx,
      "POST /admin/debug/simulate-checkout",
      { body: { userEmail: staff.email, plan: "silver" } },
      as(staff),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("Simulated checkout is only available in test mode.");
    const settings = (await call(ctx, "GET /admin/settings", {}, as(staff))).json();
    expect(settings).toMatchObject({ paymentMode: "STRIPE TEST", testCard: null });
  });
});

describe("account deletion", () => {
  it("cancels the member's paid subscription at Stripe", async () => {
    const { user, sub } = await payingMember("gold");
    const res = await call(ctx, "DELETE /account", { body: undefined }, as(user));
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.callsTo("DELETE", `/v1/subscriptions/${sub.id}`)).toHaveLength(1);
    expect(fake.subscriptions.get(sub.id)?.status).toBe("canceled");
  });
});
