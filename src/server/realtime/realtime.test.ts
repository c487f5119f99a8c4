import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { testPasswordHasher } from "#tests/helpers/password";
import { listeningTestApp, openEventStream } from "#tests/helpers/stream";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { announce, subscriptionChanged } from "./events";
import { MAX_STREAMS_PER_USER } from "./routes";

let ctx: TestContext;
let base: string;
let ana: TestUser;
let rui: TestUser;
let staff: TestUser;

beforeAll(async () => {
  ({ ctx, base } = await listeningTestApp());
  ana = await createUser(ctx, { plan: "silver" });
  rui = await createUser(ctx, { plan: "silver" });
  staff = await createUser(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

/** The event stream as a browser tab opens it. */
const openStream = (user: TestUser) => openEventStream(base, user.cookie);

describe("the event stream", () => {
  it("refuses anonymous callers", async () => {
    const refused = await fetch(`${base}/api/events`);
    expect(refused.status).toBe(401);
    // The stream writes its own head (decision 044); its other answers get the security headers when sent.
    expect(refused.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("sends the security headers with the stream, each once", async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, { headers: { cookie: ana.cookie }, signal: controller.signal });
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/event-stream");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("cache-control")).toBe("no-store");
    } finally {
      controller.abort();
    }
  });

  it("delivers a committed change to its owner only", async () => {
    const [anaStream, ruiStream] = [await openStream(ana), await openStream(rui)];
    try {
      await ctx.app.ctx.write(async (_tx, out) => out.publish(subscriptionChanged(ana.id)));
      await expect.poll(() => anaStream.events).toEqual(["subscription"]);
      expect(ruiStream.events).toEqual([]);
    } finally {
      anaStream.close();
      ruiStream.close();
    }
  });

  it("sends nothing for a change that rolled back", async () => {
    const stream = await openStream(ana);
    try {
      await ctx.app.ctx
        .write(async (_tx, out) => {
          out.publish(subscriptionChanged(ana.id));
          throw new Error("rollback");
        })
        .catch(() => {});
      // Notifications arrive in commit order: had the rolled-back one been sent, it would come first.
      await ctx.app.ctx.write(async (_tx, out) => out.publish(subscriptionChanged(ana.id)));
      await expect.poll(() => stream.events.length).toBe(1);
    } finally {
      stream.close();
    }
  });

  it("sends a transaction's events together, at its end, each to its own audience; none if it rolls back", async () => {
    const [anaStream, ruiStream, staffStream] = [await openStream(ana), await openStream(rui), await openStream(staff)];
    try {
      const { write } = ctx.app.ctx;
      await write(async (_tx, out) => {
        out.publish({ topic: "requests", audience: ana.id, staff: true });
        out.publish({ topic: "activity", audience: "staff" });
        out.publish({ topic: "notifications", audience: ana.id });
      });
      await write(async (_tx, out) => {
        out.publish({ topic: "sales", audience: ana.id });
        throw new Error("rollback");
      }).catch(() => {});
      await write(async (_tx, out) => out.publish({ topic: "messages", audience: ana.id }));
      await expect.poll(() => anaStream.events).toEqual(["requests", "notifications", "messages"]);
      await expect.poll(() => staffStream.events).toEqual(["requests", "activity"]);
      expect(ruiStream.events).toEqual([]);
    } finally {
      anaStream.close();
      ruiStream.close();
      staffStream.close();
    }
  });

  it(`keeps at most ${MAX_STREAMS_PER_USER} streams per user: one more closes the oldest`, async () => {
    const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
    for (let i = 0; i <= MAX_STREAMS_PER_USER; i++) streams.push(await openStream(rui));
    try {
      await expect.poll(() => streams[0].closed()).toBe(true);
      expect(streams.slice(1).map((s) => s.closed())).toEqual(Array(MAX_STREAMS_PER_USER).fill(false));
      await announce(ctx.database.db, [subscriptionChanged(rui.id)]);
      await expect.poll(() => streams.slice(1).every((s) => s.events.includes("subscription"))).toBe(true);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("delivers staff events to staff only", async () => {
    const [staffStream, anaStream] = [await openStream(staff), await openStream(ana)];
    try {
      await announce(ctx.database.db, [{ topic: "subscription", audience: "staff" }]);
      await expect.poll(() => staffStream.events).toEqual(["subscription"]);
      expect(anaStream.events).toEqual([]);
    } finally {
      staffStream.close();
      anaStream.close();
    }
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("on a PostgreSQL server", () => {
  it("delivers a write made through another app instance", async () => {
    const { openSecondHandle } = await import("#tests/helpers/database");
    const { buildApp } = await import("../app");
    const database = await openSecondHandle(ctx);
    const other = await buildApp({
      config: ctx.config,
      database,
      clientDir: null,
      startWorkers: false,
      passwordHasher: testPasswordHasher,
    });
    await other.ready();
    const stream = await openStream(ana);
    try {
      // Instance B writes; the stream is held by instance A.
      await other.ctx.write(async (_tx, out) => out.publish(subscriptionChanged(ana.id)));
      await expect.poll(() => stream.events).toEqual(["subscription"]);
    } finally {
      stream.close();
      await other.close();
      await database.close();
    }
  });

  it("listens again after its connection is killed and delivers what was written meanwhile, with no resync", async () => {
    const stream = await openStream(ana);
    try {
      await ctx.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      // Written while this instance does not listen: read back from the log when it listens again (decision 043).
      await ctx.app.ctx.write(async (_tx, out) => out.publish({ topic: "messages", audience: ana.id }));
      await expect.poll(() => stream.events, { timeout: 15_000 }).toContain("messages");
      await ctx.app.ctx.write(async (_tx, out) => out.publish(subscriptionChanged(ana.id)));
      await expect.poll(() => stream.events, { timeout: 15_000 }).toEqual(["messages", "subscription"]);
    } finally {
      stream.close();
    }
  });
});

describe("every feature's topics reach their audience and nobody else", () => {
  it("requests, messages, concierge and sales: the member concerned and staff; another member sees nothing", async () => {
    const gold = await createUser(ctx, { plan: "gold" });
    const streams = { gold: await openStream(gold), rui: await openStream(rui), staff: await openStream(staff) };
    try {
      const body = { title: "A watch", category: "Fashion", budget_eur: 100, phone_number: "+351912345678" } as const;
      const created = await call(ctx, "POST /requests", { body }, as(gold));
      const { id } = created.json();
      await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Found it" } }, as(staff));
      await call(ctx, "POST /concierge/messages", { body: { message: "Dinner tonight?" } }, as(gold));
      await call(ctx, "POST /sales/inquiries", { body: { subject: "Yacht", message: "August" } }, as(gold));
      const topics = ["requests", "messages", "concierge", "sales"];
      for (const who of [streams.gold, streams.staff]) {
        await expect.poll(() => topics.every((t) => who.events.includes(t))).toBe(true);
      }
      expect(streams.rui.events.filter((t) => topics.includes(t))).toEqual([]);
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });

  it("a role change re-scopes an open stream: staff events start reaching a new admin", async () => {
    const owners = await createTestApp({ env: { OWNER_EMAILS: "boss@maison.test" }, deps: { startWorkers: false } });
    await owners.app.listen({ port: 0, host: "127.0.0.1" });
    const ownersBase = `http://127.0.0.1:${(owners.app.server.address() as AddressInfo).port}`;
    try {
      const { signUp } = await import("#tests/helpers/users");
      const { verificationToken } = await import("#tests/helpers/mail");
      const boss = await signUp(owners, { email: "boss@maison.test" });
      const controller = new AbortController();
      const response = await fetch(`${ownersBase}/api/events`, {
        headers: { cookie: boss.cookie },
        signal: controller.signal,
      });
      const events: string[] = [];
      const reader = response.body!.getReader();
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const match of new TextDecoder().decode(value).matchAll(/^event: (.+)$/gm)) events.push(match[1]);
          }
        } catch {}
      })();
      await announce(owners.database.db, [{ topic: "requests", audience: "staff" }]);
      // Verifying the owner's address makes them admin (a "session" event re-checks the stream).
      // The auth library's own path: not in the endpoint tables.
      await owners.app.inject({
        method: "POST",
        url: "/api/auth/verify-email",
        payload: { token: await verificationToken(owners, boss.email) },
      });
      await expect.poll(() => events).toContain("session");
      await announce(owners.database.db, [{ topic: "sales", audience: "staff" }]);
      await expect.poll(() => events).toContain("sales");
      expect(events).not.toContain("requests");
      controller.abort();
    } finally {
      await owners.close();
    }
  });
});
