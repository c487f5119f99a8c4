/**
 * Sign-in limits (issue 19, item 4): failures count, successes do not; the per-email lock is per (email, client
 * address) with an exponential back-off, under a small global ceiling per email. Sign-ups and reset requests
 * stay limited per attempt. The rules are in docs/security.md.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { resetToken } from "#tests/helpers/mail";
import { signUp, type TestUser, uniqueEmail } from "#tests/helpers/users";
import { ERRORS } from "@/shared/contracts/common-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { SIGN_IN_LIMITS, signInKeys } from "./sign-in-limits";

let ctx: TestContext;
beforeAll(async () => {
  // The shipped defaults: 30 failures per address, 5 per email from one address.
  ctx = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_IP: "30", AUTH_RATE_LIMIT_PER_EMAIL: "5" },
    deps: { startWorkers: false },
  });
});
afterAll(() => ctx.close());

let addresses = 0;
/** A client address of its own for each use, so tests do not share counters. */
const newAddress = () => {
  addresses += 1;
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const signIn = (email: string, password: string, address: string) =>
  ctx.app.inject({
    method: "POST",
    url: endpointUrl("POST /auth/sign-in"),
    payload: { email, password },
    remoteAddress: address,
  });

async function statuses(count: number, attempt: () => ReturnType<typeof signIn>) {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await attempt()).statusCode);
  return out;
}

const retryAfter = (res: Awaited<ReturnType<typeof signIn>>) => Number(res.headers["retry-after"]);

async function rateRow(key: string) {
  const result = await ctx.database.db.execute(
    sql`select count, locked_until from rate_limits where key = ${key} and reset_at > now()`,
  );
  return (result as unknown as { rows: { count: number; locked_until: Date | string | null }[] }).rows[0];
}

/** Ends the current lock of (email, address) as if its time had passed. */
async function endLock(email: string, address: string) {
  await ctx.database.db.execute(
    sql`update rate_limits set locked_until = now() - interval '1 second'
        where key = ${signInKeys(email, address).emailAtAddress}`,
  );
}

let users: TestUser[];
beforeAll(async () => {
  users = [];
  for (let i = 0; i < 4; i++) users.push(await signUp(ctx));
});

describe("successful sign-ins are never limited", () => {
  it("lets an office sign in 40 times in a row from one address", async () => {
    const office = newAddress();
    let i = 0;
    const results = await statuses(40, () => {
      const user = users[i++ % users.length];
      return signIn(user.email, user.password, office);
    });
    expect(results).toEqual(Array(40).fill(200));
  });

  it("lets one member sign in 12 times from several devices", async () => {
    const [user] = users;
    const devices = [newAddress(), newAddress(), newAddress()];
    let i = 0;
    const results = await statuses(12, () => signIn(user.email, user.password, devices[i++ % devices.length]));
    expect(results).toEqual(Array(12).fill(200));
  });
});

