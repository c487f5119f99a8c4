/**
 * Twenty payments of one balance invoice at once on the test provider's hosted invoice page (issue 30): exactly
 * one payment is taken at the provider, 'Paid in full' is said once, one email goes out, and the provider's
 * invoice equals ours. Twenty confirmations of a 3-D Secure payment at once likewise.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { CARD, inDays, option, quoteSteps } from "#tests/helpers/quote-steps";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { activityLogs, balanceInvoices, notifications, outbox, testPaymentObjects } from "../../db/schema";

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

const steps = quoteSteps(
  () => ctx,
  () => staff,
);
const PRICE = 2_500_000;
const DUE = PRICE - 250_000;

async function invoiced() {
  const held = await steps.heldRequest([option("Kelly 28, Gold", PRICE)]);
  expect(
    (await call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id: held.id }, body: {} }, as(staff)))
      .statusCode,
  ).toBe(200);
  const sent = await call(
    ctx,
    "POST /admin/requests/:id/balance",
    { params: { id: held.id }, body: { dueDate: inDays(14) } },
    as(staff),
  );
  expect(sent.statusCode, sent.body).toBe(200);
  return { ...held, invoiceId: (sent.json().hostedUrl as string).split("/").pop() as string };
}

/** What the member and the team were told of the payment, and what the request's activity says. */
async function told(member: TestUser, requestId: string) {
  const db = ctx.database.db;
  const notices = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.id), sql`${notifications.title} like 'Paid in full:%'`));
  const emails = await db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'reason' = 'balance_paid' and ${outbox.payload}->>'to' = ${member.email}`);
  const activity = await db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.requestId, requestId), eq(activityLogs.action, "balance_paid")));
  return { notices: notices.length, emails: emails.length, activity: activity.length };
}

async function providerState(invoiceId: string, balanceId: string) {
  const db = ctx.database.db;
  const [invoice] = await db
    .select({ data: testPaymentObjects.data })
    .from(testPaymentObjects)
    .where(eq(testPaymentObjects.id, invoiceId));
  const intents = await db
    .select({ data: testPaymentObjects.data })
    .from(testPaymentObjects)
    .where(
      sql`${testPaymentObjects.kind} = 'payment_intent' and ${testPaymentObjects.data}->'metadata'->>'balanceInvoiceId' = ${balanceId}`,
    );
  return { invoice: invoice.data as Record<string, unknown>, intents: intents.length };
}

describe("twenty payments of one balance invoice at once", { timeout: 90_000 }, () => {
  it("with 4242 on the hosted page: one payment, 'Paid in full' once, one email, the provider agrees", async () => {
    const { member, id, invoiceId } = await invoiced();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(ctx, "POST /billing/test/invoices/:id/pay", { params: { id: invoiceId }, body: CARD }, as(member)),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const [row] = await ctx.database.db.select().from(balanceInvoices).where(eq(balanceInvoices.requestId, id));
    expect(row).toMatchObject({ status: "paid", amountPaidCents: DUE });
    const provider = await providerState(invoiceId, row.id);
    expect(provider.invoice).toMatchObject({ status: "paid", amount_paid: DUE, amount_remaining: 0 });
    expect((provider.invoice.payments as { data: unknown[] }).data).toHaveLength(1);
    expect(provider.intents).toBe(1);
    expect(await told(member, id)).toEqual({ notices: 1, emails: 1, activity: 1 });
    const statement = (await call(ctx, "GET /requests/:id/statement", { params: { id } }, as(member))).json();
    expect(statement.paidInFull).toBe(true);
    expect(statement.lines.filter((l: { kind: string }) => l.kind === "invoice_paid")).toHaveLength(1);
  });

  it("twenty confirmations of one 3-D Secure payment: one payment, told once", async () => {
    const { member, id, invoiceId } = await invoiced();
    const asked = await call(
      ctx,
      "POST /billing/test/invoices/:id/pay",
      {
        params: { id: invoiceId },
        body: {
          ...CARD,
          cardNumber: "4000 0027 6000 3184",
        },
      },
      as(member),
    );
    expect(asked.json()).toMatchObject({ requiresAction: true });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          ctx,
          "POST /billing/test/invoices/:id/confirm",
          { params: { id: invoiceId }, body: { approve: true } },
          as(member),
        ),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const [row] = await ctx.database.db.select().from(balanceInvoices).where(eq(balanceInvoices.requestId, id));
    expect(row).toMatchObject({ status: "paid", amountPaidCents: DUE });
    expect((await providerState(invoiceId, row.id)).intents).toBe(1);
    expect(await told(member, id)).toEqual({ notices: 1, emails: 1, activity: 1 });
  });
});
