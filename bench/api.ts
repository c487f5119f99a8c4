/**
 * npm run bench:api — on a PostgreSQL server, the app (compiled, as `npm start` runs it) against its floor
 * (bench/api-floor.ts: bare Fastify and raw pg running the same SQL), in one run, on the same fresh database,
 * with the same load, for:
 *   - GET /api/me: the caller, signed in, with a membership (one joined query);
 *   - GET /api/requests: the member's own requests, first page, for a member with 1,000 requests among 100,000.
 * Prints req/s, p50 and p99 latency, and the app's share of its floor. It asserts nothing.
 *
 *   npm run bench:api -- --connections 32 --duration 10
 *   BENCH_DATABASE_URL=postgres://… (default postgres://postgres@127.0.0.1:5432/postgres, where a throwaway
 *   database is created and dropped)
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { benchServerEnv, freePort, startProcess, stopProcess, throwawayDatabase, waitForOk } from "./support";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "32" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
  },
});
const database = throwawayDatabase("maison_bench");
const dbUrl = database.url;

async function load(url: string, cookie: string, seconds: number) {
  const result = await autocannon({
    url,
    connections: Number(args.connections),
    duration: seconds,
    headers: { cookie },
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

type Result = { rps: number; p50: number; p99: number };
const PATHS = ["/api/me", "/api/requests"] as const;

/** Starts a server, gets the member's cookie once it is healthy, then warms up and measures each path. */
async function measure(argv: string[], cookie: (base: string) => Promise<string>): Promise<Record<string, Result>> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startProcess(argv, benchServerEnv(dbUrl, port));
  try {
    await waitForOk(`${base}/api/health`, performance.now());
    const session = await cookie(base);
    const check = await fetch(`${base}/api/me`, { headers: { cookie: session } }).then((r) => r.json());
    if (!check.user || !check.subscription) throw new Error(`${argv.join(" ")}: /api/me did not see the member`);
    const list = await fetch(`${base}/api/requests`, { headers: { cookie: session } }).then((r) => r.json());
    if (list.total !== 1000 || list.items.length !== 20) throw new Error(`${argv.join(" ")}: /api/requests is wrong`);
    const results: Record<string, Result> = {};
    for (const p of PATHS) {
      await load(`${base}${p}`, session, Number(args.warmup));
      results[p] = await load(`${base}${p}`, session, Number(args.duration));
    }
    return results;
  } finally {
    await stopProcess(child);
  }
}

/** A member made through the app itself (sign-up), then given a membership. */
async function signUp(base: string) {
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench Member",
      phone: "+351912345678",
      email: "bench@maison.test",
      password: "bench-password",
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("maison.session_token="));
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query(
    "insert into subscriptions (user_id, plan, status) select id, 'gold', 'active' from users where email = 'bench@maison.test'",
  );
  // 1,000 requests of the member's among 100,000: 99 other members with 1,000 each.
  await client.query(`insert into users (id, name, email) select 'bench-' || g, 'Member ' || g, 'm' || g || '@bench.test'
    from generate_series(1, 99) g`);
  await client.query(`insert into requests (user_id, title, category, budget_eur, urgency, phone_number, status, created_at)
    select case when g <= 1000 then (select id from users where email = 'bench@maison.test') else 'bench-' || (g % 99 + 1) end,
           'Request number ' || g, (array['Fashion','Autos','Real Estate','Experiences','Other'])[g % 5 + 1]::request_category,
           1000 + g, 'Medium', '+351912345678',
           (array['New','Sourcing','Quoted','Found','Delivered','Failed'])[g % 6 + 1]::request_status,
           now() - make_interval(mins => g)
    from generate_series(1, 100000) g`);
  await client.query("analyze");
  await client.end();
  return cookie as string;
}

const built = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
if (built.status !== 0) process.exit(1);
await database.create();
try {
  let member = "";
  const app = await measure(["dist/server/main.js"], async (base) => {
    member = await signUp(base);
    return member;
  });
  const floor = await measure(["--import", "tsx", "bench/api-floor.ts"], async () => member);
  const row = (name: string, r: Result) =>
    `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)}`;
  console.log(`\n${args.connections} connections, ${args.duration} s per path, PostgreSQL server`);
  for (const p of PATHS) {
    console.log(`\nGET ${p}`);
    console.log(`${"".padEnd(40)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`);
    console.log(row("app (dist/server/main.js)", app[p]));
    console.log(row("floor (bare Fastify + raw pg, same SQL)", floor[p]));
    console.log(`app / floor: ${((app[p].rps / floor[p].rps) * 100).toFixed(0)} % of the floor's throughput`);
  }
} finally {
  await database.drop();
}
