/**
 * Balance invoices as the payment provider reports them (decision 035): each `invoice.*` event about an invoice
 * whose metadata names one of our balance invoices becomes one `InvoiceUpdate`, which the quotes domain applies
 * (the handler is plugged in by app.ts: infrastructure never imports a domain). A subscription's invoice events
 * (no balanceInvoiceId in the metadata) keep their own path in the event processor. The same update comes from
 * the provider's answer when the invoice is created or voided, so the answer and its webhook agree and apply once.
 */
import type { Queryable } from "../db";
import type { Effects } from "../db/write";
import type { InvoiceLike } from "./types";

/** The event types that move balance invoices. */
export const INVOICE_EVENTS = [
  "invoice.finalized",
  "invoice.sent",
  "invoice.updated",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
  "invoice.overdue",
  "invoice.voided",
  "invoice.marked_uncollectible",
] as const;

/** state: the invoice's status and amounts as they are; failed: a payment was refused; overdue: past its due date. */
export type InvoiceUpdateKind = "state" | "failed" | "overdue";

export interface InvoiceUpdate {
  kind: InvoiceUpdateKind;
  providerInvoiceId: string;
  /** From the metadata we set; only used to link an invoice whose id we have not recorded yet (see the handler). */
  balanceInvoiceId: string | null;
  requestId: string | null;
  /** The provider's status: draft, open, paid, void, uncollectible. */
  status: string | null;
  amountDue: number | null;
  amountPaid: number | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  failure?: string | null;
  /** When the provider made the change. */
  stamp: Date;
}

export interface InvoiceApplyResult {
  changed: boolean;
  ignored?: string;
  userId?: string | null;
}

/** The quotes domain's side of balance invoices (plugged in by app.ts). */
export interface InvoiceHandler {
  apply(tx: Queryable, out: Effects, update: InvoiceUpdate): Promise<InvoiceApplyResult>;
}

/** Whether an invoice is one of our balance invoices (its metadata says so; which row is decided by its id). */
export function isBalanceInvoice(invoice: InvoiceLike): boolean {
  return Boolean(invoice.metadata?.balanceInvoiceId);
}

/** An invoice (an event's, or the provider's answer) as its update. */
export function invoiceUpdateOf(type: string, invoice: InvoiceLike, stamp: Date): InvoiceUpdate {
  const failure = (invoice as { last_finalization_error?: { message?: string } | null }).last_finalization_error;
  return {
    kind: type === "invoice.payment_failed" ? "failed" : type === "invoice.overdue" ? "overdue" : "state",
    providerInvoiceId: invoice.id as string,
    balanceInvoiceId: invoice.metadata?.balanceInvoiceId ?? null,
    requestId: invoice.metadata?.requestId ?? null,
    status: invoice.status ?? null,
    amountDue: typeof invoice.amount_due === "number" ? invoice.amount_due : null,
    amountPaid: typeof invoice.amount_paid === "number" ? invoice.amount_paid : null,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
    failure: failure?.message ?? null,
    stamp,
  };
}
