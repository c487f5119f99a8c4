/**
 * Access policies: every rule about who may do what, in one module. Routes call the `require…` guards (they
 * throw the API's 401/403 with the message a person reads); services and the realtime stream ask the `can…`
 * predicates. A new feature adds its record- and plan-level rules here, with their tests.
 */
import type { FastifyRequest } from "fastify";
import type { NotificationChannel } from "@/shared/contracts/notifications";
import { ERRORS } from "@/shared/messages";
import { hasActiveSubscription, hasConcierge, hasReachedMonthlyLimit, monthlyRequestLimit } from "@/shared/plans";
import { forbidden, unauthorized } from "../http/errors";
import type { Viewer } from "./viewer";

export const MEMBERSHIP_REQUIRED = ERRORS.membershipRequired;
export const STAFF_ONLY = ERRORS.staffOnly;
export const ADMIN_ONLY = ERRORS.adminOnly;
export const PAID_PLAN_REQUIRED = ERRORS.paidPlanRequired;
export const CONCIERGE_PLAN_REQUIRED = ERRORS.conciergePlanRequired;

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
    throw forbidden(MEMBERSHIP_REQUIRED, "membership_required");
  }
  return viewer;
}

/** 403 unless staff or admin. */
export async function requireStaff(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!viewer.isStaff) throw forbidden(STAFF_ONLY, "staff_only");
  return viewer;
}

/** 403 unless admin. */
export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (viewer.role !== "admin") throw forbidden(ADMIN_ONLY, "admin_only");
  return viewer;
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
    throw forbidden(feature === "concierge" ? CONCIERGE_PLAN_REQUIRED : PAID_PLAN_REQUIRED, "plan_required");
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

export const STAFF_CANNOT_CREATE = ERRORS.staffCannotCreate;
export const REQUESTS_PLAN_REQUIRED = ERRORS.requestsPlanRequired;

/** Requests the viewer may create a month (null: unlimited); staff create none (they manage them). */
export function monthlyRequestAllowance(viewer: Viewer): number | null {
  return viewer.isStaff ? 0 : monthlyRequestLimit(viewer.subscription);
}

/** 403 unless the viewer may create requests: a member (not staff) whose plan includes them. */
export function assertCanCreateRequests(viewer: Viewer): void {
  if (viewer.isStaff) throw forbidden(STAFF_CANNOT_CREATE, "staff_cannot_create");
  if (!hasPlanFeature(viewer, "create-requests")) throw forbidden(REQUESTS_PLAN_REQUIRED, "plan_required");
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

/** A request (or anything owned by a member) is seen by its owner and by staff. */
export function canSeeOwned(viewer: Viewer, record: { userId: string }): boolean {
  return viewer.isStaff || record.userId === viewer.userId;
}
export const canSeeRequest = canSeeOwned;

/** Who receives a realtime event: its user, and every staff member for "staff" or an event marked for staff. */
export function canReceiveEvent(viewer: Viewer, event: { audience: string; staff?: boolean }): boolean {
  return event.audience === viewer.userId || ((event.audience === "staff" || Boolean(event.staff)) && viewer.isStaff);
}
