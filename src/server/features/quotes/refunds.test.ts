/**
 * Refunds of a captured payment (issue 30, decision 033), on the built-in test provider: in full and in part,
 * with a reason; refused above what is left (pending refunds count) and when nothing was captured; one refund
 * per idempotency key; 20 concurrent refunds never give back more than was captured, and the provider's charge
 * agrees with our hold; replayed and reordered `refund.*` and `charge.refunded` webhooks change nothing; the
 * member is told once per refund, and sees it on the quote and the timeline.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { option, quotesTestApp, stripeEvent, withSlowRefunds } from "#tests/helpers/quote-steps";
import { as, type TestUser } from "#tests/helpers/users";
import { QUOTE_MESSAGES, REFUND_MESSAGES } from "@/shared/contracts/quotes-texts";
import { notifications, refunds } from "../../db/schema";
import { external, HttpError } from "../../http/errors";

let ctx: TestContext;
let staff: TestUser;
const steps = quotesTestApp((started) => {
  ({ ctx, staff } = started);
});
const {
  heldRequest,
  requestQuotes,
  holdRows,
  sourcingRequest,
  signed,
  providerRefunds,
  refundsTold,
  twoRefundsReplayed,
  refundBy,
  providerChargeOf,
  refundsLogged,
} = steps;
const db = () => ctx.database.db;

/** A €10,000 option: its hold (€1,000) captured in full, or `capturedCents` of it. */
async function capturedRequest(capturedCents?: number) {
  const held = await heldRequest([option("Kelly 28, Gold", 1_000_000)]);
  const captured = await call(
    ctx,
    "POST /admin/requests/:id/hold/capture",
    { params: { id: held.id }, body: capturedCents ? { amountCents: capturedCents, reason: "Agreed reduction" } : {} },
    as(staff),
  );
  expect(captured.statusCode, captured.body).toBe(200);
  return held;
}

const refund = (requestId: string, amountCents: number, extra: object = {}) =>
  refundBy(requestId, amountCents, { reason: "A scuff on the clasp", ...extra });

async function holdOf(requestId: string) {
  const [row] = await holdRows(requestId);
  return row;
}

/** The provider's charge of the request's hold, as the test provider keeps it. */
const providerCharge = async (requestId: string) => providerChargeOf((await holdOf(requestId)).paymentIntentId);

