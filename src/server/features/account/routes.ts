/**
 * Account routes: sign-up, sign-in, password reset, email verification, the session summary, the owner check,
 * profile, export and deletion. HTTP only: the flows are in auth-service.ts and service.ts. The library's own
 * endpoints that we use (sign-out, two-factor) are called through auth/library.ts.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { accountApi } from "@/shared/contracts/account";
import { libraryHeaders } from "../../auth/auth";
import { callLibrary } from "../../auth/library";
import { assertFreshSecondFactor } from "../../auth/policies";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { sendFile } from "../../http/send-file";
import { enforceLimits, type RateRule, withFailureLimits } from "../../rate-limit";
import { announce, sessionChanged } from "../../realtime/events";
import {
  deleteOwnAccount,
  requestReset,
  resendVerification,
  resetPassword,
  signIn,
  signUp,
  verifyEmail,
} from "./auth-service";
import { changePassword, endOtherSessions, endSession, listSessions, noteSignIn } from "./security";
import { exportAccount, sessionInfo, updateLanguage, updateProfile, upgradeOwner } from "./service";
import { keysClearedByReset, signInLimits } from "./sign-in-limits";
import { cardSettings, openPhoto, removePhoto, saveCard, uploadPhoto } from "./staff-card";
import { changeRole, recordSignIn, saveSecuritySettings, securitySettingsOf } from "./staff-security";

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: typeof request.headers["user-agent"] === "string" ? request.headers["user-agent"] : null,
});

function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
}

/** The Set-Cookie headers a reply carries so far. */
function cookiesOn(reply: FastifyReply): string[] {
  const value = reply.getHeader("set-cookie");
  return value === undefined ? [] : [value].flat().map(String);
}

