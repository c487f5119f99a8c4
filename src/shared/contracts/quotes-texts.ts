/**
 * The quotes domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./quotes.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { QUOTE_MAX_OPTIONS, QUOTE_OPTION_MAX_PHOTOS } from "../limits";
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the quotes domain (spec section 8, and its rules). */
export const QUOTE_ERROR_TEXTS = {
  photoNotFound: /*i18n*/ { id: "error.photo_not_found", message: "Photo not found" },
  quoteFileRefused: /*i18n*/ {
    id: "error.quote_file_refused",
    message: "Only JPEG, PNG and WebP images and PDF files can be added.",
  },
  nothingToDispute: /*i18n*/ {
    id: "error.nothing_to_dispute",
    message: "Only a captured payment can be disputed.",
  },
  providerFailed: /*i18n*/ {
    id: "error.provider_failed",
    message: "The payment provider could not be reached. Please try again.",
  },
  reconciliationRunning: /*i18n*/ {
    id: "error.reconciliation_running",
    message: "A reconciliation with the payment provider is already running. Please wait for it to finish.",
  },
} satisfies Record<string, Keyed>;
export const QUOTE_ERRORS = keyed(QUOTE_ERROR_TEXTS);

/** Every text the quote loop shows or answers with (server errors and client toasts share them). */
export const QUOTE_TEXTS = {
  optionsRequired: /*i18n*/ { id: "quotes.options_required", message: "A quote needs at least one option" },
  tooManyOptions: /*i18n*/ {
    id: "quotes.too_many_options",
    message: "A quote has at most {max} options",
    values: { max: QUOTE_MAX_OPTIONS },
  },
  optionTitleRequired: /*i18n*/ { id: "quotes.option_title_required", message: "Option title is required" },
  priceTooLow: /*i18n*/ { id: "quotes.price_too_low", message: "Price must be at least €1" },
  priceTooHigh: /*i18n*/ { id: "quotes.price_too_high", message: "Price is too high" },
  vatRateInvalid: /*i18n*/ {
    id: "quotes.vat_rate_invalid",
    message: "Choose the VAT the price includes: 23 %, 13 %, 6 % or the margin scheme",
  },
  validUntilPast: /*i18n*/ { id: "quotes.valid_until_past", message: "Valid until cannot be in the past" },
  deliveryDatePast: /*i18n*/ {
    id: "quotes.delivery_date_past",
    message: "Estimated delivery cannot be in the past",
  },
  quoteNotFound: /*i18n*/ { id: "quotes.quote_not_found", message: "Quote not found" },
  optionNotFound: /*i18n*/ { id: "quotes.option_not_found", message: "Option not found" },
  quoteNotDraft: /*i18n*/ { id: "quotes.quote_not_draft", message: "Only a draft quote can be changed" },
  quoteNotCurrent: /*i18n*/ { id: "quotes.quote_not_current", message: "This quote is no longer current" },
  quoteExpired: /*i18n*/ {
    id: "quotes.quote_expired",
    message: "This quote has expired. Ask the team for a revised quote.",
  },
  cannotQuoteNow: /*i18n*/ {
    id: "quotes.cannot_quote_now",
    message: "A quote can be sent while the request is Sourcing or Quoted",
  },
  alreadyAccepted: /*i18n*/ {
    id: "quotes.already_accepted",
    message: "An option of this quote was already accepted",
  },
  holdNotAllowed: /*i18n*/ {
    id: "quotes.hold_not_allowed",
    message: "There is nothing to authorise on this request",
  },
  holdNotHeld: /*i18n*/ { id: "quotes.hold_not_held", message: "There is no hold to capture or release" },
  captureTooHigh: /*i18n*/ {
    id: "quotes.capture_too_high",
    message: "You cannot capture more than the amount held",
  },
  captureReasonRequired: /*i18n*/ {
    id: "quotes.capture_reason_required",
    message: "Please give a reason for capturing less than the hold",
  },
  disputeNotAnswerable: /*i18n*/ {
    id: "quotes.dispute_not_answerable",
    message: "There is no dispute waiting for evidence on this request",
  },
  /** A card page superseded by another choice, a decline or a revised quote: it can no longer be authorised. */
  offerChanged: /*i18n*/ {
    id: "quotes.offer_changed",
    message: "This offer has changed. Please return to your request to see the current one.",
  },
  holdNotExpired: /*i18n*/ {
    id: "quotes.hold_not_expired",
    message: "Only an expired hold can be authorised again",
  },
  /** The member asks to authorise again while the hold is still in place (issue 30, item 6). */
  holdStillLive: /*i18n*/ {
    id: "quotes.hold_still_live",
    message: "Your hold is still in place: there is nothing to authorise again",
  },
  /** … or once the request is no longer Found (delivered, withdrawn). */
  reauthorizationClosed: /*i18n*/ {
    id: "quotes.reauthorization_closed",
    message: "A hold can be authorised again only while the request is Found and not yet delivered",
  },
  notFound: /*i18n*/ { id: "quotes.not_found_status", message: "Only a Found request can be marked delivered" },
  notDelivered: /*i18n*/ { id: "quotes.not_delivered", message: "This request has not been delivered" },
  alreadyAnswered: /*i18n*/ { id: "quotes.already_answered", message: "You have already answered this delivery" },
  disputeWindowClosed: /*i18n*/ {
    id: "quotes.dispute_window_closed",
    message: "The 30-day window to report a problem has closed",
  },
  problemRequired: /*i18n*/ { id: "quotes.problem_required", message: "Please describe the problem" },
  cardDeclined: /*i18n*/ {
    id: "quotes.card_declined",
    message: "Your card was declined. Please try another card.",
  },
  dateFormat: /*i18n*/ { id: "quotes.date_format", message: "Enter a date as YYYY-MM-DD" },
  /** The staff's quote editor (src/client/features/quotes/quote-form.ts). */
  priceFormat: /*i18n*/ { id: "quotes.price_format", message: "Enter a price in euro, e.g. 4500 or 4500.50" },
  tooManyPhotos: /*i18n*/ {
    id: "quotes.too_many_photos",
    message: "At most {max} photos an option",
    values: { max: QUOTE_OPTION_MAX_PHOTOS },
  },
  validUntilRequired: /*i18n*/ { id: "quotes.valid_until_required", message: "Choose until when the quote is valid" },
  wholeCents: /*i18n*/ { id: "quotes.whole_cents", message: "Amounts are whole cents" },
  amountTooLow: /*i18n*/ { id: "quotes.amount_too_low", message: "Amount must be at least €0.01" },
  quoteSent: /*i18n*/ { id: "quotes.quote_sent", message: "Quote sent" },
  quoteSaved: /*i18n*/ { id: "quotes.quote_saved", message: "Quote saved" },
  quoteDeclined: /*i18n*/ { id: "quotes.quote_declined", message: "Quote declined" },
  holdCaptured: /*i18n*/ { id: "quotes.hold_captured", message: "Payment captured" },
  holdReleased: /*i18n*/ { id: "quotes.hold_released", message: "Hold released" },
  reauthorizationRequested: /*i18n*/ {
    id: "quotes.reauthorization_requested",
    message: "The member was asked to authorise again",
  },
  markedDelivered: /*i18n*/ { id: "quotes.marked_delivered", message: "Marked as delivered" },
  receiptConfirmed: /*i18n*/ { id: "quotes.receipt_confirmed", message: "Thank you, receipt confirmed" },
  problemReported: /*i18n*/ {
    id: "quotes.problem_reported",
    message: "Problem reported. The team will contact you.",
  },
} satisfies Record<string, Keyed>;
export const QUOTE_MESSAGES = keyed(QUOTE_TEXTS);

