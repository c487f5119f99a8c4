/**
 * Two-factor for a test user through the real routes (decision 050): turned on with their password and a first
 * code (the library replaces the session: the user's new cookie is returned), and fresh codes later.
 */
import { expect } from "vitest";
import type { TestContext } from "./app";
import { call } from "./call";
import { totpFromUri } from "./totp";
import { cookieFrom, type TestUser } from "./users";

export interface TwoFactorUser extends TestUser {
  totpURI: string;
}

export async function withTwoFactor(ctx: TestContext, user: TestUser): Promise<TwoFactorUser> {
  const enable = await call(
    ctx,
    "POST /auth/two-factor/enable",
    { body: { password: user.password } },
    { cookie: user.cookie },
  );
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI } = enable.json();
  const confirm = await call(
    ctx,
    "POST /auth/two-factor/verify-totp",
    { body: { code: totpFromUri(totpURI) } },
    { cookie: user.cookie },
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { ...user, cookie: cookieFrom(confirm) || user.cookie, totpURI };
}

/** Proves the second factor again in the user's session (a code from the app, signed in). */
export async function confirmSecondFactor(ctx: TestContext, user: TwoFactorUser) {
  const confirmed = await call(
    ctx,
    "POST /auth/two-factor/verify-totp",
    { body: { code: totpFromUri(user.totpURI) } },
    { cookie: user.cookie },
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}
