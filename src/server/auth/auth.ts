/**
 * better-auth on our database: email and password with library hashing, database sessions in httpOnly,
 * SameSite=Lax cookies (Secure on https) that slide forward while used, password reset by email, and TOTP.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { fromNodeHeaders } from "better-auth/node";
import { twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/shared/schemas";
import type { Config } from "../config";
import { type Database, securePrivateDir } from "../db";
import { accounts, profiles, sessions, twoFactors, users, verifications } from "../db/schema";
import { translator } from "../i18n";
import { renderEmail } from "../mail/templates";
import { MAIL_TEXTS } from "../mail/texts";
import { enqueueEmail } from "../outbox/outbox";
import type { RateLimiter } from "../rate-limit";
import { AUTH_MAIL_TEXTS as T } from "./texts";

export const SESSION_DAYS = 30;
/** A used session's expiry slides forward at most this often. */
export const SESSION_UPDATE_AGE_MS = 86_400_000;
export const RESET_TOKEN_MINUTES = 60;
export const VERIFY_TOKEN_HOURS = 24;
export const COOKIE_PREFIX = "maison";

/** The secret from the environment, or one generated once and kept in DATA_DIR. */
export function resolveAuthSecret(config: Config): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  securePrivateDir(path.dirname(file));
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The library paths we use, reached through /api/auth/*; every other library endpoint is disabled and answers
 * the API's JSON 404 (our own routes do sign-up, sign-in, reset, verification and profile changes).
 */
export const LIBRARY_PATHS = [
  "/sign-out",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
] as const;

/**
 * The header that carries the caller's address to the library's rate limiter. We always set it ourselves
 * from Fastify's `request.ip` (which honours TRUST_PROXY) and drop whatever a caller sent under that name.
 */
export const CLIENT_IP_HEADER = "x-maison-client-ip";

/** A request's headers for the library, with the client IP we resolved. */
export function libraryHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The language a user's emails are written in: their profile's (none yet: English). */
async function languageOf(db: Database, userId: string): Promise<Locale> {
  const [row] = await db.select({ language: profiles.language }).from(profiles).where(eq(profiles.id, userId));
  return row?.language ?? DEFAULT_LOCALE;
}

/**
 * How passwords are hashed and checked; by default the library's scrypt. Tests pass a cheaper one through the
 * app's dependencies (never through configuration, so no deployment can weaken it), as Devise and Rails do.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(config: Config, db: Database, limiter: RateLimiter, passwordHasher?: PasswordHasher) {
  /**
   * A mail with one link (reset the password, verify the email), in the user's language: "Dear …", what the link
   * does, what to do if it was not them, and the link's button. The link's secret expires after `validMinutes`.
   */
  const linkMail = async (
    user: { id: string; name: string; email: string },
    link: { path: string; token: string; reason: string; validMinutes: number },
    texts: (
      t: ReturnType<typeof translator>,
      app: string,
    ) => Record<"subject" | "heading" | "text" | "ignore" | "action", string>,
  ) => {
    const url = `${config.APP_URL}${link.path}?token=${encodeURIComponent(link.token)}`;
    const locale = await languageOf(db, user.id);
    const t = translator(locale);
    const app = config.APP_NAME;
    const text = texts(t, app);
    await enqueueEmail(
      db,
      { mailEnabled: Boolean(config.SMTP_URL) },
      {
        ...renderEmail({
          appName: app,
          locale,
          subject: text.subject,
          heading: text.heading,
          paragraphs: [t(MAIL_TEXTS.dear, { name: user.name }), text.text, text.ignore],
          action: { label: text.action, url },
        }),
        to: user.email,
        reason: link.reason,
      },
      { secretExpiresAt: new Date(Date.now() + link.validMinutes * 60_000) },
    );
  };

  return betterAuth({
    appName: config.APP_NAME,
    baseURL: config.APP_URL,
    basePath: "/api/auth",
    secret: resolveAuthSecret(config),
    trustedOrigins: [config.APP_URL],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      async sendResetPassword({ user, token }) {
        const link = { path: "/reset-password", token, reason: "password_reset", validMinutes: RESET_TOKEN_MINUTES };
        await linkMail(user, link, (t, app) => ({
          subject: t(T.resetSubject, { app }),
          heading: t(T.resetHeading),
          text: t(T.resetText, { app, minutes: RESET_TOKEN_MINUTES }),
          ignore: t(T.resetIgnore),
          action: t(T.resetAction),
        }));
      },
    },
    emailVerification: {
      // Sent by our sign-up once the profile (and so the member's language) exists; nothing waits for it (sign-up
      // still goes on to /pricing). Owner status needs it.
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_TOKEN_HOURS * 60 * 60,
      async sendVerificationEmail({ user, token }) {
        const validMinutes = VERIFY_TOKEN_HOURS * 60;
        const link = { path: "/verify-email", token, reason: "email_verification", validMinutes };
        await linkMail(user, link, (t, app) => ({
          subject: t(T.verifySubject, { app }),
          heading: t(T.verifyHeading),
          text: t(T.verifyText, { hours: VERIFY_TOKEN_HOURS }),
          ignore: t(T.verifyIgnore, { app }),
          action: t(T.verifyAction),
        }));
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Slide the expiry forward at most once a day while the session is used.
      updateAge: SESSION_UPDATE_AGE_MS / 1000,
      // Every request checks the database, so a sign-out or a password reset ends a session at once.
      cookieCache: { enabled: false },
    },
    // Our own routes apply the spec's validation and per-IP/per-email limits; the library's HTTP endpoints are
    // closed so nobody can go around that (auth/library.ts calls only LIBRARY_PATHS).
    disabledPaths: [
      "/sign-up/email",
      "/sign-in/email",
      "/sign-in/social",
      "/request-password-reset",
      "/reset-password",
      "/reset-password/:token",
      "/verify-email",
      "/send-verification-email",
      "/update-user",
      "/change-email",
      "/change-password",
      "/set-password",
      "/delete-user",
      "/delete-user/callback",
      "/update-session",
      "/list-sessions",
      "/revoke-session",
      "/revoke-sessions",
      "/revoke-other-sessions",
      "/link-social",
      "/list-accounts",
      "/unlink-account",
      "/refresh-token",
      "/get-access-token",
      "/account-info",
      "/get-session",
      "/verify-password",
      "/two-factor/get-totp-uri",
      "/two-factor/generate-backup-codes",
      "/two-factor/send-otp",
      "/two-factor/verify-otp",
      "/two-factor/view-backup-codes",
    ],
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      // Counted in PostgreSQL with every other limit, so they hold across app instances.
      customStorage: {
        async consume(key, rule) {
          const decision = await limiter.consume(`auth-lib:${key}`, { max: rule.max, windowSeconds: rule.window });
          return { allowed: decision.allowed, retryAfter: decision.allowed ? null : decision.retryAfterSeconds };
        },
      },
      customRules: {
        "/sign-out": false,
        "/two-factor/verify-totp": { window: 60, max: 10 },
        "/two-factor/verify-backup-code": { window: 60, max: 10 },
        "/two-factor/enable": { window: 60, max: 10 },
        "/two-factor/disable": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.APP_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: config.APP_NAME })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
