/**
 * The member's timeline of a request (issue 22, item 8): what happened, from the activity log, in the member's
 * words. An explicit allow-list: an action not named here (a draft quote, an internal note, an assignment, a
 * message, anything added later) never reaches the member, and of an entry's details only the amounts and the new
 * status are read. Staff are always 'The Maison team', never a name.
 */
import { formatEuro } from "./format";
import type { RequestStatus } from "./requests";

/** Who did it, as the member reads it. */
export type TimelineActor = "you" | "team" | "system";
export const TIMELINE_ACTORS = ["you", "team", "system"] as const;

export const TIMELINE_ACTOR_LABELS: Record<TimelineActor, string | null> = {
  you: "You",
  team: "The Maison team",
  system: null,
};

type Details = Record<string, unknown> | null;
const amount = (details: Details) =>
  typeof details?.amountCents === "number" ? ` of ${formatEuro(details.amountCents / 100)}` : "";

const STATUS_TEXT: Record<RequestStatus, string> = {
  New: "Your request is New again",
  Sourcing: "The Maison team picked up your request: Sourcing",
  Quoted: "Your request is Quoted",
  Found: "Your request is Found",
  Delivered: "Your request is Delivered",
  Failed: "Your request could not be fulfilled",
  Withdrawn: "You withdrew your request",
};

const CHANGED_FIELD: Record<string, string> = {
  budget: "the budget",
  notes: "the notes",
  urgency: "the urgency",
  deadline: "the deadline",
};

/** The member-visible actions, each with its text. */
const TEXTS: Record<string, (details: Details, actor: TimelineActor) => string | null> = {
  created: () => "You submitted your request",
  status_changed: (details, actor) => {
    const to = details?.to as RequestStatus | undefined;
    if (!to || !(to in STATUS_TEXT)) return null;
    if (to === "Found" && actor === "you") return "You accepted an option: Found";
    return STATUS_TEXT[to];
  },
  attachment_added: () => "You added an attachment",
  attachment_replaced: () => "You replaced the attachment",
  quote_sent: () => "The Maison team sent you a quote",
  quote_declined: () => "You declined the quote",
  hold_placed: (details) => `A hold${amount(details)} was placed on your card`,
  reauthorization_requested: () => "The Maison team asked you to authorise the hold again",
  payment_captured: (details) => `Payment${amount(details)} taken from the hold`,
  hold_released: (details) => `The hold${amount(details)} on your card was released`,
  hold_expired: (details) => `The hold${amount(details)} on your card expired`,
  payment_refunded: (details) => `Refund${amount(details)} to your card`,
  delivered: () => "The Maison team recorded the delivery",
  receipt_confirmed: () => "You confirmed receipt",
  problem_reported: () => "You reported a problem with the delivery",
  request_changed: (details) => {
    const field = typeof details?.field === "string" ? CHANGED_FIELD[details.field] : undefined;
    return field ? `You changed ${field}` : null;
  },
};

/** The actions a member's timeline shows; every other action stays with the staff. */
export const MEMBER_TIMELINE_ACTIONS: readonly string[] = Object.keys(TEXTS);

/** The member's text for an activity entry, or null when it is not theirs to see. */
export function memberTimelineText(action: string, details: Details, actor: TimelineActor): string | null {
  const text = Object.hasOwn(TEXTS, action) ? TEXTS[action] : undefined;
  return text ? text(details, actor) : null;
}
