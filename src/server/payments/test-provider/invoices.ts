/**
 * The test-mode provider's balance invoices (decision 035), mirroring Stripe's `send_invoice` invoices: created
 * open with a hosted page (/checkout/test/invoices/:id), paid there with a card (4242 pays, 0002 is declined and
 * the invoice stays open, the 3-D Secure card asks for the bank's confirmation first), or by a bank transfer the
 * QA tools report (in part or in full), overdue once the provider's clock passes its due date, voided on request.
 * Every change is delivered as Stripe's event would be, after it commits.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { BILLING_ERRORS } from "@/shared/contracts/billing-texts";
import { BALANCE_MESSAGES, QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import type { Database, Queryable } from "../../db";
import { testPaymentObjects } from "../../db/schema";
import { badRequest, conflict, external, HttpError, notFound } from "../../http/errors";
import { type CardInput, checkTestCard } from "../test-cards";
import { testReceiptUrl } from "../test-receipts";
import { type BalanceInvoiceRequest, dueDateSeconds, type InvoiceLike, type PaymentEvent } from "../types";

export interface TestBalanceInvoice extends InvoiceLike {
  id: string;
  object: "invoice";
  customer: string;
  status: "draft" | "open" | "paid" | "void" | "uncollectible";
  collection_method: "send_invoice";
  currency: "eur";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  description: string;
  due_date: number;
  created: number;
  hosted_invoice_url: string;
  invoice_pdf: string | null;
  metadata: { requestId: string; balanceInvoiceId: string };
  payment_settings: { payment_method_types: string[] };
  last_finalization_error: null;
  /** What paid it, as Stripe lists an invoice's payments: each a PaymentIntent with its charge (refundable). */
  payments: { object: "list"; data: TestInvoicePaymentRecord[] };
  /** The test provider's own: a card waiting for the bank's 3-D Secure confirmation, and whether overdue was said. */
  test_pending_card: { brand: string; last4: string } | null;
  test_overdue: boolean;
  test_return_url: string;
}

/** One payment of an invoice (Stripe's InvoicePayment). */
export interface TestInvoicePaymentRecord {
  id: string;
  object: "invoice_payment";
  amount_paid: number;
  status: "paid";
  payment: { type: "payment_intent"; payment_intent: string };
  created: number;
}

/** How a payment reached the invoice: a card (its brand and last four) or a bank transfer. */
type PaidWith = { brand: string; last4: string } | "bank_transfer";

export interface TestInvoicePayment {
  /** Where to go next (the member's request); null while the bank asks for a confirmation. */
  redirectUrl: string | null;
  requiresAction: boolean;
}