/** Refunds of a captured payment (issue 30, decision 033): the staff's refusals and the dialog's texts. */
export const REFUND_TEXTS = {
  reasonRequired: /*i18n*/ {
    id: "refunds.reason_required",
    message: "Please give a reason for the refund (at least 3 characters)",
  },
  keyInvalid: /*i18n*/ { id: "refunds.key_invalid", message: "The refund's idempotency key must be a UUID" },
  notRefundable: /*i18n*/ {
    id: "refunds.not_refundable",
    message: "Only a captured payment can be refunded",
  },
  tooHigh: /*i18n*/ {
    id: "refunds.too_high",
    message: "You cannot refund more than what was captured and not yet refunded",
  },
  invoiceNotRefundable: /*i18n*/ {
    id: "refunds.invoice_not_refundable",
    message: "Only a paid balance invoice can be refunded",
  },
  invoiceTooHigh: /*i18n*/ {
    id: "refunds.invoice_too_high",
    message: "You cannot refund more than what was paid on the invoice and not yet refunded",
  },
  keyReused: /*i18n*/ {
    id: "refunds.key_reused",
    message: "This refund was already asked for with other details",
  },
  refundSent: /*i18n*/ { id: "refunds.sent", message: "Refund sent" },
} satisfies Record<string, Keyed>;
export const REFUND_MESSAGES = keyed(REFUND_TEXTS);

/** The balance invoice of a quote (issue 30, decision 035): staff send it, the member pays it on its page. */
export const BALANCE_TEXTS = {
  notCaptured: /*i18n*/ {
    id: "balance.not_captured",
    message: "The balance can be invoiced once the hold has been captured",
  },
  alreadyOpen: /*i18n*/ { id: "balance.already_open", message: "This request already has an open balance invoice" },
  alreadyPaid: /*i18n*/ { id: "balance.already_paid", message: "The balance of this request is already paid" },
  reasonRequired: /*i18n*/ {
    id: "balance.reason_required",
    message: "Please give a reason for changing the amount",
  },
  amountTooLow: /*i18n*/ { id: "balance.amount_too_low", message: "The balance must be at least €0.50" },
  duePast: /*i18n*/ { id: "balance.due_past", message: "The due date cannot be in the past" },
  nothingToVoid: /*i18n*/ {
    id: "balance.nothing_to_void",
    message: "There is no open, unpaid balance invoice to void",
  },
  invoiceNotFound: /*i18n*/ { id: "balance.invoice_not_found", message: "This invoice was not found." },
  invoiceNotOpen: /*i18n*/ { id: "balance.invoice_not_open", message: "This invoice is no longer open." },
  transferTooHigh: /*i18n*/ { id: "balance.transfer_too_high", message: "The amount is more than what is due" },
  testModeOnly: /*i18n*/ {
    id: "balance.test_mode_only",
    message: "A bank transfer can be simulated in test mode only",
  },
  sent: /*i18n*/ { id: "balance.sent", message: "Balance invoice sent" },
  voided: /*i18n*/ { id: "balance.voided", message: "Balance invoice voided" },
  transferReceived: /*i18n*/ { id: "balance.transfer_received", message: "Bank transfer received" },
} satisfies Record<string, Keyed>;
export const BALANCE_MESSAGES = keyed(BALANCE_TEXTS);