describe("failures per (email, address), with a growing back-off", () => {
  it("locks the attacker's address with a doubling lock while the owner signs in from elsewhere", async () => {
    const owner = await signUp(ctx);
    const attacker = newAddress();
    const wrong = () => signIn(owner.email, "wrong-password", attacker);
    expect(await statuses(5, wrong)).toEqual([401, 401, 401, 401, 401]);

    // Locked for a minute, even with the right password; the owner's own address is not.
    const locked = await signIn(owner.email, owner.password, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(ERRORS.tooManyAttempts);
    expect(retryAfter(locked)).toBeGreaterThan(50);
    expect(retryAfter(locked)).toBeLessThanOrEqual(60);
    expect((await signIn(owner.email, owner.password, newAddress())).statusCode).toBe(200);

    // Refused attempts are not failures: they neither lengthen the lock nor count anywhere else.
    expect(await statuses(10, wrong)).toEqual(Array(10).fill(429));
    const keys = signInKeys(owner.email, attacker);
    expect((await rateRow(keys.emailAtAddress)).count).toBe(5);
    expect((await rateRow(keys.email)).count).toBe(5);
    expect((await rateRow(keys.address)).count).toBe(5);

    // Each further failure doubles the lock: 2, 4, 8 minutes, then 15 at most.
    const locks: number[] = [];
    for (let i = 0; i < 6; i++) {
      await endLock(owner.email, attacker);
      expect((await wrong()).statusCode).toBe(401);
      locks.push(retryAfter(await wrong()));
    }
    expect(locks.map((seconds) => Math.round(seconds / 60))).toEqual([2, 4, 8, 15, 15, 15]);
  });

  it("clears an address's failures for an email when that email signs in there", async () => {
    const user = await signUp(ctx);
    const home = newAddress();
    const wrong = () => signIn(user.email, "wrong-password", home);
    expect(await statuses(4, wrong)).toEqual([401, 401, 401, 401]);
    expect((await signIn(user.email, user.password, home)).statusCode).toBe(200);
    // A fresh start: four more mistakes and the fifth, then the lock.
    expect(await statuses(6, wrong)).toEqual([401, 401, 401, 401, 401, 429]);
    // Only that address's count was cleared: the email's global count kept every failure.
    expect((await rateRow(signInKeys(user.email, home).email)).count).toBe(9);
  });

  it("counts unknown emails as failures too", async () => {
    const address = newAddress();
    const email = uniqueEmail("nobody");
    expect(await statuses(6, () => signIn(email, "wrong-password", address))).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe("the global ceiling per email", () => {
  it("refuses every address once an email has had its failures for the hour; a password reset lifts it", async () => {
    const owner = await signUp(ctx);
    const { failuresPerEmail } = SIGN_IN_LIMITS;
    // A distributed attack has already spent all but two of the hour's failures (set directly: the test
    // would otherwise need a hundred slow password checks).
    await ctx.database.db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${signInKeys(owner.email, "").email}, ${failuresPerEmail.max - 2}, now() + interval '50 minutes')`);
    expect((await signIn(owner.email, "wrong-password", newAddress())).statusCode).toBe(401);
    expect((await signIn(owner.email, "wrong-password", newAddress())).statusCode).toBe(401);

    // The owner, at an address with no failures, is now refused too, until the hour's window ends.
    const home = newAddress();
    const refused = await signIn(owner.email, owner.password, home);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(45 * 60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(50 * 60);
    // Another email is not affected.
    expect((await signIn(users[1].email, users[1].password, home)).statusCode).toBe(200);

    // Proving the mailbox is the owner's lifts it.
    const post = (key: "POST /auth/forgot-password" | "POST /auth/reset-password", payload: object) =>
      ctx.app.inject({ method: "POST", url: endpointUrl(key), payload, remoteAddress: home });
    expect((await post("POST /auth/forgot-password", { email: owner.email })).statusCode).toBe(200);
    const token = await resetToken(ctx, owner.email);
    expect((await post("POST /auth/reset-password", { token, password: "a-new-secret" })).statusCode).toBe(200);
    expect((await signIn(owner.email, "a-new-secret", home)).statusCode).toBe(200);
  });
});

describe("parallel attempts", () => {
  it("lets no more wrong passwords through for one email at one address than the limit", async () => {
    const user = await signUp(ctx);
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => signIn(user.email, "wrong-password", address).then((r) => r.statusCode)),
    );
    expect(results.filter((s) => s === 401)).toHaveLength(5);
    expect(results.filter((s) => s === 429)).toHaveLength(15);
  });

  it("lets no more failures through from one address than the limit, across emails", async () => {
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        signIn(uniqueEmail("guess"), "wrong-password", address).then((r) => r.statusCode),
      ),
    );
    expect(results.filter((s) => s === 401)).toHaveLength(30);
    expect(results.filter((s) => s === 429)).toHaveLength(10);
    // Refused attempts gave their counts back.
    expect((await rateRow(signInKeys("x@example.com", address).address)).count).toBe(30);
  });
});

describe("sign-ups and reset requests stay limited per attempt", () => {
  it("limits sign-ups per address, successful or not", async () => {
    const address = newAddress();
    const results = await statuses(31, () =>
      ctx.app.inject({
        method: "POST",
        url: endpointUrl("POST /auth/sign-up"),
        remoteAddress: address,
        payload: { name: "Ana Sousa", phone: "+351912345678", email: uniqueEmail(), password: "correct-horse" },
      }),
    );
    expect(results).toEqual([...Array(30).fill(201), 429]);
  });

  it("limits reset requests per email, each of which sends a mail", async () => {
    const user = users[2];
    let i = 0;
    const results = await statuses(6, () =>
      ctx.app.inject({
        method: "POST",
        url: endpointUrl("POST /auth/forgot-password"),
        remoteAddress: `203.0.113.${100 + i++}`,
        payload: { email: user.email },
      }),
    );
    expect(results).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
