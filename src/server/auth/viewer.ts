/**
 * Who is calling: the session from better-auth, then role and membership from our tables, loaded once per
 * request on first use. What the viewer may do is decided in ./policies.ts.
 */
import { constantTimeEqual, makeSignature } from "better-auth/crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Locale } from "@/shared/locales";
import { isStaffRole, type Role, strongestRole } from "@/shared/roles";
import type { Database } from "../db";
import { type Placeholders, prepared } from "../db/prepared";
import { profiles, securitySettings, sessions, subscriptions, userRoles, users } from "../db/schema";
import { type Auth, SESSION_DAYS, SESSION_UPDATE_AGE_MS } from "./auth";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface Viewer {
  userId: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean;
  emailVerified: boolean;
  /** The session the request came with; null for a user seen without one (viewerOfUser). */
  sessionId: string | null;
  /** When this session was signed in (recent sign-in stands in for a password on destructive actions). */
  sessionCreatedAt: Date;
  role: Role;
  isStaff: boolean;
  /** Whether the team's settings make two-factor mandatory for staff and admins (decision 050). */
  twoFactorRequired: boolean;
  /** When this session last proved a second factor (null: never; decision 050). */
  secondFactorAt: Date | null;
  /** The caller's address and browser, for the audit log (null for a user seen without a request). */
  client: { ip: string | null; userAgent: string | null } | null;
  subscription: SubscriptionRow | null;
  /** The member's profile (name and phone as they keep them, invoicing details), null for an account without one. */
  profile: {
    name: string;
    email: string;
    phone: string | null;
    language: Locale;
    billingName: string | null;
    billingAddress: string | null;
    taxId: string | null;
    /** The name a staff member goes by with members (issue 34 item 1). */
    publicName: string | null;
  } | null;
}

/** The name the viewer signs a message with for the other side: staff by the one members know them by. */
export const senderNameOf = (viewer: Viewer): string =>
  (viewer.isStaff && viewer.profile?.publicName) || viewer.profile?.name || viewer.name || viewer.email;

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

/**
 * Wires request.viewer() into every request of the app. `seen`: told of each signed-in viewer a request loads
 * (staff presence, decision 051); it must not wait or throw.
 */
export function installViewer(
  app: FastifyInstance,
  deps: { auth: Auth; db: Database; seen?: (viewer: Viewer) => void },
) {
  app.decorateRequest("viewer", null as unknown as () => Promise<Viewer | null>);
  app.addHook("onRequest", async (request, reply) => {
    let pending: Promise<Viewer | null> | null = null;
    request.viewer = () => {
      pending ??= loadViewer(deps, request, reply).then((viewer) => {
        if (viewer && deps.seen) deps.seen(viewer);
        return viewer;
      });
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
  const { viewer, setCookie } = await resolveViewer(deps, request.headers.cookie);
  // A session that slid forward comes back with a refreshed cookie.
  if (setCookie) reply.header("set-cookie", setCookie);
  if (viewer) viewer.client = { ip: request.ip ?? null, userAgent: request.headers["user-agent"] ?? null };
  return viewer;
}

/** A session's "last seen" is written at most this often (with the expiry's slide when that is due too). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** The library's session cookie (name and attributes) and secret, read once from its own context. */
const cookieSettings = new WeakMap<Auth, Promise<{ name: string; attributes: CookieAttributes; secret: string }>>();
interface CookieAttributes {
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
}
function sessionCookie(auth: Auth) {
  let settings = cookieSettings.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      attributes: context.authCookies.sessionToken.attributes as CookieAttributes,
      secret: context.secret,
    }));
    cookieSettings.set(auth, settings);
  }
  return settings;
}

/**
 * Cookie values whose signature was verified (per secret), and their token: a value's signature never changes,
 * so each is checked once (bounded, oldest forgotten first); webcrypto's HMAC per request cost more than the query. Whether the session still exists is asked on every request.
 */
const verifiedValues = new Map<string, string>();
const VERIFIED_VALUES_MAX = 10_000;

/** The session token a signed cookie carries, if its signature is the library's (HMAC-SHA256 with the secret). */
async function verifiedToken(cookieHeader: string, name: string, secret: string): Promise<string | null> {
  const raw = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const key = `${secret}\u0000${value}`;
  const known = verifiedValues.get(key);
  if (known) return known;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  if (!constantTimeEqual(await makeSignature(token, secret), signature)) return null;
  if (verifiedValues.size >= VERIFIED_VALUES_MAX) verifiedValues.delete(verifiedValues.keys().next().value as string);
  verifiedValues.set(key, token);
  return token;
}

