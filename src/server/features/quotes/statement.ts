/**
 * A quote's statement (issue 30): every movement of money on a request, from the rows the provider's word moved
 * (holds, refunds, balance invoices), oldest first, with the balance due. 'Paid in full' is never inferred from
 * what staff did: only a balance invoice the provider reported paid (or a capture that covered the price) says so.
 * Receipts: Stripe's (the charge's receipt_url, the invoice's PDF); the test provider's own pages
 * (/checkout/test/receipts/:id) for its charges, refunds and paid invoices.
 */
import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { statementLineSchema, statementSchema } from "@/shared/contracts/statement";
import type { Viewer } from "../../auth/viewer";
import { balanceInvoices, holds, quoteOptions, quotes, refunds } from "../../db/schema";
import { ownRequest, type QuotesContext, quotedRequest } from "./common";

type Line = Served<typeof statementLineSchema>;

export async function statementOf(
  ctx: QuotesContext,
  viewer: Viewer,
  requestId: string,
  side: "member" | "staff",
): Promise<Served<typeof statementSchema>> {
  if (side === "member") await ownRequest(ctx, ctx.db, viewer, requestId);
  else await quotedRequest(ctx, ctx.db, requestId);
  await ctx.payments.test?.expireDueHolds();
  const [accepted] = await ctx.db
    .select({ option: quoteOptions })
    .from(quotes)
    .innerJoin(quoteOptions, eq(quoteOptions.id, quotes.acceptedOptionId))
    .where(and(eq(quotes.requestId, requestId), eq(quotes.status, "accepted")))
    .orderBy(desc(quotes.answeredAt))
    .limit(1);
  const [holdRows, refundRows, invoiceRows] = await Promise.all([
    ctx.db
      .select()
      .from(holds)
      .where(and(eq(holds.requestId, requestId), isNotNull(holds.heldAt)))
      .orderBy(asc(holds.heldAt)),
    ctx.db
      .select()
      .from(refunds)
      .where(and(eq(refunds.requestId, requestId), eq(refunds.status, "succeeded")))
      .orderBy(asc(refunds.createdAt)),
    ctx.db
      .select()
      .from(balanceInvoices)
      .where(eq(balanceInvoices.requestId, requestId))
      .orderBy(asc(balanceInvoices.createdAt)),
  ]);

  const lines: Line[] = [];
  const line = (entry: Omit<Line, "card" | "receiptUrl" | "note"> & Partial<Line>) =>
    lines.push({ card: null, receiptUrl: null, note: null, ...entry });
  for (const hold of holdRows) {
    const card = hold.cardBrand && hold.cardLast4 ? { brand: hold.cardBrand, last4: hold.cardLast4 } : null;
    line({ kind: "authorised", at: hold.heldAt as Date, amountCents: hold.amountCents, card });
    if (hold.capturedAt) {
      line({
        kind: "captured",
        at: hold.capturedAt,
        amountCents: hold.capturedCents,
        card,
        receiptUrl: hold.receiptUrl,
        note: hold.capturedCents < hold.amountCents ? hold.actionReason : null,
      });
    }
    if (hold.releasedAt) {
      const released = hold.capturedAt ? hold.amountCents - hold.capturedCents : hold.amountCents;
      if (released > 0) {
        line({
          kind: hold.status === "expired" ? "expired" : "released",
          at: hold.releasedAt,
          amountCents: released,
          card,
        });
      }
    }
    // A refund the provider reported before refunds had rows of their own (the charge refunded whole).
    if (hold.refundedAt && !refundRows.some((r) => r.holdId === hold.id)) {
      line({
        kind: "refunded",
        at: hold.refundedAt,
        amountCents: hold.capturedCents,
        card,
        receiptUrl: hold.receiptUrl,
      });
    }
  }
  // The test provider serves a receipt for each of its objects; Stripe's charge receipt lists its refunds.
  const test = ctx.payments.test;
  for (const refund of refundRows) {
    const hold = holdRows.find((h) => h.id === refund.holdId);
    line({
      kind: "refunded",
      at: refund.updatedAt,
      amountCents: refund.amountCents,
      card: hold?.cardBrand && hold.cardLast4 ? { brand: hold.cardBrand, last4: hold.cardLast4 } : null,
      receiptUrl:
        test && refund.providerRefundId ? test.receiptUrl(refund.providerRefundId) : (hold?.receiptUrl ?? null),
      note: refund.reason,
    });
  }
  for (const invoice of invoiceRows.filter((i) => i.status !== "draft")) {
    line({
      kind: "invoiced",
      at: invoice.createdAt,
      amountCents: invoice.amountCents,
      receiptUrl: invoice.hostedUrl,
      note: invoice.reason,
    });
    if (invoice.status === "paid") {
      line({
        kind: "invoice_paid",
        at: invoice.paidAt ?? invoice.updatedAt,
        amountCents: invoice.amountPaidCents,
        receiptUrl:
          invoice.pdfUrl ??
          (test && invoice.providerInvoiceId ? test.receiptUrl(invoice.providerInvoiceId) : invoice.hostedUrl),
      });
    }
    if (invoice.status === "void")
      line({ kind: "invoice_void", at: invoice.updatedAt, amountCents: invoice.amountCents });
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());

  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const capturedCents = sum(holdRows.map((h) => h.capturedCents));
  const refundedCents = sum(lines.filter((l) => l.kind === "refunded").map((l) => l.amountCents));
  const invoicePaidCents = sum(invoiceRows.filter((i) => i.status !== "void").map((i) => i.amountPaidCents));
  const priceCents = accepted?.option.priceCents ?? null;
  // The balance staff invoiced (edited with a reason, or the price less the capture) is what was agreed.
  const latest = invoiceRows.filter((i) => i.status !== "void" && i.status !== "draft").at(-1);
  const agreed = latest ? capturedCents + latest.amountCents : priceCents;
  const balanceDueCents = agreed === null ? 0 : Math.max(0, agreed - capturedCents - invoicePaidCents);
  const paidInFull =
    agreed !== null &&
    balanceDueCents === 0 &&
    (invoiceRows.some((i) => i.status === "paid") || (priceCents !== null && capturedCents >= priceCents));
  return {
    priceCents,
    optionTitle: accepted?.option.title ?? null,
    vatRate: accepted?.option.vatRate ?? null,
    lines,
    capturedCents,
    refundedCents,
    invoicePaidCents,
    balanceDueCents,
    paidInFull,
  };
}
