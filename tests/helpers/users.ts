/** Test users made through the real sign-up route, then given roles and memberships as the CLI would. */
import type { LightMyRequestResponse } from "fastify";
import { userRoles } from "../../src/server/db/schema";
import { grantComplimentary } from "../../src/server/features/billing/service";
import type { Plan } from "../../src/shared/plans";
import type { Role } from "../../src/shared/roles";
import type { TestContext } from "./app";
import { call } from "./call";

/** The Cookie header to send back, from a response's Set-Cookie headers. */
export function cookieFrom(response: Pick<LightMyRequestResponse, "headers">): string {
  const raw = response.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

let counter = 0;
export function uniqueEmail(prefix = "member") {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

export async function signUp(
  ctx: TestContext,
  input: Partial<{ name: string; email: string; phone: string; password: string }> = {},
): Promise<TestUser> {
  const body = {
    name: input.name ?? "Ana Sousa",
    email: input.email ?? uniqueEmail(),
    phone: input.phone ?? "+351912345678",
    password: input.password ?? "correct-horse",
  };
  const res = await call(ctx, "POST /auth/sign-up", { body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res);
  const { user } = (await call(ctx, "GET /me", {}, { cookie })).json();
  if (!user) throw new Error("signed up, but not signed in");
  return { id: user.id, email: body.email, password: body.password, cookie };
}

/** A user with a role and, optionally, an active complimentary plan. */
export async function createUser(
  ctx: TestContext,
  options: { role?: Role; plan?: Plan; name?: string } = {},
): Promise<TestUser> {
  const user = await signUp(ctx, { name: options.name, email: uniqueEmail(options.role ?? "client") });
  if (options.role && options.role !== "client") {
    await ctx.database.db.insert(userRoles).values({ userId: user.id, role: options.role });
  }
  if (options.plan) await grantComplimentary(ctx.database.db, user.id, options.plan);
  return user;
}

export function as(user: TestUser | null) {
  return user ? { cookie: user.cookie } : {};
}

/** Gives a user an active complimentary plan, as the house (or the CLI) would. */
export function grantPlan(ctx: TestContext, userId: string, plan: Plan) {
  return grantComplimentary(ctx.database.db, userId, plan);
}
