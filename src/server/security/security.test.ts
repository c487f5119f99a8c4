/**
 * The hardening pass (issue 8): each numbered finding of the outside review, proved here or beside the code it
 * concerns (the owner upgrade in account.test.ts, the malformed webhook in billing.test.ts, the CLI in
 * cli.test.ts, configuration in config.test.ts).
 */
import { mkdtempSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext, testConfig } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { openSecondHandle } from "#tests/helpers/database";
import { startFakeStripe, stripeTestEnv } from "#tests/helpers/fake-stripe";
import { resetToken, verificationToken } from "#tests/helpers/mail";
import { testPasswordHasher } from "#tests/helpers/password";
import { as, createUser, signUp, type TestUser, uniqueEmail } from "#tests/helpers/users";
import { ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import { ERRORS, MESSAGES } from "@/shared/contracts/common-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { buildApp } from "../app";
import { openDatabase } from "../db";
import { outbox, profiles, sessions, users } from "../db/schema";
import { deliverDue, enqueueEmail, redactExpiredSecrets } from "../outbox/outbox";
import { createDeliverer } from "../outbox/worker";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const inject = (options: InjectOptions) => ctx.app.inject(options);

describe("1. one-time links are never shown", () => {
  it("refuses staff the outbox, and shows an admin no usable token after a reset or a verification", async () => {
    const member = await signUp(ctx);
    const [staff, admin] = [await createUser(ctx, { role: "staff" }), await createUser(ctx, { role: "admin" })];
    await call(ctx, "POST /auth/forgot-password", { body: { email: member.email } });
    const reset = await resetToken(ctx, member.email);
    const verify = await verificationToken(ctx, member.email);

    const asStaff = await call(ctx, "GET /admin/outbox", {}, as(staff));
    expect(asStaff.statusCode).toBe(403);
    const asAdmin = await call(ctx, "GET /admin/outbox", {}, as(admin));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().items.some((i) => i.to === member.email)).toBe(true);
    for (const secret of [reset, verify, "token="]) expect(asAdmin.body).not.toContain(secret);
  });

  it("redacts held mail carrying a token once the token has expired", async () => {
    const member = await signUp(ctx);
    await call(ctx, "POST /auth/forgot-password", { body: { email: member.email } });
    const token = await resetToken(ctx, member.email);
    const mine = sql`${outbox.payload}->>'to' = ${member.email}`;
    await ctx.database.db
      .update(outbox)
      .set({ secretExpiresAt: new Date(Date.now() - 1000) })
      .where(mine);
    expect(await redactExpiredSecrets(ctx.database.db)).toBeGreaterThanOrEqual(2);
    const rows = await ctx.database.db.select().from(outbox).where(mine);
    expect(rows.length).toBe(2);
    for (const row of rows) {
      expect(row.status).toBe("held");
      expect(JSON.stringify(row.payload)).not.toContain(token);
      expect(JSON.stringify(row.payload)).not.toContain("token=");
    }
  });
});

