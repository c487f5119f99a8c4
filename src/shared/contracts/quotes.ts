/**
 * The business loop of a request (issue 21, decision 018): quotes, the card hold, capture and release, delivery,
 * and the money overviews. quotesApi is the member's side, quotesAdminApi the staff's.
 */
import { z } from "zod";
import {
  DEFAULT_VAT_RATE,
  DELIVERY_STATUSES,
  HOLD_STATUSES,
  QUOTE_MAX_OPTIONS,
  QUOTE_MAX_PRICE_CENTS,
  QUOTE_MIN_PRICE_CENTS,
  QUOTE_OPTION_MAX_PHOTOS,
  QUOTE_STATUSES,
  VAT_RATES,
} from "../quotes";
import { REQUEST_STATUSES } from "../requests";
import { multiLine, singleLine } from "../schemas";
import { createdIdSchema, okSchema, timestamp } from "./common";
import { ERRORS } from "./common-texts";
import { endpoints } from "./endpoint";
import { BALANCE_MESSAGES, QUOTE_MESSAGES } from "./quotes-texts";
import { refundInput, refundSchema } from "./refunds";
import { requestIdParams } from "./requests";

const day = z.iso.date(QUOTE_MESSAGES.dateFormat);
const cents = z
  .number()
  .int(QUOTE_MESSAGES.wholeCents)
  .min(QUOTE_MIN_PRICE_CENTS, QUOTE_MESSAGES.priceTooLow)
  .max(QUOTE_MAX_PRICE_CENTS, QUOTE_MESSAGES.priceTooHigh);

export const quoteParams = requestIdParams.extend({ quoteId: z.uuid(QUOTE_MESSAGES.quoteNotFound) });
export const quoteFileParams = requestIdParams.extend({ fileId: z.uuid(ERRORS.fileNotFound) });

/**
 * One option of a quote as staff write it. `photoIds` are files uploaded first to the request's quote files.
 * Dates are calendar days; the server refuses a validity or delivery date in the past (Lisbon's today).
 */
export const quoteOptionInput = z.object({
  title: singleLine().pipe(z.string().min(1, QUOTE_MESSAGES.optionTitleRequired).max(200)),
  description: multiLine().pipe(z.string().max(4000)).default(""),
  priceCents: cents,
  supplierTerms: multiLine().pipe(z.string().max(4000)).default(""),
  estimatedDelivery: day.nullable().default(null),
  photoIds: z.array(z.uuid()).max(QUOTE_OPTION_MAX_PHOTOS).default([]),
  /** The VAT the price includes (decision 034): 23 % unless staff chose 13 %, 6 % or the margin scheme. */
  vatRate: z.enum(VAT_RATES, QUOTE_MESSAGES.vatRateInvalid).default(DEFAULT_VAT_RATE),
});
export const quoteInput = z.object({
  options: z
    .array(quoteOptionInput)
    .min(1, QUOTE_MESSAGES.optionsRequired)
    .max(QUOTE_MAX_OPTIONS, QUOTE_MESSAGES.tooManyOptions),
  validUntil: day,
  /** A word to the member, shown above the options and in the email. */
  message: multiLine().pipe(z.string().max(2000)).default(""),
});
export type QuoteInput = z.input<typeof quoteInput>;

export const quoteFileSchema = z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number() });

export const quoteOptionSchema = z.object({
  id: z.string(),
  position: z.number(),
  title: z.string(),
  description: z.string(),
  priceCents: z.number(),
  /** What accepting this option holds on the card. */
  holdCents: z.number(),
  supplierTerms: z.string(),
  estimatedDelivery: z.string().nullable(),
  photos: z.array(quoteFileSchema),
  /** The VAT the price includes, and its amount in cents (null under the margin scheme). */
  vatRate: z.enum(VAT_RATES),
  vatCents: z.number().nullable(),
});

export const quoteSchema = z.object({
  id: z.string(),
  status: z.enum(QUOTE_STATUSES),
  /** A sent quote past its validity day. */
  expired: z.boolean(),
  validUntil: z.string(),
  message: z.string(),
  options: z.array(quoteOptionSchema),
  acceptedOptionId: z.string().nullable(),
  declineReason: z.string().nullable(),
  createdAt: timestamp,
  sentAt: timestamp.nullable(),
  answeredAt: timestamp.nullable(),
});

