/**
 * The balance invoice (issue 30, decision 035) through the app, on the built-in test provider: sent after the
 * capture (the default amount, another with a reason, refused before), twenty sends at once making one invoice,
 * paid on its hosted page (4242, 3-D Secure, 0002 declined), by bank transfer in two parts, overdue on the
 * provider's clock, the member's reminders once each, replayed and reordered webhooks, and void.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { secondInstance } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { CARD, inDays, option, quotesTestApp } from "#tests/helpers/quote-steps";
import { as, createUser } from "#tests/helpers/users";
import { lisbonDate } from "@/shared/dates";
import { balanceInvoices, notifications, testPaymentObjects } from "../../db/schema";
import { BALANCE_NOTICE_TYPE } from "./balance";

const steps = quotesTestApp({ resetHoldClock: true });
const DECLINED = { ...CARD, cardNumber: "4000 0000 0000 0002" };
const THREE_D_SECURE = { ...CARD, cardNumber: "4000 0027 6000 3184" };
/** The option's price, 10 % held. */
const PRICE = 2_500_000;
const HELD = 250_000;

/** A request whose hold was captured (`capturedCents`, in full by default). */
async function capturedRequest(capturedCents = HELD) {
  const held = await steps.heldRequest([option("Kelly 28, Gold", PRICE)]);
  const captured = await call(
    steps.ctx,
    "POST /admin/requests/:id/hold/capture",
    {
      params: { id: held.id },
      body: {
        amountCents: capturedCents,
        reason: capturedCents < HELD ? "A scuff on the clasp" : "",
      },
    },
    as(steps.staff),
  );
  expect(captured.statusCode, captured.body).toBe(200);
  return held;
}

const send = (requestId: string, body: object = {}) =>
  call(
    steps.ctx,
    "POST /admin/requests/:id/balance",
    { params: { id: requestId }, body: { dueDate: inDays(14), ...body } },
    as(steps.staff),
  );

const invoiceIdOf = (hostedUrl: string | null) => (hostedUrl as string).split("/").pop() as string;

/** The balance's notices (under the payment type, decision 035), told apart by their titles. */
const TITLES: Record<string, string> = {
  balance_invoice_sent: "Your balance invoice for",
  balance_paid: "Paid in full:",
  staff_balance_paid: "Balance paid:",
  balance_payment_failed: "Your balance payment did not go through",
  balance_overdue: "Your balance is overdue",
  staff_balance_overdue: "Balance overdue:",
  balance_reminder: "Reminder:",
};
async function noticesOf(userId: string, kind: string) {
  const rows = await steps.ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, BALANCE_NOTICE_TYPE)));
  return rows.filter((n) => n.title.startsWith(TITLES[kind]));
}

async function rowsOf(requestId: string) {
  return steps.ctx.database.db.select().from(balanceInvoices).where(eq(balanceInvoices.requestId, requestId));
}

async function providerInvoicesOf(requestId: string) {
  return steps.ctx.database.db
    .select({ data: testPaymentObjects.data })
    .from(testPaymentObjects)
    .where(
      sql`${testPaymentObjects.kind} = 'balance_invoice' and ${testPaymentObjects.data}->'metadata'->>'requestId' = ${requestId}`,
    );
}

/** A signed event delivered to the webhook, as the test provider (or Stripe) signs it. */
function deliver(type: string, object: object, created = Math.floor(Date.now() / 1000), id?: string) {
  return steps.signed({
    id: id ?? `evt_balance_${Math.random().toString(36).slice(2)}`,
    object: "event",
    created,
    type,
    data: { object },
  });
}

