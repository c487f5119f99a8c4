/**
 * The member's timeline of a request (issue 22, item 8): what happened, from the activity log, in the member's
 * words. An explicit allow-list: an action not named here (a draft quote, an internal note, an assignment, a
 * message, anything added later) never reaches the member, and of an entry's details only the amounts and the new
 * status are read. Staff are always 'The Maison team', never a name.
 */
import { formatEuro } from "./format";
import type { RequestStatus } from "./requests";
import { fill } from "./texts";

/** Who did it, as the member reads it. */
export type TimelineActor = "you" | "team" | "system";
export const TIMELINE_ACTORS = ["you", "team", "system"] as const;

type Details = Record<string, unknown> | null;

/**
 * The texts, keyed (decision 028): the server answers with the English and the key; the client shows the key's
 * translation. An amount travels as cents (`amountCents`) and is written in the reader's language where shown.
 */
export const TIMELINE_TEXTS = {
  created: /*i18n*/ { id: "timeline.created", message: "You submitted your request" },
  statusNew: /*i18n*/ { id: "timeline.status_new", message: "Your request is New again" },
  statusSourcing: /*i18n*/ {
    id: "timeline.status_sourcing",
    message: "The Maison team picked up your request: Sourcing",
  },
  statusQuoted: /*i18n*/ { id: "timeline.status_quoted", message: "Your request is Quoted" },
  statusFound: /*i18n*/ { id: "timeline.status_found", message: "Your request is Found" },
  statusDelivered: /*i18n*/ { id: "timeline.status_delivered", message: "Your request is Delivered" },
  statusFailed: /*i18n*/ { id: "timeline.status_failed", message: "Your request could not be fulfilled" },
  statusWithdrawn: /*i18n*/ { id: "timeline.status_withdrawn", message: "You withdrew your request" },
  acceptedOption: /*i18n*/ { id: "timeline.accepted_option", message: "You accepted an option: Found" },
  attachmentAdded: /*i18n*/ { id: "timeline.attachment_added", message: "You added an attachment" },
  attachmentReplaced: /*i18n*/ { id: "timeline.attachment_replaced", message: "You replaced the attachment" },
  quoteSent: /*i18n*/ { id: "timeline.quote_sent", message: "The Maison team sent you a quote" },
  quoteDeclined: /*i18n*/ { id: "timeline.quote_declined", message: "You declined the quote" },
  holdPlaced: /*i18n*/ { id: "timeline.hold_placed", message: "A hold was placed on your card" },
  holdPlacedAmount: /*i18n*/ {
    id: "timeline.hold_placed_amount",
    message: "A hold of {amount} was placed on your card",
  },
  reauthorizationRequested: /*i18n*/ {
    id: "timeline.reauthorization_requested",
    message: "The Maison team asked you to authorise the hold again",
  },
  paymentCaptured: /*i18n*/ { id: "timeline.payment_captured", message: "Payment taken from the hold" },
  paymentCapturedAmount: /*i18n*/ {
    id: "timeline.payment_captured_amount",
    message: "Payment of {amount} taken from the hold",
  },
  holdReleased: /*i18n*/ { id: "timeline.hold_released", message: "The hold on your card was released" },
  holdReleasedAmount: /*i18n*/ {
    id: "timeline.hold_released_amount",
    message: "The hold of {amount} on your card was released",
  },
  /** A second authorisation that reached the card from a page the member's later choice replaced. */
  authorizationCancelledAmount: /*i18n*/ {
    id: "timeline.authorization_cancelled_amount",
    message: "A second authorisation of {amount} on your card was cancelled: only your current choice is held",
  },
  holdExpired: /*i18n*/ { id: "timeline.hold_expired", message: "The hold on your card expired" },
  holdExpiredAmount: /*i18n*/ {
    id: "timeline.hold_expired_amount",
    message: "The hold of {amount} on your card expired",
  },
  paymentRefunded: /*i18n*/ { id: "timeline.payment_refunded", message: "Refund to your card" },
  paymentRefundedAmount: /*i18n*/ {
    id: "timeline.payment_refunded_amount",
    message: "Refund of {amount} to your card",
  },
  delivered: /*i18n*/ { id: "timeline.delivered", message: "The Maison team recorded the delivery" },
  receiptConfirmed: /*i18n*/ { id: "timeline.receipt_confirmed", message: "You confirmed receipt" },
  problemReported: /*i18n*/ { id: "timeline.problem_reported", message: "You reported a problem with the delivery" },
  balanceSent: /*i18n*/ { id: "timeline.balance_sent", message: "The Maison team sent you the balance invoice" },
  balanceSentAmount: /*i18n*/ {
    id: "timeline.balance_sent_amount",
    message: "The Maison team sent you the balance invoice: {amount}",
  },
  balanceReceivedAmount: /*i18n*/ {
    id: "timeline.balance_received_amount",
    message: "Payment of {amount} received on your balance invoice",
  },
  balancePaid: /*i18n*/ { id: "timeline.balance_paid", message: "Paid in full" },
  balancePaidAmount: /*i18n*/ { id: "timeline.balance_paid_amount", message: "Paid in full: {amount}" },
  balanceVoided: /*i18n*/ { id: "timeline.balance_voided", message: "The balance invoice was cancelled" },
  changedBudget: /*i18n*/ { id: "timeline.changed_budget", message: "You changed the budget" },
  changedNotes: /*i18n*/ { id: "timeline.changed_notes", message: "You changed the notes" },
  changedUrgency: /*i18n*/ { id: "timeline.changed_urgency", message: "You changed the urgency" },
  changedDeadline: /*i18n*/ { id: "timeline.changed_deadline", message: "You changed the deadline" },
} satisfies Record<string, { id: string; message: string }>;

