/**
 * Card holds as the payment provider reports them (decision 018): each Stripe event about a hold's Checkout
 * session, PaymentIntent or charge becomes one `HoldUpdate`, which the quotes domain applies to its hold (the
 * handler is plugged in by app.ts: infrastructure never imports a domain). The same update comes from a
 * capture's or a release's own answer, so the answer and its webhook agree and apply once.
 */
import type { Queryable } from "../db";
import type { Effects } from "../db/write";
import type { RefundUpdate } from "./refunds";
import { type ChargeLike, type CheckoutSessionLike, type DisputeLike, type PaymentIntentLike, refId } from "./types";

/**
 * What happened to a hold. linked: its session completed and named its PaymentIntent. abandoned: the session
 * expired with nothing authorised. failed: a card was refused (nothing changes but the message). The others are
 * the hold's statuses.
 */
export type HoldUpdateKind =
  | "linked"
  | "abandoned"
  | "failed"
  | "requires_action"
  | "held"
  | "captured"
  | "released"
  | "expired"
  | "refunded";

export interface HoldUpdate {
  kind: HoldUpdateKind;
  /** From the metadata we set (requestId, holdId); null on objects that do not carry it (a charge). */
  holdId: string | null;
  paymentIntentId: string | null;
  sessionId: string | null;
  /** held: the capturable amount; captured: the amount received. */
  amountCents?: number;
  /** held: Stripe's capture_before. */
  expiresAt?: Date | null;
  /** held: the card that was authorised (brand and last four digits, for the statement). */
  card?: { brand: string; last4: string } | null;
  receiptUrl?: string | null;
  failure?: string | null;
  /** refunded: the charge's cumulative amount_refunded, and whether that is all of it (Stripe's `refunded`). */
  refundedCents?: number;
  fullyRefunded?: boolean;
  /** When the provider made the change: an older update never overwrites a newer one. */
  stamp: Date;
}

export type HoldApplyResult = {
  changed: boolean;
  ignored?: string;
  userId?: string | null;
  /**
   * An authorisation the app does not hold (its page was superseded, or it names no hold of ours): recorded in
   * the transaction, then cancelled at the provider by the caller once the transaction has committed.
   */
  orphan?: { paymentIntentId: string };
};

/** A dispute on a hold's charge, as the provider reports it (charge.dispute.created/updated/closed). */
export interface DisputeUpdate {
  disputeId: string;
  chargeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  reason: string;
  status: string;
  evidenceDueBy: Date | null;
  stamp: Date;
}

export const DISPUTE_EVENTS = ["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"] as const;

export function disputeUpdateOf(type: string, object: unknown, stamp: Date): DisputeUpdate | null {
  if (!(DISPUTE_EVENTS as readonly string[]).includes(type)) return null;
  const dispute = object as DisputeLike;
  const due = dispute.evidence_details?.due_by;
  return {
    disputeId: dispute.id,
    chargeId: refId(dispute.charge) as string,
    paymentIntentId: refId(dispute.payment_intent),
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    evidenceDueBy: due ? new Date(due * 1000) : null,
    stamp,
  };
}

/** The quotes domain's side of holds (plugged in by app.ts). */
export interface HoldHandler {
  /** Applies an update to its hold, with the caller's transaction. */
  apply(tx: Queryable, out: Effects, update: HoldUpdate): Promise<HoldApplyResult>;
  /** Applies a dispute on a hold's charge (found by the charge's intent, as recorded), once, never backwards. */
  dispute(tx: Queryable, out: Effects, update: DisputeUpdate): Promise<HoldApplyResult>;
  /**
   * Whether a hold has this PaymentIntent recorded. An intent's event names its hold only in metadata, which
   * proves nothing: until the intent is recorded, the provider is asked which card page made it.
   */
  knowsIntent(paymentIntentId: string): Promise<boolean>;
  /** Applies a refund's update to its refund row (decision 033), with the caller's transaction. */
  applyRefund?(tx: Queryable, out: Effects, update: RefundUpdate): Promise<HoldApplyResult>;
}

