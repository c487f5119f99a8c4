/**
 * Sign-up, sign-in, password reset, email verification, the session summary, the owner check, profile, export
 * and deletion. The library's own endpoints that we use (sign-out, two-factor) are mounted in auth/routes.ts.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  accountExportSchema,
  deleteAccountSchema,
  newPasswordSchema,
  ownerCheckSchema,
  passwordResetRequestSchema,
  profileSchema,
  sessionInfoSchema,
  signInResultSchema,
  signInSchema,
  signUpSchema,
  verifiedSchema,
  verifyEmailSchema,
} from "@/shared/contracts/account";
import { messageSchema, okSchema } from "@/shared/contracts/common";
import { libraryHeaders } from "../../auth/auth";
import { fromAuthError } from "../../auth/errors";
import { requireUser } from "../../auth/policies";
import type { AppContext } from "../../context";
import { conflict, HttpError } from "../../http/errors";
import { enforceLimits, type RateRule } from "../../rate-limit";
import { publishSessionChanged } from "../../realtime/events";
import {
  createAccountRecords,
  deleteAccount,
  exportAccount,
  sessionInfo,
  updateProfile,
  upgradeOwner,
  userIdByEmail,
  userOfResetToken,
} from "./service";

export { TOO_MANY_ATTEMPTS } from "../../rate-limit";
export const RESET_REQUESTED =
  "If an account exists for this email, we have sent a link to choose a new password. It is valid for 60 minutes.";
export const VERIFY_LINK_INVALID = "This verification link is invalid or has expired. Please ask for a new one.";
export const ALREADY_VERIFIED = "Your email is already verified.";
export const VERIFICATION_SENT = "We have sent you a new link. Please check your inbox.";
export const PASSWORD_REQUIRED = "Please enter your password to delete your account.";
export const WRONG_PASSWORD = "The password is not correct.";
/** A session signed in this recently may delete the account without typing the password again. */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
}

const emailOf = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? "")
    .trim()
    .toLowerCase();