type TimelineTextName = keyof typeof TIMELINE_TEXTS;
/** A timeline text: its name, and the amount (in cents) it says, if any. */
export interface TimelineText {
  key: string;
  message: string;
  amountCents?: number;
}

const STATUS_TEXT: Record<RequestStatus, TimelineTextName> = {
  New: "statusNew",
  Sourcing: "statusSourcing",
  Quoted: "statusQuoted",
  Found: "statusFound",
  Delivered: "statusDelivered",
  Failed: "statusFailed",
  Withdrawn: "statusWithdrawn",
};

const CHANGED_FIELD: Record<string, TimelineTextName> = {
  budget: "changedBudget",
  notes: "changedNotes",
  urgency: "changedUrgency",
  deadline: "changedDeadline",
};

const text = (name: TimelineTextName): TimelineText => ({
  key: TIMELINE_TEXTS[name].id,
  message: TIMELINE_TEXTS[name].message,
});
/** The text with the entry's amount, or without one when the entry has none. */
const withAmount =
  (plain: TimelineTextName, amount: TimelineTextName) =>
  (details: Details): TimelineText =>
    typeof details?.amountCents === "number" ? { ...text(amount), amountCents: details.amountCents } : text(plain);

/** The member-visible actions, each with its text. */
const TEXTS: Record<string, (details: Details, actor: TimelineActor) => TimelineText | null> = {
  created: () => text("created"),
  status_changed: (details, actor) => {
    const to = details?.to as RequestStatus | undefined;
    if (!to || !Object.hasOwn(STATUS_TEXT, to)) return null;
    if (to === "Found" && actor === "you") return text("acceptedOption");
    return text(STATUS_TEXT[to]);
  },
  attachment_added: () => text("attachmentAdded"),
  attachment_replaced: () => text("attachmentReplaced"),
  quote_sent: () => text("quoteSent"),
  quote_declined: () => text("quoteDeclined"),
  hold_placed: withAmount("holdPlaced", "holdPlacedAmount"),
  reauthorization_requested: () => text("reauthorizationRequested"),
  payment_captured: withAmount("paymentCaptured", "paymentCapturedAmount"),
  hold_released: withAmount("holdReleased", "holdReleasedAmount"),
  hold_expired: withAmount("holdExpired", "holdExpiredAmount"),
  authorization_cancelled: withAmount("authorizationCancelledAmount", "authorizationCancelledAmount"),
  payment_refunded: withAmount("paymentRefunded", "paymentRefundedAmount"),
  delivered: () => text("delivered"),
  receipt_confirmed: () => text("receiptConfirmed"),
  problem_reported: () => text("problemReported"),
  balance_invoice_sent: withAmount("balanceSent", "balanceSentAmount"),
  balance_payment_received: withAmount("balanceReceivedAmount", "balanceReceivedAmount"),
  balance_paid: withAmount("balancePaid", "balancePaidAmount"),
  balance_invoice_voided: () => text("balanceVoided"),
  request_changed: (details) => {
    const field = typeof details?.field === "string" ? CHANGED_FIELD[details.field] : undefined;
    return field ? text(field) : null;
  },
};

/** A timeline text's English, as the API answers it (the client writes it again in the reader's language). */
export function timelineEnglish(entry: TimelineText): string {
  return entry.amountCents === undefined
    ? entry.message
    : fill(entry.message, { amount: formatEuro(entry.amountCents / 100, "en") });
}

/** The actions a member's timeline shows; every other action stays with the staff. */
export const MEMBER_TIMELINE_ACTIONS: readonly string[] = Object.keys(TEXTS);

/** The member's text for an activity entry, or null when it is not theirs to see. */
export function memberTimelineText(action: string, details: Details, actor: TimelineActor): TimelineText | null {
  const make = Object.hasOwn(TEXTS, action) ? TEXTS[action] : undefined;
  return make ? make(details, actor) : null;
}
