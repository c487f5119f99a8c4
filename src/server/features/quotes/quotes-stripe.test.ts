/**
 * The card hold with Stripe: the real SDK against the local fake of the Stripe API. Checkout in payment mode
 * with manual capture and our metadata, an idempotency key on every call, and the signed webhooks moving the
 * hold (capture_before read from the expanded charge, the receipt, the refund, the lapse), once each.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { stripeEvent } from "#tests/helpers/fake-stripe";
import { stripeQuotesApp } from "#tests/helpers/stripe-quotes";
import { as } from "#tests/helpers/users";
import { holds, notifications, requests } from "../../db/schema";

const stripe = stripeQuotesApp();
const { deliver, holdOf } = stripe;
const seconds = () => Math.floor(Date.now() / 1000);
const quotedRequest = () => stripe.quotedAtStripe();
const heldAtStripe = (captureBefore?: number) => stripe.heldAtStripe({ captureBefore });

describe("holds with Stripe", () => {
  it("opens Checkout in payment mode with manual capture, our metadata and an idempotency key", async () => {
    const q = await quotedRequest();
    const accept = () =>
      call(
        stripe.ctx,
        "POST /requests/:id/quotes/:quoteId/accept",
        { params: { id: q.id, quoteId: q.quoteId }, body: { optionId: q.optionId } },
        as(q.member),
      );
    const [a, b] = await Promise.all([accept(), accept()]);
    expect(a.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake_/);
    expect(b.json().url).toBe(a.json().url);
    const hold = await holdOf(q.id);
    const created = stripe.fake.callsTo("POST", "/v1/checkout/sessions").filter((c) => c.body.mode === "payment");
    expect(new Set(created.map((c) => c.idempotencyKey))).toEqual(new Set([`maison-hold-${hold.id}`]));
    expect(created[0].body).toMatchObject({
      mode: "payment",
      payment_intent_data: { capture_method: "manual", metadata: { requestId: q.id, holdId: hold.id } },
      metadata: { requestId: q.id, holdId: hold.id },
      line_items: [{ quantity: "1", price_data: { currency: "eur", unit_amount: "123457" } }],
    });
    expect(stripe.fake.sessions.size).toBeGreaterThan(0);
  });

  it("holds on amount_capturable_updated (capture_before from the charge), captures once with a key, refunds", async () => {
    const captureBefore = seconds() + 6 * 86_400 + 3600;
    const { member, id, intent, session } = await heldAtStripe(captureBefore);
    const held = await holdOf(id);
    expect(held).toMatchObject({ status: "held", paymentIntentId: intent.id, checkoutSessionId: session.id });
    expect(held.expiresAt?.getTime()).toBe(captureBefore * 1000);
    const [request] = await stripe.ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(request).toMatchObject({ status: "Found", paymentIntentId: intent.id });
    // The intent came without its charge: it was fetched expanded.
    expect(stripe.fake.callsTo("GET", `/v1/payment_intents/${intent.id}`)).not.toHaveLength(0);

    const captured = await call(
      stripe.ctx,
      "POST /admin/requests/:id/hold/capture",
      {
        params: { id },
        body: {
          amountCents: 100_000,
          reason: "Agreed reduction",
        },
      },
      as(stripe.staff),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({
      status: "captured",
      capturedCents: 100_000,
      receiptUrl: expect.stringMatching(/^https:\/\/pay\.stripe\.test\/receipts\//),
    });
    const [capture] = stripe.fake.callsTo("POST", `/v1/payment_intents/${intent.id}/capture`);
    expect(capture.body).toMatchObject({ amount_to_capture: "100000" });
    expect(capture.idempotencyKey).toBe(`maison-capture-${held.id}`);

    // Stripe's own word on it, twice: nothing more happens.
    const succeeded = stripeEvent("payment_intent.succeeded", {
      ...stripe.fake.intents.get(intent.id),
      latest_charge: intent.latest_charge,
    });
    expect((await deliver(succeeded)).json().outcome).toBe("ignored");
    expect((await deliver(succeeded)).json().outcome).toBe("duplicate");
    const captures = await stripe.ctx.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, "payment_captured"));
    expect(captures.filter((n) => n.userId === member.id)).toHaveLength(1);

    const charge = stripe.fake.charges.get(intent.latest_charge as string);
    const refunded = await deliver(
      stripeEvent("charge.refunded", { ...charge, refunded: true, amount_refunded: 100_000 }),
    );
    expect(refunded.json().outcome).toBe("processed");
    expect((await holdOf(id)).status).toBe("refunded");
  });

  it("releases with cancel and a key; a lapsed authorisation (cancellation_reason automatic) is expired", async () => {
    const first = await heldAtStripe();
    const released = await call(
      stripe.ctx,
      "POST /admin/requests/:id/hold/release",
      { params: { id: first.id }, body: {} },
      as(stripe.staff),
    );
    expect(released.json()).toMatchObject({ status: "released" });
    const [cancel] = stripe.fake.callsTo("POST", `/v1/payment_intents/${first.intent.id}/cancel`);
    expect(cancel.idempotencyKey).toBe(`maison-release-${(await holdOf(first.id)).id}`);

    const second = await heldAtStripe();
    const lapsed = { ...second.intent, status: "canceled", cancellation_reason: "automatic", amount_capturable: 0 };
    expect((await deliver(stripeEvent("payment_intent.canceled", lapsed))).json().outcome).toBe("processed");
    expect((await holdOf(second.id)).status).toBe("expired");
    // An older authorisation event after it does not bring it back.
    const late = stripeEvent("payment_intent.amount_capturable_updated", second.intent, { created: seconds() - 3600 });
    expect((await deliver(late)).json().outcome).toBe("ignored");
    expect((await holdOf(second.id)).status).toBe("expired");
  });

  it("finds an intent's hold through the card page Stripe names, and cancels an authorisation the app does not hold", async () => {
    const { id, intent, session } = await heldAtStripe();
    // The intent was unknown when its event came: Stripe was asked which card page made it.
    const asked = stripe.fake.callsTo("GET", "/v1/checkout/sessions");
    expect(asked.some((c) => c.query.get("payment_intent") === intent.id)).toBe(true);
    expect((await holdOf(id)).checkoutSessionId).toBe(session.id);

    // A page of a hold closed here (the member chose again), authorised anyway: cancelled at Stripe with a key.
    const q = await quotedRequest();
    const accepted = await call(
      stripe.ctx,
      "POST /requests/:id/quotes/:quoteId/accept",
      {
        params: { id: q.id, quoteId: q.quoteId },
        body: {
          optionId: q.optionId,
        },
      },
      as(q.member),
    );
    const sessionId = (accepted.json().url as string).split("/").pop() as string;
    await stripe.ctx.database.db.update(holds).set({ status: "released" }).where(eq(holds.requestId, q.id));
    const orphan = stripe.fake.authorizeSession(sessionId, {});
    const answer = await deliver(stripeEvent("payment_intent.amount_capturable_updated", orphan.intent));
    expect(answer.json()).toMatchObject({ outcome: "ignored" });
    const [cancel] = stripe.fake.callsTo("POST", `/v1/payment_intents/${orphan.intent.id}/cancel`);
    expect(cancel.idempotencyKey).toBe(`maison-orphan-${orphan.intent.id}`);
    expect(stripe.fake.intents.get(orphan.intent.id)?.status).toBe("canceled");
  });

  it("a provider failure on capture is a 502 with Stripe's message, and the hold can be captured after", async () => {
    const { id, intent } = await heldAtStripe();
    stripe.fake.failNext(
      "POST",
      `/v1/payment_intents/${intent.id}/capture`,
      402,
      "Your card's balance is insufficient.",
    );
    const failed = await call(
      stripe.ctx,
      "POST /admin/requests/:id/hold/capture",
      { params: { id }, body: {} },
      as(stripe.staff),
    );
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe("Your card's balance is insufficient.");
    expect((await holdOf(id)).pendingAction).toBeNull();
    expect(
      (await call(stripe.ctx, "POST /admin/requests/:id/hold/capture", { params: { id }, body: {} }, as(stripe.staff)))
        .statusCode,
    ).toBe(200);
  });
});

describe("disputes with Stripe", () => {
  it("a signed charge.dispute.created marks the request; the evidence goes to Stripe once, submitted, with a key", async () => {
    const { id, intent } = await stripe.capturedAtStripe();
    const dispute = {
      id: "dp_fake_1",
      object: "dispute",
      charge: intent.latest_charge,
      payment_intent: intent.id,
      amount: 123_457,
      currency: "eur",
      reason: "fraudulent",
      status: "needs_response",
      created: seconds(),
      evidence_details: { due_by: seconds() + 7 * 86_400, has_evidence: false, submission_count: 0 },
    };
    stripe.fake.disputes.set(dispute.id, structuredClone(dispute));
    expect((await deliver(stripeEvent("charge.dispute.created", dispute))).json().outcome).toBe("processed");
    const view = (
      await call(stripe.ctx, "GET /admin/requests/:id/dispute", { params: { id } }, as(stripe.staff))
    ).json();
    expect(view).toMatchObject({ testBank: false, dispute: { status: "needs_response", answerable: true } });

    const submitted = await call(
      stripe.ctx,
      "POST /admin/requests/:id/dispute/evidence",
      { params: { id }, body: view.dispute!.evidence },
      as(stripe.staff),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [update] = stripe.fake.callsTo("POST", "/v1/disputes/dp_fake_1");
    expect(update.idempotencyKey).toBe(`maison-dispute-${view.dispute!.id}`);
    expect(update.body).toMatchObject({ submit: "true", evidence: { customer_name: "Ana Sousa" } });
    expect(stripe.fake.disputes.get("dp_fake_1")?.status).toBe("under_review");
    // The test bank is not Stripe's: 404 in Stripe mode.
    expect(
      (
        await call(
          stripe.ctx,
          "POST /admin/requests/:id/dispute/test-open",
          { params: { id }, body: {} },
          as(stripe.staff),
        )
      ).statusCode,
    ).toBe(404);
  });
});
