/**
 * Sign-up, sign-in, password reset, the session summary, the owner check, profile, export and deletion.
 * The library's own endpoints (sign-out, two-factor) are mounted in auth/routes.ts.
 */
import { fromNodeHeaders } from "better-auth/node";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  newPasswordSchema,
  passwordResetRequestSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
} from "@/shared/schemas";
import type { App } from "../../app";
import { fromAuthError } from "../../auth/errors";
import { requireUser } from "../../auth/viewer";
import { HttpError } from "../../http/errors";
import {
  createAccountRecords,
  deleteAccount,
  exportAccount,
  sessionInfo,
  updateProfile,
  upgradeOwner,
} from "./service";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";
export const RESET_REQUESTED =
  "If an account exists for this email, we have sent a link to choose a new password. It is valid for 60 minutes.";

const isExceeded = (result: { isAllowed: boolean; isExceeded?: boolean }) =>
  !result.isAllowed && Boolean(result.isExceeded);

function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
}

export const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { services, deps } = fastify as unknown as App;
  const { auth } = services;
  const db = deps.database.db;
  const limits = deps.config;

  // Per IP and per email, so neither one address nor one account can be hammered.
  const perIp = fastify.createRateLimit({
    max: limits.AUTH_RATE_LIMIT_PER_IP,
    timeWindow: "10 minutes",
    keyGenerator: (req) => `auth:ip:${req.ip}`,
  });
  const perEmail = fastify.createRateLimit({
    max: limits.AUTH_RATE_LIMIT_PER_EMAIL,
    timeWindow: "10 minutes",
    keyGenerator: (req) =>
      `auth:email:${String((req.body as { email?: string })?.email ?? "")
        .trim()
        .toLowerCase()}`,
  });
  async function rateLimit(request: FastifyRequest) {
    const [ip, email] = await Promise.all([perIp(request), perEmail(request)]);
    // isAllowed only reports the allow-list; isExceeded is the verdict.
    if (isExceeded(ip) || isExceeded(email)) throw new HttpError(429, TOO_MANY_ATTEMPTS, "rate_limited");
  }

  app.post("/auth/sign-up", { schema: { body: signUpSchema } }, async (request, reply) => {
    await rateLimit(request);
    const { name, phone, email, password } = request.body;
    const result = await auth.api
      .signUpEmail({ body: { name, email, password }, headers: fromNodeHeaders(request.headers), returnHeaders: true })
      .catch((error) =>
        fromAuthError(error, {
          USER_ALREADY_EXISTS: "An account with this email already exists. Please sign in instead.",
          USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "An account with this email already exists. Please sign in instead.",
        }),
      );
    const user = result.response.user;
    await db.transaction((tx) => createAccountRecords(tx, { id: user.id, email: user.email, name, phone }));
    forwardCookies(reply, result.headers);
    return reply.status(201).send({ ok: true });
  });

  app.post("/auth/sign-in", { schema: { body: signInSchema } }, async (request, reply) => {
    await rateLimit(request);
    const result = await auth.api
      .signInEmail({ body: request.body, headers: fromNodeHeaders(request.headers), returnHeaders: true })
      .catch((error) => fromAuthError(error));
    forwardCookies(reply, result.headers);
    const twoFactorRequired = Boolean((result.response as { twoFactorRedirect?: boolean }).twoFactorRedirect);
    return { twoFactorRequired };
  });

  app.post("/auth/forgot-password", { schema: { body: passwordResetRequestSchema } }, async (request) => {
    await rateLimit(request);
    // The same answer whether or not the account exists.
    await auth.api.requestPasswordReset({
      body: { email: request.body.email },
      headers: fromNodeHeaders(request.headers),
    });
    return { message: RESET_REQUESTED };
  });

  app.post("/auth/reset-password", { schema: { body: newPasswordSchema } }, async (request) => {
    if (isExceeded(await perIp(request))) throw new HttpError(429, TOO_MANY_ATTEMPTS, "rate_limited");
    await auth.api
      .resetPassword({ body: { newPassword: request.body.password, token: request.body.token } })
      .catch((error) =>
        fromAuthError(error, {
          INVALID_TOKEN: "This reset link is invalid or has expired. Please ask for a new one.",
        }),
      );
    return { ok: true };
  });

  app.get("/me", async (request, reply) => {
    reply.header("cache-control", "no-store");
    return sessionInfo(db, await request.viewer());
  });

  app.post("/account/check-owner-status", async (request) => {
    const viewer = await requireUser(request);
    return { upgraded: await upgradeOwner(db, viewer, deps.config.OWNER_EMAILS) };
  });

  app.put("/profile", { schema: { body: profileSchema } }, async (request) => {
    const viewer = await requireUser(request);
    await updateProfile(db, viewer.userId, request.body);
    return sessionInfo(db, { ...viewer, name: request.body.name });
  });

  app.get("/account/export", async (request, reply) => {
    const viewer = await requireUser(request);
    const data = await exportAccount(db, viewer.userId);
    const date = new Date().toISOString().slice(0, 10);
    return reply
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="maison-data-${date}.json"`)
      .type("application/json")
      .send(JSON.stringify(data, null, 2));
  });

  app.delete("/account", async (request, reply) => {
    const viewer = await requireUser(request);
    await services.billing.beforeAccountDeletion(viewer);
    // Ends the session and clears its cookie; the user's rows then go in one transaction.
    const signOut = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
    await deleteAccount(db, viewer.userId);
    forwardCookies(reply, signOut.headers);
    return { ok: true };
  });
};