describe("sending the balance", () => {
  it("defaults to the price less what was captured, and tells the member once", async () => {
    const { member, id } = await capturedRequest(200_000);
    const res = await send(id);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({
      amountCents: PRICE - 200_000,
      reason: null,
      status: "open",
      amountPaidCents: 0,
      paidInFull: false,
      overdue: false,
      dueDate: inDays(14),
    });
    expect(sent.hostedUrl).toMatch(/\/checkout\/test\/invoices\/in_test_/);
    const requestQuotes = await steps.requestQuotes(member, id);
    expect(requestQuotes.balance).toMatchObject({
      amountCents: PRICE - 200_000,
      status: "open",
      hostedUrl: sent.hostedUrl,
    });
    const told = await noticesOf(member.id, "balance_invoice_sent");
    expect(told).toHaveLength(1);
    expect(told[0].title).toContain("Your balance invoice for Hermès Kelly 28: €23,000 due by");
    const [row] = await rowsOf(id);
    expect(row.providerInvoiceId).toBe(invoiceIdOf(sent.hostedUrl));
  });

  it("another amount needs a reason; at least €0.50; due today or later", async () => {
    const { id } = await capturedRequest();
    const noReason = await send(id, { amountCents: 2_000_000 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe("balance_reason_required");
    expect((await send(id, { amountCents: 49, reason: "x" })).statusCode).toBe(400);
    const past = await send(id, { dueDate: inDays(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json().code).toBe("due_date_past");
    expect(await rowsOf(id)).toHaveLength(0);
    const res = await send(id, { amountCents: 2_000_000, reason: "Supplier discount passed on" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amountCents: 2_000_000, reason: "Supplier discount passed on" });
    // One open invoice per request.
    const again = await send(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("balance_open");
  });

  it("a send that never finished is completed by the next one, with the same row and key", async () => {
    const { member, id } = await capturedRequest();
    const long = new Date(Date.now() - 10 * 60 * 1000);
    const [draft] = await steps.ctx.database.db
      .insert(balanceInvoices)
      .values({ requestId: id, userId: member.id, amountCents: 2_000_000, reason: "Agreed", dueDate: inDays(9) })
      .returning();
    // Fresh: another send is under way.
    expect((await send(id)).statusCode).toBe(409);
    await steps.ctx.database.db
      .update(balanceInvoices)
      .set({ updatedAt: long })
      .where(eq(balanceInvoices.id, draft.id));
    const resumed = await send(id);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ id: draft.id, amountCents: 2_000_000, dueDate: inDays(9), status: "open" });
    const invoices = await providerInvoicesOf(id);
    expect(invoices).toHaveLength(1);
    expect(invoices[0].data).toMatchObject({ metadata: { balanceInvoiceId: draft.id } });
  });

  it("is refused before the hold was captured", async () => {
    const { id } = await steps.heldRequest();
    const res = await send(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("not_captured");
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it("twenty sends at once make one invoice here and one at the provider", async () => {
    const { member, id } = await capturedRequest();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await providerInvoicesOf(id)).toHaveLength(1);
    expect(await noticesOf(member.id, "balance_invoice_sent")).toHaveLength(1);
  });
});

describe("paying the balance", () => {
  it("4242 on the hosted page pays it: 'Paid in full' from the webhook, the member and the team told once", async () => {
    const { member, id } = await capturedRequest();
    const sent = (await send(id)).json();
    const invoiceId = invoiceIdOf(sent.hostedUrl);
    const page = await call(steps.ctx, "GET /billing/test/invoices/:id", { params: { id: invoiceId } }, as(member));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      amountRemainingCents: PRICE - HELD,
      status: "open",
      key: "balance.balance_for",
      params: { title: "Kelly 28, Gold" },
    });
    // Someone else's invoice page is not found.
    const other = await createUser(steps.ctx, { plan: "gold" });
    expect(
      (await call(steps.ctx, "GET /billing/test/invoices/:id", { params: { id: invoiceId } }, as(other))).statusCode,
    ).toBe(404);

    const paid = await call(
      steps.ctx,
      "POST /billing/test/invoices/:id/pay",
      { params: { id: invoiceId }, body: CARD },
      as(member),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().redirectUrl).toContain(`/requests/${id}`);
    const requestQuotes = await steps.requestQuotes(member, id);
    expect(requestQuotes.balance).toMatchObject({ status: "paid", paidInFull: true, amountPaidCents: PRICE - HELD });
    expect((await steps.requestQuotes(steps.staff, id)).balance.paidInFull).toBe(true);
    expect(await noticesOf(member.id, "balance_paid")).toHaveLength(1);
    expect((await noticesOf(steps.staff.id, "staff_balance_paid")).some((n) => n.requestId === id)).toBe(true);
    // Paid: nothing more to pay, nothing to void, nothing more to send.
    expect(
      (
        await call(
          steps.ctx,
          "POST /billing/test/invoices/:id/pay",
          { params: { id: invoiceId }, body: CARD },
          as(member),
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (await call(steps.ctx, "POST /admin/requests/:id/balance/void", { params: { id } }, as(steps.staff))).statusCode,
    ).toBe(409);
    const again = await send(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("balance_paid");
  });

  it("twenty payments at once: one is taken, the provider's invoice and ours agree", async () => {
    const { member, id } = await capturedRequest();
    const invoiceId = invoiceIdOf((await send(id)).json().hostedUrl);
    const pay = () =>
      call(steps.ctx, "POST /billing/test/invoices/:id/pay", { params: { id: invoiceId }, body: CARD }, as(member));
    const transfer = () =>
      call(steps.ctx, "POST /admin/qa/bank-transfer", { body: { requestId: id } }, as(steps.staff));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 4 === 3 ? transfer() : pay())));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const [provider] = await providerInvoicesOf(id);
    expect(provider.data).toMatchObject({ status: "paid", amount_paid: PRICE - HELD, amount_remaining: 0 });
    expect((await rowsOf(id))[0]).toMatchObject({ status: "paid", amountPaidCents: PRICE - HELD });
    expect(await noticesOf(member.id, "balance_paid")).toHaveLength(1);
  });

  it("0002 is declined: the invoice stays open and the member is told", async () => {
    const { member, id } = await capturedRequest();
    const invoiceId = invoiceIdOf((await send(id)).json().hostedUrl);
    const declined = await call(
      steps.ctx,
      "POST /billing/test/invoices/:id/pay",
      { params: { id: invoiceId }, body: DECLINED },
      as(member),
    );
    expect(declined.statusCode).toBe(402);
    const requestQuotes = await steps.requestQuotes(member, id);
    expect(requestQuotes.balance).toMatchObject({ status: "open", paidInFull: false, amountPaidCents: 0 });
    expect(await noticesOf(member.id, "balance_payment_failed")).toHaveLength(1);
    expect(await noticesOf(member.id, "balance_paid")).toHaveLength(0);
  });

  it("the 3-D Secure card asks for the bank's confirmation, then pays", async () => {
    const { member, id } = await capturedRequest();
    const invoiceId = invoiceIdOf((await send(id)).json().hostedUrl);
    const asked = await call(
      steps.ctx,
      "POST /billing/test/invoices/:id/pay",
      { params: { id: invoiceId }, body: THREE_D_SECURE },
      as(member),
    );
    expect(asked.json()).toEqual({ redirectUrl: null, requiresAction: true });
    expect((await steps.requestQuotes(member, id)).balance.status).toBe("open");
    expect(
      (await call(steps.ctx, "GET /billing/test/invoices/:id", { params: { id: invoiceId } }, as(member))).json()
        .requiresAction,
    ).toBe(true);
    const confirmed = await call(
      steps.ctx,
      "POST /billing/test/invoices/:id/confirm",
      { params: { id: invoiceId }, body: { approve: true } },
      as(member),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await steps.requestQuotes(member, id)).balance.paidInFull).toBe(true);
  });

  it("a bank transfer in part, then the rest: paid only when the provider says so", async () => {
    const { member, id } = await capturedRequest();
    await send(id);
    const part = await call(
      steps.ctx,
      "POST /admin/qa/bank-transfer",
      { body: { requestId: id, amountCents: 1_000_000 } },
      as(steps.staff),
    );
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: "open", amountPaidCents: 1_000_000 });
    expect((await steps.requestQuotes(member, id)).balance).toMatchObject({
      status: "open",
      amountPaidCents: 1_000_000,
      paidInFull: false,
    });
    expect(await noticesOf(member.id, "balance_paid")).toHaveLength(0);
    const tooMuch = await call(
      steps.ctx,
      "POST /admin/qa/bank-transfer",
      { body: { requestId: id, amountCents: PRICE } },
      as(steps.staff),
    );
    expect(tooMuch.statusCode).toBe(400);
    const rest = await call(steps.ctx, "POST /admin/qa/bank-transfer", { body: { requestId: id } }, as(steps.staff));
    expect(rest.json()).toMatchObject({ status: "paid", amountRemainingCents: 0 });
    expect((await steps.requestQuotes(member, id)).balance).toMatchObject({
      status: "paid",
      amountPaidCents: PRICE - HELD,
      paidInFull: true,
    });
    expect(await noticesOf(member.id, "balance_paid")).toHaveLength(1);
    // The member's timeline says it, with the amounts.
    const timeline = (await call(steps.ctx, "GET /requests/:id/timeline", { params: { id } }, as(member))).json();
    const said = timeline.items.map((e: { key: string }) => e.key);
    expect(said).toEqual(
      expect.arrayContaining([
        "timeline.balance_sent_amount",
        "timeline.balance_received_amount",
        "timeline.balance_paid_amount",
      ]),
    );
    // Nothing open any more.
    expect(
      (await call(steps.ctx, "POST /admin/qa/bank-transfer", { body: { requestId: id } }, as(steps.staff))).statusCode,
    ).toBe(409);
  });
});

