/**
 * npm run bench:admin — the admin's request list (GET /api/admin/requests) on a PostgreSQL server, at 10,000 and
 * at 1,000,000 requests (seeded with generate_series; one client per ten requests), for four views: the first
 * page, a search (a fragment of one title), a category + status filter, and a deep page (page 200 of 25). Each
 * view is called one at a time through the compiled app over HTTP, and, as its floor in the same run, its two
 * statements (the page and the capped count, the same SQL the app sends) on raw pg. Prints p50/p99 for each,
 * the ratio of p99 at a million to p99 at ten thousand (goal: at most 2), and the EXPLAIN (ANALYZE) plans at a
 * million. It asserts nothing.
 *
 *   npm run bench:admin -- --samples 300
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/postgres; a throwaway database)
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { Database } from "../src/server/db";
import * as schema from "../src/server/db/schema";
import { pipelineStatements } from "../src/server/features/requests/admin-service";
import { pipelineQuery } from "../src/shared/contracts/requests";
import { benchServerEnv, freePort, startProcess, stopProcess, throwawayDatabase, waitForOk } from "./support";

const { values: args } = parseArgs({
  options: { samples: { type: "string", default: "300" }, warmup: { type: "string", default: "30" } },
});
const SAMPLES = Number(args.samples);
const database = throwawayDatabase("maison_bench_admin");
const dbUrl = database.url;

const CATEGORIES = "array['Fashion','Autos','Real Estate','Experiences','Other']";
const STATUSES = "array['New','Sourcing','Quoted','Found','Delivered','Failed']";

/** Requests `from`..`to` (and their clients, one per ten requests), spread over the last two years. */
async function seed(client: pg.Client, from: number, to: number) {
  await client.query(
    `insert into users (id, name, email, created_at)
     select 'client-' || g, 'Client ' || substr(md5('c' || g), 1, 10), 'c' || substr(md5('e' || g), 1, 10) || '@bench.test', now()
     from generate_series($1::int, $2::int) g`,
    [Math.floor(from / 10) + 1, Math.floor(to / 10)],
  );
  await client.query(
    `insert into profiles (id, email, name) select id, email, name from users
     where id like 'client-%' and not exists (select 1 from profiles p where p.id = users.id)`,
  );
  await client.query(
    `insert into requests (user_id, title, category, budget_eur, urgency, phone_number, status, created_at)
     select 'client-' || ((g - 1) / 10 + 1),
            (${CATEGORIES})[g % 5 + 1] || ' ' || substr(md5('t' || g), 1, 12),
            (${CATEGORIES})[g % 5 + 1]::request_category,
            1000 + (g::bigint * 7919) % 500000, (array['Low','Medium','High'])[g % 3 + 1]::urgency, '+351912345678',
            (${STATUSES})[g % 6 + 1]::request_status,
            now() - make_interval(secs => (g::bigint * 63)::double precision)
     from generate_series($1::int, $2::int) g`,
    [from, to],
  );
  // As autovacuum would have by then: statistics, and the trigram indexes' pending lists merged.
  for (const table of ["requests", "users", "profiles"]) await client.query(`vacuum analyze ${table}`);
}

/** One title's fragment (selective, as a staff search for a piece is). */
const SEARCH = (await import("node:crypto")).createHash("md5").update("t4242").digest("hex").slice(0, 8);
const VIEWS: Record<string, string> = {
  "first page": "",
  [`search "${SEARCH}"`]: `q=${SEARCH}`,
  "Autos + Sourcing": "category=Autos&status=Sourcing",
  "deep page (200 of 25)": "page=200",
};

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

