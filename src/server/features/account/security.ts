/**
 * Account security (issue 22, item 9): the member's active sessions (list, sign one out, sign out every other),
 * changing the password while signed in, and an email when a new device signs in. A device is a browser,
 * recognised by a long-lived random cookie of its own ("maison.device") of which only the SHA-256 is stored.
 * A session that is signed out is deleted: its next call is a 401 and its open streams close (a "session"
 * event re-checks them on every instance). Security emails are always sent, whatever the notification
 * preferences say (docs/security.md).
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { accountSessionSchema } from "@/shared/contracts/account";
import { ACCOUNT_ERROR_TEXTS, ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import type { Served } from "@/shared/contracts/common";
import { formatUtcTime } from "@/shared/format";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import type { ChangePasswordInput } from "@/shared/schemas";
import { sessionTokenOfSetCookie, type Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { displayName, languageOf } from "../../db/people";
import { knownDevices, profiles, sessions, users } from "../../db/schema";
import { describeDevice, deviceName } from "../../http/device";
import { conflict, HttpError, notFound } from "../../http/errors";
import { translate, translator } from "../../i18n";
import { renderEmail } from "../../mail/templates";
import { MAIL_TEXTS } from "../../mail/texts";
import { enqueueEmail } from "../../outbox/outbox";
import { enforceLimits } from "../../rate-limit";
import { sessionChanged } from "../../realtime/events";
import { ACCOUNT_TEXTS as T } from "./texts";

export const newDeviceSubject = (appName: string, locale: Locale = DEFAULT_LOCALE) =>
  translate(locale, T.newDeviceSubject, { app: appName });
export const passwordChangedSubject = (appName: string, locale: Locale = DEFAULT_LOCALE) =>
  translate(locale, T.passwordChangedSubject, { app: appName });

/** The browser's own cookie: random, long-lived, only its hash kept (known_devices). */
export const DEVICE_COOKIE = "maison.device";
const DEVICE_COOKIE_DAYS = 400;
const DEVICE_VALUE = /^[A-Za-z0-9_-]{43}$/;

/** Password changes per member per 10 minutes (each checks the current password). */
export const PASSWORD_CHANGES = { max: 5, windowSeconds: 600 };

type SecurityContext = Pick<AppContext, "auth" | "db" | "config" | "limiter" | "write" | "mailEnabled">;
type AccountSession = Served<typeof accountSessionSchema>;

const hashOf = (value: string) => createHash("sha256").update(value).digest("hex");

