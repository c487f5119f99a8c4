/**
 * The platform's endpoints: health (alive: asks nothing of the database), readiness (database reachable in time,
 * migrations applied, LISTEN connected, not stopping; 503 naming what is not) and the public configuration.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { testDriver } from "#tests/helpers/database";
import { adminUrl } from "#tests/helpers/postgres";
import { rowsOf } from "../../db";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { APP_NAME: "Maison", CONTACT_EMAIL: "desk@maison.test" },
    deps: { startWorkers: false },
  });
});
afterAll(() => ctx.close());

const ready = (app = ctx.app) => call({ app }, "GET /ready");

/** Polls GET /ready until `check` holds for its answer (a reconnection takes a moment). */
async function readyUntil(check: (res: Awaited<ReturnType<typeof ready>>) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await ready();
    if (check(res)) return res;
    if (Date.now() > deadline) throw new Error(`GET /ready never matched; last: ${res.statusCode} ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("platform", () => {
  it("is alive and ready, and gives the brand and mailbox for the public pages (cached)", async () => {
    const health = await call(ctx, "GET /health");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: ctx.database.kind });
    const res = await ready();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "ready", failing: [] });
    expect(res.headers["cache-control"]).toBe("no-store");
    const config = await call(ctx, "GET /config");
    expect(config.json()).toEqual({ appName: "Maison", contactEmail: "desk@maison.test" });
    expect(config.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("is not ready while a committed migration is missing, and ready once it is applied", async () => {
    const [last] = await rowsOf<{ id: number; hash: string; created_at: string }>(
      ctx.database.db,
      sql`delete from drizzle.__drizzle_migrations
        where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning *`,
    );
    try {
      const res = await ready();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        status: "not_ready",
        failing: ["migrations"],
        error: "Not ready: migrations.",
        code: "not_ready",
        key: "error.not_ready",
        params: { failing: "migrations" },
        requestId: res.headers["x-request-id"],
      });
    } finally {
      await ctx.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("is not ready when the database answers too slowly, while health still answers at once", async () => {
    const slow = await secondInstance(ctx, { readyTimeoutMs: 300 });
    // A transaction holding the migrations table: the readiness query waits on it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holding = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await held;
    });
    try {
      await isLocked;
      const startedAt = performance.now();
      const res = await ready(slow.app);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().failing).toEqual(["database"]);
      expect(performance.now() - startedAt).toBeLessThan(5_000);
      const health = await call(slow, "GET /health");
      expect(health.statusCode).toBe(200);
    } finally {
      release();
      await holding;
      await slow.close();
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("is not ready when the database cannot be reached; still alive", async () => {
    const other = await createTestApp({ deps: { startWorkers: false } });
    await other.database.close();
    try {
      const res = await ready(other.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "not_ready", failing: expect.arrayContaining(["database"]) });
      const health = await call(other, "GET /health");
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: "ok", database: other.database.kind });
    } finally {
      // Its hooks cannot reach the closed database either.
      await other.app.close().catch(() => {});
    }
  });

  it("is not ready from the moment a stop begins, before anything closes", async () => {
    const instance = await secondInstance(ctx);
    try {
      expect((await ready(instance.app)).statusCode).toBe(200);
      instance.app.ctx.readiness.stopping();
      const res = await ready(instance.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: "not_ready", failing: ["stopping"] });
      // Still serving meanwhile.
      expect((await call(instance, "GET /health")).statusCode).toBe(200);
      expect((await call(instance, "GET /config")).statusCode).toBe(200);
    } finally {
      await instance.close();
    }
  });

  it.skipIf(testDriver !== "postgres")(
    "PostgreSQL: is not ready while its LISTEN connection is down, and ready again once it is back, with notifications",
    async () => {
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL as string) });
      await admin.connect();
      const [{ name }] = await rowsOf<{ name: string }>(ctx.database.db, sql`select current_database() as name`);
      try {
        // The listener cannot come back until connections are allowed again.
        await admin.query(`alter database "${name}" allow_connections false`);
        const { rowCount } = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = $1 and backend_type = 'client backend' and query like 'LISTEN %'`,
          [name],
        );
        expect(rowCount).toBe(1);
        const down = await readyUntil((res) => res.statusCode === 503);
        expect(down.json().failing).toContain("listener");
        // The metrics say so too: the listener is down, and the notify probe has not come back.
        const metrics = await ctx.app.ctx.metrics.scrape();
        expect(metrics).toContain("\nmaison_db_listener_connected 0\n");
        expect(Number(/\nmaison_notify_lag_seconds (\S+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(0.9);
      } finally {
        await admin.query(`alter database "${name}" allow_connections true`);
        await admin.end();
      }
      const back = await readyUntil((res) => res.statusCode === 200);
      expect(back.json()).toEqual({ status: "ready", failing: [] });
      const metrics = await ctx.app.ctx.metrics.scrape();
      expect(metrics).toContain("\nmaison_db_listener_connected 1\n");
      expect(Number(/\nmaison_notify_lag_seconds (\S+)/.exec(metrics)?.[1])).toBeLessThan(0.9);
      // Notifications arrive on the new connection.
      const received: string[] = [];
      const unlisten = await ctx.database.listen("platform_test", (payload) => received.push(payload));
      try {
        await ctx.database.db.execute(sql`select pg_notify('platform_test', 'back')`);
        await expect.poll(() => received, { timeout: 5_000 }).toEqual(["back"]);
      } finally {
        await unlisten();
      }
    },
    60_000,
  );
});
