/**
 * The member's timeline of a request (issue 22, item 8): what happened, from the activity log, in the member's
 * words. An explicit allow-list: an action not named here (a draft quote, an internal note, an assignment, a
 * message, anything added later) never reaches the member, and of an entry's details only the amounts and the new
 * status are read. Staff are always 'The Maison team', never a name.
 */
import { formatEuro } from "./format";
import type { Locale } from "./locales";
import type { RequestStatus } from "./requests";
import { fill, type Keyed, keyed } from "./texts";

/** Who did it, as the member reads it. */
export type TimelineActor = "you" | "team" | "system";
export const TIMELINE_ACTORS = ["you", "team", "system"] as const;

/** The actors' names, keyed (decision 028): shown with `sharedText(label)`. */
const ACTOR = keyed({
  you: /*i18n*/ { id: "timeline.actor.you", message: "You" },
  team: /*i18n*/ { id: "timeline.actor.team", message: "The Maison team" },
});
export const TIMELINE_ACTOR_LABELS: Record<TimelineActor, string | null> = {
  you: ACTOR.you,
  team: ACTOR.team,
  system: null,
};

/**
 * The timeline's texts, keyed (decision 028): the server answers with the English and the key (and the amount,
 * written in the reader's language); the client says the key's translation.
 */
export const TIMELINE_TEXTS = {
  statusNew: /*i18n*/ { id: "timeline.status.new", message: "Your request is New again" },
  statusSourcing: /*i18n*/ {
    id: "timeline.status.sourcing",
    message: "The Maison team picked up your request: Sourcing",
  },
  statusQuoted: /*i18n*/ { id: "timeline.status.quoted", message: "Your request is Quoted" },
  statusFound: /*i18n*/ { id: "timeline.status.found", message: "Your request is Found" },
  statusDelivered: /*i18n*/ { id: "timeline.status.delivered", message: "Your request is Delivered" },
  statusFailed: /*i18n*/ { id: "timeline.status.failed", message: "Your request could not be fulfilled" },
  statusWithdrawn: /*i18n*/ { id: "timeline.status.withdrawn", message: "You withdrew your request" },
  acceptedFound: /*i18n*/ { id: "timeline.accepted_found", message: "You accepted an option: Found" },
  created: /*i18n*/ { id: "timeline.created", message: "You submitted your request" },
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
  problemReported: /*i18n*/ {
    id: "timeline.problem_reported",
    message: "You reported a problem with the delivery",
  },
  changedBudget: /*i18n*/ { id: "timeline.changed_budget", message: "You changed the budget" },
  changedNotes: /*i18n*/ { id: "timeline.changed_notes", message: "You changed the notes" },
  changedUrgency: /*i18n*/ { id: "timeline.changed_urgency", message: "You changed the urgency" },
  changedDeadline: /*i18n*/ { id: "timeline.changed_deadline", message: "You changed the deadline" },
} satisfies Record<string, Keyed>;

type Details = Record<string, unknown> | null;
const T = TIMELINE_TEXTS;

const STATUS_TEXT: Record<RequestStatus, Keyed> = {
  New: T.statusNew,
  Sourcing: T.statusSourcing,
  Quoted: T.statusQuoted,
  Found: T.statusFound,
  Delivered: T.statusDelivered,
  Failed: T.statusFailed,
  Withdrawn: T.statusWithdrawn,
};

const CHANGED_FIELD: Record<string, Keyed> = {
  budget: T.changedBudget,
  notes: T.changedNotes,
  urgency: T.changedUrgency,
  deadline: T.changedDeadline,
};

/** A text with the entry's amount when it has one (formatted where the text is written, in its language). */
const withAmount =
  (plain: Keyed, amounted: Keyed) =>
  (details: Details): Keyed =>
    typeof details?.amountCents === "number" ? { ...amounted, values: { amountCents: details.amountCents } } : plain;

/** The member-visible actions, each with its text. */
const TEXTS: Record<string, (details: Details, actor: TimelineActor) => Keyed | null> = {
  created: () => T.created,
  status_changed: (details, actor) => {
    const to = details?.to as RequestStatus | undefined;
    if (!to || !(to in STATUS_TEXT)) return null;
    if (to === "Found" && actor === "you") return T.acceptedFound;
    return STATUS_TEXT[to];
  },
  attachment_added: () => T.attachmentAdded,
  attachment_replaced: () => T.attachmentReplaced,
  quote_sent: () => T.quoteSent,
  quote_declined: () => T.quoteDeclined,
  hold_placed: withAmount(T.holdPlaced, T.holdPlacedAmount),
  reauthorization_requested: () => T.reauthorizationRequested,
  payment_captured: withAmount(T.paymentCaptured, T.paymentCapturedAmount),
  hold_released: withAmount(T.holdReleased, T.holdReleasedAmount),
  hold_expired: withAmount(T.holdExpired, T.holdExpiredAmount),
  payment_refunded: withAmount(T.paymentRefunded, T.paymentRefundedAmount),
  delivered: () => T.delivered,
  receipt_confirmed: () => T.receiptConfirmed,
  problem_reported: () => T.problemReported,
  request_changed: (details) => {
    const field = typeof details?.field === "string" ? CHANGED_FIELD[details.field] : undefined;
    return field ?? null;
  },
};

/** The actions a member's timeline shows; every other action stays with the staff. */
export const MEMBER_TIMELINE_ACTIONS: readonly string[] = Object.keys(TEXTS);

/**
 * The member's text for an activity entry, keyed, or null when it is not theirs to see: its key and its values
 * (the amount written in `locale`), and its English (the amount in English).
 */
export function memberTimelineEntry(
  action: string,
  details: Details,
  actor: TimelineActor,
  locale: Locale = "en",
): { text: string; key: string; params?: Record<string, string> } | null {
  const text = Object.hasOwn(TEXTS, action) ? TEXTS[action]?.(details, actor) : undefined;
  if (!text) return null;
  const cents = text.values?.amountCents;
  if (typeof cents !== "number") return { text: text.message, key: text.id };
  return {
    text: fill(text.message, { amount: formatEuro(cents / 100, "en") }),
    key: text.id,
    params: { amount: formatEuro(cents / 100, locale) },
  };
}

/** The member's English text for an activity entry, or null when it is not theirs to see. */
export function memberTimelineText(action: string, details: Details, actor: TimelineActor): string | null {
  return memberTimelineEntry(action, details, actor)?.text ?? null;
}
