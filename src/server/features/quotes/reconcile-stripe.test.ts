/**
 * Reconciliation with Stripe (decision 031): the real SDK against the local fake of the Stripe API. The hold
 * intents are listed by creation date (not searched: Stripe's search is eventually consistent), every page
 * followed, filtered by our holdId metadata; an orphan authorisation is cancelled with an idempotency key, a capture
 * whose webhook never came is recorded.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { stripeQuotesApp } from "#tests/helpers/stripe-quotes";
import { as } from "#tests/helpers/users";
import { holds } from "../../db/schema";

const stripe = stripeQuotesApp();
const { holdOf } = stripe;
const heldAtStripe = (title: string) => stripe.heldAtStripe({ title });

describe("reconciliation with Stripe", () => {
  it("lists by creation date over every page, cancels an orphan with a key, records a missed capture", async () => {
    const orphan = await heldAtStripe("Orphan at Stripe");
    const missed = await heldAtStripe("Missed capture at Stripe");
    const fine = await heldAtStripe("Both agree");
    // An intent of something else on the same account (no holdId): never ours to touch.
    stripe.fake.intents.set("pi_fake_9000", {
      ...structuredClone(fine.intent),
      id: "pi_fake_9000",
      metadata: {},
      latest_charge: null,
    });
    // Our row lost its authorisation; Stripe captured the other without its webhook reaching us.
    await stripe.ctx.database.db.update(holds).set({ status: "released" }).where(eq(holds.requestId, orphan.id));
    Object.assign(stripe.fake.intents.get(missed.intent.id) as object, {
      status: "succeeded",
      amount_received: 100_000,
      amount_capturable: 0,
    });
    stripe.fake.listPageSize = 2;

    const run = await call(stripe.ctx, "POST /admin/quotes/reconcile", {}, as(stripe.admin));
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ provider: "stripe", error: null, repaired: 2 });
    expect(run.json().differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "orphan_authorisation", paymentIntentId: orphan.intent.id, repaired: true }),
        expect.objectContaining({ kind: "unrecorded_capture", paymentIntentId: missed.intent.id, repaired: true }),
      ]),
    );
    expect(run.json().differences).toHaveLength(2);

    const lists = stripe.fake.callsTo("GET", "/v1/payment_intents");
    expect(lists.length).toBeGreaterThanOrEqual(2);
    expect(Number(lists[0].query.get("created[gte]"))).toBeLessThan(Date.now() / 1000 - 30 * 86_400);
    expect(lists[0].query.get("limit")).toBe("100");
    expect(lists[1].query.get("starting_after")).toMatch(/^pi_fake_/);
    expect(stripe.fake.callsTo("GET", /\/v1\/payment_intents\/search/)).toEqual([]);

    const cancels = stripe.fake.callsTo("POST", `/v1/payment_intents/${orphan.intent.id}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(cancels[0].idempotencyKey).toBe(`maison-orphan-${orphan.intent.id}`);
    expect(stripe.fake.intents.get(orphan.intent.id)?.status).toBe("canceled");
    expect(stripe.fake.callsTo("POST", /\/v1\/payment_intents\/pi_fake_9000/)).toEqual([]);
    expect(await holdOf(missed.id)).toMatchObject({
      status: "captured",
      capturedCents: 100_000,
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\//),
    });
    // Nothing was captured by us: the capture was Stripe's.
    expect(stripe.fake.callsTo("POST", /\/capture$/)).toEqual([]);

    const again = await call(stripe.ctx, "POST /admin/quotes/reconcile", {}, as(stripe.admin));
    expect(again.json()).toMatchObject({ differences: [], repaired: 0 });
    expect(again.json().checked).toBeGreaterThanOrEqual(3);
  });
});
