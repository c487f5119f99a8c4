/**
 * The caller in one query: the signed cookie is checked with the library's own signature, the session read on
 * every request (sign-out and expiry at once), and its expiry slides forward at most once a day.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { as, createUser } from "#tests/helpers/users";
import { sessions } from "../db/schema";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const me = (cookie: string) => call(ctx, "GET /me", {}, { cookie });
const sessionOf = async (userId: string) =>
  (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId)))[0];

describe("the viewer", () => {
  it("reads a fresh session without writing anything", async () => {
    const user = await createUser(ctx, { plan: "gold" });
    const before = await sessionOf(user.id);
    const res = await me(user.cookie);
    expect(res.json()).toMatchObject({ user: { id: user.id }, role: "client", subscription: { plan: "gold" } });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await sessionOf(user.id)).toEqual(before);
  });

  it("slides the expiry forward once a day has passed since the last refresh, with a refreshed cookie", async () => {
    const user = await createUser(ctx);
    const { id } = await sessionOf(user.id);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 20 * 86_400_000) })
      .where(eq(sessions.id, id));
    const res = await me(user.cookie);
    expect(res.json().user?.id).toBe(user.id);
    expect(String(res.headers["set-cookie"])).toMatch(
      /maison\.session_token=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/,
    );
    const after = await sessionOf(user.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("refuses an expired session, a forged signature and a signed-out session", async () => {
    const [expired, forged, out] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    expect((await me(expired.cookie)).json().user).toBeNull();
    const tampered = forged.cookie.replace(
      /session_token=([^.;]+)\.([^;]+)/,
      (_m, token) => `session_token=${token}.${"A".repeat(43)}=`,
    );
    expect(tampered).not.toBe(forged.cookie);
    expect((await me(tampered)).json().user).toBeNull();
    // The auth library's own path: not in the endpoint tables.
    await ctx.app.inject({ method: "POST", url: "/api/auth/sign-out", headers: as(out) });
    expect((await me(out.cookie)).json().user).toBeNull();
  });
});
