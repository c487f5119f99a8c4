/**
 * Account routes: sign-up, sign-in, password reset, email verification, the session summary, the owner check,
 * profile, export and deletion. HTTP only: the flows are in auth-service.ts and service.ts. The library's own
 * endpoints that we use (sign-out, two-factor) are mounted in auth/routes.ts.
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
import { requireUser } from "../../auth/policies";
import type { AppContext } from "../../context";
import { enforceLimits, type RateRule, withFailureLimits } from "../../rate-limit";
import {
  deleteOwnAccount,
  requestReset,
  resendVerification,
  resetPassword,
  signIn,
  signUp,
  verifyEmail,
} from "./auth-service";
import { exportAccount, sessionInfo, updateProfile, upgradeOwner } from "./service";
import { keysClearedByReset, signInLimits } from "./sign-in-limits";

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
    const { db, config, limiter } = ctx;
    const perIp: RateRule = { max: config.AUTH_RATE_LIMIT_PER_IP, windowSeconds: 600 };
    const perEmail: RateRule = { max: config.AUTH_RATE_LIMIT_PER_EMAIL, windowSeconds: 600 };

    /**
     * Sign-up, reset request, reset and verification attempts per client IP (one count across the four), and
     * sign-ups and reset requests per email, kept in the database so every instance sees the same attempts.
     * Sign-in counts only failures (sign-in-limits.ts).
     */
    const limitByIp = (request: FastifyRequest) =>
      enforceLimits(limiter, [{ key: `auth:ip:${request.ip}`, rule: perIp }]);
    const limitAttempt = (request: FastifyRequest, flow: "sign-up" | "reset-request") =>
      enforceLimits(limiter, [
        { key: `auth:ip:${request.ip}`, rule: perIp },
        { key: `${flow}:email:${emailOf(request)}`, rule: perEmail },
      ]);

    app.post(
      "/auth/sign-up",
      { schema: { body: signUpSchema, response: { 201: okSchema } } },
      async (request, reply) => {
        await limitAttempt(request, "sign-up");
        forwardCookies(reply, (await signUp(ctx, request.body, libraryHeaders(request))).headers);
        return reply.status(201).send({ ok: true as const });
      },
    );

    app.post(
      "/auth/sign-in",
      { schema: { body: signInSchema, response: { 200: signInResultSchema } } },
      async (request, reply) => {
        const { body, headers } = await withFailureLimits(
          limiter,
          signInLimits(config, request.body.email, request.ip),
          () => signIn(ctx, request.body, libraryHeaders(request)),
        );
        forwardCookies(reply, headers);
        return body;
      },
    );

    app.post(
      "/auth/forgot-password",
      { schema: { body: passwordResetRequestSchema, response: { 200: messageSchema } } },
      async (request) => {
        await limitAttempt(request, "reset-request");
        return requestReset(ctx, request.body.email, libraryHeaders(request));
      },
    );

    app.post(
      "/auth/reset-password",
      { schema: { body: newPasswordSchema, response: { 200: okSchema } } },
      async (request) => {
        await limitByIp(request);
        const { email } = await resetPassword(ctx, request.body.token, request.body.password);
        // Proof of the mailbox: the email's sign-in lock (global, and at this address) is lifted.
        if (email) await limiter.forget(keysClearedByReset(email, request.ip));
        return { ok: true as const };
      },
    );

    app.post(
      "/auth/verify-email",
      { schema: { body: verifyEmailSchema, response: { 200: verifiedSchema } } },
      async (request) => {
        await limitByIp(request);
        await verifyEmail(ctx, request.body.token);
        return { verified: true as const };
      },
    );

    app.post("/account/verify-email/resend", { schema: { response: { 200: messageSchema } } }, async (request) =>
      resendVerification(ctx, await requireUser(request), libraryHeaders(request)),
    );

    app.get("/me", { schema: { response: { 200: sessionInfoSchema } } }, async (request) =>
      sessionInfo(await request.viewer()),
    );

    app.post("/account/check-owner-status", { schema: { response: { 200: ownerCheckSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      return { upgraded: await upgradeOwner(db, viewer.userId, config.OWNER_EMAILS) };
    });

    app.put("/profile", { schema: { body: profileSchema, response: { 200: sessionInfoSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      return sessionInfo(await updateProfile(db, viewer, request.body));
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
        const { headers } = await deleteOwnAccount(ctx, viewer, request.body?.password, libraryHeaders(request));
        forwardCookies(reply, headers);
        return { ok: true as const };
      },
    );
  };