export const holdSchema = z.object({
  id: z.string(),
  status: z.enum(HOLD_STATUSES),
  optionId: z.string(),
  amountCents: z.number(),
  capturedCents: z.number(),
  /** Refunded of what was captured, in total (the provider's charge.amount_refunded; decision 033). */
  refundedCents: z.number(),
  /** Until when the authorisation can be captured (Stripe's capture_before). */
  expiresAt: timestamp.nullable(),
  /** Staff asked the member to authorise again after it expired. */
  reauthorizationRequested: z.boolean(),
  receiptUrl: z.string().nullable(),
  /** Why staff captured less than the hold (or any word they gave with the capture), shown to the member. */
  captureReason: z.string().nullable(),
  /** The last card failure, shown as it is ("Your card was declined."). */
  failure: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const deliverySchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  note: z.string(),
  photos: z.array(quoteFileSchema),
  deliveredAt: timestamp,
  /** The member's answer: confirmed receipt, or the problem they reported. */
  answeredAt: timestamp.nullable(),
  problem: z.string().nullable(),
  /** Until when the member may still report a problem. */
  disputeUntil: timestamp,
});

/** The quote's balance invoice (decision 035): the provider's webhooks move its status and what was paid. */
export const balanceInvoiceSchema = z.object({
  id: z.string(),
  amountCents: z.number(),
  /** Why the amount differs from the price less what was captured (staff only; null for the member). */
  reason: z.string().nullable(),
  dueDate: z.string(),
  status: z.enum(["draft", "open", "paid", "void", "uncollectible"]),
  amountPaidCents: z.number(),
  /** Given back of what was paid (refunds that succeeded). */
  refundedCents: z.number(),
  /** The provider's page where the member pays (card or bank transfer). */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
  /** Past its due date and not paid (the provider's invoice.overdue). */
  overdue: z.boolean(),
  /** Only once the provider says the invoice is paid. */
  paidInFull: z.boolean(),
  paidAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** GET /requests/:id/quotes and its staff twin: the request's quotes (newest first), its hold and its delivery. */
export const requestQuotesSchema = z.object({
  requestStatus: z.enum(REQUEST_STATUSES),
  /** Members never see drafts. */
  quotes: z.array(quoteSchema),
  /** The latest hold (null: none yet). */
  hold: holdSchema.nullable(),
  delivery: deliverySchema.nullable(),
  /** The member may authorise the accepted option again now: the hold expired, the request is Found (issue 30). */
  canAuthoriseAgain: z.boolean(),
  /** Refunds of the quote's payments, oldest first (decision 033). */
  refunds: z.array(refundSchema),
  /** The newest balance invoice (null: none sent yet). */
  balance: balanceInvoiceSchema.nullable(),
  /** The member's stated budget, in cents: each option's price is shown against it (issue 34 item 2). */
  budgetCents: z.number(),
});

export const acceptQuoteSchema = z.object({ optionId: z.uuid(QUOTE_MESSAGES.optionNotFound) });
export const declineQuoteSchema = z.object({
  reason: multiLine().pipe(z.string().trim().max(1000)).default(""),
});
/** Where the member authorises the hold: the provider's card page (Stripe Checkout, or our test page). */
export const holdCheckoutSchema = z.object({ url: z.string() });

export const captureSchema = z.object({
  /** Absent: the whole hold. Less than the hold needs a reason; Stripe releases the rest. */
  amountCents: z.number().int().min(1, QUOTE_MESSAGES.amountTooLow).optional(),
  reason: multiLine().pipe(z.string().trim().max(1000)).default(""),
});
export const releaseSchema = z.object({ reason: multiLine().pipe(z.string().trim().max(1000)).default("") });

/** Sends the balance: by default the accepted option's price less what was captured; another amount needs a reason. */
export const balanceInput = z.object({
  amountCents: z
    .number()
    .int(QUOTE_MESSAGES.wholeCents)
    .min(50, BALANCE_MESSAGES.amountTooLow)
    .max(QUOTE_MAX_PRICE_CENTS, QUOTE_MESSAGES.priceTooHigh)
    .optional(),
  reason: multiLine().pipe(z.string().trim().max(1000)).default(""),
  /** A calendar day, today (Lisbon) or later. */
  dueDate: day,
});

export const deliveryInput = z.object({
  note: multiLine().pipe(z.string().trim().max(2000)).default(""),
  photoIds: z.array(z.uuid()).max(QUOTE_OPTION_MAX_PHOTOS).default([]),
  /** The VAT the price includes (decision 034): 23 % unless staff chose 13 %, 6 % or the margin scheme. */
  vatRate: z.enum(VAT_RATES, QUOTE_MESSAGES.vatRateInvalid).default(DEFAULT_VAT_RATE),
});
export const problemInput = z.object({
  description: multiLine().pipe(z.string().trim().min(1, QUOTE_MESSAGES.problemRequired).max(2000)),
});

/** GET /payments: the member's holds and captures, newest first. */
export const paymentsSchema = z.object({
  items: z.array(
    holdSchema.extend({ request: z.object({ id: z.string(), title: z.string() }), optionTitle: z.string() }),
  ),
});

/**
 * What reconciliation finds between the provider and our holds (decision 031). Repaired: an orphan authorisation
 * (cancelled at the provider), an authorisation, capture, release, expiry or refund we did not record (applied as
 * its webhook would have been), a stale capture or release claim (cleared). Reported only: an amount that
 * disagrees, a capture on a hold we do not hold or believed released, a state we cannot move to, an intent the
 * provider no longer knows.
 */
export const RECONCILIATION_DIFFERENCE_KINDS = [
  "orphan_authorisation",
  "unrecorded_authorisation",
  "unrecorded_capture",
  "unrecorded_release",
  "unrecorded_expiry",
  "unrecorded_refund",
  "stale_claim",
  "amount_mismatch",
  "unexpected_capture",
  "status_mismatch",
  "missing_at_provider",
] as const;

export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCE_KINDS),
  paymentIntentId: z.string(),
  holdId: z.string().nullable(),
  requestId: z.string().nullable(),
  /** The request's title, for the link (empty when the request is gone). */
  requestTitle: z.string(),
  providerStatus: z.string().nullable(),
  ourStatus: z.string().nullable(),
  providerAmountCents: z.number().nullable(),
  ourAmountCents: z.number().nullable(),
  repaired: z.boolean(),
});

