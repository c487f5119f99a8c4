/**
 * The payment-provider interface and the Stripe-shaped objects it quotes in. Stripe's own objects satisfy these
 * shapes; the test-mode provider builds objects of the same shapes, so one piece of code processes both.
 */

import { z } from "zod";
import { endOfDaySecondsIn } from "@/shared/dates";
import type { Plan, PurchasablePlan } from "@/shared/plans";
import type { VatRate } from "@/shared/quotes";

/** A reference Stripe gives either as an id or, when expanded, as the object. */
export type Ref = string | { id: string } | null | undefined;

export function refId(ref: Ref): string | null {
  if (!ref) return null;
  return typeof ref === "string" ? ref : ref.id;
}

export interface SubscriptionLike {
  id: string;
  object?: string;
  customer: Ref;
  status: string;
  /** Unix seconds. */
  created: number;
  cancel_at_period_end: boolean;
  cancel_at?: number | null;
  /** Older API versions keep the period on the subscription; current ones on each item. */
  current_period_end?: number | null;
  metadata?: Record<string, string> | null;
  /** Set when an update is waiting for a payment that has not succeeded. */
  pending_update?: unknown;
  items: { data: Array<{ id: string; price: { id: string }; current_period_end?: number | null }> };
}

export interface CheckoutSessionLike {
  id: string;
  object?: string;
  mode?: string | null;
  customer: Ref;
  subscription: Ref;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
}

export interface InvoiceLike {
  id?: string;
  customer: Ref;
  /** draft, open, paid, void or uncollectible (a balance invoice's; a subscription's is read only when paid). */
  status?: string | null;
  /** The provider's page where the member pays (card, 3-D Secure, bank transfer details). */
  hosted_invoice_url?: string | null;
  invoice_pdf?: string | null;
  amount_due?: number;
  amount_paid?: number;
  amount_remaining?: number;
  /** Unix seconds. */
  due_date?: number | null;
  /** Our balance invoice's ids (requestId, balanceInvoiceId) on a balance invoice. */
  metadata?: Record<string, string> | null;
  /** Where current API versions say which subscription an invoice bills. */
  parent?: { subscription_details?: { subscription: Ref } | null } | null;
  /** Where older API versions said it. */
  subscription?: Ref;
}

/** A Stripe event, reduced to what processing reads. `Stripe.Event` satisfies it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  data: { object: unknown };
}

export interface CheckoutRequest {
  userId: string;
  customerId: string;
  email: string;
  plan: PurchasablePlan;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}

/** A charge, as far as holds read it (Stripe's `Charge`). */
export interface ChargeLike {
  id: string;
  object?: string;
  payment_intent?: Ref;
  amount?: number;
  amount_captured?: number;
  amount_refunded?: number;
  refunded?: boolean;
  receipt_url?: string | null;
  payment_method_details?: {
    card?: {
      capture_before?: number | null;
      brand?: string | null;
      last4?: string | null;
      three_d_secure?: { result?: string | null } | null;
    } | null;
  } | null;
}

/** A PaymentIntent, as far as holds read it (Stripe's `PaymentIntent`). */
export interface PaymentIntentLike {
  id: string;
  object?: string;
  status: string;
  amount: number;
  amount_capturable?: number;
  amount_received?: number;
  capture_method?: string;
  cancellation_reason?: string | null;
  /** Unix seconds. */
  created: number;
  metadata?: Record<string, string> | null;
  /** An id in events; the object when retrieved with `expand: ["latest_charge"]`. */
  latest_charge?: string | ChargeLike | null;
  last_payment_error?: { message?: string | null } | null;
}

/** A card dispute (Stripe's `Dispute`), as far as the app reads it. */
export interface DisputeLike {
  id: string;
  object?: string;
  charge: Ref;
  payment_intent?: Ref;
  amount: number;
  currency?: string;
  reason: string;
  /** warning_needs_response, needs_response, under_review, won, lost, … */
  status: string;
  /** Unix seconds. */
  created: number;
  evidence_details?: { due_by?: number | null; has_evidence?: boolean; submission_count?: number } | null;
  evidence?: Record<string, unknown> | null;
  metadata?: Record<string, string> | null;
}

