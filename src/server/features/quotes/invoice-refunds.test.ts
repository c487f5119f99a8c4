/**
 * Refunds of a paid balance invoice (issue 30, decisions 033 and 035), on the built-in test provider: in full and
 * in part with a reason, through the invoice's payment; refused when the invoice is not paid (409), above what is
 * left (409) or above what was paid (400); one refund per idempotency key; 20 concurrent refunds give back exactly
 * what is allowed, once, and the provider's refunds equal ours; replayed and reordered `refund.*` and
 * `charge.refunded` webhooks change nothing; the member is told once per refund and the statement shows it.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { CARD, option, quotesTestApp, stripeEvent, withSlowRefunds } from "#tests/helpers/quote-steps";
import { as } from "#tests/helpers/users";
import { REFUND_MESSAGES } from "@/shared/contracts/quotes-texts";
import { balanceInvoices, refunds, testPaymentObjects } from "../../db/schema";

let ctx: TestContext;
const steps = quotesTestApp((started) => {
  ({ ctx } = started);
});
const { signed, providerRefunds, refundsTold, twoRefundsReplayed, refundBy, providerChargeOf, refundsLogged } = steps;
const db = () => ctx.database.db;

const PRICE = 1_000_000;
const HELD = 100_000;
const BALANCE = PRICE - HELD;

/** A request whose hold was captured and whose balance (€9,000) was sent; paid with 4242 unless `pay` is false. */
async function invoicedRequest({ pay = true } = {}) {
  const held = await steps.invoicedRequest([option("Kelly 28, Gold", PRICE)]);
  const { invoiceId } = held;
  if (pay) {
    const paid = await call(
      ctx,
      "POST /billing/test/invoices/:id/pay",
      { params: { id: invoiceId }, body: CARD },
      as(held.member),
    );
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return { ...held, invoiceId };
}

const refund = (requestId: string, amountCents: number, extra: object = {}) =>
  refundBy(requestId, amountCents, { reason: "Returned in its box", source: "invoice", ...extra });

async function invoiceRow(requestId: string) {
  const [row] = await db().select().from(balanceInvoices).where(eq(balanceInvoices.requestId, requestId));
  return row;
}

/** The provider's charge that paid the invoice (its PaymentIntent names our balance invoice). */
async function providerCharge(requestId: string) {
  const invoice = await invoiceRow(requestId);
  const [intent] = await db()
    .select({ data: testPaymentObjects.data })
    .from(testPaymentObjects)
    .where(
      sql`${testPaymentObjects.kind} = 'payment_intent' and ${testPaymentObjects.data}->'metadata'->>'balanceInvoiceId' = ${invoice.id}`,
    );
  return providerChargeOf((intent.data as { id: string }).id);
}

// Each test makes one or two paid quotes: more than the default 30 s on a loaded machine.
describe("refunds of a paid balance invoice", { timeout: 90_000 }, () => {
  it("refunds in full through the invoice's payment: the member told once, the quotes view and the statement show it", async () => {
    const { member, id } = await invoicedRequest();
    const res = await refund(id, BALANCE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ source: "invoice", amountCents: BALANCE, status: "succeeded" });

    expect(await invoiceRow(id)).toMatchObject({ status: "paid", amountPaidCents: BALANCE, refundedCents: BALANCE });
    expect(await providerCharge(id)).toMatchObject({ amount_refunded: BALANCE, refunded: true });
    const [made] = await providerRefunds(id);
    expect(made.metadata).toMatchObject({
      requestId: id,
      refundId: res.json().id,
      balanceInvoiceId: expect.any(String),
    });
    // The hold's capture is untouched.
    const seen = await steps.requestQuotes(member, id);
    expect(seen.hold).toMatchObject({ status: "captured", refundedCents: 0 });
    expect(seen.balance).toMatchObject({ refundedCents: BALANCE });
    expect(seen.refunds).toEqual([expect.objectContaining({ source: "invoice", amountCents: BALANCE })]);
    expect(await refundsTold(member)).toEqual({ notices: 1, emails: 1 });
    const logged = await refundsLogged(id);
    expect(logged).toHaveLength(1);
    expect(logged[0].details).toMatchObject({ invoiceId: expect.any(String), amountCents: BALANCE });

    const statement = (await call(ctx, "GET /requests/:id/statement", { params: { id } }, as(member))).json();
    expect(statement.refundedCents).toBe(BALANCE);
    expect(statement.lines.find((l: { kind: string }) => l.kind === "refunded")).toMatchObject({
      amountCents: BALANCE,
      note: "Returned in its box",
    });
    // The test provider's receipts: the balance's payment (its card, what was refunded since) and the refund.
    const receiptOf = async (kind: string) => {
      const url = statement.lines.find((l: { kind: string }) => l.kind === kind)!.receiptUrl as string;
      expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/receipts\//);
      const res = await call(
        ctx,
        "GET /billing/test/receipts/:id",
        { params: { id: url.split("/").pop() as string } },
        as(member),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await receiptOf("invoice_paid")).toMatchObject({
      kind: "payment",
      amountCents: BALANCE,
      refundedCents: BALANCE,
      card: { brand: "visa", last4: "4242" },
      key: "balance.balance_for",
    });
    expect(await receiptOf("refunded")).toMatchObject({ kind: "refund", amountCents: BALANCE, method: "card" });

    // Nothing is left of the invoice; the hold's capture can still be refunded on its own.
    const again = await refund(id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: REFUND_MESSAGES.invoiceTooHigh, code: "refund_too_high" });
    expect((await refund(id, HELD, { source: "hold" })).statusCode).toBe(200);
  });

  it("refunds in part; never more than is left (409) or than was paid (400)", async () => {
    const { member, id } = await invoicedRequest();
    expect((await refund(id, 300_000)).statusCode).toBe(200);
    expect((await refund(id, 200_000)).statusCode).toBe(200);
    expect(await invoiceRow(id)).toMatchObject({ refundedCents: 500_000 });
    expect(await providerCharge(id)).toMatchObject({ amount_refunded: 500_000, refunded: false });
    const over = await refund(id, 400_001);
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe("refund_too_high");
    const abovePaid = await refund(id, BALANCE + 1);
    expect(abovePaid.statusCode).toBe(400);
    expect((await refund(id, 400_000)).statusCode).toBe(200);
    expect(await providerCharge(id)).toMatchObject({ amount_refunded: BALANCE, refunded: true });
    expect(await refundsTold(member)).toEqual({ notices: 3, emails: 3 });
  });

  it("an invoice not paid yet is refused (409), and nothing is claimed", async () => {
    const open = await invoicedRequest({ pay: false });
    const unpaid = await refund(open.id, 100);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ error: REFUND_MESSAGES.invoiceNotRefundable, code: "not_refundable" });
    expect(await db().select().from(refunds).where(eq(refunds.requestId, open.id))).toHaveLength(0);
  });

  it("one refund per idempotency key; the same key for the other source is not the same refund", async () => {
    const { member, id } = await invoicedRequest();
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3, 4].map(() => refund(id, 50_000, { idempotencyKey: key })));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(answers[0].json().id);
    }
    expect(await providerRefunds(id)).toHaveLength(1);
    expect(await refundsTold(member)).toEqual({ notices: 1, emails: 1 });
    const other = await refund(id, 50_000, { idempotencyKey: key, source: "hold" });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe("key_reused");
  });

  it("20 concurrent refunds of €1,000 on €9,000 paid: exactly 9 go through, once, and the provider agrees", async () => {
    const { member, id } = await invoicedRequest();
    // The provider answers in 0–40 ms, as a real one over the network does.
    const answers = await withSlowRefunds(ctx, () =>
      Promise.all(Array.from({ length: 20 }, () => refund(id, 100_000))),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(9);
    expect(codes.filter((c) => c === 409)).toHaveLength(11);
    const rows = await db().select().from(refunds).where(eq(refunds.requestId, id));
    expect(rows.map((r) => r.status)).toEqual(Array(9).fill("succeeded"));
    const made = await providerRefunds(id);
    expect(made).toHaveLength(9);
    expect(made.reduce((sum, r) => sum + r.amount, 0)).toBe(BALANCE);
    expect((await providerCharge(id)).amount_refunded).toBe(BALANCE);
    expect((await invoiceRow(id)).refundedCents).toBe(BALANCE);
    expect(await refundsTold(member)).toEqual({ notices: 9, emails: 9 });
  });

  it("replayed and reordered refund webhooks change nothing", async () => {
    const { member, id } = await invoicedRequest();
    const { made, firstCharge } = await twoRefundsReplayed(id, [400_000, 100_000], refund, providerCharge);
    // The invoice's charge as it was after the first refund: no hold recorded it, nothing moves.
    expect((await signed(stripeEvent("charge.refunded", firstCharge))).json().outcome).toBe("ignored");
    const replay = stripeEvent("refund.updated", made);
    expect((await signed(replay)).json().outcome).toBe("ignored");
    expect((await signed(replay)).json().outcome).toBe("duplicate");
    // Someone else's refund id in the metadata, or our refund's id with another invoice: not linked.
    const forged = {
      ...made,
      id: `re_forged_${randomUUID()}`,
      metadata: { ...made.metadata, balanceInvoiceId: randomUUID() },
    };
    expect((await signed(stripeEvent("refund.created", forged))).json().outcome).toBe("ignored");

    expect(await invoiceRow(id)).toMatchObject({ refundedCents: 500_000 });
    expect((await db().select().from(refunds).where(eq(refunds.requestId, id))).map((r) => r.status)).toEqual([
      "succeeded",
      "succeeded",
    ]);
    expect(await refundsTold(member)).toEqual({ notices: 2, emails: 2 });
  });
});
