/**
 * Refunds with Stripe (decision 033): the real SDK against the local fake of the Stripe API. One refund of a
 * captured PaymentIntent with our metadata and the key `maison-refund-<refund id>`; its signed webhooks
 * (`refund.created`, `charge.refunded`) then change nothing, and a later `charge.refunded` for the rest makes the
 * hold refunded.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { stripeEvent } from "#tests/helpers/fake-stripe";
import { stripeQuotesApp } from "#tests/helpers/stripe-quotes";
import { as } from "#tests/helpers/users";
import { refunds } from "../../db/schema";

const stripe = stripeQuotesApp();
const { deliver, holdOf } = stripe;
const capturedAtStripe = () => stripe.capturedAtStripe({ priceCents: 1_000_000 });
/** Staff refund €1,000 of the request's payment, "Returned", with a key of its own. */
const refundReturned = (id: string) =>
  call(
    stripe.ctx,
    "POST /admin/requests/:id/refunds",
    { params: { id }, body: { amountCents: 100_000, reason: "Returned", idempotencyKey: randomUUID() } },
    as(stripe.staff),
  );

describe("refunds with Stripe", () => {
  it("creates one refund with our metadata and key; its signed webhooks change nothing; the rest refunds the hold", async () => {
    const { id, intent } = await capturedAtStripe();
    const key = randomUUID();
    const ask = () =>
      call(
        stripe.ctx,
        "POST /admin/requests/:id/refunds",
        {
          params: { id },
          body: {
            amountCents: 40_000,
            reason: "A scuff on the clasp",
            idempotencyKey: key,
          },
        },
        as(stripe.staff),
      );
    const first = await ask();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amountCents: 40_000, status: "succeeded" });
    expect((await ask()).json().id).toBe(first.json().id);

    const calls = stripe.fake.callsTo("POST", "/v1/refunds");
    expect(calls).toHaveLength(1);
    const [row] = await stripe.ctx.database.db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(calls[0].idempotencyKey).toBe(`maison-refund-${row.id}`);
    expect(calls[0].body).toMatchObject({
      payment_intent: intent.id,
      amount: "40000",
      metadata: { requestId: id, refundId: row.id },
    });
    expect(row.providerRefundId).toMatch(/^re_fake_/);

    // Stripe's webhooks for it: nothing more changes (the answer was applied as they would be).
    const refund = stripe.fake.refunds.get(row.providerRefundId as string) as object;
    expect((await deliver(stripeEvent("refund.created", refund))).json().outcome).toBe("ignored");
    const charge = stripe.fake.charges.get(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 40_000, refunded: false });
    const chargeEvent = stripeEvent("charge.refunded", charge as object);
    expect((await deliver(chargeEvent)).json().outcome).toBe("ignored");
    expect((await deliver(chargeEvent)).json().outcome).toBe("duplicate");
    expect(await holdOf(id)).toMatchObject({ status: "captured", refundedCents: 40_000 });

    // The rest, refunded: the hold is refunded when the charge is.
    const rest = await call(
      stripe.ctx,
      "POST /admin/requests/:id/refunds",
      {
        params: { id },
        body: {
          amountCents: 60_000,
          reason: "The member returned the bag",
          idempotencyKey: randomUUID(),
        },
      },
      as(stripe.staff),
    );
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await holdOf(id)).toMatchObject({ status: "refunded", refundedCents: 100_000 });
    const full = stripeEvent("charge.refunded", stripe.fake.charges.get(intent.latest_charge as string) as object);
    expect((await deliver(full)).json().outcome).toBe("ignored");
    expect(stripe.fake.charges.get(intent.latest_charge as string)).toMatchObject({
      amount_refunded: 100_000,
      refunded: true,
    });
  });

  it("Stripe's refusal is a 502 with its message, and frees the amount", async () => {
    const { id } = await capturedAtStripe();
    stripe.fake.failNext("POST", "/v1/refunds", 400, "Charge has already been refunded.");
    const refused = await refundReturned(id);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe("Charge has already been refunded.");
    const [row] = await stripe.ctx.database.db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(row.status).toBe("failed");
    const again = await refundReturned(id);
    expect(again.statusCode, again.body).toBe(200);
  });
});