/** A user as a viewer: account, strongest role, profile and membership (joined to users). */
const userColumns = {
  userId: users.id,
  email: users.email,
  name: users.name,
  twoFactorEnabled: users.twoFactorEnabled,
  emailVerified: users.emailVerified,
  role: sql<Role>`coalesce((select case when bool_or(${userRoles.role} = 'admin') then 'admin'
    when bool_or(${userRoles.role} = 'staff') then 'staff' else 'client' end
    from ${userRoles} where ${userRoles.userId} = ${users.id}), 'client')`,
  twoFactorRequired: sql<boolean>`coalesce((select ${securitySettings.twoFactorRequired} from ${securitySettings}
    where ${securitySettings.id} = 1), false)`,
  profile: {
    name: profiles.name,
    email: profiles.email,
    phone: profiles.phone,
    language: profiles.language,
    billingName: profiles.billingName,
    billingAddress: profiles.billingAddress,
    taxId: profiles.taxId,
    publicName: profiles.publicName,
  },
  subscription: subscriptions,
};

/**
 * A user as the server would see them signed in, without a session: for the staff's tools that act in a
 * member's name (the QA tools' fake request), under the member's own rules.
 */
export async function viewerOfUser(db: Database, userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({ ...userColumns, createdAt: users.createdAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row
    ? toViewer({ ...row, sessionId: null, sessionCreatedAt: row.createdAt, secondFactorAt: null, client: null })
    : null;
}

function toViewer(
  row: Omit<Viewer, "isStaff" | "twoFactorEnabled" | "client"> & {
    twoFactorEnabled: boolean | null;
    client?: Viewer["client"];
  },
): Viewer {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    emailVerified: row.emailVerified,
    sessionId: row.sessionId,
    sessionCreatedAt: row.sessionCreatedAt,
    role: row.role,
    isStaff: isStaffRole(row.role),
    twoFactorRequired: Boolean(row.twoFactorRequired),
    secondFactorAt: row.secondFactorAt,
    client: row.client ?? null,
    subscription: row.subscription,
    profile: row.profile,
  };
}

/** Everything about the caller in one indexed query: session by token, user, profile, role and membership. */
const viewerQuery = prepared("maison_viewer", (db, p: Placeholders<{ token: string }>) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      sessionCreatedAt: sessions.createdAt,
      secondFactorAt: sessions.secondFactorAt,
      ...userColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(and(eq(sessions.token, p.token), gt(sessions.expiresAt, sql`now()`)))
    .limit(1),
);

/**
 * The viewer a request's cookie header stands for now, or null; also used to re-check open streams. The
 * session is read from the database on every call, so sign-out, a password reset and expiry take effect at
 * once. Its expiry slides forward (a refreshed cookie) at most once a day, as the library's own `updateAge`
 * would, and when it was last seen is noted at most every LAST_SEEN_EVERY_MS: both in one write, so most
 * requests write nothing.
 */
export async function resolveViewer(
  deps: { auth: Auth; db: Database },
  cookieHeader: string,
): Promise<{ viewer: Viewer | null; setCookie: string | null }> {
  const cookie = await sessionCookie(deps.auth);
  const token = await verifiedToken(cookieHeader, cookie.name, cookie.secret);
  if (!token) return { viewer: null, setCookie: null };
  const [row] = await viewerQuery(deps.db, { token });
  if (!row) return { viewer: null, setCookie: null };
  const viewer = toViewer(row);
  const lifetimeMs = SESSION_DAYS * 86_400_000;
  const now = Date.now();
  const slide = row.expiresAt.getTime() - now <= lifetimeMs - SESSION_UPDATE_AGE_MS;
  const seen = now - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
  if (!slide && !seen) return { viewer, setCookie: null };
  const expiresAt = new Date(now + lifetimeMs);
  await deps.db
    .update(sessions)
    .set(slide ? { expiresAt, updatedAt: new Date(now), lastSeenAt: new Date(now) } : { lastSeenAt: new Date(now) })
    .where(eq(sessions.id, row.sessionId));
  if (!slide) return { viewer, setCookie: null };
  const raw = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${cookie.name}=`))
    ?.slice(cookie.name.length + 1) as string;
  const a = cookie.attributes;
  const setCookie = [
    `${cookie.name}=${raw}`,
    `Max-Age=${Math.floor(lifetimeMs / 1000)}`,
    `Path=${a.path ?? "/"}`,
    a.httpOnly !== false ? "HttpOnly" : "",
    a.secure ? "Secure" : "",
    `SameSite=${a.sameSite ? a.sameSite[0].toUpperCase() + a.sameSite.slice(1) : "Lax"}`,
  ]
    .filter(Boolean)
    .join("; ");
  return { viewer, setCookie };
}

/**
 * The session token in the library's Set-Cookie headers (a sign-in's answer), or null when it set none (a
 * sign-in that waits for its two-factor code, or a cleared cookie).
 */
export async function sessionTokenOfSetCookie(auth: Auth, setCookies: string[]): Promise<string | null> {
  const { name } = await sessionCookie(auth);
  for (const header of setCookies) {
    const pair = header.split(";")[0]?.trim() ?? "";
    if (!pair.startsWith(`${name}=`)) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(name.length + 1));
    } catch {
      return null;
    }
    const dot = value.lastIndexOf(".");
    return dot > 0 ? value.slice(0, dot) : null;
  }
  return null;
}
