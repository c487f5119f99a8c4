/**
 * Refunds as the payment provider reports them (issue 30, decision 033): each Stripe `refund.*` event becomes one
 * `RefundUpdate`, which the quotes domain applies to its refund row (through the hold handler's `applyRefund`,
 * plugged in by app.ts). The same update comes from a refund's own answer (`createRefund`), so the answer and
 * its webhook agree and apply once. `charge.refunded` stays a hold update (./holds.ts): the charge's cumulative
 * `amount_refunded` is the hold's refunded total.
 */
import { type RefundLike, refId } from "./types";

export type { RefundLike, RefundRequest } from "./types";

export type RefundStatus = "pending" | "succeeded" | "failed" | "canceled";

export interface RefundUpdate {
  providerRefundId: string;
  /** Our refund's id from the metadata we set; null on a refund made elsewhere (Stripe's dashboard). */
  refundId: string | null;
  /** The balance invoice a refund of ours was made for (metadata), null for a hold's refund. */
  balanceInvoiceId: string | null;
  paymentIntentId: string | null;
  amountCents: number;
  status: RefundStatus;
  failure: string | null;
  /** When the provider made the change. */
  stamp: Date;
}

/** The event types that move refunds. */
export const REFUND_EVENTS = ["refund.created", "refund.updated", "refund.failed"] as const;

/** Stripe's refund statuses as ours: requires_action (a bank transfer's details) is still pending. */
export function refundStatusOf(status: string | null | undefined): RefundStatus {
  if (status === "succeeded" || status === "failed" || status === "canceled") return status;
  return "pending";
}

/** A refund (from an event or an answer) as its update. */
export function refundUpdate(refund: RefundLike, stamp: Date, type?: string): RefundUpdate {
  const status = type === "refund.failed" ? "failed" : refundStatusOf(refund.status);
  return {
    providerRefundId: refund.id,
    refundId: refund.metadata?.refundId ?? null,
    balanceInvoiceId: refund.metadata?.balanceInvoiceId ?? null,
    paymentIntentId: refId(refund.payment_intent),
    amountCents: refund.amount,
    status,
    failure: status === "failed" ? (refund.failure_reason ?? "unknown") : null,
    stamp,
  };
}

/** A Stripe event about a refund as its update; null when the event is about something else. */
export function refundUpdateOf(type: string, object: unknown, stamp: Date): RefundUpdate | null {
  if (!(REFUND_EVENTS as readonly string[]).includes(type)) return null;
  return refundUpdate(object as RefundLike, stamp, type);
}