describe("2. email verification", () => {
  it("verifies an address with the emailed link, once signed or not, and refuses a bad link", async () => {
    const member = await signUp(ctx);
    const me = async () => (await call(ctx, "GET /me", {}, as(member))).json();
    expect((await me()).user!.emailVerified).toBe(false);
    const bad = await call(ctx, "POST /auth/verify-email", { body: { token: "not.a.token" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("This verification link is invalid or has expired. Please ask for a new one.");
    const token = await verificationToken(ctx, member.email);
    const ok = await call(ctx, "POST /auth/verify-email", { body: { token } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await me()).user!.emailVerified).toBe(true);
    const resend = await call(ctx, "POST /account/verify-email/resend", {}, as(member));
    expect(resend.statusCode).toBe(409);
  });

  it("sends a new link on request, a few times at most", async () => {
    const member = await signUp(ctx);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await call(ctx, "POST /account/verify-email/resend", {}, as(member))).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe("3. rate limits per client, across instances", () => {
  const totp = (ip: string, headers: Record<string, string> = {}) =>
    inject({
      method: "POST",
      url: endpointUrl("POST /auth/two-factor/verify-totp"),
      payload: { code: "123456" },
      remoteAddress: ip,
      headers,
    });

  it("limits verify-totp per client IP: one caller's attempts do not block another's, even with a forged header", async () => {
    const attacker: number[] = [];
    for (let i = 0; i < 12; i++)
      attacker.push((await totp("203.0.113.7", { "x-maison-client-ip": "198.51.100.9" })).statusCode);
    expect(attacker.slice(-1)).toEqual([429]);
    // The victim, at the address the attacker tried to spend, is not limited.
    expect((await totp("198.51.100.9")).statusCode).not.toBe(429);
  });

  it("never limits sign-out", async () => {
    for (let i = 0; i < 110; i++)
      await inject({ method: "POST", url: endpointUrl("POST /auth/sign-out"), remoteAddress: "203.0.113.8" });
    const user = await signUp(ctx);
    const out = await inject({
      method: "POST",
      url: endpointUrl("POST /auth/sign-out"),
      headers: as(user),
      remoteAddress: "203.0.113.8",
    });
    expect(out.statusCode).toBe(200);
  });

  it("believes X-Forwarded-For only as far as TRUST_PROXY says", async () => {
    async function ipSeen(trustProxy: string, forwardedFor: string) {
      const database = await openSecondHandle(ctx);
      const app = await buildApp({
        config: testConfig({ TRUST_PROXY: trustProxy }),
        database,
        clientDir: null,
        startWorkers: false,
      });
      app.get("/test/ip", async (request) => ({ ip: request.ip }));
      try {
        const res = await app.inject({ method: "GET", url: "/test/ip", headers: { "x-forwarded-for": forwardedFor } });
        return res.json().ip;
      } finally {
        await app.close();
        await database.close();
      }
    }
    // One proxy in front: the address it saw is the last one; the forged leftmost one is ignored.
    expect(await ipSeen("1", "6.6.6.6, 198.51.100.20")).toBe("198.51.100.20");
    expect(await ipSeen("true", "6.6.6.6, 198.51.100.20")).toBe("198.51.100.20");
    expect(await ipSeen("false", "6.6.6.6, 198.51.100.20")).toBe("127.0.0.1");
    expect(await ipSeen("127.0.0.1/8", "6.6.6.6, 198.51.100.20")).toBe("198.51.100.20");
  });

  it("counts the per-email sign-in limit across two app instances on one database", async () => {
    const env = { AUTH_RATE_LIMIT_PER_EMAIL: "4" };
    const first = await createTestApp({ env, deps: { startWorkers: false } });
    const database = await openSecondHandle(first);
    const second = await buildApp({
      config: first.config,
      database,
      clientDir: null,
      startWorkers: false,
      passwordHasher: testPasswordHasher,
    });
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? first.app : second;
        const res = await call({ app }, "POST /auth/sign-in", { body: { email, password: "wrong-password" } });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await second.close();
      await database.close();
      await first.close();
    }
  });
});

describe("4. no network call inside an open transaction", () => {
  /** A mail server that accepts connections and never says a word. */
  async function silentSmtp() {
    const sockets = new Set<Socket>();
    let connected: () => void = () => {};
    const firstConnection = new Promise<void>((resolve) => {
      connected = resolve;
    });
    const server: Server = createServer((socket) => {
      sockets.add(socket);
      connected();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return {
      url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
      firstConnection,
      async close() {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => server.close(resolve));
      },
    };
  }

  async function idleInTransaction() {
    if (ctx.database.kind !== "postgres") return 0;
    const result = await ctx.database.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    return Number(
      ((result as { rows?: Array<{ n: number }> }).rows ?? (result as unknown as Array<{ n: number }>))[0].n,
    );
  }

  it("keeps the database free while a mail server holds a delivery open", async () => {
    const smtp = await silentSmtp();
    try {
      await enqueueEmail(
        ctx.database.db,
        { mailEnabled: true },
        {
          to: "slow@example.com",
          reason: "test",
          subject: "Hello",
          html: "<p>Hi</p>",
          text: "Hi",
        },
      );
      const delivering = deliverDue(ctx.database.db, createDeliverer(testConfig({ SMTP_URL: smtp.url })));
      await smtp.firstConnection;
      // The delivery is stuck in the SMTP conversation: the database still answers, and holds no transaction.
      const health = await call(ctx, "GET /health");
      expect(health.statusCode).toBe(200);
      expect(await idleInTransaction()).toBe(0);
      await smtp.close();
      await delivering;
      const [row] = await ctx.database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload}->>'to' = 'slow@example.com'`);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
    } finally {
      await smtp.close();
    }
  });

  it("creates the Stripe customer outside any transaction", async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reached = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const fake = await startFakeStripe({
      customerGate: () => {
        arrived();
        return held;
      },
    });
    const stripe = await createTestApp({
      env: stripeTestEnv(fake),
      deps: { startWorkers: false },
    });
    try {
      const user = await signUp(stripe);
      const checkout = call(stripe, "POST /billing/checkout", { body: { plan: "silver" } }, as(user));
      await reached;
      expect((await call(stripe, "GET /health")).statusCode).toBe(200);
      if (stripe.database.kind === "postgres") {
        const result = await stripe.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        );
        expect(Number((result as unknown as { rows: Array<{ n: number }> }).rows[0].n)).toBe(0);
      }
      release();
      expect((await checkout).statusCode).toBe(200);
    } finally {
      release();
      await stripe.close();
      await fake.close();
    }
  });
});

describe("5 and 6. the library's other endpoints are closed", () => {
  it("answers the API's JSON 404 for every library path we do not use, and changes nothing", async () => {
    const user = await signUp(ctx, { name: "Ana Sousa" });
    // better-auth's own paths, in no endpoint table: the URLs themselves are the subject.
    const paths = [
      ["POST", "/api/auth/update-user", { name: "x".repeat(1_000) }],
      ["POST", "/api/auth/sign-in/email", { email: user.email, password: user.password }],
      ["POST", "/api/auth/sign-up/email", { email: uniqueEmail(), password: "correct-horse", name: "X" }],
      ["POST", "/api/auth/change-password", { currentPassword: user.password, newPassword: "another-secret" }],
      ["POST", "/api/auth/change-email", { newEmail: uniqueEmail() }],
      ["POST", "/api/auth/delete-user", {}],
      ["GET", "/api/auth/get-session", undefined],
      ["GET", "/api/auth/list-sessions", undefined],
      ["GET", "/api/auth/verify-email?token=x", undefined],
      ["POST", "/api/auth/request-password-reset", { email: user.email }],
      ["POST", "/api/auth/two-factor/get-totp-uri", { password: user.password }],
      ["GET", "/api/auth/sign-out", undefined],
      ["POST", "/api/auth/nothing-here", {}],
    ] as const;
    for (const [method, url, payload] of paths) {
      const res = await inject({ method, url, payload, headers: as(user) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: "Not found", key: "error.not_found", requestId: expect.any(String) });
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.name).toBe("Ana Sousa");
  });
});

describe("7. control characters", () => {
  it("refuses NUL and other control characters with a clear 400, and the profile phone follows sign-up's rule", async () => {
    const user = await signUp(ctx);
    const put = (payload: object) => call(ctx, "PUT /profile", unchecked({ body: payload }), as(user));
    for (const name of ["Ana\u0000Sousa", "Ana\u0007", "Ana\nSousa"]) {
      const res = await put({ name, phone: "" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(MESSAGES.controlCharacters);
    }
    expect((await put({ name: "Ana", phone: "call me" })).json().error).toBe(MESSAGES.phoneDigits);
    const ok = await put({ name: "Ana", phone: "+351 912 345 678" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile!.phone).toBe("+351912345678");
    const signUpNul = await call(ctx, "POST /auth/sign-up", {
      body: { name: "A\u0000", email: uniqueEmail(), phone: "+351912345678", password: "correct-horse" },
    });
    expect(signUpNul.statusCode).toBe(400);
  });

  it("refuses bidirectional controls and lone surrogates in names, and stores names composed (NFC)", async () => {
    const user = await signUp(ctx);
    const put = (payload: object) => call(ctx, "PUT /profile", unchecked({ body: payload }), as(user));
    for (const name of ["Ana \u202eausoS", "Ana\u2067", "Ana\ud800"]) {
      const res = await put({ name, phone: "" });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error).toBe(MESSAGES.controlCharacters);
    }
    const [before] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(before.name).not.toMatch(/[\u202e\u2067]/);
    const ok = await put({ name: "Herme\u0300s Sousa", phone: "" });
    expect(ok.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row.name).toBe("Hermès Sousa");
    expect(row.name.length).toBe(12);
  });
});

describe("8. cross-site requests", () => {
  it("refuses state-changing calls from another origin, and lets our own pages and non-browser callers through", async () => {
    const user = await signUp(ctx);
    const put = (headers: Record<string, string>) =>
      call(ctx, "PUT /profile", { body: { name: "Ana", phone: "" } }, { ...as(user), ...headers });
    for (const headers of <Array<Record<string, string>>>[
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
    ]) {
      const res = await put(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toBe(ERRORS.crossSite);
    }
    expect((await put({ origin: ctx.config.APP_URL })).statusCode).toBe(200);
    expect((await put({ "sec-fetch-site": "same-origin" })).statusCode).toBe(200);
    expect((await put({})).statusCode).toBe(200);
    // Reading stays possible (CORS keeps the answer from the other site).
    expect((await call(ctx, "GET /me", {}, { origin: "https://evil.example" })).statusCode).toBe(200);
  });
});

describe("9. API answers are not cached", () => {
  it("sends Cache-Control: no-store unless a route says otherwise", async () => {
    const user = await signUp(ctx);
    for (const [url, headers] of [
      [endpointUrl("GET /me"), as(user)],
      [endpointUrl("GET /health"), {}],
      [endpointUrl("GET /account/export"), as(user)],
      ["/api/nothing-here", {}], // an unknown API path, in no table
      [endpointUrl("GET /dashboard"), as(user)],
    ] as const) {
      const res = await inject({ method: "GET", url, headers });
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    expect((await call(ctx, "GET /config")).headers["cache-control"]).toBe("public, max-age=300");
  });
});

describe("10. event streams end with their session", () => {
  let base: string;
  let server: TestContext;
  beforeAll(async () => {
    server = await createTestApp({ env: { REALTIME_RECHECK_SECONDS: "1" }, deps: { startWorkers: false } });
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  /** Opens a stream; `ended` resolves when the server closes it. */
  async function open(user: TestUser) {
    const controller = new AbortController();
    const response = await fetch(`${base}${endpointUrl("GET /events")}`, {
      headers: { cookie: user.cookie },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const ended = (async () => {
      try {
        while (!(await reader.read()).done) {}
        return true;
      } catch {
        return false;
      }
    })();
    return { ended, close: () => controller.abort() };
  }

  it("closes on sign-out", async () => {
    const user = await createUser(server);
    const stream = await open(user);
    await call(server, "POST /auth/sign-out", {}, as(user));
    expect(await stream.ended).toBe(true);
  });

  it("closes on a password reset", async () => {
    const user = await createUser(server);
    const stream = await open(user);
    await call(server, "POST /auth/forgot-password", { body: { email: user.email } });
    const token = await resetToken(server, user.email);
    const reset = await call(server, "POST /auth/reset-password", { body: { token, password: "brand-new-secret" } });
    expect(reset.statusCode).toBe(200);
    expect(await stream.ended).toBe(true);
  });

  it("closes on account deletion", async () => {
    const user = await createUser(server);
    const stream = await open(user);
    expect((await call(server, "DELETE /account", { body: undefined }, as(user))).statusCode).toBe(200);
    expect(await stream.ended).toBe(true);
  });

  it("closes a stream whose session ended some other way, at the next periodic check", async () => {
    const user = await createUser(server);
    const stream = await open(user);
    await server.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await stream.ended).toBe(true);
  });

  it("keeps at most 8 streams per user, closing the oldest", async () => {
    const user = await createUser(server);
    const streams = [];
    for (let i = 0; i < 9; i++) streams.push(await open(user));
    expect(await streams[0].ended).toBe(true);
    for (const s of streams) s.close();
  });
});

describe("11. deleting an account asks for the password again", () => {
  it("requires the password when the sign-in is older than 10 minutes, and checks it", async () => {
    const user = await signUp(ctx);
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const del = (payload?: object) => call(ctx, "DELETE /account", { body: payload }, as(user));
    const none = await del();
    expect(none.statusCode).toBe(403);
    expect(none.json().error).toBe(ACCOUNT_ERRORS.passwordRequired);
    const wrong = await del({ password: "not-my-password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(ACCOUNT_ERRORS.wrongPassword);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect((await del({ password: user.password })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });
});

describe("13. secrets stay out of the logs", () => {
  it("redacts one-time tokens in logged request URLs", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await openSecondHandle(ctx);
    const app = await buildApp({
      config: ctx.config,
      database,
      clientDir: null,
      startWorkers: false,
      logger: { level: "info", stream },
    });
    try {
      // The query string as sent is the subject: the logged URL hides the token.
      await app.inject({ method: "GET", url: "/api/nothing?token=s3cr3t-t0ken&page=2" });
      await app.inject({ method: "GET", url: "/reset-password?token=s3cr3t-t0ken" });
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join("");
    expect(log).toContain("/api/nothing?token=%5Bredacted%5D&page=2");
    expect(log).not.toContain("s3cr3t-t0ken");
  });
});

describe("14. the data directory is private", () => {
  // A fresh PGlite initialises its data directory: seconds, and more on a loaded machine.
  it("creates DATA_DIR and the database files 0700, and tightens an existing directory", {
    timeout: 90_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "maison-perm-"));
    const { chmodSync } = await import("node:fs");
    chmodSync(dir, 0o755);
    const database = await openDatabase({ kind: "pglite", dataDir: dir });
    try {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dir, "pgdata")).mode & 0o777).toBe(0o700);
    } finally {
      await database.close();
    }
  });
});
