/**
 * Access policies: every rule about who may do what, in one module. `serve()` calls the `require…` guards of an
 * endpoint's access (they throw the API's 401/403 with the message a person reads); services call `authorize`
 * with a named rule on a record (`request:read`, `request:change:own`, `concierge:write:own`…) and the realtime
 * stream asks the `can…` predicates. Another member's record is never refused with 403: it answers 404 with the
 * same body as a missing one (decision 038). A new feature adds its rules here; the authorization matrix
 * (authorization.test.ts) proves them route by route.
 */
import type { FastifyRequest } from "fastify";
import { BILLING_ERROR_TEXTS } from "@/shared/contracts/billing-texts";
import { ERRORS } from "@/shared/contracts/common-texts";
import { CONCIERGE_ERRORS } from "@/shared/contracts/concierge-texts";
import type { NotificationChannel } from "@/shared/contracts/notifications";
import { NOTIFICATION_ERRORS } from "@/shared/contracts/notifications-texts";
import { BALANCE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { hasActiveSubscription, hasConcierge, hasReachedMonthlyLimit, monthlyRequestLimit } from "@/shared/plans";
import { type ErrorText, forbidden, type HttpError, notFound, unauthorized } from "../http/errors";
import type { Viewer } from "./viewer";

/** 401 unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw unauthorized();
  return viewer;
}

/** 403 unless the caller has an active membership; staff and admin bypass plan checks. */
export async function requireMember(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!viewer.isStaff && !hasActiveSubscription(viewer.subscription)) {
    throw forbidden(ERRORS.membershipRequired, "membership_required");
  }
  assertTwoFactorSetUp(viewer);
  return viewer;
}

/** 403 unless staff or admin. */
export async function requireStaff(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!viewer.isStaff) throw forbidden(ERRORS.staffOnly, "staff_only");
  assertTwoFactorSetUp(viewer);
  return viewer;
}

/** 403 unless admin. */
export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (viewer.role !== "admin") throw forbidden(ERRORS.adminOnly, "admin_only");
  assertTwoFactorSetUp(viewer);
  return viewer;
}

/** How long a second factor counts as fresh for capturing, refunding and changing roles (decision 050). */
export const FRESH_SECOND_FACTOR_MS = 15 * 60_000;

/** Whether a staff member must set two-factor up before anything else: the team requires it and they have none. */
export const needsTwoFactorSetup = (viewer: Viewer): boolean =>
  viewer.isStaff && viewer.twoFactorRequired && !viewer.twoFactorEnabled;

/**
 * 403 `two_factor_setup_required` for a staff member without two-factor while the team requires it: every staff
 * route (and the member routes staff pass) refuses until it is set up; the client sends them to the setup page.
 */
export function assertTwoFactorSetUp(viewer: Viewer): void {
  if (needsTwoFactorSetup(viewer)) throw forbidden(ERRORS.twoFactorSetupRequired, "two_factor_setup_required");
}

/**
 * 403 `second_factor_required` unless this session proved a second factor in the last 15 minutes, for those who
 * have one (or must): capturing, refunding and changing roles. The client asks for a code and tries again.
 */
export function assertFreshSecondFactor(viewer: Viewer, now = Date.now()): void {
  if (!viewer.twoFactorEnabled && !viewer.twoFactorRequired) return;
  const at = viewer.secondFactorAt?.getTime();
  if (at === undefined || now - at > FRESH_SECOND_FACTOR_MS) {
    throw forbidden(ERRORS.secondFactorRequired, "second_factor_required");
  }
}

/** Plan features a member may lack. */
export type PlanFeature = "create-requests" | "concierge";

/** Whether the viewer's plan includes a feature (staff are not members: they use the admin side). */
export function hasPlanFeature(viewer: Viewer, feature: PlanFeature): boolean {
  if (feature === "concierge") return hasConcierge(viewer.subscription);
  return (monthlyRequestLimit(viewer.subscription) ?? 1) !== 0;
}

/** 403 unless the viewer's plan includes the feature. */
export async function requirePlanFeature(request: FastifyRequest, feature: PlanFeature): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!hasPlanFeature(viewer, feature)) {
    throw forbidden(
      feature === "concierge" ? CONCIERGE_ERRORS.conciergePlanRequired : ERRORS.paidPlanRequired,
      "plan_required",
    );
  }
  return viewer;
}

/**
 * Whether staff may open or write a member's concierge thread: the member has the plan (Gold or Black), or has
 * history there (a downgraded member keeps reading it). Never a staff member's own id.
 */
export function hasConciergeThread(member: Viewer, hasHistory: boolean): boolean {
  return !member.isStaff && (hasPlanFeature(member, "concierge") || hasHistory);
}

