/**
 * A PostgreSQL server that goes away (a restart, a failover): while it cannot be reached, requests are answered
 * 503 with a sentence a person can read (never a 500 "Something went wrong"); once it is back, the same pool
 * serves again with no restart of the app. PostgreSQL only (PGlite runs in-process and cannot go away).
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { connectionUrlOf } from "#tests/helpers/database";
import { adminUrl } from "#tests/helpers/postgres";
import { createRequest } from "#tests/helpers/requests";
import { as, createUser } from "#tests/helpers/users";
import { ERRORS } from "@/shared/contracts/common-texts";
import { isDatabaseUnavailable } from "./errors";
import { rowsOf } from "./index";

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("when the database goes away and comes back", () => {
  let ctx: TestContext;
  let admin: pg.Client;
  let name: string;
  beforeAll(async () => {
    ctx = await createTestApp({ deps: { startWorkers: false } });
    name = new URL(connectionUrlOf(ctx.database) as string).pathname.slice(1);
    admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL as string) });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.query(`alter database ${name} with allow_connections true`).catch(() => {});
    await admin.end();
    await ctx.close();
  });

  it("answers 503 with a sentence meanwhile, and serves again from the same pool afterwards", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const list = () => call(ctx, "GET /requests", {}, as(member));
    expect((await list()).statusCode).toBe(200);

    // The server refuses new connections to this database and cuts the open ones, as a restart does.
    await admin.query(`alter database ${name} with allow_connections false`);
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [name]);
    const during = await list();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ error: ERRORS.serviceUnavailable, code: "unavailable" });
    expect(during.headers["retry-after"]).toBe("2");
    // Still alive (decision 024), but not ready: a balancer sends its traffic elsewhere.
    expect((await call(ctx, "GET /health")).statusCode).toBe(200);
    expect((await call(ctx, "GET /ready")).statusCode).toBe(503);

    await admin.query(`alter database ${name} with allow_connections true`);
    const after = await list();
    expect(after.statusCode, after.body).toBe(200);
    // A write works again (createRequest expects its 201).
    await createRequest(ctx, member, { title: "A watch", category: "Fashion", budget_eur: 100 });
  });

  it("survives its session being ended between two statements of a transaction: the write fails, the app goes on", async () => {
    const failed = await ctx.database.db
      .transaction(async (tx) => {
        const [{ pid }] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        // A restart ends every session, those idle in a transaction too: the message arrives between statements.
        await admin.query("select pg_terminate_backend($1)", [pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    // Still serving, from the same pool.
    expect((await call(ctx, "GET /health")).statusCode).toBe(200);
  });
});