describe("due dates", () => {
  it("past the due date on the provider's clock: flagged overdue, the member and the team told once", async () => {
    const { member, id } = await capturedRequest();
    expect((await send(id, { dueDate: lisbonDate() })).statusCode).toBe(200);
    await steps.ctx.app.ctx.payments.test?.advanceHoldClock(2 * 86_400_000);
    const requestQuotes = await steps.requestQuotes(member, id);
    expect(requestQuotes.balance).toMatchObject({ status: "open", overdue: true });
    await steps.requestQuotes(member, id);
    expect(await noticesOf(member.id, "balance_overdue")).toHaveLength(1);
    expect((await noticesOf(steps.staff.id, "staff_balance_overdue")).filter((n) => n.requestId === id)).toHaveLength(
      1,
    );
    // Paid late: paid, no longer overdue.
    await call(steps.ctx, "POST /admin/qa/bank-transfer", { body: { requestId: id } }, as(steps.staff));
    expect((await steps.requestQuotes(member, id)).balance).toMatchObject({
      status: "paid",
      overdue: false,
      paidInFull: true,
    });
  });

  it("reminds the member once three days before and once the day after, however often the job runs", async () => {
    const { member, id } = await capturedRequest();
    expect((await send(id, { dueDate: inDays(10) })).statusCode).toBe(200);
    // Two instances on the same database, as behind a load balancer.
    const other = await secondInstance(steps.ctx);
    const run = () => steps.ctx.app.ctx.domains.quotes.sendBalanceReminders();
    const runThere = () => other.app.ctx.domains.quotes.sendBalanceReminders();
    await run();
    expect(await noticesOf(member.id, "balance_reminder")).toHaveLength(0);
    await steps.ctx.app.ctx.payments.test?.advanceHoldClock(8 * 86_400_000);
    await Promise.all([run(), runThere(), run(), runThere()]);
    await run();
    const before = await noticesOf(member.id, "balance_reminder");
    expect(before).toHaveLength(1);
    expect(before[0].title).toContain("due by");
    await steps.ctx.app.ctx.payments.test?.advanceHoldClock(3 * 86_400_000);
    await Promise.all([run(), runThere()]);
    await runThere();
    await other.close();
    const all = await noticesOf(member.id, "balance_reminder");
    expect(all).toHaveLength(2);
    expect(all.some((n) => n.title.includes("was due on"))).toBe(true);
    const [row] = await rowsOf(id);
    expect(row.remindedBeforeAt).not.toBeNull();
    expect(row.remindedAfterAt).not.toBeNull();
  });
});

