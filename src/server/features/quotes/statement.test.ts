/**
 * The statement (issue 30): every movement of money on a request with its date, card, receipt and reason, the
 * balance due, and 'Paid in full' only on the provider's word. The member reads their own; staff read any.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { option, quoteSteps } from "#tests/helpers/quote-steps";
import { as, createUser, type TestUser } from "#tests/helpers/users";

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

describe("the statement", () => {
  it("lists the hold, the partial capture with its reason, the release and a refund; the balance is still due", async () => {
    const { member, id } = await steps.heldRequest([option("Kelly 28, Gold", 2_500_000, { vatRate: "23" })]);
    const empty = await call(ctx, "GET /requests/:id/statement", { params: { id } }, as(member));
    expect(empty.json()).toMatchObject({ priceCents: 2_500_000, capturedCents: 0, paidInFull: false });
    expect(empty.json().lines.map((l: { kind: string }) => l.kind)).toEqual(["authorised"]);

    const captured = await call(
      ctx,
      "POST /admin/requests/:id/hold/capture",
      {
        params: { id },
        body: {
          amountCents: 200_000,
          reason: "A scuff on the clasp",
        },
      },
      as(staff),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    const refund = await call(
      ctx,
      "POST /admin/requests/:id/refunds",
      {
        params: { id },
        body: {
          amountCents: 50_000,
          reason: "Goodwill for the delay",
          idempotencyKey: crypto.randomUUID(),
        },
      },
      as(staff),
    );
    expect(refund.statusCode, refund.body).toBe(200);

    const statement = (await call(ctx, "GET /requests/:id/statement", { params: { id } }, as(member))).json();
    expect(statement).toMatchObject({
      priceCents: 2_500_000,
      optionTitle: "Kelly 28, Gold",
      vatRate: "23",
      capturedCents: 200_000,
      refundedCents: 50_000,
      invoicePaidCents: 0,
      balanceDueCents: 2_300_000,
      paidInFull: false,
    });
    const card = { brand: "visa", last4: "4242" };
    expect(statement.lines).toEqual([
      expect.objectContaining({ kind: "authorised", amountCents: 250_000, card }),
      expect.objectContaining({
        kind: "captured",
        amountCents: 200_000,
        card,
        note: "A scuff on the clasp",
        // The test provider's own receipt page (Stripe's receipt_url is tested in quotes-stripe.test.ts).
        receiptUrl: expect.stringMatching(/^http:\/\/localhost:3000\/checkout\/test\/receipts\/ch_test_/),
      }),
      expect.objectContaining({ kind: "released", amountCents: 50_000, card }),
      expect.objectContaining({
        kind: "refunded",
        amountCents: 50_000,
        card,
        note: "Goodwill for the delay",
        receiptUrl: expect.stringMatching(/^http:\/\/localhost:3000\/checkout\/test\/receipts\/re_test_/),
      }),
    ]);
    // Each receipt link works for the member (and only for them).
    const other = await createUser(ctx, { plan: "gold" });
    for (const line of statement.lines.filter((l: { receiptUrl: string | null }) => l.receiptUrl)) {
      const receiptId = (line.receiptUrl as string).split("/").pop() as string;
      const receipt = await call(ctx, "GET /billing/test/receipts/:id", { params: { id: receiptId } }, as(member));
      expect(receipt.statusCode, receipt.body).toBe(200);
      expect(receipt.json()).toMatchObject({
        kind: line.kind === "refunded" ? "refund" : "payment",
        card,
        method: "card",
        key: "billing_admin.hold_for",
        params: { title: expect.any(String) },
      });
      expect(
        (await call(ctx, "GET /billing/test/receipts/:id", { params: { id: receiptId } }, as(other))).statusCode,
      ).toBe(404);
    }
    // Staff read the same, and the money overview counts the refund.
    expect((await call(ctx, "GET /admin/requests/:id/statement", { params: { id } }, as(staff))).json()).toEqual(
      statement,
    );
    const money = (await call(ctx, "GET /admin/quotes/overview", {}, as(staff))).json();
    expect(money.ledger).toMatchObject({ refundedCents: 50_000, openInvoices: 0, openDisputes: 0 });
  });

  it("is the member's own: another member is told the request does not exist", async () => {
    const { id } = await steps.heldRequest();
    const other = await createUser(ctx, { plan: "gold" });
    expect((await call(ctx, "GET /requests/:id/statement", { params: { id } }, as(other))).statusCode).toBe(404);
    expect((await call(ctx, "GET /admin/requests/:id/statement", { params: { id } }, as(other))).statusCode).toBe(403);
  });

  it("before anything was accepted has no price and no lines", async () => {
    const { member, id } = await steps.sourcingRequest();
    expect((await call(ctx, "GET /requests/:id/statement", { params: { id } }, as(member))).json()).toMatchObject({
      priceCents: null,
      lines: [],
      balanceDueCents: 0,
      paidInFull: false,
    });
  });
});