/** Whether the viewer has used up this month's requests (`used`: created since the month began). */
export function reachedMonthlyRequestLimit(viewer: Viewer, used: number): boolean {
  return hasReachedMonthlyLimit(viewer.subscription, used);
}

/** Requests the viewer may create a month (null: unlimited); staff create none (they manage them). */
export function monthlyRequestAllowance(viewer: Viewer): number | null {
  return viewer.isStaff ? 0 : monthlyRequestLimit(viewer.subscription);
}

/** 403 unless the viewer may create requests: a member (not staff) whose plan includes them. */
export function assertCanCreateRequests(viewer: Viewer): void {
  if (viewer.isStaff) throw forbidden(REQUEST_ERRORS.staffCannotCreate, "staff_cannot_create");
  if (!hasPlanFeature(viewer, "create-requests")) throw forbidden(REQUEST_ERRORS.requestsPlanRequired, "plan_required");
}

/** 403 once the viewer has used up this month's requests (`used`: created since the month began). */
export function assertUnderMonthlyLimit(viewer: Viewer, used: number): void {
  if (reachedMonthlyRequestLimit(viewer, used)) throw forbidden(REQUEST_ERRORS.limitReached, "monthly_limit");
}

/** A member whose plan includes the concierge writes to it; staff answer from the inbox. */
export function canWriteConcierge(viewer: Viewer): boolean {
  return !viewer.isStaff && hasPlanFeature(viewer, "concierge");
}

/** Whose unread concierge messages count in the viewer's badge: staff, the members'; a member, the replies. */
export function conciergeBadgeScope(viewer: Viewer): "members" | "own" | null {
  if (viewer.isStaff) return "members";
  return hasPlanFeature(viewer, "concierge") ? "own" : null;
}

/** Members change their email and push channels only (and push's preview): Slack and SMS go to the team. */
export function canChangeChannel(viewer: Viewer, channel: NotificationChannel): boolean {
  return channel === "email" || channel === "push" || channel === "pushPreview" || viewer.isStaff;
}

/** Who receives a realtime event: its user, and every staff member for "staff" or an event marked for staff. */
export function canReceiveEvent(viewer: Viewer, event: { audience: string; staff?: boolean }): boolean {
  return event.audience === viewer.userId || ((event.audience === "staff" || Boolean(event.staff)) && viewer.isStaff);
}

// A member's records ------------------------------------------------------------------------------------------

/** A record a member owns: a request (and what hangs on it: its thread, files, quote and timeline). */
type Owned = { userId: string };
const isOwner = (viewer: Viewer, record: Owned | null): boolean => record?.userId === viewer.userId;
/** Whether the viewer is the record's member (a message on their request is the member's, not the team's). */
export const owns = (viewer: Viewer, record: Owned): boolean => isOwner(viewer, record);
const ownerOrStaff = (viewer: Viewer, record: Owned | null): boolean =>
  record !== null && (viewer.isStaff || isOwner(viewer, record));

/**
 * What a request the viewer may not have answers (decision 038): 404, whether it is another member's or there is
 * none, so its existence is never revealed. A member reads the spec's "You do not have permission to view this
 * request" (section 6: the page shows it and goes back to /requests); staff, who see every request, "Request
 * not found".
 */
export const requestNotFound = (viewer: Viewer): HttpError =>
  notFound(viewer.isStaff ? ERRORS.requestNotFound : REQUEST_ERRORS.noPermission);

/** A named rule: whom it allows, and what anyone else (or a missing record: null) is answered. */
interface Rule<R> {
  allows: (viewer: Viewer, record: R | null) => boolean;
  refusal: (viewer: Viewer, record: R | null) => HttpError;
}
const rule = <R>(allows: Rule<R>["allows"], refusal: Rule<R>["refusal"]): Rule<R> => ({ allows, refusal });
const hidden = (text: ErrorText) => (): HttpError => notFound(text);

/** A record billed to a payment customer, with the viewer's own customer (null when they have none). */
type Billed = { customer: string | null; viewersCustomer: string | null };
const isBilledTo = (_viewer: Viewer, record: Billed | null): boolean =>
  record !== null && record.customer !== null && record.customer === record.viewersCustomer;

/** The facts the concierge's rules read: the member's plan (the viewer's own, or the member staff open). */
export type ConciergeThread = { member: Viewer; hasHistory: boolean };

/**
 * Every rule on a record, by name: `<record>:<action>` for its member and staff, `…:own` for its member only.
 * Anyone refused who could not see the record is told it does not exist (404, the same answer as for none).
 */