/** Cancels an orphan authorisation at the provider (once, by its key); a failure is left to reconciliation. */
export async function cancelOrphan(
  provider: { cancelPaymentIntent(id: string, input: { idempotencyKey: string }): Promise<unknown> },
  result: HoldApplyResult,
  onError: (error: unknown) => void,
): Promise<void> {
  if (!result.orphan) return;
  const id = result.orphan.paymentIntentId;
  await provider.cancelPaymentIntent(id, { idempotencyKey: `maison-orphan-${id}` }).catch(onError);
}

/** The event types that move holds. */
export const HOLD_EVENTS = [
  "checkout.session.completed",
  "checkout.session.expired",
  "payment_intent.requires_action",
  "payment_intent.payment_failed",
  "payment_intent.amount_capturable_updated",
  "payment_intent.succeeded",
  "payment_intent.canceled",
  "charge.refunded",
] as const;

/** Whether a checkout session is a hold's (payment mode, our metadata) rather than a subscription's. */
export function isHoldSession(session: CheckoutSessionLike): boolean {
  return session.mode === "payment" && Boolean(session.metadata?.holdId);
}

export function chargeOf(intent: PaymentIntentLike): ChargeLike | null {
  return typeof intent.latest_charge === "object" && intent.latest_charge !== null ? intent.latest_charge : null;
}

/** Whether an event's intent lacks what its update needs (capture_before, the receipt): fetch it expanded first. */
export function needsExpandedCharge(type: string, intent: PaymentIntentLike): boolean {
  return (
    (type === "payment_intent.amount_capturable_updated" || type === "payment_intent.succeeded") &&
    Boolean(intent.latest_charge) &&
    !chargeOf(intent)
  );
}

/** A PaymentIntent's state as a hold update (null: a state that moves nothing). */
export function intentUpdate(intent: PaymentIntentLike, stamp: Date, type?: string): HoldUpdate | null {
  const base = { holdId: intent.metadata?.holdId ?? null, paymentIntentId: intent.id, sessionId: null, stamp };
  const charge = chargeOf(intent);
  if (type === "payment_intent.payment_failed") {
    return { ...base, kind: "failed", failure: intent.last_payment_error?.message ?? "Your card was declined." };
  }
  switch (intent.status) {
    case "requires_action":
      return { ...base, kind: "requires_action" };
    case "requires_capture": {
      const card = charge?.payment_method_details?.card;
      const before = card?.capture_before;
      return {
        ...base,
        kind: "held",
        card: card?.brand && card.last4 ? { brand: card.brand, last4: card.last4 } : null,
        amountCents: intent.amount_capturable ?? intent.amount,
        expiresAt: before ? new Date(before * 1000) : null,
      };
    }
    case "succeeded":
      return {
        ...base,
        kind: "captured",
        amountCents: intent.amount_received ?? intent.amount,
        receiptUrl: charge?.receipt_url ?? null,
      };
    case "canceled": {
      // An authorisation that lapsed is cancelled by Stripe itself ("automatic"; "expired" on some versions).
      const lapsed = intent.cancellation_reason === "automatic" || intent.cancellation_reason === "expired";
      return { ...base, kind: lapsed ? "expired" : "released" };
    }
    default:
      return null;
  }
}

/** A Stripe event about a hold as its update; null when the event is about something else. */
export function holdUpdateOf(
  type: string,
  object: unknown,
  stamp: Date,
  fetched: PaymentIntentLike | null,
): HoldUpdate | null {
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.expired": {
      const session = object as CheckoutSessionLike & { payment_intent?: unknown };
      if (!isHoldSession(session)) return null;
      return {
        kind: type === "checkout.session.completed" ? "linked" : "abandoned",
        holdId: session.metadata?.holdId ?? null,
        paymentIntentId: refId(session.payment_intent as string | null),
        sessionId: session.id,
        stamp,
      };
    }
    case "charge.refunded": {
      const charge = object as ChargeLike;
      return {
        kind: "refunded",
        holdId: null,
        paymentIntentId: refId(charge.payment_intent),
        sessionId: null,
        receiptUrl: charge.receipt_url ?? null,
        refundedCents: charge.amount_refunded ?? 0,
        fullyRefunded: charge.refunded === true,
        stamp,
      };
    }
    default: {
      if (!type.startsWith("payment_intent.")) return null;
      const intent = fetched ? { ...(object as PaymentIntentLike), latest_charge: fetched.latest_charge } : object;
      return intentUpdate(intent as PaymentIntentLike, stamp, type);
    }
  }
}
