/** Memberships: checkout, portal, subscription check, test-mode pages, and the admin's payment tools. */
import { z } from "zod";
import { PLANS, PURCHASABLE_PLANS, SUBSCRIPTION_STATUSES } from "../plans";

import { checkoutSchema, singleLine, syncUserSchema } from "../schemas";
import { keyedFields, okSchema, timestamp } from "./common";
import { endpoints } from "./endpoint";

export { checkoutSchema, syncUserSchema };

export const checkoutStartedSchema = z.object({
  /** Opened in a new tab: the provider's checkout page, or our post-checkout page after an in-place upgrade. */
  url: z.string(),
  sessionId: z.string(),
  /** An existing paid subscription was moved to the new plan. */
  upgraded: z.boolean(),
});
export const portalSchema = z.object({ url: z.string() });
export const subscribedSchema = z.object({ subscribed: z.boolean() });

// Test mode: our own checkout and billing pages -------------------------------------------------------

export const testCheckoutParams = z.object({ id: z.string().max(100) });
export const cardSchema = z.object({
  cardNumber: z.string().max(32),
  expiry: z.string().max(8),
  cvc: z.string().max(8),
  name: singleLine().pipe(z.string().max(120)),
});
export const testCheckoutSessionSchema = z.object({
  id: z.string(),
  plan: z.enum(PURCHASABLE_PLANS),
  amountCents: z.number(),
  currency: z.literal("eur"),
  status: z.enum(["open", "complete", "expired"]),
  email: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export const testPaidSchema = z.object({ redirectUrl: z.string() });
export const cancelAtPeriodEndSchema = z.object({ cancelAtPeriodEnd: z.boolean() });
export const testBillingOverviewSchema = z.object({
  subscription: z
    .object({
      id: z.string(),
      plan: z.enum(PURCHASABLE_PLANS),
      planLabel: z.string(),
      status: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      amountCents: z.number(),
      card: z.object({ brand: z.string(), last4: z.string() }),
    })
    .nullable(),
  invoices: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      description: z.string(),
      /** The description's key and values, for the client to say it in the member's language (decision 028). */
      ...keyedFields,
      amountCents: z.number(),
      status: z.string(),
    }),
  ),
});

/**
 * The membership's own charges (Profile → Payments, beside the quotes' payments): each paid invoice of the
 * subscription, with the plan, the card where the provider knows it, and its receipt (or invoice) page.
 */
export const membershipChargeSchema = z.object({
  id: z.string(),
  paidAt: timestamp,
  amountCents: z.number(),
  /** The plan charged for; null when the provider's invoice names no price we know. */
  plan: z.enum(PLANS).nullable(),
  /** first: the first month; renewal: a month more; upgrade: the prorated change to a higher plan; other. */
  reason: z.enum(["first", "renewal", "upgrade", "other"]),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  receiptUrl: z.string().nullable(),
});
export const membershipChargesSchema = z.object({ items: z.array(membershipChargeSchema) });

/** Test mode: the card page of a request's hold (a PaymentIntent with manual capture, in Checkout's payment mode). */
export const testHoldSessionSchema = z.object({
  id: z.string(),
  amountCents: z.number(),
  currency: z.literal("eur"),
  /** What is held, for which request ("Hold for Vintage Kelly 28"). */
  description: z.string(),
  ...keyedFields,
  /** open: waiting for a card; requires_action: the bank asks for a 3-D Secure confirmation. */
  status: z.enum(["open", "requires_action", "complete", "expired"]),
  /** Closed by Maison because the member's choice changed (another option, a decline, a revised quote). */
  superseded: z.boolean(),
  email: z.string(),
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export const testHoldAuthorizedSchema = z.object({
  /** Where to go next; null when the bank asks for a confirmation first (`requiresAction`). */
  redirectUrl: z.string().nullable(),
  requiresAction: z.boolean(),
});
export const testHoldConfirmSchema = z.object({ approve: z.boolean() });

/** Test mode: the hosted page of a balance invoice (decision 035), as Stripe's hosted invoice page shows it. */
export const testInvoiceSchema = z.object({
  id: z.string(),
  /** The invoice line ("Balance for Vintage Kelly 28"). */
  description: z.string(),
  ...keyedFields,
  amountDueCents: z.number(),
  amountPaidCents: z.number(),
  amountRemainingCents: z.number(),
  currency: z.literal("eur"),
  status: z.enum(["draft", "open", "paid", "void", "uncollectible"]),
  /** The due day, "YYYY-MM-DD". */
  dueDate: z.string(),
  /** The bank asks for a 3-D Secure confirmation of the card just given. */
  requiresAction: z.boolean(),
  /** The member's request. */
  returnUrl: z.string(),
  email: z.string(),
});

/** Test mode: the receipt of a payment or a refund (/checkout/test/receipts/:id), as Stripe's receipt page says it. */
export const testReceiptSchema = z.object({
  id: z.string(),
  kind: z.enum(["payment", "refund"]),
  date: timestamp,
  amountCents: z.number(),
  /** Of a payment: what was refunded of it since. */
  refundedCents: z.number(),
  /** What was paid for ("Hold for Kelly 28", "Balance for Kelly 28", "Gold membership, first month"). */
  description: z.string(),
  ...keyedFields,
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  method: z.enum(["card", "bank_transfer"]),
  email: z.string(),
});

// The admin's payment tools ---------------------------------------------------------------------------

export const adminSettingsSchema = z.object({
  paymentMode: z.enum(["TEST", "LIVE", "STRIPE TEST"]),
  testCard: z.string().nullable(),
  declinedTestCard: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  prices: z.array(
    z.object({
      plan: z.enum(PURCHASABLE_PLANS),
      label: z.string(),
      monthlyPriceEur: z.number().nullable(),
      priceId: z.string(),
    }),
  ),
  /**
   * The environment's facts: `name` and `value` in English, with the keys (and values) of those the client
   * translates (`nameKey`; `key`/`params` for the value). Versions, URLs and NODE_ENV are shown as they are.
   */
  environment: z.array(
    z.object({ name: z.string(), nameKey: z.string().optional(), value: z.string(), ...keyedFields }),
  ),
});

const planState = z.object({ plan: z.enum(PLANS), status: z.enum(SUBSCRIPTION_STATUSES) }).nullable();

export const syncUserResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  ...keyedFields,
  outcome: z.string().optional(),
  subscription: planState.optional(),
});
export const syncAllResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  ...keyedFields,
  results: z.object({
    synced: z.number(),
    failed: z.number(),
    noStripeCustomer: z.number(),
    noActiveSubscription: z.number(),
  }),
});
export const debugPlanSchema = z.object({ plan: z.enum(PURCHASABLE_PLANS, "Please choose a plan") });
export const debugCheckoutUrlSchema = z.object({
  url: z.string(),
  sessionId: z.string(),
  priceId: z.string(),
  mode: z.string(),
});
export const simulateCheckoutResultSchema = syncUserResultSchema.extend({ sessionId: z.string().optional() });