describe("the provider's word", () => {
  it("replayed and reordered invoice webhooks change nothing; paid is final", async () => {
    const { member, id } = await capturedRequest();
    const sent = (await send(id)).json();
    const invoiceId = invoiceIdOf(sent.hostedUrl);
    const invoice = await steps.ctx.app.ctx.payments.test?.getInvoice(invoiceId);
    if (!invoice) throw new Error("no invoice at the provider");
    const { test_pending_card: _c, test_overdue: _o, test_return_url: _u, ...shown } = invoice;
    const due = PRICE - HELD;
    const older = Math.floor(Date.now() / 1000) - 60;
    const paidEvent = { ...shown, status: "paid", amount_paid: due, amount_remaining: 0 };
    const first = await deliver("invoice.paid", paidEvent, undefined, "evt_balance_paid_once");
    expect(first.json().outcome).toBe("processed");
    expect((await steps.requestQuotes(member, id)).balance).toMatchObject({ status: "paid", paidInFull: true });
    // The same event again, then older ones arriving late: nothing moves.
    expect((await deliver("invoice.paid", paidEvent, undefined, "evt_balance_paid_once")).json().outcome).toBe(
      "duplicate",
    );
    const late = [
      deliver("invoice.updated", { ...shown, amount_paid: 1_000, amount_remaining: due - 1_000 }, older),
      deliver("invoice.finalized", shown, older),
      deliver("invoice.payment_failed", shown, older),
      deliver("invoice.overdue", shown, older),
      deliver("invoice.voided", { ...shown, status: "void" }),
    ];
    for (const res of await Promise.all(late)) expect(res.json().outcome).toBe("ignored");
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: "paid", amountPaidCents: due, overdue: false });
    expect(await noticesOf(member.id, "balance_paid")).toHaveLength(1);
    expect(await noticesOf(member.id, "balance_payment_failed")).toHaveLength(0);
  });

  it("an invoice is found by the id we recorded, never by its metadata alone", async () => {
    const { id } = await capturedRequest();
    const sent = (await send(id)).json();
    const [row] = await rowsOf(id);
    const forged = {
      id: "in_forged_1",
      object: "invoice",
      customer: "cus_x",
      status: "paid",
      amount_due: row.amountCents,
      amount_paid: row.amountCents,
      metadata: { requestId: id, balanceInvoiceId: row.id },
    };
    expect((await deliver("invoice.paid", forged)).json().outcome).toBe("ignored");
    expect((await rowsOf(id))[0]).toMatchObject({ status: "open", providerInvoiceId: invoiceIdOf(sent.hostedUrl) });
  });

  it("an event before the invoice's id is recorded links only to its draft, for the same request and amount", async () => {
    const { member, id } = await capturedRequest();
    // As if the provider's answer had not come back yet: the draft row, no provider id.
    const [draft] = await steps.ctx.database.db
      .insert(balanceInvoices)
      .values({ requestId: id, userId: member.id, amountCents: PRICE - HELD, dueDate: inDays(14) })
      .returning();
    const invoice = (over: object) => ({
      object: "invoice",
      customer: "cus_x",
      status: "paid",
      amount_due: PRICE - HELD,
      amount_paid: PRICE - HELD,
      metadata: { requestId: id, balanceInvoiceId: draft.id },
      ...over,
    });
    // Another amount, or another request: not this draft's.
    expect((await deliver("invoice.paid", invoice({ id: "in_early_1", amount_due: 100 }))).json().outcome).toBe(
      "ignored",
    );
    const otherRequest = invoice({
      id: "in_early_2",
      metadata: { requestId: draft.userId, balanceInvoiceId: draft.id },
    });
    expect((await deliver("invoice.paid", otherRequest)).json().outcome).toBe("ignored");
    expect((await deliver("invoice.paid", invoice({ id: "in_early_3" }))).json().outcome).toBe("processed");
    expect((await rowsOf(id))[0]).toMatchObject({ providerInvoiceId: "in_early_3", status: "paid" });
    // Linked once: another invoice naming the same row changes nothing.
    expect((await deliver("invoice.paid", invoice({ id: "in_early_4" }))).json().outcome).toBe("ignored");
    expect((await rowsOf(id))[0].providerInvoiceId).toBe("in_early_3");
  });

  it("void: an open unpaid invoice, once; then a new one can be sent", async () => {
    const { member, id } = await capturedRequest();
    const sent = (await send(id)).json();
    const voided = await call(steps.ctx, "POST /admin/requests/:id/balance/void", { params: { id } }, as(steps.staff));
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: "void", paidInFull: false });
    expect(
      (await call(steps.ctx, "POST /admin/requests/:id/balance/void", { params: { id } }, as(steps.staff))).statusCode,
    ).toBe(409);
    const page = await call(
      steps.ctx,
      "POST /billing/test/invoices/:id/pay",
      { params: { id: invoiceIdOf(sent.hostedUrl) }, body: CARD },
      as(member),
    );
    expect(page.statusCode).toBe(409);
    const again = await send(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).not.toBe(sent.id);
    // Something was paid on it: it is not voided.
    await call(
      steps.ctx,
      "POST /admin/qa/bank-transfer",
      { body: { requestId: id, amountCents: 100 } },
      as(steps.staff),
    );
    const refused = await call(steps.ctx, "POST /admin/requests/:id/balance/void", { params: { id } }, as(steps.staff));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("nothing_to_void");
  });
});