async function timed(run: () => Promise<unknown>) {
  for (let i = 0; i < Number(args.warmup); i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

type Figures = Record<string, { app: { p50: number; p99: number }; floor: { p50: number; p99: number } }>;

async function measure(base: string, cookie: string, pool: pg.Pool, db: Database): Promise<Figures> {
  const dialect = new PgDialect();
  const figures: Figures = {};
  for (const [name, search] of Object.entries(VIEWS)) {
    const url = `${base}/api/admin/requests?${search}`;
    const check = await fetch(url, { headers: { cookie } });
    if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
    const query = pipelineQuery.parse(Object.fromEntries(new URLSearchParams(search)));
    const statements = pipelineStatements(db, query);
    const rows = statements.rows.toSQL();
    const count = dialect.sqlToQuery(statements.count);
    figures[name] = {
      app: await timed(async () => {
        const res = await fetch(url, { headers: { cookie } });
        await res.arrayBuffer();
      }),
      floor: await timed(() =>
        Promise.all([pool.query(rows.sql, rows.params as unknown[]), pool.query(count.sql, count.params as unknown[])]),
      ),
    };
  }
  return figures;
}

async function plans(pool: pg.Pool, db: Database) {
  const dialect = new PgDialect();
  for (const [name, search] of Object.entries(VIEWS)) {
    const statements = pipelineStatements(db, pipelineQuery.parse(Object.fromEntries(new URLSearchParams(search))));
    for (const [part, q] of [
      ["page", statements.rows.toSQL()],
      ["count", dialect.sqlToQuery(statements.count)],
    ] as const) {
      const plan = await pool.query(
        `explain (analyze, costs off, timing off, summary on) ${q.sql}`,
        q.params as unknown[],
      );
      console.log(`\n-- ${name}: ${part}\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
}

const built = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
if (built.status !== 0) process.exit(1);
await database.create();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const child = startProcess(["dist/server/main.js"], benchServerEnv(dbUrl, port));
const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
try {
  await waitForOk(`${base}/api/health`, performance.now());
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      name: "Bench Staff",
      phone: "+351912345678",
      email: "staff@bench.test",
      password: "bench-password",
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("maison.session_token=")) as string;
  const client = new pg.Client({ connectionString: dbUrl });
  client.on("error", () => {});
  await client.connect();
  await client.query(
    "insert into user_roles (user_id, role) select id, 'staff' from users where email = 'staff@bench.test'",
  );
  const db = drizzle({ client: pool, schema }) as unknown as Database;

  const results: Array<[number, Figures]> = [];
  let seeded = 0;
  for (const size of [10_000, 1_000_000]) {
    const started = performance.now();
    await seed(client, seeded + 1, size);
    seeded = size;
    console.log(
      `seeded ${size.toLocaleString("en")} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    results.push([size, await measure(base, cookie, pool, db)]);
  }
  await client.end();

  const ms = (v: number) => v.toFixed(2).padStart(8);
  console.log(`\nGET /api/admin/requests, one call at a time, ${SAMPLES} samples per view (PostgreSQL server)`);
  console.log(
    `${"view".padEnd(26)} ${"rows".padStart(10)} ${"app p50".padStart(8)} ${"app p99".padStart(8)} ${"floor p50".padStart(9)} ${"floor p99".padStart(9)}`,
  );
  for (const name of Object.keys(VIEWS)) {
    for (const [size, figures] of results) {
      const f = figures[name];
      console.log(
        `${name.padEnd(26)} ${size.toLocaleString("en").padStart(10)} ${ms(f.app.p50)} ${ms(f.app.p99)} ${ms(f.floor.p50).padStart(9)} ${ms(f.floor.p99).padStart(9)}`,
      );
    }
    const ratio = results[1][1][name].app.p99 / results[0][1][name].app.p99;
    console.log(`${"".padEnd(26)} p99 at 1,000,000 / p99 at 10,000: ${ratio.toFixed(2)} (goal ≤ 2)`);
  }
  console.log("\nPlans at 1,000,000 requests (EXPLAIN ANALYZE):");
  await plans(pool, db);
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await pool.end();
  await stopProcess(child);
  await database.drop();
}
