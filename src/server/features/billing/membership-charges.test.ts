/**
 * Profile → Payments lists the membership's own charges (issue 30, "The membership's own charges appear in
 * Payments too"): `GET /api/billing/charges`, from the test provider's invoices and, in Stripe mode, from Stripe's
 * invoices and charges (the real SDK against the fake Stripe API).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { type FakeStripe, stripeTestApp } from "#tests/helpers/fake-stripe";
import { as, signUp, type TestUser } from "#tests/helpers/users";
import type { PurchasablePlan } from "@/shared/plans";

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ana Sousa" };

describe("membership charges on the test provider", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ deps: { startWorkers: false } });
  });
  afterAll(() => ctx.close());
  const charges = (user: TestUser | null) => call(ctx, "GET /billing/charges", {}, as(user));

  async function buy(user: TestUser, plan: PurchasablePlan) {
    const started = await call(ctx, "POST /billing/checkout", { body: { plan } }, as(user));
    expect(started.statusCode, started.body).toBe(200);
    if (started.json().upgraded) return;
    const paid = await call(
      ctx,
      "POST /billing/test/checkout/:id/pay",
      { params: { id: started.json().sessionId as string }, body: CARD },
      as(user),
    );
    expect(paid.statusCode, paid.body).toBe(200);
  }

  it("lists each paid membership invoice, newest first, with plan, card and a receipt page that works", async () => {
    const user = await signUp(ctx);
    expect((await charges(user)).json()).toEqual({ items: [] });
    await buy(user, "silver");
    await buy(user, "gold");
    const res = await charges(user);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items).toHaveLength(2);
    expect(items.map((i) => [i.plan, i.reason])).toEqual([
      ["gold", "upgrade"],
      ["silver", "first"],
    ]);
    expect(items[1]).toMatchObject({ amountCents: 9900, card: { brand: "visa", last4: "4242" } });
    expect(items[0].amountCents).toBeGreaterThan(0);
    expect(new Date(items[0].paidAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    for (const item of items) {
      expect(item.receiptUrl).toBe(`http://localhost:3000/checkout/test/receipts/${item.id}`);
      const receipt = await call(ctx, "GET /billing/test/receipts/:id", { params: { id: item.id } }, as(user));
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.json()).toMatchObject({ kind: "payment", amountCents: item.amountCents, card: item.card });
    }
    expect(
      (await call(ctx, "GET /billing/test/receipts/:id", { params: { id: items[0].id } }, as(await signUp(ctx))))
        .statusCode,
    ).toBe(404);
  });

  it("shows nobody else's charges and nothing to a visitor", async () => {
    const user = await signUp(ctx);
    const other = await signUp(ctx);
    await buy(user, "silver");
    expect((await charges(other)).json()).toEqual({ items: [] });
    expect((await charges(null)).statusCode).toBe(401);
  });
});

describe("membership charges in Stripe mode", () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  stripeTestApp((started) => {
    ({ fake, ctx } = started);
  });
  const charges = (user: TestUser) => call(ctx, "GET /billing/charges", {}, as(user));

  it("reads the subscription's paid invoices and the charges that paid them, through the SDK", async () => {
    const user = await signUp(ctx);
    // No customer yet: Stripe is not asked.
    expect((await charges(user)).json()).toEqual({ items: [] });
    expect(fake.callsTo("GET", "/v1/invoices")).toHaveLength(0);

    const started = await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    expect(started.statusCode, started.body).toBe(200);
    const customer = [...fake.customers.values()].find((c) => c.email === user.email)?.id as string;
    const sub = fake.addSubscription({ customer, price: "price_silver" });
    const first = fake.addMembershipCharge({
      customer,
      subscription: sub.id,
      price: "price_silver",
      amount: 9900,
      billingReason: "subscription_create",
      created: Math.floor(Date.now() / 1000) - 40 * 86_400,
      card: { brand: "mastercard", last4: "4444" },
    });
    const renewal = fake.addMembershipCharge({
      customer,
      subscription: sub.id,
      price: "price_gold",
      amount: 29_900,
      billingReason: "subscription_cycle",
      created: Math.floor(Date.now() / 1000) - 86_400,
    });
    // Someone else's invoice and an open one are not this member's charges.
    const otherSub = fake.addSubscription({ customer: "cus_someone_else", price: "price_gold" });
    fake.addMembershipCharge({
      customer: "cus_someone_else",
      subscription: otherSub.id,
      price: "price_gold",
      amount: 1,
    });

    const res = await charges(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: renewal.invoice.id,
        paidAt: new Date(renewal.invoice.created * 1000).toISOString(),
        amountCents: 29_900,
        plan: "gold",
        reason: "renewal",
        card: { brand: "visa", last4: "4242" },
        receiptUrl: renewal.charge.receipt_url,
      },
      {
        id: first.invoice.id,
        paidAt: new Date(first.invoice.created * 1000).toISOString(),
        amountCents: 9900,
        plan: "silver",
        reason: "first",
        card: { brand: "mastercard", last4: "4444" },
        receiptUrl: first.charge.receipt_url,
      },
    ]);
    const [list] = fake.callsTo("GET", "/v1/invoices");
    expect(list.query.get("customer")).toBe(customer);
    expect(list.query.get("status")).toBe("paid");
    expect(list.query.getAll("expand[]").concat(list.query.getAll("expand[0]"))).toContain("data.payments");
    expect(fake.callsTo("GET", "/v1/charges")[0].query.get("customer")).toBe(customer);
  });

  it("answers 502 with Stripe's words when Stripe refuses", async () => {
    const user = await signUp(ctx);
    await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
    fake.failNext("GET", "/v1/invoices", 400, "Something is off");
    const res = await charges(user);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toContain("Something is off");
  });
});