/** A refund, as far as we read it (Stripe's `Refund`). */
export interface RefundLike {
  id: string;
  object?: string;
  amount: number;
  /** pending, requires_action, succeeded, failed or canceled. */
  status: string | null;
  charge?: Ref;
  payment_intent?: Ref;
  /** Unix seconds. */
  created: number;
  metadata?: Record<string, string> | null;
  failure_reason?: string | null;
}

/** What `createRefund` asks of the provider. */
export interface RefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** Ours, carried back by the refund's events: requestId, refundId, holdId (or invoiceId). */
  metadata: Record<string, string>;
  /** The same key gives the same refund (a retry never refunds twice). */
  idempotencyKey: string;
}

/** A card hold opened through the provider's hosted page (Checkout in payment mode, manual capture). */
export interface HoldSessionRequest {
  requestId: string;
  holdId: string;
  userId: string;
  customerId: string;
  email: string;
  amountCents: number;
  /** What the card page says is held ("Hold for Vintage Kelly 28"). */
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** The same key gives the same session (a double click, a retried request). */
  idempotencyKey: string;
}

/** What a customer's invoices are made out to (decision 034). */
export interface CustomerDetails {
  name: string;
  /** As the member wrote it, one line per line; null for none. */
  address: string | null;
  /** A valid Portuguese NIF, 9 digits; null for none. */
  taxId: string | null;
}

/**
 * The customer update both providers make of the details (Stripe's `customers.update` parameters): the name; the
 * address's first line as `line1`, the others joined as `line2` ("" clears it); the NIF in the metadata and as the
 * invoices' custom field "NIF" ("" clears them). A NIF is not an EU VAT number (`eu_vat` is for businesses
 * registered for VAT), so it is not a customer tax id (decision 034).
 */