export const RULES = {
  /** A request, its attachment, its thread (read, post, read marks, files) and its quote: its member and staff. */
  "request:read": rule<Owned>(ownerOrStaff, requestNotFound),
  /** Deleting a request: its member and staff (spec section 6). */
  "request:delete": rule<Owned>(ownerOrStaff, requestNotFound),
  /** The member's timeline of their request: its member only (staff read the activity log). */
  "request:read:own": rule<Owned>(isOwner, requestNotFound),
  /** Changing or withdrawing a request, and the member's side of its quote (accepting, declining, confirming…). */
  "request:change:own": rule<Owned>(isOwner, requestNotFound),
  /** Attaching a file: its member only; staff, who see the request, are refused (403) rather than told it is gone. */
  "request:attach:own": rule<Owned>(isOwner, (viewer, record) =>
    record && viewer.isStaff ? forbidden(REQUEST_ERRORS.notYourRequest, "not_yours") : requestNotFound(viewer),
  ),
  /** A photo of a request's quote: staff; its member once a sent quote or the delivery shows it (a draft's: never). */
  "quote-file:read": rule<{ shownToMember: boolean }>(
    (viewer, file) => file !== null && (viewer.isStaff || file.shownToMember),
    hidden(ERRORS.fileNotFound),
  ),
  /** The member's own concierge thread: with the plan (Gold or Black), or history there to read. */
  "concierge:read:own": rule<ConciergeThread>(
    (viewer, thread) => thread?.member.userId === viewer.userId && (canWriteConcierge(viewer) || thread.hasHistory),
    () => forbidden(CONCIERGE_ERRORS.conciergePlanRequired, "plan_required"),
  ),
  /** Writing, uploading and typing in it: with the plan only. */
  "concierge:write:own": rule<ConciergeThread>(
    (viewer, thread) => thread?.member.userId === viewer.userId && canWriteConcierge(viewer),
    () => forbidden(CONCIERGE_ERRORS.conciergePlanRequired, "plan_required"),
  ),
  /** Staff open and write a member's thread when the member may have one (hasConciergeThread); else 404. */
  "concierge:thread": rule<ConciergeThread>(
    (viewer, thread) => thread !== null && viewer.isStaff && hasConciergeThread(thread.member, thread.hasHistory),
    hidden(CONCIERGE_ERRORS.memberNotFound),
  ),
  /** A notification channel's preference: members email and push only; Slack and SMS are the team's. */
  "notification-channel:change": rule<{ channel: NotificationChannel }>(
    (viewer, record) => record !== null && canChangeChannel(viewer, record.channel),
    () => forbidden(NOTIFICATION_ERRORS.staffChannelOnly, "staff_only"),
  ),
  /** A staff member's photo (issue 34 item 1): to anyone signed in; anyone else's id is as if it had none. */
  "staff-photo:read": rule<{ isStaff: boolean; photoKey: string | null }>(
    (_viewer, person) => Boolean(person?.isStaff && person.photoKey !== null),
    hidden(ERRORS.fileNotFound),
  ),
  /** A test-mode checkout page: the member who opened it; anyone else is told it does not exist. */
  "checkout:read:own": rule<Owned>(isOwner, hidden(BILLING_ERROR_TEXTS.checkoutSessionNotFound)),
  /** A test-mode card page for a hold: its member only. */
  "card-page:read:own": rule<Owned>(isOwner, hidden(BILLING_ERROR_TEXTS.cardPageNotFound)),
  /** A balance invoice billed to a payment customer: that customer's member only. */
  "invoice:read:own": rule<Billed>(isBilledTo, hidden(BALANCE_MESSAGES.invoiceNotFound)),
  /** A test-mode receipt: the member of the customer it was made for only. */
  "receipt:read:own": rule<Billed>(isBilledTo, hidden(BILLING_ERROR_TEXTS.receiptNotFound)),
} as const;

export type RuleName = keyof typeof RULES;
type RecordOf<N extends RuleName> = (typeof RULES)[N] extends Rule<infer R> ? R : never;

/** The record, if the rule allows it to the viewer; otherwise throws the rule's answer (404 for another's). */
export function authorize<N extends RuleName, T extends RecordOf<N>>(
  name: N,
  viewer: Viewer,
  record: T | null | undefined,
): T {
  const policy = RULES[name] as Rule<RecordOf<N>>;
  if (!record || !policy.allows(viewer, record)) throw policy.refusal(viewer, record ?? null);
  return record;
}

/** Whose request messages count in the viewer's unread badge: staff, everyone's; a member, their requests'. */
export function requestBadgeScope(viewer: Viewer): "all" | "own" {
  return viewer.isStaff ? "all" : "own";
}