/** The request's device cookie, or a new one; (re)set on the reply either way, so it lives 400 days from now. */
function deviceCookie(ctx: SecurityContext, request: FastifyRequest, reply: FastifyReply): string {
  const sent = (request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  const value = sent && DEVICE_VALUE.test(sent) ? sent : randomBytes(32).toString("base64url");
  reply.header(
    "set-cookie",
    [
      `${DEVICE_COOKIE}=${value}`,
      `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
      "Path=/",
      "HttpOnly",
      ctx.config.APP_URL.startsWith("https://") ? "Secure" : "",
      "SameSite=Lax",
    ]
      .filter(Boolean)
      .join("; "),
  );
  return value;
}

/**
 * After a sign-in that made a session (sign-up, sign-in without two-factor, or its code): the browser's device
 * is remembered for the account, and when it is new to an account that already knew others, the member is
 * told by email. An account's first device (a new account, or one from before devices were kept) is not.
 * `setCookies` are the library's Set-Cookie headers of that sign-in. Returns whether the email went out.
 */
export async function noteSignIn(
  ctx: SecurityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  setCookies: string[],
): Promise<boolean> {
  const token = await sessionTokenOfSetCookie(ctx.auth, setCookies);
  if (!token) return false;
  const [session] = await ctx.db
    .select({
      userId: sessions.userId,
      userAgent: sessions.userAgent,
      address: sessions.ipAddress,
      createdAt: sessions.createdAt,
      email: users.email,
      name: displayName(),
      language: languageOf(),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!session) return false;
  const deviceHash = hashOf(deviceCookie(ctx, request, reply));
  return ctx.write(async (tx) => {
    const added = await tx
      .insert(knownDevices)
      .values({ userId: session.userId, deviceHash })
      .onConflictDoNothing()
      .returning({ deviceHash: knownDevices.deviceHash });
    if (!added.length) return false;
    const [others] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(and(eq(knownDevices.userId, session.userId), ne(knownDevices.deviceHash, deviceHash)));
    if (!others?.n) return false;
    const locale = session.language;
    const device = deviceName(session.userAgent, locale);
    await securityEmail(
      ctx,
      tx,
      { email: session.email, name: session.name, locale },
      "new_device_sign_in",
      (t, app) => ({
        subject: newDeviceSubject(app, locale),
        heading: t(T.newDeviceHeading),
        paragraphs: [
          t(T.newDeviceText, { app }),
          t(T.device, { device }),
          t(T.address, { address: session.address ?? t(T.unknownAddress) }),
          t(T.time, { time: formatUtcTime(session.createdAt, locale) }),
          t(T.newDeviceAdvice),
        ],
      }),
    );
    return true;
  });
}

/**
 * A security email: sent whatever the member's notification preferences say, in their language, greeting them by
 * name and leading to their sessions.
 */
async function securityEmail(
  ctx: SecurityContext,
  tx: Queryable,
  to: { email: string; name: string; locale: Locale },
  reason: string,
  content: (
    t: ReturnType<typeof translator>,
    app: string,
  ) => { subject: string; heading: string; paragraphs: string[] },
) {
  const t = translator(to.locale);
  const app = ctx.config.APP_NAME;
  const { subject, heading, paragraphs } = content(t, app);
  const email = renderEmail({
    locale: to.locale,
    subject,
    heading,
    paragraphs: [t(MAIL_TEXTS.dear, { name: to.name }), ...paragraphs],
    action: { label: t(T.reviewSessions), url: `${ctx.config.APP_URL}/profile#security` },
    appName: app,
  });
  await enqueueEmail(tx, { mailEnabled: ctx.mailEnabled }, { ...email, to: to.email, reason });
}

/** The caller's active sessions, the one in use first, then the most recently seen. */
export async function listSessions(ctx: SecurityContext, viewer: Viewer): Promise<AccountSession[]> {
  const rows = await ctx.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      address: sessions.ipAddress,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, viewer.userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  return rows
    .map((row) => ({
      id: row.id,
      ...describeDevice(row.userAgent),
      address: row.address || null,
      signedInAt: row.signedInAt,
      lastSeenAt: row.lastSeenAt,
      current: row.id === viewer.sessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Signs one of the caller's other sessions out, at once (404 when it is not theirs or already over). */
export async function endSession(ctx: SecurityContext, viewer: Viewer, sessionId: string): Promise<void> {
  if (sessionId === viewer.sessionId)
    throw conflict(ACCOUNT_ERRORS.sessionIsCurrent, "ACCOUNT_ERRORS.sessionIsCurrent");
  await ctx.write(async (tx, out) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, viewer.userId)))
      .returning({ id: sessions.id });
    if (!ended.length) throw notFound(ACCOUNT_ERRORS.sessionEnded);
    out.publish(sessionChanged(viewer.userId));
  });
}

/** Signs out every session of the caller's but the one in use; returns how many. */
export async function endOtherSessions(ctx: SecurityContext, viewer: Viewer): Promise<number> {
  return ctx.write((tx, out) => endOthers(tx, viewer, out.publish));
}

async function endOthers(tx: Queryable, viewer: Viewer, publish: (event: ReturnType<typeof sessionChanged>) => void) {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, viewer.userId), viewer.sessionId ? ne(sessions.id, viewer.sessionId) : undefined))
    .returning({ id: sessions.id });
  if (ended.length) publish(sessionChanged(viewer.userId));
  return ended.length;
}

/**
 * A new password, proved by the current one (5 tries per 10 minutes). The session in use stays signed in;
 * the others are signed out when asked. Every tab hears of it ("session"), and the member gets an email.
 */
export async function changePassword(
  ctx: SecurityContext,
  viewer: Viewer,
  input: ChangePasswordInput,
  headers: Headers,
): Promise<void> {
  await enforceLimits(ctx.limiter, [{ key: `change-password:user:${viewer.userId}`, rule: PASSWORD_CHANGES }]);
  await ctx.auth.api
    .changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: false },
      headers,
    })
    .catch((error: { statusCode?: number; body?: { code?: string } }) => {
      if (error?.body?.code === "INVALID_PASSWORD") {
        throw new HttpError(403, ACCOUNT_ERRORS.wrongCurrentPassword, "wrong_password");
      }
      if (typeof error?.statusCode === "number" && error.statusCode < 500) {
        throw new HttpError(error.statusCode === 401 ? 401 : 400, ACCOUNT_ERROR_TEXTS.passwordNotChanged);
      }
      throw error;
    });
  await ctx.write(async (tx, out) => {
    if (input.signOutOthers) await endOthers(tx, viewer, out.publish);
    out.publish(sessionChanged(viewer.userId));
    const locale = viewer.profile?.language ?? DEFAULT_LOCALE;
    const to = { email: viewer.email, name: viewer.profile?.name ?? viewer.name, locale };
    await securityEmail(ctx, tx, to, "password_changed", (t, app) => ({
      subject: passwordChangedSubject(app, locale),
      heading: t(T.passwordChangedHeading),
      paragraphs: [
        t(T.passwordChangedText, { app, time: formatUtcTime(new Date(), locale) }),
        t(input.signOutOthers ? T.othersSignedOut : T.othersStay),
        t(T.notYou),
      ],
    }));
  });
}

/** The account's sessions for its data export. */
export async function sessionsForExport(db: Queryable, userId: string) {
  const rows = await db
    .select({
      userAgent: sessions.userAgent,
      address: sessions.ipAddress,
      signedInAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({
    device: describeDevice(row.userAgent).device,
    address: row.address || null,
    signedInAt: row.signedInAt,
    lastSeenAt: row.lastSeenAt,
  }));
}
