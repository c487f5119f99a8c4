/**
 * Who is calling: the session from better-auth, then role and membership from our tables. Every route asks
 * through these helpers, so the rules (signed in, active membership, staff) live in one place.
 */
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasActiveSubscription } from "@/shared/plans";
import { isStaffRole, type Role, strongestRole } from "@/shared/roles";
import type { Database } from "../db";
import { subscriptions, userRoles } from "../db/schema";
import { forbidden, unauthorized } from "../http/errors";
import type { Auth } from "./auth";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface Viewer {
  userId: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
  emailVerified: boolean;
  /** When this session was signed in (recent sign-in stands in for a password on destructive actions). */
  sessionCreatedAt: Date;
  role: Role;
  isStaff: boolean;
  subscription: SubscriptionRow | null;
}

export const MEMBERSHIP_REQUIRED =
  "To access the product, you need an active membership. Choose a plan to get started.";
export const STAFF_ONLY = "This area is reserved for the Maison team.";
export const ADMIN_ONLY = "This area is reserved for administrators.";

export async function loadRoleAndSubscription(db: Database, userId: string) {
  const [roles, [subscription]] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1),
  ]);
  return { role: strongestRole(roles.map((r) => r.role)), subscription: subscription ?? null };
}

declare module "fastify" {
  interface FastifyRequest {
    /** The caller, loaded once per request on first use. */
    viewer(): Promise<Viewer | null>;
  }
}

/** Wires request.viewer() into every request of the app. */
export function installViewer(app: FastifyInstance, deps: { auth: Auth; db: Database }) {
  app.decorateRequest("viewer", null as unknown as () => Promise<Viewer | null>);
  app.addHook("onRequest", async (request, reply) => {
    let pending: Promise<Viewer | null> | null = null;
    request.viewer = () => {
      pending ??= loadViewer(deps, request, reply);
      return pending;
    };
  });
}

async function loadViewer(
  deps: { auth: Auth; db: Database },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Viewer | null> {
  if (!request.headers.cookie) return null;
  const { viewer, setCookie } = await resolveViewer(deps, fromNodeHeaders(request.headers));
  // A session that slid forward comes back with a refreshed cookie.
  if (setCookie.length) reply.header("set-cookie", setCookie);
  return viewer;
}

/** The viewer a request's headers (its session cookie) stand for now, or null; also used to re-check streams. */
export async function resolveViewer(
  deps: { auth: Auth; db: Database },
  headers: Headers,
): Promise<{ viewer: Viewer | null; setCookie: string[] }> {
  const { headers: responseHeaders, response: session } = await deps.auth.api.getSession({
    headers,
    returnHeaders: true,
  });
  const setCookie = responseHeaders.getSetCookie();
  if (!session) return { viewer: null, setCookie };
  const { role, subscription } = await loadRoleAndSubscription(deps.db, session.user.id);
  const viewer: Viewer = {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    emailVerified: Boolean(session.user.emailVerified),
    sessionCreatedAt: new Date(session.session.createdAt),
    role,
    isStaff: isStaffRole(role),
    subscription,
  };
  return { viewer, setCookie };
}

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

/** 403 unless admin. */
export async function requireAdmin(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (viewer.role !== "admin") throw forbidden(ADMIN_ONLY, "admin_only");
  return viewer;
}

/** 403 unless staff or admin. */
export async function requireStaff(request: FastifyRequest): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!viewer.isStaff) throw forbidden(STAFF_ONLY, "staff_only");
  return viewer;
}
