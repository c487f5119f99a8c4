/**
 * The balance invoice with Stripe (decision 035): the real SDK against the local fake of the Stripe API. The
 * invoice is created (send_invoice, due date, our metadata, card and customer balance, no pending items), its
 * item added, finalised and sent, each with a key derived from the row's; signed invoice.* webhooks move it (a
 * part paid, then paid in full), once each; void asks Stripe with its own key; a Stripe failure is a 502 and
 * leaves nothing open.
 */
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { stripeEvent } from "#tests/helpers/fake-stripe";
import { inDays } from "#tests/helpers/quote-steps";
import { stripeQuotesApp } from "#tests/helpers/stripe-quotes";
import { as } from "#tests/helpers/users";
import { dueDateSeconds } from "../../payments/types";

const stripe = stripeQuotesApp();
const { deliver, invoiceOf } = stripe;
const PRICE = 1_234_567;
const HELD = 123_457;
const capturedAtStripe = () => stripe.capturedAtStripe({ priceCents: PRICE });

describe("the balance invoice with Stripe", () => {
  it("creates, fills, finalises and sends one invoice with derived keys; signed webhooks pay it once", async () => {
    const { member, id } = await capturedAtStripe();
    const dueDate = inDays(14);
    const send = () =>
      call(stripe.ctx, "POST /admin/requests/:id/balance", { params: { id }, body: { dueDate } }, as(stripe.staff));
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const sent = answers.find((a) => a.statusCode === 200)!.json();
    expect(sent).toMatchObject({ amountCents: PRICE - HELD, status: "open" });
    expect(sent.hostedUrl).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_fake_/);
    expect(sent.pdfUrl).toMatch(/\/pdf$/);

    const row = await invoiceOf(id);
    const key = `maison-balance-${row.id}`;
    const [create] = stripe.fake.callsTo("POST", "/v1/invoices");
    expect(stripe.fake.callsTo("POST", "/v1/invoices")).toHaveLength(1);
    expect(create.idempotencyKey).toBe(`${key}-create`);
    expect(create.body).toMatchObject({
      collection_method: "send_invoice",
      currency: "eur",
      due_date: String(dueDateSeconds(dueDate)),
      metadata: { requestId: id, balanceInvoiceId: row.id },
      payment_settings: {
        payment_method_types: ["card", "customer_balance"],
        payment_method_options: { customer_balance: { funding_type: "bank_transfer" } },
      },
      pending_invoice_items_behavior: "exclude",
    });
    const invoiceId = row.providerInvoiceId as string;
    const [item] = stripe.fake.callsTo("POST", "/v1/invoiceitems");
    expect(item.idempotencyKey).toBe(`${key}-item`);
    expect(item.body).toMatchObject({ invoice: invoiceId, amount: String(PRICE - HELD), currency: "eur" });
    expect(stripe.fake.callsTo("POST", `/v1/invoices/${invoiceId}/finalize`)[0].idempotencyKey).toBe(`${key}-finalize`);
    expect(stripe.fake.callsTo("POST", `/v1/invoices/${invoiceId}/send`)[0].idempotencyKey).toBe(`${key}-send`);

    // A bank transfer covers part of it, then the card the rest: Stripe's signed events are the truth.
    const part = stripeEvent("invoice.updated", stripe.fake.payInvoice(invoiceId, 500_000));
    expect((await deliver(part)).json().outcome).toBe("processed");
    expect(
      (await call(stripe.ctx, "GET /requests/:id/quotes", { params: { id } }, as(member))).json().balance,
    ).toMatchObject({
      status: "open",
      amountPaidCents: 500_000,
      paidInFull: false,
    });
    const paid = stripeEvent("invoice.paid", stripe.fake.payInvoice(invoiceId));
    expect((await deliver(paid)).json().outcome).toBe("processed");
    expect((await deliver(paid)).json().outcome).toBe("duplicate");
    expect(
      (await call(stripe.ctx, "GET /requests/:id/quotes", { params: { id } }, as(member))).json().balance,
    ).toMatchObject({
      status: "paid",
      amountPaidCents: PRICE - HELD,
      paidInFull: true,
    });
    // A late, older update changes nothing.
    const late = stripeEvent("invoice.updated", {
      ...stripe.fake.invoices.get(invoiceId),
      status: "open",
      amount_paid: 500_000,
    });
    expect((await deliver(late)).json().outcome).toBe("ignored");
    expect((await invoiceOf(id)).status).toBe("paid");
  });

  it("voids with its own key; a Stripe failure on create is a 502 and leaves nothing open", async () => {
    const { id } = await capturedAtStripe();
    stripe.fake.failNext("POST", "/v1/invoices", 400, "No such customer");
    const failed = await call(
      stripe.ctx,
      "POST /admin/requests/:id/balance",
      { params: { id }, body: { dueDate: inDays(7) } },
      as(stripe.staff),
    );
    expect(failed.statusCode).toBe(502);
    expect(await invoiceOf(id)).toBeUndefined();

    // Half made (created, then finalising fails): deleted at Stripe, nothing left open here or there.
    stripe.fake.failNext("POST", "/v1/invoices/", 400, "This invoice cannot be finalized.", (c) =>
      c.path.endsWith("/finalize"),
    );
    const half = await call(
      stripe.ctx,
      "POST /admin/requests/:id/balance",
      { params: { id }, body: { dueDate: inDays(7) } },
      as(stripe.staff),
    );
    expect(half.statusCode).toBe(502);
    expect(await invoiceOf(id)).toBeUndefined();
    const created = stripe.fake.callsTo("POST", "/v1/invoices").length;
    expect(created).toBeGreaterThan(0);
    expect([...stripe.fake.invoices.values()].filter((i) => i.metadata.requestId === id)).toHaveLength(0);

    const sent = await call(
      stripe.ctx,
      "POST /admin/requests/:id/balance",
      { params: { id }, body: { dueDate: inDays(7) } },
      as(stripe.staff),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const row = await invoiceOf(id);
    const voided = await call(
      stripe.ctx,
      "POST /admin/requests/:id/balance/void",
      { params: { id } },
      as(stripe.staff),
    );
    expect(voided.json()).toMatchObject({ status: "void" });
    const [call0] = stripe.fake.callsTo("POST", `/v1/invoices/${row.providerInvoiceId}/void`);
    expect(call0.idempotencyKey).toBe(`maison-balance-void-${row.id}`);
    // Stripe's own invoice.voided afterwards: nothing more.
    const event = stripeEvent("invoice.voided", stripe.fake.invoices.get(row.providerInvoiceId as string) as object);
    expect((await deliver(event)).json().outcome).toBe("ignored");
  });
});
