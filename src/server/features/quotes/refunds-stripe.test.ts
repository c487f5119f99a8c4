/**
 * Refunds with Stripe (decision 033): the real SDK against the local fake of the Stripe API. One refund of a
 * captured PaymentIntent with our metadata and the key `maison-refund-<refund id>`; its signed webhooks
 * (`refund.created`, `charge.refunded`) then change nothing, and a later `charge.refunded` for the rest makes the
 * hold refunded.
 */
import { randomUUID } from "node:crypto";
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
import { holds, refunds } from "../../db/schema";

const SECRET = "whsec_test_maison";
let fake: FakeStripe;
let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestApp({
    env: stripeTestEnv(fake, { STRIPE_WEBHOOK_SECRET: SECRET }),
    deps: { startWorkers: false },
  });
  staff = await createUser(ctx, { role: "staff" });
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

/** Quoted, accepted, authorised at Stripe (its webhook delivered) and captured in full. */
async function capturedAtStripe() {
  const member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
  const created = await call("POST", "/api/requests", member, {
    title: "Hermès Kelly 28",
    category: "Fashion",
    budget_eur: 25000,
    urgency: "High",
    notes: "",
    phone_number: "+351912345678",
  });
  const id = created.json().id as string;
  await call("POST", `/api/admin/requests/${id}/status`, staff, { status: "Sourcing" });
  const quote = await call("POST", `/api/admin/requests/${id}/quotes`, staff, {
    options: [{ title: "Kelly 28, Gold", priceCents: 1_000_000 }],
    validUntil: inDays(10),
  });
  const quoteId = quote.json().id as string;
  expect((await call("POST", `/api/admin/requests/${id}/quotes/${quoteId}/send`, staff)).statusCode).toBe(200);
  const deal = (await call("GET", `/api/requests/${id}/deal`, member)).json();
  const accepted = await call("POST", `/api/requests/${id}/quotes/${quoteId}/accept`, member, {
    optionId: deal.quotes[0].options[0].id,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const sessionId = (accepted.json().url as string).split("/").pop() as string;
  const { intent } = fake.authorizeSession(sessionId);
  const held = await deliver(stripeEvent("payment_intent.amount_capturable_updated", intent));
  expect(held.json(), held.body).toMatchObject({ outcome: "processed" });
  const captured = await call("POST", `/api/admin/requests/${id}/hold/capture`, staff, {});
  expect(captured.statusCode, captured.body).toBe(200);
  return { member, id, intent };
}

describe("refunds with Stripe", () => {
  it("creates one refund with our metadata and key; its signed webhooks change nothing; the rest refunds the hold", async () => {
    const { id, intent } = await capturedAtStripe();
    const key = randomUUID();
    const ask = () =>
      call("POST", `/api/admin/requests/${id}/refunds`, staff, {
        amountCents: 40_000,
        reason: "A scuff on the clasp",
        idempotencyKey: key,
      });
    const first = await ask();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amountCents: 40_000, status: "succeeded" });
    expect((await ask()).json().id).toBe(first.json().id);

    const calls = fake.callsTo("POST", "/v1/refunds");
    expect(calls).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(calls[0].idempotencyKey).toBe(`maison-refund-${row.id}`);
    expect(calls[0].body).toMatchObject({
      payment_intent: intent.id,
      amount: "40000",
      metadata: { requestId: id, refundId: row.id },
    });
    expect(row.providerRefundId).toMatch(/^re_fake_/);

    // Stripe's webhooks for it: nothing more changes (the answer was applied as they would be).
    const refund = fake.refunds.get(row.providerRefundId as string) as object;
    expect((await deliver(stripeEvent("refund.created", refund))).json().outcome).toBe("ignored");
    const charge = fake.charges.get(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 40_000, refunded: false });
    const chargeEvent = stripeEvent("charge.refunded", charge as object);
    expect((await deliver(chargeEvent)).json().outcome).toBe("ignored");
    expect((await deliver(chargeEvent)).json().outcome).toBe("duplicate");
    expect(await holdOf(id)).toMatchObject({ status: "captured", refundedCents: 40_000 });

    // The rest, refunded: the hold is refunded when the charge is.
    const rest = await call("POST", `/api/admin/requests/${id}/refunds`, staff, {
      amountCents: 60_000,
      reason: "The member returned the bag",
      idempotencyKey: randomUUID(),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await holdOf(id)).toMatchObject({ status: "refunded", refundedCents: 100_000 });
    const full = stripeEvent("charge.refunded", fake.charges.get(intent.latest_charge as string) as object);
    expect((await deliver(full)).json().outcome).toBe("ignored");
    expect(fake.charges.get(intent.latest_charge as string)).toMatchObject({
      amount_refunded: 100_000,
      refunded: true,
    });
  });

  it("Stripe's refusal is a 502 with its message, and frees the amount", async () => {
    const { id } = await capturedAtStripe();
    fake.failNext("POST", "/v1/refunds", 400, "Charge has already been refunded.");
    const refused = await call("POST", `/api/admin/requests/${id}/refunds`, staff, {
      amountCents: 100_000,
      reason: "Returned",
      idempotencyKey: randomUUID(),
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe("Charge has already been refunded.");
    const [row] = await ctx.database.db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(row.status).toBe("failed");
    const again = await call("POST", `/api/admin/requests/${id}/refunds`, staff, {
      amountCents: 100_000,
      reason: "Returned",
      idempotencyKey: randomUUID(),
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});