export function customerUpdateParams(details: CustomerDetails) {
  const lines = (details.address ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return {
    name: details.name,
    address: lines.length ? { line1: lines[0], line2: lines.slice(1).join(", ") } : ("" as const),
    metadata: { nif: details.taxId ?? "" },
    invoice_settings: {
      custom_fields: details.taxId ? [{ name: "NIF", value: details.taxId }] : ("" as const),
    },
  };
}

/** The balance of a quote as a provider invoice, sent to the member (collection by a hosted page, a due date). */
export interface BalanceInvoiceRequest {
  customerId: string;
  requestId: string;
  /** Our balance invoice row's id (metadata.balanceInvoiceId). */
  invoiceId: string;
  amountCents: number;
  /** The invoice line ("Balance for Vintage Kelly 28"). */
  description: string;
  /** The calendar day it is due (Lisbon), "YYYY-MM-DD". */
  dueDate: string;
  /** The VAT the amount includes (decision 034): an inclusive tax rate on the line; margin: none, and a footer. */
  vatRate: VatRate;
  /** The same key gives the same invoice (each step derives its own key from it). */
  idempotencyKey: string;
}

/** One charge of the membership: a subscription's paid invoice and the card payment that paid it. */
export interface MembershipCharge {
  /** The provider's invoice id. */
  id: string;
  paidAt: Date;
  amountCents: number;
  /** The invoice's price (its first line's): the plan, through the price allow-list. */
  priceId: string | null;
  /** The plan the provider's own objects name (the subscription's metadata), when the price says nothing. */
  plan: string | null;
  /** Why it was charged: the first month, a renewal, an upgrade (Stripe's billing_reason). */
  billingReason: string | null;
  /** The card that paid it, where known. */
  card: { brand: string; last4: string } | null;
  /** The card processor's receipt of the payment, or else the invoice's page or PDF. */
  receiptUrl: string | null;
}

/** A due day as the provider's due_date: the last second of that day in Lisbon (22:59:59 UTC in summer, 23:59:59 UTC in winter). */
export function dueDateSeconds(day: string): number {
  return endOfDaySecondsIn(day, "Europe/Lisbon");
}

export interface PaymentProvider {
  readonly kind: "stripe" | "test";
  /**
   * Creates the provider's customer for a user. Called once per user, inside the transaction that holds the
   * user's row lock (`q`), which a provider that keeps its objects in our database must use.
   */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /**
   * The member's invoicing details on their customer (decision 034), shown on the provider's invoices and
   * receipts: the name invoices are made out to, the address (null clears it) and the Portuguese NIF (null
   * clears it). Idempotent: it sets, it never adds.
   */
  updateCustomer(customerId: string, details: CustomerDetails): Promise<void>;
  /** A hosted checkout page for a subscription to one price. */
  createCheckoutSession(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Moves an existing subscription to another price, prorated and charged now. */
  changeSubscriptionPrice(input: { subscriptionId: string; priceId: string }): Promise<SubscriptionLike>;
  /** Where the member manages their subscription. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<SubscriptionLike | null>;
  /** Every subscription of a customer, whatever its status, newest first. */
  listSubscriptions(customerId: string): Promise<SubscriptionLike[]>;
  /** Ends a subscription at once (used when the account is deleted). */
  cancelSubscriptionNow(id: string): Promise<void>;

  // Card holds (decision 018): every call carries an idempotency key, so a retry never moves money twice.
  /** A Checkout session in payment mode whose PaymentIntent is captured manually (metadata: requestId, holdId). */
  createHoldSession(input: HoldSessionRequest): Promise<{ id: string; url: string }>;
  /**
   * Where a hold session stands: open (the card page works), complete (a card was authorised) or expired (closed,
   * past its expiry, or unknown): an expired page is never handed to the member again.
   */
  holdSessionStatus(id: string): Promise<"open" | "complete" | "expired">;
  /** Closes an open hold session; false when it was already completed (a card was authorised). */
  expireHoldSession(id: string, idempotencyKey: string): Promise<boolean>;
  /** Submits a dispute's evidence (text fields) to the bank, once (`submit: true`). */
  submitDisputeEvidence(id: string, evidence: Record<string, string>, idempotencyKey: string): Promise<DisputeLike>;
  /** The hold session whose card page made this PaymentIntent; null when none did. */
  holdSessionOfIntent(paymentIntentId: string): Promise<string | null>;
  /** The intent with its latest charge expanded (capture_before, receipt_url); null when unknown. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentLike | null>;
  /** Captures once: `amountToCapture` (at most what is capturable); the rest is released. */
  capturePaymentIntent(
    id: string,
    input: { amountToCapture: number; idempotencyKey: string },
  ): Promise<PaymentIntentLike>;
  /** Releases an uncaptured authorisation. */
  cancelPaymentIntent(id: string, input: { idempotencyKey: string }): Promise<PaymentIntentLike>;
  /**
   * Every PaymentIntent created at or after `createdSince` whose metadata names a hold (`holdId`), whatever its
   * status, latest charge expanded: what reconciliation compares with our holds. Listed by creation date and
   * filtered here rather than through a metadata search (Stripe's search is eventually consistent: a minute-old
   * authorisation may be missing from it).
   */
  listHoldPaymentIntents(input: { createdSince: Date }): Promise<PaymentIntentLike[]>;

  /**
   * Refunds part or all of a captured PaymentIntent (issue 30, decision 033). The same key answers the same
   * refund; more than is left to refund is refused by the provider.
   */
  createRefund(input: RefundRequest): Promise<RefundLike>;
  /**
   * The PaymentIntent of a paid invoice's largest payment (the first of equals, so the same every time): what a
   * refund of that invoice goes back through. Null when nothing was paid on it.
   */
  invoicePaymentIntent(invoiceId: string): Promise<string | null>;

  /**
   * The membership's own charges (a subscription's paid invoices), newest first, at most the last two years' worth
   * (24): what the member's Payments list shows beside their quotes' payments.
   */
  listMembershipCharges(customerId: string): Promise<MembershipCharge[]>;

  // Balance invoices (decision 035): created, finalised and sent at once; the webhooks say what was paid.
  /** An open invoice for the balance, sent to the member with its hosted page (card or bank transfer). */
  createBalanceInvoice(input: BalanceInvoiceRequest): Promise<InvoiceLike>;
  /** Voids an open invoice (nothing more can be paid on it). */
  voidInvoice(id: string, idempotencyKey: string): Promise<InvoiceLike>;
}

/** The outcome of one event. */
export type ProcessResult =
  | { outcome: "processed"; userId: string | null; changed: boolean }
  | { outcome: "duplicate" }
  | { outcome: "ignored"; reason: string };

/** How the server-side price allow-list maps plans and price ids both ways. */
export interface PriceList {
  priceFor(plan: PurchasablePlan): string;
  planFor(priceId: string): Plan | null;
}

const ref = z.union([z.string(), z.object({ id: z.string() }).passthrough()]).nullish();
const subscriptionShape = z
  .object({
    id: z.string(),
    customer: ref,
    status: z.string(),
    created: z.number(),
    cancel_at_period_end: z.boolean(),
    items: z
      .object({
        data: z.array(z.object({ id: z.string(), price: z.object({ id: z.string() }).passthrough() }).passthrough()),
      })
      .passthrough(),
  })
  .passthrough();
const paymentIntentShape = z
  .object({ id: z.string(), status: z.string(), amount: z.number(), created: z.number() })
  .passthrough();
const disputeShape = z
  .object({ id: z.string(), charge: ref, amount: z.number(), status: z.string(), reason: z.string() })
  .passthrough();
const refundShape = z
  .object({ id: z.string(), amount: z.number(), status: z.string().nullable(), payment_intent: ref })
  .passthrough();
const OBJECT_SHAPES: Record<string, z.ZodType> = {
  "checkout.session.completed": z
    .object({ id: z.string(), customer: ref, subscription: z.union([ref, subscriptionShape]) })
    .passthrough(),
  "checkout.session.expired": z.object({ id: z.string() }).passthrough(),
  "payment_intent.requires_action": paymentIntentShape,
  "payment_intent.payment_failed": paymentIntentShape,
  "payment_intent.amount_capturable_updated": paymentIntentShape,
  "payment_intent.succeeded": paymentIntentShape,
  "payment_intent.canceled": paymentIntentShape,
  "charge.refunded": z.object({ id: z.string(), payment_intent: ref }).passthrough(),
  "charge.dispute.created": disputeShape,
  "charge.dispute.updated": disputeShape,
  "charge.dispute.closed": disputeShape,
  "refund.created": refundShape,
  "refund.updated": refundShape,
  "refund.failed": refundShape,
  "customer.subscription.created": subscriptionShape,
  "customer.subscription.updated": subscriptionShape,
  "customer.subscription.deleted": subscriptionShape,
  "invoice.paid": z.object({ customer: ref }).passthrough(),
  "invoice.payment_failed": z.object({ customer: ref }).passthrough(),
  "invoice.finalized": z.object({ id: z.string(), customer: ref }).passthrough(),
  "invoice.updated": z.object({ id: z.string(), customer: ref }).passthrough(),
  "invoice.overdue": z.object({ id: z.string(), customer: ref }).passthrough(),
  "invoice.voided": z.object({ id: z.string(), customer: ref }).passthrough(),
};

/**
 * Whether a (signature-checked) event has the shape processing reads; a malformed one is refused with a 400
 * rather than failing inside processing.
 */
export function isWellFormedEvent(event: unknown): event is PaymentEvent {
  const envelope = z
    .object({
      id: z.string().min(1),
      type: z.string().min(1),
      created: z.number(),
      data: z.object({ object: z.object({}).passthrough() }),
    })
    .safeParse(event);
  if (!envelope.success) return false;
  const shape = OBJECT_SHAPES[envelope.data.type];
  return !shape || shape.safeParse(envelope.data.data.object).success;
}
