/**
 * The authorization matrix: every kind of caller against one route of each kind, with the expected status.
 * Later features add their routes to ROUTES.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "../../../tests/helpers/app";
import { as, createUser, type TestUser } from "../../../tests/helpers/users";

type Caller = "anonymous" | "client without plan" | "client on Basic" | "silver" | "gold" | "black" | "staff" | "admin";
const CALLERS: Caller[] = [
  "anonymous",
  "client without plan",
  "client on Basic",
  "silver",
  "gold",
  "black",
  "staff",
  "admin",
];

interface RouteCase {
  name: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  payload?: object;
  allowed: Caller[];
}

const SIGNED_IN: Caller[] = CALLERS.filter((c) => c !== "anonymous");
const PAYING: Caller[] = ["silver", "gold", "black", "staff", "admin"];
const MEMBERS_WITH_ACCESS: Caller[] = ["client on Basic", ...PAYING];
const STAFF: Caller[] = ["staff", "admin"];

const ROUTES: RouteCase[] = [
  { name: "member: export own data", method: "GET", url: "/api/account/export", allowed: SIGNED_IN },
  {
    name: "member: update profile",
    method: "PUT",
    url: "/api/profile",
    payload: { name: "Ana", phone: "" },
    allowed: SIGNED_IN,
  },
  { name: "plan-gated: dashboard", method: "GET", url: "/api/dashboard", allowed: MEMBERS_WITH_ACCESS },
  { name: "admin: outbox", method: "GET", url: "/api/admin/outbox", allowed: STAFF },
  // Payments: each member acts only on their own account (nothing in these routes names another user).
  { name: "member: check subscription", method: "POST", url: "/api/billing/check-subscription", allowed: SIGNED_IN },
  { name: "member: test-mode billing page", method: "GET", url: "/api/billing/test/subscription", allowed: SIGNED_IN },
  { name: "admin: payment settings", method: "GET", url: "/api/admin/settings", allowed: STAFF },
  {
    name: "admin: sync one subscription",
    method: "POST",
    url: "/api/admin/subscriptions/sync",
    payload: { userEmail: "nobody@example.com" },
    allowed: STAFF,
  },
  { name: "admin: sync all subscriptions", method: "POST", url: "/api/admin/subscriptions/sync-all", allowed: STAFF },
  {
    name: "admin: debug checkout URL",
    method: "POST",
    url: "/api/admin/debug/checkout-url",
    payload: { plan: "silver" },
    allowed: STAFF,
  },
];

let ctx: TestContext;
const users = new Map<Caller, TestUser | null>();

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  users.set("anonymous", null);
  users.set("client without plan", await createUser(ctx));
  users.set("client on Basic", await createUser(ctx, { plan: "free" }));
  users.set("silver", await createUser(ctx, { plan: "silver" }));
  users.set("gold", await createUser(ctx, { plan: "gold" }));
  users.set("black", await createUser(ctx, { plan: "black" }));
  users.set("staff", await createUser(ctx, { role: "staff" }));
  users.set("admin", await createUser(ctx, { role: "admin" }));
});
afterAll(() => ctx.close());

describe.each(ROUTES)("$name ($method $url)", (route) => {
  it.each(CALLERS)("%s", async (caller) => {
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url,
      payload: route.payload,
      headers: as(users.get(caller) ?? null),
    });
    if (route.allowed.includes(caller)) {
      expect(res.statusCode, res.body).toBeLessThan(400);
    } else {
      const expected = caller === "anonymous" ? 401 : 403;
      expect(res.statusCode, res.body).toBe(expected);
      expect(res.json().error).toEqual(expect.any(String));
    }
  });
});