export interface TestInvoices {
  createBalanceInvoice(input: BalanceInvoiceRequest): Promise<InvoiceLike>;
  voidInvoice(id: string, idempotencyKey: string): Promise<InvoiceLike>;
  getInvoice(id: string): Promise<TestBalanceInvoice | null>;
  /** Pays what remains with a card: 4242 pays, 0002 is declined (402), 4000 0027 6000 3184 asks for 3-D Secure. */
  payInvoice(id: string, card: CardInput): Promise<TestInvoicePayment>;
  /** The 3-D Secure step of a card payment: approved, the invoice is paid; failed, it stays open (402). */
  confirmInvoicePayment(id: string, approve: boolean): Promise<TestInvoicePayment>;
  /** A bank transfer reached the customer balance: `amountCents` (default what remains) is paid on the invoice. */
  receiveBankTransfer(id: string, amountCents?: number): Promise<TestBalanceInvoice>;
  /** Open invoices past their due date on the provider's clock: invoice.overdue, once each. */
  markOverdueInvoices(): Promise<number>;
  /** The PaymentIntent of an invoice's largest payment (what a refund of it goes back through); null: unpaid. */
  invoicePaymentIntent(id: string): Promise<string | null>;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function createTestInvoices(deps: {
  db: Database;
  appUrl: string;
  clockNow(q: Queryable): Promise<Date>;
  makeEvent(type: string, object: object, previous?: object, at?: Date): PaymentEvent;
  deliver(events: PaymentEvent[]): Promise<void>;
}): TestInvoices {
  const { db, appUrl, clockNow, makeEvent, deliver } = deps;
  const KIND = "balance_invoice";

  async function get(q: Queryable, id: string, lock = false): Promise<TestBalanceInvoice | null> {
    const query = q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.id, id), eq(testPaymentObjects.kind, KIND)));
    const [row] = lock ? await query.for("update") : await query;
    return (row?.data as unknown as TestBalanceInvoice | undefined) ?? null;
  }
  async function put(q: Queryable, invoice: TestBalanceInvoice) {
    const data = invoice as unknown as Record<string, unknown>;
    await q
      .insert(testPaymentObjects)
      .values({ id: invoice.id, kind: KIND, customerId: invoice.customer, data })
      .onConflictDoUpdate({ target: testPaymentObjects.id, set: { data } });
  }
  /** What events carry: the invoice without the test provider's own fields. */
  const shown = (invoice: TestBalanceInvoice) => {
    // Stripe's events carry an invoice's payments only when expanded: not here either.
    const {
      test_pending_card: _card,
      test_overdue: _overdue,
      test_return_url: _url,
      payments: _paid,
      ...rest
    } = invoice;
    return rest;
  };
  const event = (type: string, invoice: TestBalanceInvoice, now: Date, previous?: object) =>
    makeEvent(type, shown(invoice), previous, now);

  async function openInvoice(q: Queryable, id: string) {
    const invoice = await get(q, id, true);
    if (!invoice) throw notFound(BALANCE_MESSAGES.invoiceNotFound);
    if (invoice.status !== "open") throw conflict(BALANCE_MESSAGES.invoiceNotOpen, "invoice_not_open");
    return invoice;
  }

  /**
   * The payment's own objects, as Stripe keeps them: a succeeded PaymentIntent and its charge (with a receipt),
   * filed under the customer like a hold's, so a refund of the invoice goes through the same refund call.
   */
  async function recordPayment(q: Queryable, invoice: TestBalanceInvoice, amount: number, how: PaidWith, now: Date) {
    const suffix = randomBytes(12).toString("hex");
    const intentId = `pi_test_${suffix}`;
    const chargeId = `ch_test_${suffix}`;
    const card = how === "bank_transfer" ? null : how;
    const charge = {
      id: chargeId,
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      refunded: false,
      currency: "eur",
      customer: invoice.customer,
      payment_intent: intentId,
      receipt_url: testReceiptUrl(appUrl, chargeId),
      created: seconds(now),
      payment_method_details: card
        ? { type: "card", card: { brand: card.brand, last4: card.last4, capture_before: seconds(now) } }
        : { type: "customer_balance" },
    };
    const intent = {
      id: intentId,
      object: "payment_intent",
      status: "succeeded",
      amount,
      amount_capturable: 0,
      amount_received: amount,
      currency: "eur",
      customer: invoice.customer,
      description: invoice.description,
      capture_method: "automatic",
      created: seconds(now),
      metadata: { requestId: invoice.metadata.requestId, balanceInvoiceId: invoice.metadata.balanceInvoiceId },
      cancellation_reason: null,
      canceled_at: null,
      latest_charge: chargeId,
      last_payment_error: null,
    };
    for (const [kind, object] of [
      ["payment_intent", intent],
      ["charge", charge],
    ] as const) {
      await q
        .insert(testPaymentObjects)
        .values({
          id: object.id,
          kind,
          customerId: invoice.customer,
          data: object as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing();
    }
    invoice.payments ??= { object: "list", data: [] };
    invoice.payments.data.push({
      id: `inpay_test_${suffix}`,
      object: "invoice_payment",
      amount_paid: amount,
      status: "paid",
      payment: { type: "payment_intent", payment_intent: intentId },
      created: seconds(now),
    });
  }

  /** `amount` more is paid: paid in full (invoice.paid) or in part (invoice.updated with amount_paid). */
  async function pay(
    q: Queryable,
    invoice: TestBalanceInvoice,
    amount: number,
    now: Date,
    how: PaidWith,
  ): Promise<PaymentEvent[]> {
    await recordPayment(q, invoice, amount, how, now);
    const previous = { amount_paid: invoice.amount_paid, amount_remaining: invoice.amount_remaining };
    invoice.amount_paid += amount;
    invoice.amount_remaining = invoice.amount_due - invoice.amount_paid;
    invoice.test_pending_card = null;
    if (invoice.amount_remaining > 0) return [event("invoice.updated", invoice, now, previous)];
    invoice.status = "paid";
    return [event("invoice.paid", invoice, now)];
  }

  function declined(invoice: TestBalanceInvoice, now: Date, message: string): PaymentEvent[] {
    invoice.test_pending_card = null;
    return [
      makeEvent("invoice.payment_failed", { ...shown(invoice), last_payment_error: { message } }, undefined, now),
    ];
  }

  const answered = (invoice: TestBalanceInvoice): TestInvoicePayment => ({
    redirectUrl: invoice.test_return_url,
    requiresAction: false,
  });

  return {
    async createBalanceInvoice(input) {
      // Like Stripe's idempotency key: the same key gives the same invoice.
      const id = `in_test_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
      const { invoice, events } = await db.transaction(async (tx) => {
        const existing = await get(tx, id, true);
        if (existing) return { invoice: existing, events: [] };
        const now = await clockNow(tx);
        const invoice: TestBalanceInvoice = {
          id,
          object: "invoice",
          customer: input.customerId,
          status: "open",
          collection_method: "send_invoice",
          currency: "eur",
          amount_due: input.amountCents,
          amount_paid: 0,
          amount_remaining: input.amountCents,
          description: input.description,
          due_date: dueDateSeconds(input.dueDate),
          created: seconds(now),
          hosted_invoice_url: `${appUrl}/checkout/test/invoices/${id}`,
          invoice_pdf: null,
          metadata: { requestId: input.requestId, balanceInvoiceId: input.invoiceId },
          payment_settings: { payment_method_types: ["card", "customer_balance"] },
          last_finalization_error: null,
          payments: { object: "list", data: [] },
          test_pending_card: null,
          test_overdue: false,
          test_return_url: `${appUrl}/requests/${input.requestId}?balance=paid`,
        };
        await put(tx, invoice);
        return { invoice, events: [event("invoice.finalized", invoice, now)] };
      });
      await deliver(events);
      return shown(invoice);
    },

    async voidInvoice(id) {
      const { invoice, events } = await db.transaction(async (tx) => {
        const invoice = await get(tx, id, true);
        if (!invoice) throw new HttpError(404, external(`No such invoice: '${id}'`), "resource_missing");
        if (invoice.status === "void") return { invoice, events: [] };
        if (invoice.status !== "open" && invoice.status !== "uncollectible") {
          throw new HttpError(
            400,
            external(`This invoice can't be voided: it is ${invoice.status}.`),
            "invoice_not_open",
          );
        }
        const now = await clockNow(tx);
        invoice.status = "void";
        invoice.test_pending_card = null;
        await put(tx, invoice);
        return { invoice, events: [event("invoice.voided", invoice, now)] };
      });
      await deliver(events);
      return shown(invoice);
    },

    async getInvoice(id) {
      return get(db, id);
    },

    async payInvoice(id, card) {
      const check = checkTestCard(card, new Date(), { threeDSecure: true });
      const result = await db.transaction(async (tx) => {
        const invoice = await openInvoice(tx, id);
        if (!check.ok && !check.declined) throw new HttpError(400, check.message, "invalid_card");
        const now = await clockNow(tx);
        let events: PaymentEvent[];
        let answer: TestInvoicePayment | null = null;
        if (!check.ok) {
          events = declined(invoice, now, BILLING_ERRORS.holdDeclined);
        } else if (check.threeDSecure) {
          invoice.test_pending_card = { brand: check.brand, last4: check.last4 };
          events = [];
          answer = { redirectUrl: null, requiresAction: true };
        } else {
          events = await pay(tx, invoice, invoice.amount_remaining, now, { brand: check.brand, last4: check.last4 });
          answer = answered(invoice);
        }
        await put(tx, invoice);
        return { events, answer };
      });
      await deliver(result.events);
      if (!result.answer) throw new HttpError(402, QUOTE_MESSAGES.cardDeclined, "card_declined");
      return result.answer;
    },

    async confirmInvoicePayment(id, approve) {
      const result = await db.transaction(async (tx) => {
        const invoice = await openInvoice(tx, id);
        if (!invoice.test_pending_card) throw conflict(BILLING_ERRORS.nothingToConfirm, "nothing_to_confirm");
        const now = await clockNow(tx);
        const card = invoice.test_pending_card;
        const events = approve
          ? await pay(tx, invoice, invoice.amount_remaining, now, card)
          : declined(invoice, now, BILLING_ERRORS.holdAuthenticationFailed);
        await put(tx, invoice);
        return { events, invoice };
      });
      await deliver(result.events);
      if (!approve) throw new HttpError(402, BILLING_ERRORS.holdAuthenticationFailed, "authentication_failed");
      return answered(result.invoice);
    },

    async receiveBankTransfer(id, amountCents) {
      const { invoice, events } = await db.transaction(async (tx) => {
        const invoice = await openInvoice(tx, id);
        const amount = amountCents ?? invoice.amount_remaining;
        if (amount > invoice.amount_remaining) throw badRequest(BALANCE_MESSAGES.transferTooHigh, "transfer_too_high");
        const now = await clockNow(tx);
        const events = await pay(tx, invoice, amount, now, "bank_transfer");
        await put(tx, invoice);
        return { invoice, events };
      });
      await deliver(events);
      return shown(invoice) as TestBalanceInvoice;
    },

    async invoicePaymentIntent(id) {
      const invoice = await get(db, id);
      // The largest payment (the first of equals): the same answer every time, so a retried refund asks the same.
      const paid = [...(invoice?.payments?.data ?? [])].sort((a, b) => b.amount_paid - a.amount_paid);
      return paid[0]?.payment.payment_intent ?? null;
    },

    async markOverdueInvoices() {
      const now = await clockNow(db);
      const due = await db
        .select({ id: testPaymentObjects.id })
        .from(testPaymentObjects)
        .where(
          and(
            eq(testPaymentObjects.kind, KIND),
            sql`${testPaymentObjects.data}->>'status' = 'open'`,
            sql`(${testPaymentObjects.data}->>'test_overdue')::boolean = false`,
            sql`(${testPaymentObjects.data}->>'due_date')::bigint < ${seconds(now)}`,
          ),
        );
      let overdue = 0;
      for (const { id } of due) {
        const events = await db.transaction(async (tx) => {
          const invoice = await get(tx, id, true);
          if (invoice?.status !== "open" || invoice.test_overdue || invoice.due_date >= seconds(now)) return [];
          invoice.test_overdue = true;
          await put(tx, invoice);
          return [event("invoice.overdue", invoice, now)];
        });
        overdue += events.length;
        await deliver(events);
      }
      return overdue;
    },
  };
}