/** One run: unfinished while it runs; `error` when the provider could not be read. */
export const reconciliationRunSchema = z.object({
  id: z.string(),
  provider: z.string(),
  startedAt: timestamp,
  finishedAt: timestamp.nullable(),
  checked: z.number(),
  repaired: z.number(),
  differences: z.array(reconciliationDifferenceSchema),
  error: z.string().nullable(),
});

/** GET /admin/quotes/overview: one aggregate query over the last 12 weeks (Monday first, oldest first, Lisbon time). */
export const quotesOverviewSchema = z.object({
  cards: z.object({
    /** Held right now. */
    heldCents: z.number(),
    /** Captured, released over the 12 weeks. */
    capturedCents: z.number(),
    releasedCents: z.number(),
    /** Holds expiring within 24 h. */
    expiringSoon: z.number(),
  }),
  weekly: z.array(
    z.object({ weekStart: z.string(), heldCents: z.number(), capturedCents: z.number(), releasedCents: z.number() }),
  ),
  /** Held now and expiring within 24 h, soonest first (the dashboard's flags). */
  expiring: z.array(z.object({ requestId: z.string(), title: z.string(), expiresAt: timestamp })),
  /** The newest reconciliation with the provider (null before the first). */
  reconciliation: reconciliationRunSchema.nullable(),
  /** What is owed and what went back (issue 30): open balance invoices, refunds over the 12 weeks, disputes. */
  ledger: z.object({
    balanceDueCents: z.number(),
    openInvoices: z.number(),
    overdueInvoices: z.number(),
    refundedCents: z.number(),
    openDisputes: z.number(),
    disputedCents: z.number(),
  }),
});

