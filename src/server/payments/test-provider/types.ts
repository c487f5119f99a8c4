import type { TestBillingOverview } from "@/shared/billing";
import type { PurchasablePlan } from "@/shared/plans";
import type { CardInput } from "../test-cards";
import type { TestReceipt } from "../test-receipts";
import type { DisputeLike, PaymentEvent, PaymentIntentLike, PaymentProvider, SubscriptionLike } from "../types";
import type { TestInvoices } from "./invoices";

export type Kind =
  | "customer"
  | "checkout_session"
  | "subscription"
  | "invoice"
  | "hold_session"
  | "payment_intent"
  | "charge"
  | "refund"
  | "idempotency"
  | "dispute"
  | "clock";

export interface TestPrice {
  id: string;
  object: "price";
  currency: "eur";
  unit_amount: number;
  recurring: { interval: "month"; interval_count: 1 };
  nickname: string;
}

export interface TestSubscription extends SubscriptionLike {
  object: "subscription";
  customer: string;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: {
    object: "list";
    data: Array<{
      id: string;
      object: "subscription_item";
      price: TestPrice;
      quantity: number;
      current_period_start: number;
      current_period_end: number;
    }>;
  };
  /** The card it is charged to (Stripe keeps a default payment method; this is its summary). */
  test_card: { brand: string; last4: string };
}

export interface TestCheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  customer: string;
  customer_email: string;
  client_reference_id: string;
  metadata: { userId: string; plan: PurchasablePlan };
  subscription: string | null;
  amount_total: number;
  currency: "eur";
  price: string;
  url: string;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
}

export interface TestInvoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "paid";
  billing_reason: "subscription_create" | "subscription_cycle" | "subscription_update";
  amount_due: number;
  amount_paid: number;
  currency: "eur";
  created: number;
  description: string;
  parent: { type: "subscription_details"; subscription_details: { subscription: string } };
  /** The card that paid it (older invoices have none: their subscription's card is shown). */
  test_card?: { brand: string; last4: string };
}

/** A hold's card page: Checkout in payment mode, its PaymentIntent captured manually. */
export interface TestHoldSession {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "requires_action" | "complete" | "expired";
  payment_status: "unpaid";
  customer: string;
  customer_email: string;
  client_reference_id: string;
  metadata: { requestId: string; holdId: string };
  payment_intent: string | null;
  amount_total: number;
  currency: "eur";
  description: string;
  url: string;
  success_url: string;
  cancel_url: string;
  created: number;
  expires_at: number;
  /** Closed by the merchant (expire), not by time: the offer it was made for changed. */
  superseded?: boolean;
}

export interface TestCharge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  captured: boolean;
  refunded: boolean;
  currency: "eur";
  customer: string;
  payment_intent: string;
  receipt_url: string | null;
  created: number;
  payment_method_details: { type: "card"; card: { brand: string; last4: string; capture_before: number } };
}

export interface TestPaymentIntent extends PaymentIntentLike {
  object: "payment_intent";
  currency: "eur";
  customer: string;
  description: string;
  capture_method: "manual";
  metadata: { requestId: string; holdId: string };
  amount_capturable: number;
  amount_received: number;
  cancellation_reason: string | null;
  canceled_at: number | null;
  latest_charge: string | null;
  last_payment_error: { message: string } | null;
}

/** A refund of a captured charge (Stripe's `Refund`): the test provider's succeed at once. */
export interface TestRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: "eur";
  charge: string;
  payment_intent: string;
  status: "succeeded";
  reason: null;
  metadata: Record<string, string>;
  created: number;
  failure_reason: null;
}

export type { TestBillingOverview };

export interface TestProvider extends PaymentProvider, TestInvoices {
  readonly kind: "test";
  /** Where the events go: the shared event processing (wired by createPayments). */
  setEventSink(sink: (event: PaymentEvent) => Promise<unknown>): void;
  getCheckoutSession(id: string): Promise<TestCheckoutSession | null>;
  /** Pays an open checkout session with a card; throws 402 with the decline message for a declined card. */
  payCheckoutSession(id: string, card: CardInput): Promise<{ successUrl: string; subscriptionId: string }>;
  setCancelAtPeriodEnd(customerId: string, cancel: boolean): Promise<void>;
  overview(customerId: string): Promise<TestBillingOverview>;
  /** Ends or renews the customer's subscriptions whose period is over (a stand-in for Stripe's clock). */
  advanceClock(customerId: string, now?: Date): Promise<void>;
  /** Removes everything kept about a customer (their account is being deleted). */
  forgetCustomer(customerId: string): Promise<void>;
  /**
   * The receipt of a charge, a refund, a membership invoice or a paid balance invoice (by its id), as its page
   * /checkout/test/receipts/:id shows it; null when there is none.
   */
  receipt(id: string): Promise<TestReceipt | null>;
  /** Where the receipt of that object is. */
  receiptUrl(id: string): string;

  // Card holds: the hold page (/checkout/test/holds/:id) and Stripe's clock.
  getHoldSession(id: string): Promise<TestHoldSession | null>;
  /**
   * Authorises the hold with a card, without capturing: 4242 is held, 4000 0000 0000 0002 declined (402, and
   * nothing but the failure is recorded), 4000 0027 6000 3184 first asks for the bank's confirmation.
   */
  authorizeHold(id: string, card: CardInput): Promise<{ redirectUrl: string | null; requiresAction: boolean }>;
  /** The 3-D Secure step: approved, the hold is authorised; failed, the card page opens again (402). */
  confirmHold(id: string, approve: boolean): Promise<{ redirectUrl: string | null; requiresAction: boolean }>;
  /** A card dispute on a captured intent's charge (QA), as the cardholder's bank opens one: 7 days to answer. */
  openDispute(paymentIntentId: string, reason: string): Promise<DisputeLike>;
  /** The bank's decision on a dispute (QA): won or lost. */
  closeDispute(disputeId: string, outcome: "won" | "lost"): Promise<DisputeLike>;
  /** The provider's "now": the real time plus the offset tests (and the QA tools) move it by. */
  now(): Promise<Date>;
  /** Moves the provider's clock by `ms` (cumulative); due expiries are then delivered. */
  advanceHoldClock(ms: number): Promise<Date>;
  /** Back to the real time. */
  resetHoldClock(): Promise<void>;
  /** Lapses authorisations past capture_before (payment_intent.canceled, "automatic") and stale hold pages. */
  expireDueHolds(): Promise<number>;
}
