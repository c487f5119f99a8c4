/**
 * better-auth on our database: email and password with library hashing, database sessions in httpOnly,
 * SameSite=Lax cookies (Secure on https) that slide forward while used, password reset by email, and TOTP.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/shared/schemas";
import type { Config } from "../config";
import type { Database } from "../db";
import { accounts, sessions, twoFactors, users, verifications } from "../db/schema";
import { renderEmail } from "../mail/templates";
import { enqueueEmail } from "../outbox/outbox";

export const SESSION_DAYS = 30;
export const RESET_TOKEN_MINUTES = 60;
export const COOKIE_PREFIX = "maison";

/** The secret from the environment, or one generated once and kept in DATA_DIR. */
export function resolveAuthSecret(config: Config): string {
  if (config.BETTER_AUTH_SECRET) return config.BETTER_AUTH_SECRET;
  const file = path.resolve(config.DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function createAuth(config: Config, db: Database) {
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
      resetPasswordTokenExpiresIn: RESET_TOKEN_MINUTES * 60,
      async sendResetPassword({ user, token }) {
        const url = `${config.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
        const content = renderEmail({
          appName: config.APP_NAME,
          subject: `Reset your ${config.APP_NAME} password`,
          heading: "Reset your password",
          paragraphs: [
            `Dear ${user.name},`,
            `We received a request to reset the password of your ${config.APP_NAME} account. The link below is valid for ${RESET_TOKEN_MINUTES} minutes and can be used once.`,
            "If you did not ask for this, you can ignore this email: your password stays as it is.",
          ],
          action: { label: "Choose a new password", url },
        });
        await enqueueEmail(
          db,
          { mailEnabled: Boolean(config.SMTP_URL) },
          { ...content, to: user.email, reason: "password_reset" },
        );
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      // Slide the expiry forward at most once a day while the session is used.
      updateAge: 24 * 60 * 60,
      // Every request checks the database, so a sign-out or a password reset ends a session at once.
      cookieCache: { enabled: false },
    },
    // Our own routes apply the spec's validation and per-IP/per-email limits to these; the library's
    // HTTP endpoints for them are closed so nobody can go around that.
    disabledPaths: ["/sign-up/email", "/sign-in/email", "/request-password-reset", "/reset-password"],
    rateLimit: {
      enabled: config.NODE_ENV !== "test",
      window: 60,
      max: 100,
      customRules: {
        "/two-factor/verify-totp": { window: 60, max: 10 },
        "/two-factor/verify-backup-code": { window: 60, max: 10 },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: config.APP_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: config.TRUST_PROXY ? ["x-forwarded-for"] : [] },
    },
    telemetry: { enabled: false },
    plugins: [twoFactor({ issuer: config.APP_NAME })],
  });
}

export type Auth = ReturnType<typeof createAuth>;
