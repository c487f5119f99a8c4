/**
 * Reconciliation with Stripe (decision 031): the real SDK against the local fake of the Stripe API. The hold
 * intents are listed by creation date (not searched: Stripe's search is eventually consistent), every page
 * followed, filtered by our holdId metadata; an orphan authorisation is cancelled with an idempotency key, a capture
 * whose webhook never came is recorded.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import {
  type FakeStripe,
  signedDelivery,
  startFakeStripe,
  stripeEvent,
  stripeTestEnv,
} from "#tests/helpers/fake-stripe";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { holds } from "../../db/schema";

const SECRET = "whsec_test_maison";
let fake: FakeStripe;
let ctx: TestContext;
let staff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    env: stripeTestEnv(fake, { STRIPE_WEBHOOK_SECRET: SECRET }),
    deps: { startWorkers: false },
  });
  staff = await createUser(ctx, { role: "staff" });
  admin = await createUser(ctx, { role: "admin" });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const call = (method: "GET" | "POST", url: string, user: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
const deliver = (event: object) => {
  const { payload, headers } = signedDelivery(event, SECRET);
  return ctx.app.inject({ method: "POST", url: "/api/billing/webhook", payload, headers });
};
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function holdOf(requestId: string) {
  const [row] = await ctx.database.db.select().from(holds).where(eq(holds.requestId, requestId));
  return row;
}

/** Quoted, accepted, authorised at Stripe and its webhook delivered: the hold is held. */
async function heldAtStripe(title: string) {
  const member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
  const created = await call("POST", "/api/requests", member, {
    title,
    category: "Fashion",
    budget_eur: 25000,
    urgency: "High",
    notes: "",
    phone_number: "+351912345678",
  });
  const id = created.json().id as string;
  await call("POST", `/api/admin/requests/${id}/status`, staff, { status: "Sourcing" });
  const quote = await call("POST", `/api/admin/requests/${id}/quotes`, staff, {
    options: [{ title: "Kelly 28, Gold", priceCents: 1_234_567 }],
    validUntil: inDays(10),
  });
  const quoteId = quote.json().id as string;
  await call("POST", `/api/admin/requests/${id}/quotes/${quoteId}/send`, staff);
  const deal = (await call("GET", `/api/requests/${id}/deal`, member)).json();
  const accepted = await call("POST", `/api/requests/${id}/quotes/${quoteId}/accept`, member, {
    optionId: deal.quotes[0].options[0].id,
  });
  const sessionId = (accepted.json().url as string).split("/").pop() as string;
  const { intent } = fake.authorizeSession(sessionId);
  expect((await deliver(stripeEvent("payment_intent.amount_capturable_updated", intent))).json()).toMatchObject({
    outcome: "processed",
  });
  expect((await holdOf(id)).status).toBe("held");
  return { id, intent };
}

describe("reconciliation with Stripe", () => {
  it("lists by creation date over every page, cancels an orphan with a key, records a missed capture", async () => {
    const orphan = await heldAtStripe("Orphan at Stripe");
    const missed = await heldAtStripe("Missed capture at Stripe");
    const fine = await heldAtStripe("Both agree");
    // An intent of something else on the same account (no holdId): never ours to touch.
    fake.intents.set("pi_fake_9000", {
      ...structuredClone(fine.intent),
      id: "pi_fake_9000",
      metadata: {},
      latest_charge: null,
    });
    // Our row lost its authorisation; Stripe captured the other without its webhook reaching us.
    await ctx.database.db.update(holds).set({ status: "released" }).where(eq(holds.requestId, orphan.id));
    Object.assign(fake.intents.get(missed.intent.id) as object, {
      status: "succeeded",
      amount_received: 100_000,
      amount_capturable: 0,
    });
    fake.listPageSize = 2;

    const run = await call("POST", "/api/admin/money/reconcile", admin);
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ provider: "stripe", error: null, repaired: 2 });
    expect(run.json().differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "orphan_authorisation", paymentIntentId: orphan.intent.id, repaired: true }),
        expect.objectContaining({ kind: "unrecorded_capture", paymentIntentId: missed.intent.id, repaired: true }),
      ]),
    );
    expect(run.json().differences).toHaveLength(2);

    const lists = fake.callsTo("GET", "/v1/payment_intents");
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(Number(lists[0].query.get("created[gte]"))).toBeLessThan(Date.now() / 1000 - 30 * 86_400);
    expect(lists[0].query.get("limit")).toBe("100");
    expect(lists[1].query.get("starting_after")).toMatch(/^pi_fake_/);
    expect(fake.callsTo("GET", /\/v1\/payment_intents\/search/)).toEqual([]);

    const cancels = fake.callsTo("POST", `/v1/payment_intents/${orphan.intent.id}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0].idempotencyKey).toBe(`maison-orphan-${orphan.intent.id}`);
    expect(fake.intents.get(orphan.intent.id)?.status).toBe("canceled");
    expect(fake.callsTo("POST", /\/v1\/payment_intents\/pi_fake_9000/)).toEqual([]);
    expect(await holdOf(missed.id)).toMatchObject({
      status: "captured",
      capturedCents: 100_000,
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\//),
    });
    // Nothing was captured by us: the capture was Stripe's.
    expect(fake.callsTo("POST", /\/capture$/)).toEqual([]);

    const again = await call("POST", "/api/admin/money/reconcile", admin);
    expect(again.json()).toMatchObject({ differences: [], repaired: 0 });
    expect(again.json().checked).toBeGreaterThanOrEqual(3);
  });
});
