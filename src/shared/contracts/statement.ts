/**
 * A quote's statement (issue 30): what was agreed, held, captured, released, refunded and invoiced, each line with
 * its date, card and receipt; the balance due, and 'Paid in full' only once the provider said the balance was
 * paid. The member reads their own request's; staff read any.
 */
import { z } from "zod";
import { VAT_RATES } from "../quotes";
import { timestamp } from "./common";
import { endpoints } from "./endpoint";
import { requestIdParams } from "./requests";

export const STATEMENT_LINE_KINDS = [
  "authorised",
  "captured",
  "released",
  "expired",
  "refunded",
  "invoiced",
  "invoice_paid",
  "invoice_void",
] as const;

export const statementLineSchema = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  at: timestamp,
  amountCents: z.number(),
  /** The card, where one was used ("visa", "4242"). */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The provider's receipt, invoice page or PDF. */
  receiptUrl: z.string().nullable(),
  /** A partial capture's or a refund's reason, an edited balance's reason. */
  note: z.string().nullable(),
});

export const statementSchema = z.object({
  /** The accepted option's price (VAT included); null before an option is accepted. */
  priceCents: z.number().nullable(),
  optionTitle: z.string().nullable(),
  vatRate: z.enum(VAT_RATES).nullable(),
  lines: z.array(statementLineSchema),
  capturedCents: z.number(),
  refundedCents: z.number(),
  /** Paid on balance invoices, as the provider says. */
  invoicePaidCents: z.number(),
  /** What remains to pay: the agreed price less what was captured and paid (never below zero). */
  balanceDueCents: z.number(),
  /** Only once the provider said the balance invoice was paid (or nothing remained to invoice). */
  paidInFull: z.boolean(),
});

export const statementApi = endpoints({
  "GET /requests/:id/statement": { access: "user", params: requestIdParams, answer: statementSchema },
});

export const statementAdminApi = endpoints({
  "GET /admin/requests/:id/statement": { access: "staff", params: requestIdParams, answer: statementSchema },
});