export const accountRoutes = (ctx: AppContext): FastifyPluginAsync => {
  const { db, config, limiter } = ctx;
  const perIp: RateRule = { max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 600 };
  const perEmail: RateRule = { max: config.AUTH_RATE_LIMIT_PER_EMAIL, windowSeconds: 600 };
  const library = { auth: ctx.auth, appUrl: config.APP_URL };

  /**
   * Sign-up, reset request, reset and verification attempts per client IP (one count across the four), and
   * sign-ups and reset requests per email, kept in the database so every instance sees the same attempts.
   * Sign-in counts only failures (sign-in-limits.ts).
   */
  const limitByIp = (request: FastifyRequest) =>
    enforceLimits(limiter, [{ key: `auth:ip:${request.ip}`, rule: perIp }]);
  const limitAttempt = (request: FastifyRequest, flow: "sign-up" | "reset-request", email: string) =>
    enforceLimits(limiter, [
      { key: `auth:ip:${request.ip}`, rule: perIp },
      { key: `${flow}:email:${email.trim().toLowerCase()}`, rule: perEmail },
    ]);

  /**
   * A sign-in that made a session: its device is remembered, and a new one told to the member by email. It
   * never fails the sign-in itself, which the library has already made.
   */
  const signedIn = (request: FastifyRequest, reply: FastifyReply) =>
    noteSignIn(ctx, request, reply, cookiesOn(reply)).catch((error) =>
      request.log.error({ err: error }, "could not note the sign-in's device"),
    );

  return serve(accountApi, {
    "POST /auth/sign-up": async ({ body, request, reply }) => {
      await limitAttempt(request, "sign-up", body.email);
      forwardCookies(reply, (await signUp(ctx, body, libraryHeaders(request))).headers);
      await signedIn(request, reply);
      return { ok: true as const };
    },

    "POST /auth/sign-in": async ({ body: input, request, reply }) => {
      const { body, headers } = await withFailureLimits(limiter, signInLimits(config, input.email, request.ip), () =>
        signIn(ctx, input, libraryHeaders(request)),
      );
      forwardCookies(reply, headers);
      if (!body.twoFactorRequired) {
        await signedIn(request, reply);
        await recordSignIn(ctx, {
          setCookies: cookiesOn(reply),
          method: "password",
          signIn: true,
          client: clientOf(request),
        });
      }
      return body;
    },

    "POST /auth/forgot-password": async ({ body, request }) => {
      await limitAttempt(request, "reset-request", body.email);
      return requestReset(ctx, body.email, libraryHeaders(request));
    },

    "POST /auth/reset-password": async ({ body, request }) => {
      await limitByIp(request);
      const { email } = await resetPassword(ctx, body.token, body.password);
      // Proof of the mailbox: the email's sign-in lock (global, and at this address) is lifted.
      if (email) await limiter.forget(keysClearedByReset(email, request.ip));
      return { ok: true as const };
    },

    "POST /auth/verify-email": async ({ body, request }) => {
      await limitByIp(request);
      await verifyEmail(ctx, body.token);
      return { verified: true as const };
    },

    "POST /auth/sign-out": async ({ request, reply }) => {
      const viewer = await request.viewer();
      await callLibrary(library, "/sign-out", { request, reply });
      // The signed-out session's open event streams close (on every instance).
      if (viewer) await announce(db, [sessionChanged(viewer.userId)]);
      return { ok: true as const };
    },
    "POST /auth/two-factor/verify-totp": async ({ body, request, reply }) => {
      // Signed in already: the code confirms turning two-factor on, which is not a sign-in.
      // Either way the session has just proved a second factor (decision 050: fresh for 15 minutes).
      const current = await request.viewer();
      await callLibrary(library, "/two-factor/verify-totp", { request, reply, body });
      if (!current) await signedIn(request, reply);
      await recordSignIn(ctx, {
        setCookies: cookiesOn(reply),
        current,
        method: "totp",
        signIn: !current,
        client: clientOf(request),
      });
      return { ok: true as const };
    },
    "POST /auth/two-factor/verify-backup-code": async ({ body, request, reply }) => {
      const current = await request.viewer();
      await callLibrary(library, "/two-factor/verify-backup-code", { request, reply, body });
      if (!current) await signedIn(request, reply);
      await recordSignIn(ctx, {
        setCookies: cookiesOn(reply),
        current,
        method: "backup_code",
        signIn: !current,
        client: clientOf(request),
      });
      return { ok: true as const };
    },
    "POST /auth/two-factor/enable": async ({ body, request, reply }) =>
      (await callLibrary(library, "/two-factor/enable", { request, reply, body })) as {
        totpURI: string;
        backupCodes: string[];
      },
    "POST /auth/two-factor/disable": async ({ body, request, reply }) => {
      await callLibrary(library, "/two-factor/disable", { request, reply, body });
      return { ok: true as const };
    },

    "GET /admin/security": async () => securitySettingsOf(ctx),
    "PUT /admin/security": async ({ viewer, body }) => saveSecuritySettings(ctx, viewer, body),
    "PUT /admin/roles": async ({ viewer, body }) => {
      assertFreshSecondFactor(viewer);
      return changeRole(ctx, viewer, body);
    },
    "GET /me": async ({ request }) => sessionInfo(await request.viewer()),
    "POST /account/verify-email/resend": async ({ viewer, request }) =>
      resendVerification(ctx, viewer, libraryHeaders(request)),
    "POST /account/check-owner-status": async ({ viewer }) => ({
      upgraded: await upgradeOwner(ctx, viewer.userId, config.OWNER_EMAILS),
    }),
    "PUT /profile": async ({ viewer, body, request }) =>
      sessionInfo(
        await updateProfile(ctx, viewer, body, (error) =>
          request.log.error(
            { err: error, userId: viewer.userId },
            "profile: invoicing details not sent to the provider",
          ),
        ),
      ),
    "PUT /profile/language": async ({ viewer, body }) => updateLanguage(ctx, viewer, body.language),

    "GET /account/export": async ({ viewer, reply }) => {
      const date = new Date().toISOString().slice(0, 10);
      reply.header("content-disposition", `attachment; filename="maison-data-${date}.json"`);
      return exportAccount(ctx, viewer.userId);
    },

    "POST /account/password": async ({ viewer, body, request }) => {
      await changePassword(ctx, viewer, body, libraryHeaders(request));
      return { ok: true as const };
    },
    "GET /account/sessions": async ({ viewer }) => listSessions(ctx, viewer),
    "DELETE /account/sessions/:sessionId": async ({ viewer, params }) => {
      await endSession(ctx, viewer, params.sessionId);
      return { ok: true as const };
    },
    "POST /account/sessions/sign-out-others": async ({ viewer }) => ({
      signedOut: await endOtherSessions(ctx, viewer),
    }),

    "GET /admin/profile/card": async ({ viewer }) => cardSettings(ctx, viewer),
    "PUT /admin/profile/card": async ({ viewer, body }) => saveCard(ctx, viewer, body),
    "POST /admin/profile/card/photo": async ({ viewer, request }) => uploadPhoto(ctx, viewer, request),
    "DELETE /admin/profile/card/photo": async ({ viewer }) => removePhoto(ctx, viewer),
    "GET /team/:userId/photo": async ({ viewer, params, reply }) =>
      sendFile(reply, await openPhoto(ctx, viewer, params.userId), { thread: true }),

    "DELETE /account": async ({ viewer, body, request, reply }) => {
      const { headers } = await deleteOwnAccount(ctx, viewer, body?.password, libraryHeaders(request));
      forwardCookies(reply, headers);
      return { ok: true as const };
    },
  });
};
