/**
 * The requests domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts), beside its
 * contract (./requests.ts): the server answers with them, the client shows their translation. Words other domains
 * say too are in ./common-texts.ts. Zod-free, so a page can import it without zod. A new text gets an id under
 * its group's prefix, then `npm run i18n:extract` and its Portuguese in src/shared/locales/pt-PT.po.
 */
import { type Keyed, keyed } from "../texts";

/** What the server answers when it refuses, in the requests domain (spec section 8, and its rules). */
export const REQUEST_ERROR_TEXTS = {
  staffCannotCreate: /*i18n*/ {
    id: "error.staff_cannot_create",
    message: "Access Restricted: staff and admins manage requests from the admin area.",
  },
  requestsPlanRequired: /*i18n*/ {
    id: "error.requests_plan_required",
    message: "A paid membership (Silver, Gold or Black) is required to create requests.",
  },
  noPermission: /*i18n*/ { id: "error.no_permission", message: "You do not have permission to view this request" },
  limitReached: /*i18n*/ {
    id: "error.limit_reached",
    message: "You have reached your monthly request limit. Please upgrade your plan or wait until next month.",
  },
  transitionRefused: /*i18n*/ { id: "error.transition_refused", message: "This status change is not allowed." },
  messageNotFound: /*i18n*/ { id: "error.message_not_found", message: "Message not found" },
  notYourRequest: /*i18n*/ {
    id: "error.not_your_request",
    message: "Only the member who made this request can attach a file to it.",
  },
  noAttachment: /*i18n*/ { id: "error.no_attachment", message: "This request has no attachment." },
  /** A request reaches Quoted only by sending a quote (decision 030). */
  quotedBySending: /*i18n*/ {
    id: "quotes.quoted_by_sending",
    message: "A request becomes Quoted when a quote is sent. Write and send a quote instead.",
  },
  /** A request on which a card hold was authorised keeps its records (issue 30 item 4). */
  moneyMoved: /*i18n*/ {
    id: "quotes.money_moved",
    message: "This request cannot be deleted: a card hold was authorised on it.",
  },
  /** Staff's quick action Quoted → Found while the member is on the card page. */
  awaitingCard: /*i18n*/ { id: "quotes.awaiting_card", message: "Waiting for the member's card authorisation" },
} satisfies Record<string, Keyed>;
export const REQUEST_ERRORS = keyed(REQUEST_ERROR_TEXTS);

/** A request's changes by its member (issue 22 item 7). */
export const REQUEST_CHANGE_TEXTS = {
  /** Quoted and after (and Failed): the member writes to the team instead. */
  locked: /*i18n*/ { id: "requests.locked", message: "Once quoted, changes go through messages." },
  withdrawn: /*i18n*/ { id: "requests.withdrawn", message: "This request has been withdrawn." },
  /** A withdrawn request's thread stays readable; nobody writes on it any more. */
  threadClosed: /*i18n*/ {
    id: "requests.thread_closed",
    message: "This request has been withdrawn. Its messages stay here to read; the conversation is closed.",
  },
  deadlinePast: /*i18n*/ { id: "requests.deadline_past", message: "The deadline cannot be in the past." },
  nothingToChange: /*i18n*/ { id: "requests.nothing_to_change", message: "Change at least one field." },
} satisfies Record<string, Keyed>;
export const REQUEST_CHANGE_MESSAGES = keyed(REQUEST_CHANGE_TEXTS);
