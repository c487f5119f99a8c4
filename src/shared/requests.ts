/** Sourcing requests: categories, statuses, transitions and urgency (spec sections 3 and 4). */
export const REQUEST_CATEGORIES = ["Fashion", "Autos", "Real Estate", "Experiences", "Other"] as const;
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number];

export const REQUEST_STATUSES = ["New", "Sourcing", "Quoted", "Found", "Delivered", "Failed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const URGENCIES = ["Low", "Medium", "High"] as const;
export type Urgency = (typeof URGENCIES)[number];
export const DEFAULT_URGENCY: Urgency = "Medium";

/** Statuses counted as Active on the dashboard. */
export const ACTIVE_STATUSES: readonly RequestStatus[] = ["New", "Sourcing", "Quoted"];

export function isActiveStatus(status: RequestStatus): boolean {
  return ACTIVE_STATUSES.includes(status);
}

/**
 * The admin's quick actions: New to Sourcing, Sourcing to Quoted, Quoted to Found, and any status to Failed.
 * Nothing in the product sets Delivered, and a request already Failed stays Failed.
 */
const FORWARD: Partial<Record<RequestStatus, RequestStatus>> = {
  New: "Sourcing",
  Sourcing: "Quoted",
  Quoted: "Found",
};

export function allowedTransitions(from: RequestStatus): RequestStatus[] {
  const next = FORWARD[from];
  const targets: RequestStatus[] = next ? [next] : [];
  if (from !== "Failed") targets.push("Failed");
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

/** The refundable authorization hold on a request: 10 % of its budget, in euro, to the cent. */
export const AUTHORIZATION_HOLD_RATE = 0.1;
export function authorizationHoldEur(budgetEur: number): number {
  return Math.round(budgetEur * AUTHORIZATION_HOLD_RATE * 100) / 100;
}
