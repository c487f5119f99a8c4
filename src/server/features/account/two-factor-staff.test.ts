/**
 * Two-factor for staff (issue 31 item 7, decision 050). While an admin makes it mandatory, a staff member or admin
 * without it is refused every staff, admin and member route (every one of the endpoint tables: 403
 * `two_factor_setup_required`), yet can still read who they are and set it up; once set up, they work again.
 * Capturing, refunding and changing roles want a second factor proved in the last 15 minutes (403
 * `second_factor_required`), and pass once a fresh code is given.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { option, quotesTestApp } from "#tests/helpers/quote-steps";
import { totpFromUri } from "#tests/helpers/totp";
import { confirmSecondFactor, type TwoFactorUser, withTwoFactor } from "#tests/helpers/two-factor";
import { as, cookieFrom, createUser, type TestUser } from "#tests/helpers/users";
import { ALL_ENDPOINTS } from "@/shared/contracts";
import { ERRORS } from "@/shared/contracts/common-texts";
import { endpointUrl, splitKey } from "@/shared/contracts/endpoint";
import { auditLog, holds, sessions } from "../../db/schema";

let ctx: TestContext;
const steps = quotesTestApp((started) => {
  ({ ctx } = started);
});

const ANY_ID = "00000000-0000-4000-8000-000000000000";
const paramsOf = (key: string) =>
  Object.fromEntries([...splitKey(key).path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => [m[1], ANY_ID]));

async function setRequired(admin: TwoFactorUser, required: boolean) {
  const res = await call(ctx, "PUT /admin/security", { body: { twoFactorRequired: required } }, as(admin));
  expect(res.statusCode, res.body).toBe(200);
}

/** Makes the session's last second factor `minutes` old. */
async function ageSecondFactor(user: TestUser, minutes: number) {
  const token = decodeURIComponent(user.cookie.split("maison.session_token=")[1]?.split(";")[0] ?? "").split(".")[0];
  await ctx.database.db
    .update(sessions)
    .set({ secondFactorAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessions.token, token));
}

describe("mandatory two-factor for staff", () => {
  it("an admin without two-factor cannot make it mandatory (409); with it, can", async () => {
    const admin = await createUser(ctx, { role: "admin" });
    const refused = await call(ctx, "PUT /admin/security", { body: { twoFactorRequired: true } }, as(admin));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("own_two_factor_first");
    const secured = await withTwoFactor(ctx, admin);
    await setRequired(secured, true);
    expect((await call(ctx, "GET /admin/security", {}, as(secured))).json()).toEqual({ twoFactorRequired: true });
    await setRequired(secured, false);
  });

  it("refuses every staff, admin and member route to staff without it (403 two_factor_setup_required), whatever is sent", async () => {
    const admin = await withTwoFactor(ctx, await createUser(ctx, { role: "admin" }));
    const plainAdmin = await createUser(ctx, { role: "admin" });
    const worker = await createUser(ctx, { role: "staff" });
    await setRequired(admin, true);
    try {
      const guarded = ALL_ENDPOINTS.filter(
        ([, e]) => e.access === "staff" || e.access === "admin" || e.access === "member",
      );
      expect(guarded.length).toBeGreaterThan(60);
      const wrong: string[] = [];
      for (const [key, endpoint] of guarded) {
        for (const caller of endpoint.access === "admin" ? [plainAdmin] : [worker, plainAdmin]) {
          const { method } = splitKey(key);
          const res = await ctx.app.inject({
            method,
            url: endpointUrl(key, { params: paramsOf(key) }),
            headers: {
              ...as(caller),
              ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
            },
            ...(method === "GET" || method === "DELETE" ? {} : { payload: "{}" }),
          });
          if (res.statusCode !== 403 || res.json().code !== "two_factor_setup_required") {
            wrong.push(
              `${key} as ${caller === worker ? "staff" : "admin"}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
        }
      }
      expect(wrong).toEqual([]);
      const one = await call(ctx, "GET /admin/replies", {}, as(worker));
      expect(one.json()).toMatchObject({ error: ERRORS.twoFactorSetupRequired, code: "two_factor_setup_required" });
      // Who they are, and setting it up, stay open; a member is not concerned.
      expect((await call(ctx, "GET /me", {}, as(worker))).statusCode).toBe(200);
      const member = await createUser(ctx, { plan: "gold" });
      expect((await call(ctx, "GET /requests", {}, as(member))).statusCode).toBe(200);
      // Set up: the staff member works again.
      const secured = await withTwoFactor(ctx, worker);
      expect((await call(ctx, "GET /admin/replies", {}, as(secured))).statusCode).toBe(200);
      // Signing in again asks for the code, then lets them in.
      const signIn = await call(ctx, "POST /auth/sign-in", {
        body: { email: worker.email, password: worker.password },
      });
      expect(signIn.json()).toEqual({ twoFactorRequired: true });
      const verified = await call(
        ctx,
        "POST /auth/two-factor/verify-totp",
        { body: { code: totpFromUri(secured.totpURI) } },
        { cookie: cookieFrom(signIn) },
      );
      expect(verified.statusCode, verified.body).toBe(200);
      const [signInRow] = await ctx.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "auth.sign_in"))
        .orderBy(sql`seq desc`)
        .limit(1);
      expect(signInRow).toMatchObject({ actorId: worker.id, after: { method: "totp" } });
    } finally {
      await setRequired(admin, false);
    }
  });
});

describe("a fresh second factor for capturing, refunding and changing roles", () => {
  it("403 second_factor_required when the last is older than 15 minutes; the same call passes after a code", async () => {
    const secured = await withTwoFactor(ctx, await createUser(ctx, { role: "admin" }));
    const held = await steps.heldRequest([option("Kelly 28, Gold", 1_000_000)]);
    const capture = () =>
      call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id: held.id }, body: {} }, as(secured));
    const audited = async () => (await ctx.database.db.select().from(auditLog)).length;

    await ageSecondFactor(secured, 16);
    const rows = await audited();
    const stale = await capture();
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: "second_factor_required", error: ERRORS.secondFactorRequired });
    // Refused before anything: the hold is untouched and nothing is audited.
    const [hold] = await ctx.database.db.select().from(holds).where(eq(holds.requestId, held.id));
    expect(hold).toMatchObject({ status: "held", pendingAction: null });
    expect(await audited()).toBe(rows);
    await confirmSecondFactor(ctx, secured);
    expect((await capture()).statusCode).toBe(200);

    await ageSecondFactor(secured, 16);
    const refund = () =>
      call(
        ctx,
        "POST /admin/requests/:id/refunds",
        { params: { id: held.id }, body: { amountCents: 1_000, reason: "Scuff", idempotencyKey: crypto.randomUUID() } },
        as(secured),
      );
    expect((await refund()).json().code).toBe("second_factor_required");
    await ageSecondFactor(secured, 14);
    expect((await refund()).statusCode).toBe(200);

    const member = await createUser(ctx, {});
    const role = () => call(ctx, "PUT /admin/roles", { body: { email: member.email, role: "staff" } }, as(secured));
    await ageSecondFactor(secured, 16);
    expect((await role()).json().code).toBe("second_factor_required");
    await confirmSecondFactor(ctx, secured);
    expect((await role()).statusCode).toBe(200);
  });

  it("staff without two-factor, while it is not mandatory, are not asked (nothing to ask)", async () => {
    const plain = await createUser(ctx, { role: "staff" });
    const held = await steps.heldRequest([option("Birkin 25", 1_000_000)]);
    const res = await call(
      ctx,
      "POST /admin/requests/:id/hold/capture",
      { params: { id: held.id }, body: {} },
      as(plain),
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