/** POST /api/billing/webhook: Stripe's delivery was received (and what processing made of it). */
export const webhookReceivedSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** The member's membership calls, the Stripe webhook and the test-mode pages' calls. */
export const billingApi = endpoints({
  /** Only `plan` is read: a price id or anything else in the body is dropped by the schema. */
  "POST /billing/checkout": { access: "user", body: checkoutSchema, answer: checkoutStartedSchema },
  "POST /billing/portal": { access: "user", answer: portalSchema },
  /** The spec's check-subscription: re-synced from the provider by the stored customer id. */
  "POST /billing/check-subscription": { access: "user", answer: subscribedSchema },
  "POST /billing/cancel-complimentary": { access: "user", answer: okSchema },
  /** Stripe's events, signed over the raw bytes; 404 in test mode. */
  "POST /billing/webhook": { access: "public", rawBody: true, answer: webhookReceivedSchema },
  // Test mode only (404 otherwise): the local checkout and billing pages.
  "GET /billing/test/checkout/:id": { access: "user", params: testCheckoutParams, answer: testCheckoutSessionSchema },
  "POST /billing/test/checkout/:id/pay": {
    access: "user",
    params: testCheckoutParams,
    body: cardSchema,
    answer: testPaidSchema,
  },
  "GET /billing/test/holds/:id": { access: "user", params: testCheckoutParams, answer: testHoldSessionSchema },
  "POST /billing/test/holds/:id/authorize": {
    access: "user",
    params: testCheckoutParams,
    body: cardSchema,
    answer: testHoldAuthorizedSchema,
  },
  /** The 3-D Secure step: the member approves (or fails) the bank's confirmation. */
  "POST /billing/test/holds/:id/confirm": {
    access: "user",
    params: testCheckoutParams,
    body: testHoldConfirmSchema,
    answer: testHoldAuthorizedSchema,
  },
  "GET /billing/test/invoices/:id": { access: "user", params: testCheckoutParams, answer: testInvoiceSchema },
  /** Pays what remains with a card: 4242 pays, 0002 is declined (402), the 3-D Secure card asks first. */
  "POST /billing/test/invoices/:id/pay": {
    access: "user",
    params: testCheckoutParams,
    body: cardSchema,
    answer: testHoldAuthorizedSchema,
  },
  "POST /billing/test/invoices/:id/confirm": {
    access: "user",
    params: testCheckoutParams,
    body: testHoldConfirmSchema,
    answer: testHoldAuthorizedSchema,
  },
  /** The caller's membership charges, newest first (none without a provider customer). */
  "GET /billing/charges": { access: "user", answer: membershipChargesSchema },
  /** The caller's own receipt of a test-mode charge, refund, membership invoice or paid balance invoice. */
  "GET /billing/test/receipts/:id": { access: "user", params: testCheckoutParams, answer: testReceiptSchema },
  "GET /billing/test/subscription": { access: "user", answer: testBillingOverviewSchema },
  "POST /billing/test/subscription": {
    access: "user",
    body: cancelAtPeriodEndSchema,
    answer: testBillingOverviewSchema,
  },
});

/** The staff's payment tools. */
export const billingAdminApi = endpoints({
  "GET /admin/settings": { access: "staff", answer: adminSettingsSchema },
  "POST /admin/subscriptions/sync": { access: "staff", body: syncUserSchema, answer: syncUserResultSchema },
  "POST /admin/subscriptions/sync-all": { access: "staff", answer: syncAllResultSchema },
  "POST /admin/debug/checkout-url": { access: "staff", body: debugPlanSchema, answer: debugCheckoutUrlSchema },
  "POST /admin/debug/simulate-checkout": {
    access: "staff",
    body: syncUserSchema.extend(debugPlanSchema.shape),
    answer: simulateCheckoutResultSchema,
  },
});
