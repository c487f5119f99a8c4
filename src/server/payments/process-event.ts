/**
 * The one function that turns payment events into membership changes, for Stripe's verified webhooks and the
 * test-mode provider's events alike. Each event id is recorded in the same transaction as the change it makes,
 * so an event is applied exactly once however often it is delivered, and not at all if processing fails (the
 * provider then delivers it again).
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db";
import { paymentEvents } from "../db/schema";
import type { Write } from "../db/write";
import { applyInvoiceOutcome, applySubscription, type MembershipRules, userForCustomer } from "./apply";
import {
  cancelOrphan,
  DISPUTE_EVENTS,
  disputeUpdateOf,
  HOLD_EVENTS,
  type HoldApplyResult,
  type HoldHandler,
  holdUpdateOf,
  isHoldSession,
  needsExpandedCharge,
} from "./holds";
import { INVOICE_EVENTS, type InvoiceHandler, invoiceUpdateOf, isBalanceInvoice } from "./invoices";
import { REFUND_EVENTS, refundUpdateOf } from "./refunds";
import {
  type CheckoutSessionLike,
  type InvoiceLike,
  type PaymentEvent,
  type PaymentIntentLike,
  type PaymentProvider,
  type PriceList,
  type ProcessResult,
  refId,
  type SubscriptionLike,
} from "./types";

export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
  "invoice.paid",
  ...HOLD_EVENTS,
  ...DISPUTE_EVENTS,
  ...REFUND_EVENTS,
  ...INVOICE_EVENTS,
] as const;

/**
 * Events of one second are ordered by what they usually mean: a subscription is created, paid, then updated,
 * then deleted. Stripe's `created` has one-second precision; these milliseconds break the ties.
 */
const TIE_BREAK_MS: Record<string, number> = {
  "customer.subscription.created": 0,
  "checkout.session.completed": 1,
  "invoice.paid": 2,
  "invoice.payment_failed": 2,
  "customer.subscription.updated": 3,
  "customer.subscription.deleted": 4,
  // A hold: bank confirmation or a refusal, then authorised, then captured or cancelled, then refunded.
  "payment_intent.requires_action": 0,
  "payment_intent.payment_failed": 0,
  "payment_intent.amount_capturable_updated": 2,
  "payment_intent.succeeded": 3,
  "payment_intent.canceled": 3,
  "checkout.session.expired": 3,
  "charge.refunded": 4,
  "charge.dispute.created": 5,
  "charge.dispute.updated": 6,
  "charge.dispute.closed": 7,
  // A refund: created (often already succeeded), then updated or failed.
  "refund.created": 4,
  "refund.updated": 5,
  "refund.failed": 5,
  // A balance invoice: finalised and sent, then updated (a partial payment), refused, overdue, then paid or voided.
  "invoice.finalized": 0,
  "invoice.sent": 1,
  "invoice.updated": 1,
  "invoice.overdue": 1,
  "invoice.payment_succeeded": 2,
  "invoice.voided": 3,
  "invoice.marked_uncollectible": 3,
};

export function eventStamp(event: Pick<PaymentEvent, "created" | "type">): Date {
  return new Date(event.created * 1000 + (TIE_BREAK_MS[event.type] ?? 0));
}

function invoiceSubscriptionId(invoice: InvoiceLike): string | null {
  return refId(invoice.parent?.subscription_details?.subscription) ?? refId(invoice.subscription);
}

function isSubscriptionObject(value: unknown): value is SubscriptionLike {
  return typeof value === "object" && value !== null && "items" in value && "status" in value;
}