describe("refunds of a captured payment", () => {
  it("refunds in full: the provider's refund, the hold refunded, the quotes view's list, the member told once", async () => {
    const { member, id } = await capturedRequest();
    const res = await refund(id, 100_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amountCents: 100_000, status: "succeeded", reason: "A scuff on the clasp" });

    expect(await holdOf(id)).toMatchObject({ status: "refunded", capturedCents: 100_000, refundedCents: 100_000 });
    expect(await providerCharge(id)).toMatchObject({ amount_refunded: 100_000, refunded: true });
    const [made] = await providerRefunds(id);
    expect(made.metadata).toMatchObject({ requestId: id, refundId: res.json().id });

    for (const viewer of [member, staff]) {
      const seen = await requestQuotes(viewer, id);
      expect(seen.refunds).toEqual([
        expect.objectContaining({ amountCents: 100_000, reason: "A scuff on the clasp", status: "succeeded" }),
      ]);
      expect(seen.hold).toMatchObject({ status: "refunded", refundedCents: 100_000 });
    }
    expect(await refundsTold(member)).toEqual({ notices: 1, emails: 1 });
    const logged = await refundsLogged(id);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorUserId: staff.id });
    // The member's timeline says it.
    const timeline = await call(ctx, "GET /requests/:id/timeline", { params: { id } }, as(member));
    expect(timeline.statusCode).toBe(200);
    expect(timeline.body).toContain("Refund of €1,000 to your card");

    // Nothing is left to refund: the hold's state forbids it.
    const again = await refund(id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: REFUND_MESSAGES.notRefundable, code: "not_refundable" });
  });

  it("refunds in part, in several refunds; never more than is left", async () => {
    const { member, id } = await capturedRequest(80_000);
    expect((await refund(id, 30_000)).statusCode).toBe(200);
    expect((await refund(id, 20_000)).statusCode).toBe(200);
    expect(await holdOf(id)).toMatchObject({ status: "captured", capturedCents: 80_000, refundedCents: 50_000 });
    expect(await providerCharge(id)).toMatchObject({ amount_refunded: 50_000, refunded: false });

    const over = await refund(id, 30_001);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ error: REFUND_MESSAGES.tooHigh, code: "refund_too_high" });
    const aboveCaptured = await refund(id, 80_001);
    expect(aboveCaptured.statusCode).toBe(400);
    expect(aboveCaptured.json().error).toBe(REFUND_MESSAGES.tooHigh);

    expect((await refund(id, 30_000)).statusCode).toBe(200);
    expect(await holdOf(id)).toMatchObject({ status: "refunded", refundedCents: 80_000 });
    expect(await providerCharge(id)).toMatchObject({ amount_refunded: 80_000, refunded: true });
    expect((await requestQuotes(member, id)).refunds.map((r: { amountCents: number }) => r.amountCents)).toEqual([
      30_000, 20_000, 30_000,
    ]);
    expect(await refundsTold(member)).toEqual({ notices: 3, emails: 3 });
  });

  it("refuses when nothing was captured (409), and bad input (400) before anything moves", async () => {
    const held = await heldRequest();
    const notCaptured = await refund(held.id, 100);
    expect(notCaptured.statusCode).toBe(409);
    expect(notCaptured.json().code).toBe("not_refundable");
    const { id: noHold } = await sourcingRequest();
    expect((await refund(noHold, 100)).statusCode).toBe(409);
    const released = await heldRequest();
    expect(
      (await call(ctx, "POST /admin/requests/:id/hold/release", { params: { id: released.id }, body: {} }, as(staff)))
        .statusCode,
    ).toBe(200);
    expect((await refund(released.id, 100)).statusCode).toBe(409);

    const { id } = await capturedRequest();
    const short = await refund(id, 100, { reason: "  ab " });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(REFUND_MESSAGES.reasonRequired);
    const zero = await refund(id, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error).toBe(QUOTE_MESSAGES.amountTooLow);
    expect((await refund(id, 10.5)).statusCode).toBe(400);
    expect((await refund(id, 100, { idempotencyKey: "again" })).statusCode).toBe(400);
    expect(await db().select().from(refunds).where(eq(refunds.requestId, id))).toHaveLength(0);
  });

  it("answers the same refund for the same idempotency key, and asks the provider once", async () => {
    const { member, id } = await capturedRequest();
    const key = randomUUID();
    const first = await refund(id, 25_000, { idempotencyKey: key });
    const again = await Promise.all([1, 2, 3].map(() => refund(id, 25_000, { idempotencyKey: key })));
    expect(first.statusCode, first.body).toBe(200);
    for (const res of again) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(first.json().id);
    }
    expect(await providerRefunds(id)).toHaveLength(1);
    expect(await db().select().from(refunds).where(eq(refunds.requestId, id))).toHaveLength(1);
    expect(await holdOf(id)).toMatchObject({ refundedCents: 25_000 });
    expect(await refundsTold(member)).toEqual({ notices: 1, emails: 1 });
    // The same key with other details is not the same refund.
    const other = await refund(id, 30_000, { idempotencyKey: key });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("key_reused");
  });

  it("20 concurrent refunds of €150 on €1,000 captured: exactly 6 go through, and the provider agrees", async () => {
    const { member, id } = await capturedRequest();
    // The provider answers in 0–40 ms, as a real one over the network does.
    const answers = await withSlowRefunds(ctx, () => Promise.all(Array.from({ length: 20 }, () => refund(id, 15_000))));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(14);
    const rows = await db().select().from(refunds).where(eq(refunds.requestId, id));
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill("succeeded"));
    const hold = await holdOf(id);
    const charge = await providerCharge(id);
    expect(hold.refundedCents).toBe(90_000);
    expect(charge.amount_refunded).toBe(hold.refundedCents);
    expect(await providerRefunds(id)).toHaveLength(6);
    expect(await refundsTold(member)).toEqual({ notices: 6, emails: 6 });
  });

  it("replayed and reordered refund webhooks change nothing", async () => {
    const { member, id } = await capturedRequest();
    const { firstCharge } = await twoRefundsReplayed(id, [40_000, 10_000], refund, providerCharge);
    // The charge as it was after the first refund, arriving after the second: the total is not lowered.
    expect((await signed(stripeEvent("charge.refunded", firstCharge))).json()).toMatchObject({ outcome: "ignored" });
    // The same event twice: the second is a duplicate.
    const replay = stripeEvent("charge.refunded", await providerCharge(id));
    expect((await signed(replay)).json().outcome).toBe("ignored");
    expect((await signed(replay)).json().outcome).toBe("duplicate");

    expect(await holdOf(id)).toMatchObject({ status: "captured", refundedCents: 50_000 });
    const rows = await db().select().from(refunds).where(eq(refunds.requestId, id));
    expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    expect(await refundsTold(member)).toEqual({ notices: 2, emails: 2 });
  });

  it("a refund made at the provider (its dashboard) is recorded once, its events in any order", async () => {
    const { member, id } = await capturedRequest();
    const hold = await holdOf(id);
    const charge = await providerCharge(id);
    const dashboard = {
      id: `re_dashboard_${randomUUID()}`,
      object: "refund",
      amount: 100_000,
      status: "succeeded",
      charge: charge.id,
      payment_intent: hold.paymentIntentId,
      created: Math.floor(Date.now() / 1000),
      metadata: {},
    };
    // The charge first, then the refund's update, then its creation (still pending then): Stripe's order is not ours.
    const chargeAnswer = await signed(
      stripeEvent("charge.refunded", { ...charge, amount_refunded: 100_000, refunded: true }),
    );
    expect(chargeAnswer.json()).toMatchObject({ outcome: "processed" });
    expect(await holdOf(id)).toMatchObject({ status: "refunded", refundedCents: 100_000 });
    expect((await signed(stripeEvent("refund.updated", dashboard))).json()).toMatchObject({ outcome: "processed" });
    const created = await signed(
      stripeEvent("refund.created", { ...dashboard, status: "pending" }, dashboard.created - 5),
    );
    expect(created.json()).toMatchObject({ outcome: "ignored" });

    const rows = await db().select().from(refunds).where(eq(refunds.requestId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 100_000, status: "succeeded", createdBy: null, reason: "" });
    expect(await refundsTold(member)).toEqual({ notices: 1, emails: 1 });
    // Nothing left: a refund from the app is refused.
    expect((await refund(id, 1)).statusCode).toBe(409);
  });

  it("a refund the provider refuses frees its amount; a pending one moves once, on its webhook", async () => {
    const { member, id } = await capturedRequest();
    const provider = ctx.app.ctx.payments.provider;
    const createRefund = provider.createRefund.bind(provider);
    provider.createRefund = async () => {
      throw new HttpError(400, external("Your card's issuer does not accept refunds."), "refund_refused");
    };
    try {
      const refused = await refund(id, 60_000);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toBe("Your card's issuer does not accept refunds.");
    } finally {
      provider.createRefund = createRefund;
    }
    const [failed] = await db().select().from(refunds).where(eq(refunds.requestId, id));
    expect(failed.status).toBe("failed");

    // A refund the provider answers as pending (a bank that takes its time), failed later by its webhook.
    const hold = await holdOf(id);
    provider.createRefund = async (input) => ({
      id: `re_slow_${randomUUID()}`,
      object: "refund",
      amount: input.amountCents,
      status: "pending",
      payment_intent: input.paymentIntentId,
      created: Math.floor(Date.now() / 1000),
      metadata: input.metadata,
    });
    let slowId: string;
    try {
      const slow = await refund(id, 100_000);
      expect(slow.statusCode, slow.body).toBe(200);
      expect(slow.json().status).toBe("pending");
      slowId = slow.json().id;
    } finally {
      provider.createRefund = createRefund;
    }
    // Pending counts: nothing is left meanwhile.
    expect((await refund(id, 1)).statusCode).toBe(409);
    const [row] = await db().select().from(refunds).where(eq(refunds.id, slowId));
    const slow = {
      id: row.providerRefundId,
      object: "refund",
      amount: 100_000,
      status: "failed",
      failure_reason: "expired_or_canceled_card",
      payment_intent: hold.paymentIntentId,
      created: Math.floor(Date.now() / 1000),
      metadata: { refundId: slowId, requestId: id },
    };
    expect((await signed(stripeEvent("refund.failed", slow))).json()).toMatchObject({ outcome: "processed" });
    expect((await signed(stripeEvent("refund.updated", { ...slow, status: "succeeded" }))).json().outcome).toBe(
      "ignored",
    );
    const [after] = await db().select().from(refunds).where(eq(refunds.id, slowId));
    expect(after).toMatchObject({ status: "failed", failure: "expired_or_canceled_card" });
    expect(await holdOf(id)).toMatchObject({ status: "captured", refundedCents: 0 });
    expect(await refundsTold(member)).toEqual({ notices: 0, emails: 0 });
    const staffTold = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, staff.id), sql`${notifications.title} like 'Refund failed:%'`));
    expect(staffTold).toHaveLength(1);
    // The amount is free again.
    expect((await refund(id, 100_000)).statusCode).toBe(200);
    expect(await holdOf(id)).toMatchObject({ status: "refunded", refundedCents: 100_000 });
  });

  it("only staff refund", async () => {
    const { member, id } = await capturedRequest();
    const res = await call(
      ctx,
      "POST /admin/requests/:id/refunds",
      {
        params: { id },
        body: {
          amountCents: 100,
          reason: "Because",
          idempotencyKey: randomUUID(),
        },
      },
      as(member),
    );
    expect(res.statusCode).toBe(403);
    expect((await holdOf(id)).refundedCents).toBe(0);
  });
});
