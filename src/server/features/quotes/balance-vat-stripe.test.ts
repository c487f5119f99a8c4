/**
 * The balance invoice's VAT in Stripe mode (issue 30, decision 034): its line carries an inclusive Stripe Tax Rate
 * matching the accepted option's VAT (23, 13 or 6 %, country PT), found among ours or made once and reused; under
 * the margin scheme no rate, and the invoice's footer says why. The real SDK against the fake Stripe API.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call } from "#tests/helpers/call";
import { inDays } from "#tests/helpers/quote-steps";
import { stripeQuotesApp } from "#tests/helpers/stripe-quotes";
import { as } from "#tests/helpers/users";
import { balanceInvoices } from "../../db/schema";
import { MARGIN_SCHEME_FOOTER } from "../../payments/stripe-provider";

const stripe = stripeQuotesApp();

/** Staff send the request's balance, due in 14 days. */
const sendBalance = (id: string) =>
  call(
    stripe.ctx,
    "POST /admin/requests/:id/balance",
    { params: { id }, body: { dueDate: inDays(14) } },
    as(stripe.staff),
  );

async function sentWithVat(vatRate: string) {
  const { id } = await stripe.capturedAtStripe({ priceCents: 1_230_000, vatRate });
  const sent = await sendBalance(id);
  expect(sent.statusCode, sent.body).toBe(200);
  const [row] = await stripe.ctx.database.db.select().from(balanceInvoices).where(eq(balanceInvoices.requestId, id));
  const invoiceId = row.providerInvoiceId as string;
  const [item] = stripe.fake.callsTo("POST", "/v1/invoiceitems").filter((c) => c.body.invoice === invoiceId);
  const [created] = stripe.fake
    .callsTo("POST", "/v1/invoices")
    .filter((c) => c.idempotencyKey === `maison-balance-${row.id}-create`);
  return { row, item, created, invoice: stripe.fake.invoices.get(invoiceId) };
}

// Each test makes one to three quotes at Stripe: more than the default 30 s on a loaded machine.
describe("the balance invoice's VAT with Stripe", { timeout: 90_000 }, () => {
  it("a tax rate Stripe refuses is a 502 that leaves no invoice behind; the next send makes it", async () => {
    const { id } = await stripe.capturedAtStripe({ priceCents: 1_000_000, vatRate: "13" });
    const invoices = stripe.fake.callsTo("POST", "/v1/invoices").length;
    stripe.fake.failNext("POST", "/v1/tax_rates", 400, "Tax rates are not available on this account");
    const failed = await sendBalance(id);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toContain("Tax rates are not available");
    expect(stripe.fake.callsTo("POST", "/v1/invoices")).toHaveLength(invoices);
    expect(
      await stripe.ctx.database.db.select().from(balanceInvoices).where(eq(balanceInvoices.requestId, id)),
    ).toHaveLength(0);
    const sent = await sendBalance(id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect([...stripe.fake.taxRates.values()].filter((r) => r.percentage === 13)).toHaveLength(1);
  });

  it("carries an inclusive PT tax rate of the option's VAT, made once and reused", async () => {
    // Someone else's 23 % rate and an archived one of ours are not reused.
    stripe.fake.taxRates.set("txr_theirs", {
      id: "txr_theirs",
      active: true,
      inclusive: true,
      percentage: 23,
      metadata: {},
    });
    stripe.fake.taxRates.set("txr_archived", {
      id: "txr_archived",
      active: false,
      inclusive: true,
      percentage: 23,
      metadata: { maisonVat: "23" },
    });
    const first = await sentWithVat("23");
    expect(first.row.vatRate).toBe("23");
    const ours = [...stripe.fake.taxRates.values()].filter(
      (r) => r.percentage === 23 && String(r.id).startsWith("txr_fake_"),
    );
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ percentage: 23, inclusive: true, country: "PT", active: true });
    expect(first.item.body.tax_rates).toEqual([ours[0].id]);
    expect(stripe.fake.callsTo("POST", "/v1/tax_rates").map((c) => c.idempotencyKey)).toContain(
      "maison-vat-pt-23-inclusive",
    );
    // Inclusive: the total is the balance (€11,070), the line says the VAT it holds.
    expect(first.invoice).toMatchObject({ amount_due: 1_107_000 });
    expect(first.invoice?.lines?.data[0]).toMatchObject({ taxes: [{ amount: 207_000, tax_behavior: "inclusive" }] });
    expect(first.created.body.footer).toBeUndefined();
  });

  it("reuses ours: a second invoice at 23 % and one at 13 %; 6 % gets its own", async () => {
    const ours = [...stripe.fake.taxRates.values()].filter(
      (r) => r.percentage === 23 && String(r.id).startsWith("txr_fake_"),
    );
    const again = await sentWithVat("23");
    expect(again.item.body.tax_rates).toEqual([ours[0].id]);
    const reduced = await sentWithVat("13");
    const lowest = await sentWithVat("6");
    const mine = [...stripe.fake.taxRates.values()].filter((r) => String(r.id).startsWith("txr_fake_"));
    const byPercent = new Map(mine.map((r) => [r.percentage, r.id]));
    expect(mine).toHaveLength(3);
    expect(reduced.item.body.tax_rates).toEqual([byPercent.get(13)]);
    expect(lowest.item.body.tax_rates).toEqual([byPercent.get(6)]);
    expect(stripe.fake.callsTo("POST", "/v1/tax_rates")).toHaveLength(4);
  });

  it("under the margin scheme: no tax rate, and the footer says why", async () => {
    const made = stripe.fake.callsTo("POST", "/v1/tax_rates").length;
    const margin = await sentWithVat("margin");
    expect(margin.row.vatRate).toBe("margin");
    expect(margin.item.body.tax_rates).toBeUndefined();
    expect(margin.created.body.footer).toBe(MARGIN_SCHEME_FOOTER);
    expect(stripe.fake.callsTo("POST", "/v1/tax_rates")).toHaveLength(made);
  });
});
