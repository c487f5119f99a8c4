/** Sourcing requests: categories, statuses, transitions and urgency (spec sections 3 and 4). */

export const REQUEST_CATEGORIES = ["Fashion", "Autos", "Real Estate", "Experiences", "Other"] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];

/** Withdrawn (issue 22): the member withdrew it while New or Sourcing; it keeps its history, unlike a deletion. */
export const REQUEST_STATUSES = ["New", "Sourcing", "Quoted", "Found", "Delivered", "Failed", "Withdrawn"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const URGENCIES = ["Low", "Medium", "High"] as const;
export type Urgency = (typeof URGENCIES)[number];
export const DEFAULT_URGENCY: Urgency = "Medium";

/** Statuses counted as Active on the dashboard. */
export const ACTIVE_STATUSES: readonly RequestStatus[] = ["New", "Sourcing", "Quoted"];

/** While New or Sourcing the member may change a request's budget, notes, urgency and deadline, or withdraw it. */
export const MEMBER_EDITABLE_STATUSES: readonly RequestStatus[] = ["New", "Sourcing"];
export const isMemberEditable = (status: RequestStatus) => MEMBER_EDITABLE_STATUSES.includes(status);

/** The fields a member may change (issue 22 item 7), as the activity log names them. */
export const EDITABLE_FIELDS = ["budget", "notes", "urgency", "deadline"] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

export function isActiveStatus(status: RequestStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

/**
 * The admin's quick actions: New to Sourcing, Sourcing to Quoted, Quoted to Found, and any status to Failed.
 * Nothing in the product sets Delivered, and a request already Failed (or Withdrawn) stays so.
 */
const FORWARD: Partial<Record<RequestStatus, RequestStatus>> = {
  New: "Sourcing",
  Sourcing: "Quoted",
  Quoted: "Found",
};

export function allowedTransitions(from: RequestStatus): RequestStatus[] {
  const next = FORWARD[from];
  const targets: RequestStatus[] = next ? [next] : [];
  // Failed is final, and a Withdrawn request is the member's decision: staff move neither.
  if (from !== "Failed" && from !== "Withdrawn") targets.push("Failed");
  return targets;
}

export function canTransition(from: RequestStatus, to: RequestStatus): boolean {
  return allowedTransitions(from).includes(to);
}

export const INQUIRY_STATUSES = ["open", "responded", "closed"] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const CONCIERGE_SENDER_ROLES = ["user", "admin"] as const;
export type ConciergeSenderRole = (typeof CONCIERGE_SENDER_ROLES)[number];

/** Number of recent requests on the dashboard (the counters count all requests: decision 010). */
export const DASHBOARD_RECENT_LIMIT = 5;

// The card hold follows the accepted quote's price, not the budget: holdAmountCents in quotes.ts (decision 018).
