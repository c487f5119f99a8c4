/**
 * A paid balance invoice with Stripe (issue 30): the real SDK against the fake Stripe API. Twenty deliveries of
 * `invoice.paid` at once (replays of one event and Stripe's twin events), reordered with an older
 * `invoice.payment_failed`, make one 'Paid in full' and one email; a refund of the paid invoice goes back through
 * the invoice's payment (its PaymentIntent, asked of Stripe), twenty at once refund exactly what was paid, once,
 * and Stripe's refunds equal ours; its signed webhooks change nothing.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { stripeEvent } from "#tests/helpers/fake-stripe";
import { inDays } from "#tests/helpers/quote-steps";
import { stripeQuotesApp } from "#tests/helpers/stripe-quotes";
import { as, type TestUser } from "#tests/helpers/users";
import { notifications, outbox, refunds } from "../../db/schema";

const stripe = stripeQuotesApp();
const { deliver, invoiceOf } = stripe;
const PRICE = 1_000_000;
const BALANCE = 900_000;

/** A captured quote whose balance invoice was sent at Stripe. */
async function invoicedAtStripe() {
  const requestQuotes = await stripe.capturedAtStripe({ priceCents: PRICE });
  const sent = await call(
    stripe.ctx,
    "POST /admin/requests/:id/balance",
    { params: { id: requestQuotes.id }, body: { dueDate: inDays(14) } },
    as(stripe.staff),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const row = await invoiceOf(requestQuotes.id);
  return { ...requestQuotes, invoiceId: row.providerInvoiceId as string };
}

async function paidTold(member: TestUser) {
  const notices = await stripe.ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.id), sql`${notifications.title} like 'Paid in full:%'`));
  const emails = await stripe.ctx.database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'reason' = 'balance_paid' and ${outbox.payload}->>'to' = ${member.email}`);
  return { notices: notices.length, emails: emails.length };
}

describe("paying the balance with Stripe", { timeout: 90_000 }, () => {
  it("20 invoice.paid deliveries at once, reordered with an older payment_failed: paid once, told once", async () => {
    const { member, id, invoiceId } = await invoicedAtStripe();
    const paid = stripe.fake.payInvoice(invoiceId);
    const older = Math.floor(Date.now() / 1000) - 120;
    const failed = stripeEvent(
      "invoice.payment_failed",
      { ...paid, status: "open", amount_paid: 0 },
      { created: older },
    );
    const once = stripeEvent("invoice.paid", paid);
    const twin = stripeEvent("invoice.payment_succeeded", paid);
    const deliveries = Array.from({ length: 20 }, (_, i) =>
      i % 5 === 4 ? failed : i % 5 === 3 ? twin : i % 7 === 6 ? stripeEvent("invoice.paid", paid) : once,
    );
    const answers = await Promise.all(deliveries.map((event) => deliver(event)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(
      answers.filter((a) => a.json().outcome === "processed" && a.json().changed !== false).length,
    ).toBeGreaterThan(0);
    expect(await invoiceOf(id)).toMatchObject({ status: "paid", amountPaidCents: BALANCE });
    expect(
      (await call(stripe.ctx, "GET /requests/:id/quotes", { params: { id } }, as(member))).json().balance,
    ).toMatchObject({
      paidInFull: true,
    });
    expect(await paidTold(member)).toEqual({ notices: 1, emails: 1 });
    // Stripe's invoice and ours agree.
    expect(stripe.fake.invoices.get(invoiceId)).toMatchObject({
      status: "paid",
      amount_paid: BALANCE,
      amount_remaining: 0,
    });
    // The late failure, again, after all: nothing.
    expect(
      (await deliver(stripeEvent("invoice.payment_failed", { ...paid, status: "open" }, { created: older }))).json()
        .outcome,
    ).toBe("ignored");
  });
});

const refundOf = (id: string, amountCents: number, key = randomUUID()) =>
  call(
    stripe.ctx,
    "POST /admin/requests/:id/refunds",
    {
      params: { id },
      body: {
        amountCents,
        reason: "Returned in its box",
        idempotencyKey: key,
        source: "invoice",
      },
    },
    as(stripe.staff),
  );

/** The invoice's payments at Stripe, as the fake records them. */
const paymentsOf = (invoiceId: string) =>
  stripe.fake.invoices.get(invoiceId)?.payments?.data as Array<{
    amount_paid: number;
    payment: { payment_intent: string };
  }>;

describe("refunds of a paid balance invoice with Stripe", { timeout: 90_000 }, () => {
  it("refunds through the invoice's PaymentIntent; 20 at once refund exactly what was paid; Stripe agrees", async () => {
    const { id, invoiceId } = await invoicedAtStripe();
    expect((await deliver(stripeEvent("invoice.paid", stripe.fake.payInvoice(invoiceId)))).json().outcome).toBe(
      "processed",
    );
    const [{ payment }] = paymentsOf(invoiceId);

    const answers = await Promise.all(Array.from({ length: 20 }, () => refundOf(id, 50_000)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(18);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);

    const rows = await stripe.ctx.database.db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(rows.filter((r) => r.status === "succeeded")).toHaveLength(18);
    const calls = stripe.fake
      .callsTo("POST", "/v1/refunds")
      .filter((c) => (c.body.metadata as { requestId?: string })?.requestId === id);
    expect(calls).toHaveLength(18);
    for (const made of calls) {
      expect(made.body).toMatchObject({
        payment_intent: payment.payment_intent,
        amount: "50000",
        metadata: { balanceInvoiceId: rows[0].invoiceId },
      });
      expect(made.idempotencyKey).toMatch(/^maison-refund-/);
    }
    const atStripe = [...stripe.fake.refunds.values()].filter(
      (r) => (r.metadata as { requestId?: string }).requestId === id,
    );
    expect(atStripe.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(BALANCE);
    const charge = [...stripe.fake.charges.values()].find((c) => c.payment_intent === payment.payment_intent);
    expect(charge).toMatchObject({ amount_refunded: BALANCE, refunded: true });
    expect((await invoiceOf(id)).refundedCents).toBe(BALANCE);

    // Stripe's signed webhooks for a refund we applied change nothing.
    expect((await deliver(stripeEvent("refund.created", atStripe[0]))).json().outcome).toBe("ignored");
    expect((await deliver(stripeEvent("charge.refunded", charge as object))).json().outcome).toBe("ignored");
    expect((await invoiceOf(id)).refundedCents).toBe(BALANCE);
  });

  it("an invoice paid in parts is refunded through its largest payment; beyond it Stripe refuses (502, freed)", async () => {
    const { id, invoiceId } = await invoicedAtStripe();
    stripe.fake.payInvoice(invoiceId, 300_000, { brand: "mastercard", last4: "4444" });
    expect((await deliver(stripeEvent("invoice.paid", stripe.fake.payInvoice(invoiceId)))).json().outcome).toBe(
      "processed",
    );
    const larger = paymentsOf(invoiceId).find((p) => p.amount_paid === 600_000)?.payment.payment_intent;
    const key = randomUUID();
    expect((await refundOf(id, 500_000, key)).statusCode).toBe(200);
    // The same key again asks Stripe nothing new.
    expect((await refundOf(id, 500_000, key)).statusCode).toBe(200);
    const calls = stripe.fake
      .callsTo("POST", "/v1/refunds")
      .filter((c) => (c.body.metadata as { requestId?: string })?.requestId === id);
    expect(calls.map((c) => c.body.payment_intent)).toEqual([larger]);
    const beyond = await refundOf(id, 200_000);
    expect(beyond.statusCode).toBe(502);
    const rows = await stripe.ctx.database.db.select().from(refunds).where(eq(refunds.requestId, id));
    expect(rows.map((r) => r.status).sort()).toEqual(["failed", "succeeded"]);
    expect((await invoiceOf(id)).refundedCents).toBe(500_000);
    expect((await refundOf(id, 100_000)).statusCode).toBe(200);
  });
});
