/** Syncing every subscription (staff or admin only), against a local fake of the Stripe API. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { type FakeStripe, startFakeStripe, stripeTestEnv } from "#tests/helpers/fake-stripe";
import { as, createUser, signUp } from "#tests/helpers/users";
import { billingCustomers, subscriptions } from "../../db/schema";

let fake: FakeStripe;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    env: stripeTestEnv(fake, { STRIPE_SECRET_KEY: "sk_live_fake", STRIPE_WEBHOOK_SECRET: "whsec_admin" }),
    deps: { startWorkers: false },
  });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

async function withCustomer() {
  const user = await signUp(ctx);
  expect((await call(ctx, "POST /billing/checkout", { body: { plan: "silver" } }, as(user))).statusCode).toBe(200);
  const [{ customerId }] = await ctx.database.db
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, user.id));
  return { user, customerId };
}

describe("sync all subscriptions", () => {
  it("syncs everyone one call at a time and returns the counts; clients are refused", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const active = await withCustomer();
    fake.addSubscription({ customer: active.customerId, price: "price_gold" });
    const canceled = await withCustomer();
    fake.addSubscription({ customer: canceled.customerId, price: "price_silver", status: "canceled" });
    await withCustomer(); // a customer who never paid
    const broken = await withCustomer();
    fake.failNext(
      "GET",
      "/v1/subscriptions",
      400,
      "Rate limited",
      (call) => call.query.get("customer") === broken.customerId,
    );
    const client = await createUser(ctx, { plan: "gold" }); // complimentary: no customer

    expect((await call(ctx, "POST /admin/subscriptions/sync-all", {}, as(client))).statusCode).toBe(403);
    expect((await call(ctx, "POST /admin/subscriptions/sync-all", {}, as(null))).statusCode).toBe(401);

    const listsBefore = fake.callsTo("GET", "/v1/subscriptions").length;
    const res = await call(ctx, "POST /admin/subscriptions/sync-all", {}, as(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual({ synced: 1, failed: 1, noStripeCustomer: 2, noActiveSubscription: 2 });
    // One list call per user with a customer, none for the others, never two at once.
    expect(fake.callsTo("GET", "/v1/subscriptions").length - listsBefore).toBe(4);
    expect(fake.maxInFlight).toBe(1);

    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.userId, active.user.id));
    expect(row).toMatchObject({ plan: "gold", status: "active" });
  });

  it("shows LIVE as the payment mode for a live key", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const res = await call(ctx, "GET /admin/settings", {}, as(staff));
    expect(res.json()).toMatchObject({
      paymentMode: "LIVE",
      testCard: null,
      webhookUrl: "http://localhost:3000/api/billing/webhook",
    });
  });
});