export function createEventProcessor(deps: {
  db: Database;
  write: Write;
  provider: PaymentProvider;
  prices: PriceList;
  /** The billing domain's membership rules (app.ts). */
  membership: MembershipRules;
  /** The quotes domain's hold handler (plugged in by app.ts); hold events are ignored without one. */
  holdHandler: () => HoldHandler | null;
  /** The quotes domain's balance invoice handler (app.ts); balance invoice events are ignored without one. */
  invoiceHandler?: () => InvoiceHandler | null;
  /** A cancellation of an orphan authorisation that failed (reconciliation finds it again). */
  onOrphanError: (error: unknown) => void;
}) {
  const { db, write, provider, prices, membership } = deps;

  return async function processEvent(event: PaymentEvent): Promise<ProcessResult> {
    // A redelivery is answered without calling the provider again.
    const [seen] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.id, event.id));
    if (seen) return { outcome: "duplicate" };

    // A completed checkout names its subscription; its state is fetched before the transaction opens.
    let checkoutSubscription: SubscriptionLike | null = null;
    if (event.type === "checkout.session.completed" && !isHoldSession(event.data.object as CheckoutSessionLike)) {
      const session = event.data.object as CheckoutSessionLike;
      const subscriptionId = refId(session.subscription);
      if (session.mode === "subscription" && subscriptionId) {
        checkoutSubscription = isSubscriptionObject(session.subscription)
          ? session.subscription
          : await provider.retrieveSubscription(subscriptionId);
      }
    }

    // A hold's event whose intent does not carry its charge (capture_before, the receipt): fetched before too.
    let fetchedIntent: PaymentIntentLike | null = null;
    let intentSession: string | null = null;
    const object = event.data.object as PaymentIntentLike;
    if (event.type.startsWith("payment_intent.")) {
      if (needsExpandedCharge(event.type, object)) fetchedIntent = await provider.retrievePaymentIntent(object.id);
      // An intent no hold has recorded yet: which card page made it is the provider's word, not its metadata's.
      const handler = deps.holdHandler();
      if (object.metadata?.holdId && handler && !(await handler.knowsIntent(object.id))) {
        intentSession = await provider.holdSessionOfIntent(object.id);
      }
    }

    let orphan: HoldApplyResult = { changed: false };
    const result = await write(async (tx, out): Promise<ProcessResult> => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: event.id, provider: provider.kind, type: event.type })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return { outcome: "duplicate" };
      const stamp = eventStamp(event);

      const disputeUpdate = disputeUpdateOf(event.type, event.data.object, stamp);
      if (disputeUpdate) {
        const handler = deps.holdHandler();
        if (!handler) return { outcome: "ignored", reason: "no hold handler" };
        const result = await handler.dispute(tx, out, disputeUpdate);
        return result.ignored
          ? { outcome: "ignored", reason: result.ignored }
          : { outcome: "processed", userId: result.userId ?? null, changed: result.changed };
      }

      const holdUpdate = holdUpdateOf(event.type, event.data.object, stamp, fetchedIntent);
      if (holdUpdate) {
        const handler = deps.holdHandler();
        if (!handler) return { outcome: "ignored", reason: "no hold handler" };
        const result = await handler.apply(tx, out, {
          ...holdUpdate,
          sessionId: holdUpdate.sessionId ?? intentSession,
        });
        orphan = result;
        return result.ignored
          ? { outcome: "ignored", reason: result.ignored }
          : { outcome: "processed", userId: result.userId ?? null, changed: result.changed };
      }

      const refundUpdate = refundUpdateOf(event.type, event.data.object, stamp);
      if (refundUpdate) {
        const handler = deps.holdHandler();
        if (!handler?.applyRefund) return { outcome: "ignored", reason: "no refund handler" };
        const result = await handler.applyRefund(tx, out, refundUpdate);
        return result.ignored
          ? { outcome: "ignored", reason: result.ignored }
          : { outcome: "processed", userId: result.userId ?? null, changed: result.changed };
      }

      // A balance invoice (our metadata on it): the quotes domain's; a subscription's invoice keeps its path below.
      if (event.type.startsWith("invoice.") && isBalanceInvoice(event.data.object as InvoiceLike)) {
        const handler = deps.invoiceHandler?.() ?? null;
        if (!handler) return { outcome: "ignored", reason: "no invoice handler" };
        if (typeof (event.data.object as InvoiceLike).id !== "string") {
          return { outcome: "ignored", reason: "invoice without an id" };
        }
        const result = await handler.apply(
          tx,
          out,
          invoiceUpdateOf(event.type, event.data.object as InvoiceLike, stamp),
        );
        return result.ignored
          ? { outcome: "ignored", reason: result.ignored }
          : { outcome: "processed", userId: result.userId ?? null, changed: result.changed };
      }

      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object as CheckoutSessionLike;
          if (!checkoutSubscription) return { outcome: "ignored", reason: "not a subscription checkout" };
          const userId = await userForCustomer(tx, refId(session.customer));
          if (!userId) return { outcome: "ignored", reason: "unknown customer" };
          const result = await applySubscription(tx, out, membership, prices, {
            userId,
            subscription: checkoutSubscription,
            stamp,
          });
          return result.ignored
            ? { outcome: "ignored", reason: result.ignored }
            : { outcome: "processed", userId, changed: result.changed };
        }
        case "customer.subscription.created":
        case "customer.subscription.updated":
        case "customer.subscription.deleted": {
          const subscription = event.data.object as SubscriptionLike;
          const userId = await userForCustomer(tx, refId(subscription.customer));
          if (!userId) return { outcome: "ignored", reason: "unknown customer" };
          const result = await applySubscription(tx, out, membership, prices, {
            userId,
            subscription,
            stamp,
            deleted: event.type === "customer.subscription.deleted",
          });
          return result.ignored
            ? { outcome: "ignored", reason: result.ignored }
            : { outcome: "processed", userId, changed: result.changed };
        }
        case "invoice.payment_failed":
        case "invoice.paid": {
          const subscriptionId = invoiceSubscriptionId(event.data.object as InvoiceLike);
          if (!subscriptionId) return { outcome: "ignored", reason: "invoice without a subscription" };
          const result = await applyInvoiceOutcome(tx, out, membership, {
            subscriptionId,
            outcome: event.type === "invoice.paid" ? "paid" : "failed",
            stamp,
          });
          return result.ignored
            ? { outcome: "ignored", reason: result.ignored }
            : { outcome: "processed", userId: result.userId, changed: result.changed };
        }
        default:
          return { outcome: "ignored", reason: `event type ${event.type}` };
      }
    });
    // Recorded with the event; the provider is asked to cancel only once that has committed.
    await cancelOrphan(provider, orphan, deps.onOrphanError);
    return result;
  };
}

export type ProcessEvent = ReturnType<typeof createEventProcessor>;
