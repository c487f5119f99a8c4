/**
 * The account flows that go through the auth library: sign-up, sign-in, reset, verification and deletion with
 * re-authentication. Each takes the context and the request's headers for the library (libraryHeaders), and
 * returns what the route answers, with any cookies the library set.
 */

import type { signInResultSchema } from "@/shared/contracts/account";
import { ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import type { Served } from "@/shared/contracts/common";
import { negotiateLocale } from "@/shared/locales";
import type { SignUpInput } from "@/shared/schemas";
import { fromAuthError } from "../../auth/errors";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { conflict, HttpError } from "../../http/errors";
import { enforceLimits } from "../../rate-limit";
import { announce, sessionChanged } from "../../realtime/events";
import { createAccountRecords, deleteAccount, upgradeOwner, userIdByEmail, userOfResetToken } from "./service";

/** A session signed in this recently may delete the account without typing the password again. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

type AccountContext = Pick<
  AppContext,
  "auth" | "db" | "config" | "limiter" | "payments" | "storage" | "write" | "domains"
>;

/**
 * The account with its profile (in the language the visitor was browsing in: their choice, else their
 * browser's), client role and preferences; then the verification mail goes out, in that language.
 */
export async function signUp(ctx: AccountContext, input: SignUpInput, headers: Headers) {
  const { name, phone, email, password } = input;
  const result = await ctx.auth.api
    .signUpEmail({ body: { name, email, password }, headers, returnHeaders: true })
    .catch((error) =>
      fromAuthError(error, {
        USER_ALREADY_EXISTS: ACCOUNT_ERRORS.accountExists,
        USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: ACCOUNT_ERRORS.accountExists,
      }),
    );
  const user = result.response.user;
  const language = negotiateLocale(headers.get("cookie"), headers.get("accept-language"));
  await ctx.write(async (tx) => {
    await createAccountRecords(tx, { id: user.id, email: user.email, name, phone, language });
    await ctx.domains.notifications.createPreferences(tx, user.id);
  });
  // As the new session (its cookie, just set): signed out, the library holds every answer to half a second, so
  // that whether an address has an account cannot be timed; the new member's own request has nothing to hide.
  const cookie = result.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await ctx.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: new Headers({ cookie }) });
  return { headers: result.headers };
}

export async function signIn(ctx: AccountContext, input: { email: string; password: string }, headers: Headers) {
  const result = await ctx.auth.api
    .signInEmail({ body: input, headers, returnHeaders: true })
    .catch((error) => fromAuthError(error));
  const twoFactorRequired = Boolean((result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect);
  return { body: { twoFactorRequired } satisfies Served<typeof signInResultSchema>, headers: result.headers };
}

/** The same answer whether or not the account exists. */
export async function requestReset(ctx: AccountContext, email: string, headers: Headers) {
  await ctx.auth.api.requestPasswordReset({ body: { email }, headers });
  return { message: ACCOUNT_ERRORS.resetRequested };
}

/**
 * A new password from the emailed link; every session of the user ends, their open streams too. Returns the
 * account's email (the sign-in limits its reset lifts).
 */
export async function resetPassword(ctx: AccountContext, token: string, password: string) {
  const user = await userOfResetToken(ctx.db, token);
  await ctx.auth.api
    .resetPassword({ body: { newPassword: password, token } })
    .catch((error) => fromAuthError(error, { INVALID_TOKEN: ACCOUNT_ERRORS.resetLinkInvalid }));
  // The library changed the password (and ended the sessions): their open streams close.
  if (user) await announce(ctx.db, [sessionChanged(user.id)]);
  return { email: user?.email ?? null };
}

/** Verifies the address in an emailed link; an owner's upgrade, which needs a verified address, may follow. */
export async function verifyEmail(ctx: AccountContext, token: string) {
  await ctx.auth.api
    .verifyEmail({ query: { token } })
    .catch(() => Promise.reject(new HttpError(400, ACCOUNT_ERRORS.verifyLinkInvalid, "invalid_token")));
  const email = verifiedEmailOf(token);
  const userId = email ? await userIdByEmail(ctx.db, email) : null;
  if (userId) await upgradeOwner(ctx, userId, ctx.config.OWNER_EMAILS);
}

export async function resendVerification(ctx: AccountContext, viewer: Viewer, headers: Headers) {
  if (viewer.emailVerified) throw conflict(ACCOUNT_ERRORS.alreadyVerified, "already_verified");
  await enforceLimits(ctx.limiter, [
    { key: `verify-resend:user:${viewer.userId}`, rule: { max: 3, windowSeconds: 600 } },
  ]);
  await ctx.auth.api.sendVerificationEmail({ body: { email: viewer.email }, headers });
  return { message: ACCOUNT_ERRORS.verificationSent };
}

/**
 * Deletes the account: the password again unless this session was signed in moments ago; paid memberships are
 * cancelled first; the session ends; the rows go in one transaction. Returns the library's cookie-clearing headers.
 */
export async function deleteOwnAccount(
  ctx: AccountContext,
  viewer: Viewer,
  password: string | undefined,
  headers: Headers,
) {
  if (password || Date.now() - viewer.sessionCreatedAt.getTime() > RECENT_SIGN_IN_MS) {
    if (!password) throw new HttpError(403, ACCOUNT_ERRORS.passwordRequired, "reauthentication_required");
    await enforceLimits(ctx.limiter, [
      { key: `delete-account:user:${viewer.userId}`, rule: { max: 5, windowSeconds: 600 } },
    ]);
    await ctx.auth.api
      .verifyPassword({ body: { password }, headers })
      .catch(() => Promise.reject(new HttpError(403, ACCOUNT_ERRORS.wrongPassword, "wrong_password")));
  }
  await ctx.payments.hooks.beforeAccountDeletion(viewer);
  const signOut = await ctx.auth.api.signOut({ headers, returnHeaders: true });
  const files = await deleteAccount(ctx, viewer.userId);
  // The rows are gone; their files follow (a failure leaves an orphan file, never a dangling row).
  await Promise.all(files.map((key) => ctx.storage.delete(key).catch(() => {})));
  return { headers: signOut.headers };
}

/** The address in a verification token's payload (only read after the library has verified the token). */
function verifiedEmailOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}