export const quotesApi = endpoints({
  "GET /requests/:id/quotes": { access: "user", params: requestIdParams, answer: requestQuotesSchema },
  /** A photo of an option or of the handover, to those who may see the request (drafts' photos: staff only). */
  "GET /requests/:id/quotes/files/:fileId": { access: "user", params: quoteFileParams },
  /** Chooses an option and answers the card page where its hold is authorised (idempotent for the same option). */
  "POST /requests/:id/quotes/:quoteId/accept": {
    access: "user",
    params: quoteParams,
    body: acceptQuoteSchema,
    answer: holdCheckoutSchema,
  },
  "POST /requests/:id/quotes/:quoteId/decline": {
    access: "user",
    params: quoteParams,
    body: declineQuoteSchema,
    answer: okSchema,
  },
  /** Authorise the accepted option again after the hold expired (staff need not have asked), while Found. */
  "POST /requests/:id/hold/reauthorize": { access: "user", params: requestIdParams, answer: holdCheckoutSchema },
  "POST /requests/:id/delivery/confirm": { access: "user", params: requestIdParams, answer: okSchema },
  "POST /requests/:id/delivery/problem": {
    access: "user",
    params: requestIdParams,
    body: problemInput,
    answer: okSchema,
  },
  "GET /payments": { access: "user", answer: paymentsSchema },
});

export const quotesAdminApi = endpoints({
  "GET /admin/requests/:id/quotes": { access: "staff", params: requestIdParams, answer: requestQuotesSchema },
  /** One multipart image or PDF, for an option's photos or the handover's. */
  "POST /admin/requests/:id/quotes/files": {
    access: "staff",
    params: requestIdParams,
    upload: true,
    answer: quoteFileSchema,
    created: true,
  },
  "POST /admin/requests/:id/quotes": {
    access: "staff",
    params: requestIdParams,
    body: quoteInput,
    answer: createdIdSchema,
    created: true,
  },
  "PUT /admin/requests/:id/quotes/:quoteId": {
    access: "staff",
    params: quoteParams,
    body: quoteInput,
    answer: okSchema,
  },
  "DELETE /admin/requests/:id/quotes/:quoteId": { access: "staff", params: quoteParams, answer: okSchema },
  /** Sends a draft: Sourcing → Quoted (a Quoted request's earlier quote becomes superseded). */
  "POST /admin/requests/:id/quotes/:quoteId/send": { access: "staff", params: quoteParams, answer: okSchema },
  "POST /admin/requests/:id/hold/capture": {
    access: "staff",
    params: requestIdParams,
    body: captureSchema,
    answer: holdSchema,
  },
  "POST /admin/requests/:id/hold/release": {
    access: "staff",
    params: requestIdParams,
    body: releaseSchema,
    answer: holdSchema,
  },
  /** After a hold expired: asks the member to authorise the accepted option again. */
  "POST /admin/requests/:id/hold/request-reauthorization": {
    access: "staff",
    params: requestIdParams,
    answer: okSchema,
  },
  /** Sends the balance invoice (after the capture): one open invoice per request. */
  "POST /admin/requests/:id/balance": {
    access: "staff",
    params: requestIdParams,
    body: balanceInput,
    answer: balanceInvoiceSchema,
  },
  /** Voids the open balance invoice, if nothing was paid on it. */
  "POST /admin/requests/:id/balance/void": {
    access: "staff",
    params: requestIdParams,
    answer: balanceInvoiceSchema,
  },
  /** Found → Delivered, with a note and handover photos. */
  "POST /admin/requests/:id/delivery": {
    access: "staff",
    params: requestIdParams,
    body: deliveryInput,
    answer: okSchema,
  },
  "GET /admin/quotes/overview": { access: "staff", answer: quotesOverviewSchema },
  /** Compares the provider's hold authorisations and charges with our holds now, and repairs (decision 031). */
  "POST /admin/quotes/reconcile": { access: "admin", answer: reconciliationRunSchema },
  /** Refunds part or all of the captured payment, with a reason; the same idempotency key is the same refund. */
  "POST /admin/requests/:id/refunds": {
    access: "staff",
    params: requestIdParams,
    body: refundInput,
    answer: refundSchema,
  },
});