export const accountRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { auth, db, config, limiter } = ctx;
    const perIp: RateRule = { max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 600 };
    const perEmail: RateRule = { max: config.AUTH_RATE_LIMIT_PER_EMAIL, windowSeconds: 600 };

    /**
     * Sign-up, sign-in and reset attempts, per client IP and per email (one count across the three), kept in
     * the database so every instance sees the same attempts.
     */
    const limitByIp = (request: FastifyRequest) =>
      enforceLimits(limiter, [{ key: `auth:ip:${request.ip}`, rule: perIp }]);
    const limitAttempt = (request: FastifyRequest) =>
      enforceLimits(limiter, [
        { key: `auth:ip:${request.ip}`, rule: perIp },
        { key: `auth:email:${emailOf(request)}`, rule: perEmail },
      ]);

    app.post(
      "/auth/sign-up",
      { schema: { body: signUpSchema, response: { 201: okSchema } } },
      async (request, reply) => {
        await limitAttempt(request);
        const { name, phone, email, password } = request.body;
        const result = await auth.api
          .signUpEmail({ body: { name, email, password }, headers: libraryHeaders(request), returnHeaders: true })
          .catch((error) =>
            fromAuthError(error, {
              USER_ALREADY_EXISTS: "An account with this email already exists. Please sign in instead.",
              USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
                "An account with this email already exists. Please sign in instead.",
            }),
          );
        const user = result.response.user;
        await db.transaction((tx) => createAccountRecords(tx, { id: user.id, email: user.email, name, phone }));
        forwardCookies(reply, result.headers);
        return reply.status(201).send({ ok: true as const });
      },
    );

    app.post(
      "/auth/sign-in",
      { schema: { body: signInSchema, response: { 200: signInResultSchema } } },
      async (request, reply) => {
        await limitAttempt(request);
        const result = await auth.api
          .signInEmail({ body: request.body, headers: libraryHeaders(request), returnHeaders: true })
          .catch((error) => fromAuthError(error));
        forwardCookies(reply, result.headers);
        const twoFactorRequired = Boolean((result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect);
        return { twoFactorRequired };
      },
    );

    app.post(
      "/auth/forgot-password",
      { schema: { body: passwordResetRequestSchema, response: { 200: messageSchema } } },
      async (request) => {
        await limitAttempt(request);
        // The same answer whether or not the account exists.
        await auth.api.requestPasswordReset({ body: { email: request.body.email }, headers: libraryHeaders(request) });
        return { message: RESET_REQUESTED };
      },
    );

    app.post(
      "/auth/reset-password",
      { schema: { body: newPasswordSchema, response: { 200: okSchema } } },
      async (request) => {
        await limitByIp(request);
        const userId = await userOfResetToken(db, request.body.token);
        await auth.api
          .resetPassword({ body: { newPassword: request.body.password, token: request.body.token } })
          .catch((error) =>
            fromAuthError(error, {
              INVALID_TOKEN: "This reset link is invalid or has expired. Please ask for a new one.",
            }),
          );
        // Every session of the user ended: their open event streams close too.
        if (userId) await publishSessionChanged(db, userId);
        return { ok: true as const };
      },
    );

    app.post(
      "/auth/verify-email",
      { schema: { body: verifyEmailSchema, response: { 200: verifiedSchema } } },
      async (request) => {
        await limitByIp(request);
        await auth.api
          .verifyEmail({ query: { token: request.body.token } })
          .catch(() => Promise.reject(new HttpError(400, VERIFY_LINK_INVALID, "invalid_token")));
        // The library checked the token's signature and expiry; its payload names the address it verified.
        const email = verifiedEmailOf(request.body.token);
        const userId = email ? await userIdByEmail(db, email) : null;
        // An owner's upgrade needs a verified address: it may be due now.
        if (userId) await upgradeOwner(db, userId, config.OWNER_EMAILS);
        return { verified: true as const };
      },
    );

    app.post("/account/verify-email/resend", { schema: { response: { 200: messageSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      if (viewer.emailVerified) throw conflict(ALREADY_VERIFIED, "already_verified");
      await enforceLimits(limiter, [
        { key: `verify-resend:user:${viewer.userId}`, rule: { max: 3, windowSeconds: 600 } },
      ]);
      await auth.api.sendVerificationEmail({ body: { email: viewer.email }, headers: libraryHeaders(request) });
      return { message: VERIFICATION_SENT };
    });

    app.get("/me", { schema: { response: { 200: sessionInfoSchema } } }, async (request) =>
      sessionInfo(await request.viewer()),
    );

    app.post("/account/check-owner-status", { schema: { response: { 200: ownerCheckSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      return { upgraded: await upgradeOwner(db, viewer.userId, config.OWNER_EMAILS) };
    });

    app.put("/profile", { schema: { body: profileSchema, response: { 200: sessionInfoSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      await updateProfile(db, viewer.userId, request.body);
      const phone = request.body.phone || null;
      return sessionInfo({
        ...viewer,
        name: request.body.name,
        profile: { name: request.body.name, email: viewer.email, phone },
      });
    });

    app.get("/account/export", { schema: { response: { 200: accountExportSchema } } }, async (request, reply) => {
      const viewer = await requireUser(request);
      const date = new Date().toISOString().slice(0, 10);
      reply.header("content-disposition", `attachment; filename="maison-data-${date}.json"`);
      return exportAccount(db, viewer.userId);
    });

    app.delete(
      "/account",
      { schema: { body: deleteAccountSchema.nullish(), response: { 200: okSchema } } },
      async (request, reply) => {
        const viewer = await requireUser(request);
        // Re-authentication: the password again, unless this session was signed in moments ago.
        const password = request.body?.password;
        if (password || Date.now() - viewer.sessionCreatedAt.getTime() > RECENT_SIGN_IN_MS) {
          if (!password) throw new HttpError(403, PASSWORD_REQUIRED, "reauthentication_required");
          await enforceLimits(limiter, [
            { key: `delete-account:user:${viewer.userId}`, rule: { max: 5, windowSeconds: 600 } },
          ]);
          await auth.api
            .verifyPassword({ body: { password }, headers: libraryHeaders(request) })
            .catch(() => Promise.reject(new HttpError(403, WRONG_PASSWORD, "wrong_password")));
        }
        await ctx.payments.hooks.beforeAccountDeletion(viewer);
        // Ends the session and clears its cookie; the user's rows then go in one transaction.
        const signOut = await auth.api.signOut({ headers: libraryHeaders(request), returnHeaders: true });
        await deleteAccount(db, viewer.userId);
        forwardCookies(reply, signOut.headers);
        return { ok: true as const };
      },
    );
  };

/** The address in a verification token's payload (only read after the library has verified the token). */
function verifiedEmailOf(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    return typeof payload.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}
