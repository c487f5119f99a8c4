/**
 * Who is calling: the session from better-auth, then role and membership from our tables, loaded once per
 * request on first use. What the viewer may do is decided in ./policies.ts.
 */
import { fromNodeHeaders } from "better-auth/node";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isStaffRole, type Role, strongestRole } from "@/shared/roles";
import type { Database } from "../db";
import { subscriptions, userRoles } from "../db/schema";
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
