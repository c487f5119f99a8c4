/**
 * npm run bench:realtime — on a PostgreSQL server: 2,000 members' event streams (plus 20 staff streams) open on
 * one app instance (compiled, as `npm start` runs it); a staff writer replies on requests of random members
 * through the API. Prints the latency from the API call's start to the event's arrival at the member's stream
 * (p50, p95, p99), events lost, and the same for two floors measured in the same run:
 *
 * - the fair floor (bench/realtime-floor.ts, issue 23 item 5): bare Fastify in its own process receiving the
 *   same HTTP POST with the same signed session cookie (HMAC check, one indexed query), doing the same write as
 *   one prepared statement and feeding the same 2,020 streams through LISTEN. The app is judged against it.
 * - the raw floor, a reference: INSERT + pg_notify from the bench process (no HTTP request, no session, one row)
 *   writing to raw Node HTTP responses, 2,000 member streams.
 *
 * Each has its own copy of the same seeded database (made from one template) and gets the same sequence of
 * writes. The machine is shared, so the writes are interleaved: a warm-up, then `--rounds` rounds in which each
 * takes its turn (in a rotating order) with its share of the messages. The rows, sizes and event bytes each
 * wrote per message are printed, so unequal work shows; then CPU per message (the server's process, its
 * database's backends and the bench, from /proc) and commits per second of concurrent inserts with and without
 * pg_notify. It asserts nothing.
 *
 *   npm run bench:realtime -- --streams 2000 --messages 1000 --rounds 5 --concurrency 16
 *   npm run bench:realtime -- --streams 10000   (replies still go to 2,000 members (--active); the other
 *   streams are open and idle, held by a process of their own: bench/realtime-idle-streams.ts)
 *   --log-statements: every statement in PostgreSQL's log (log_min_duration_statement = 0 on the throwaway
 *   databases), to see where the database's time goes.
 */
import { type ChildProcess, fork, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { makeSignature } from "better-auth/crypto";
import pg from "pg";
import { openDatabase } from "../src/server/db";
import { BENCH_SECRET, benchServerEnv, freePort, median, startProcess, stopProcess, waitForOk } from "./support";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "2000" },
    /** Members the writers reply to, whose streams the bench holds; the others' streams are idle. */
    active: { type: "string", default: "2000" },
    staff: { type: "string", default: "20" },
    messages: { type: "string", default: "1000" },
    rounds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "16" },
    seconds: { type: "string", default: "5" },
    "log-statements": { type: "boolean", default: false },
  },
});
const STREAMS = Number(args.streams);
const ACTIVE = Math.min(STREAMS, Number(args.active));
const STAFF = Number(args.staff);
const MESSAGES = Number(args.messages);
const ROUNDS = Math.max(1, Number(args.rounds));
const WARMUP = Math.min(100, Math.ceil(MESSAGES / 10));
const CONCURRENCY = Number(args.concurrency);
const SECRET = BENCH_SECRET;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const database = (name: string) => ({
  name: `maison_rt_${process.pid}_${name}`,
  url: Object.assign(new URL(adminUrl), { pathname: `/maison_rt_${process.pid}_${name}` }).toString(),
});
const DATABASES = { app: database("app"), fair: database("fair"), raw: database("raw") };
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
/** CPU time (ms) used so far by a process (utime + stime from /proc). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** The PostgreSQL backends serving one database now (the server runs locally in the bench's setting). */
async function backends(admin: pg.Client, name: string): Promise<number[]> {
  const { rows } = await admin.query("select pid from pg_stat_activity where datname = $1", [name]);
  return rows.map((r: { pid: number }) => r.pid);
}

let streamErrors = 0;

/** Opens an SSE stream; calls onEvent with the topic, payload and size in bytes of each event. */
function openStream(
  url: string,
  cookie: string,
  onEvent: (topic: string, data: string, bytes: number) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      let buffer = "";
      // A stream the server resets is counted (and its events show as lost), not the end of the bench.
      res.on("error", (error) => {
        streamErrors++;
        if (streamErrors === 1) console.error(`a stream failed: ${error.message}`);
      });
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const topic = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (topic && data) onEvent(topic, data, Buffer.byteLength(block) + 2);
          end = buffer.indexOf("\n\n");
        }
      });
      resolve(() => req.destroy());
    });
    req.on("error", reject);
  });
}

/**
 * The streams of the members nobody replies to (beyond `--active`), opened on `url` by a process of their own
 * (bench/realtime-idle-streams.ts): one process may hold 20,000 sockets here, and 10,000 streams on each of three
 * lines need more. Resolves once all are open, with a function that closes them and reports the bytes received.
 */
async function openIdleStreams(url: string, users: string[]): Promise<() => Promise<number>> {
  if (users.length === 0) return async () => 0;
  const child: ChildProcess = fork("bench/realtime-idle-streams.ts", ["--url", url], {
    execArgv: ["--import", "tsx"],
    stdio: ["pipe", "inherit", "inherit", "ipc"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.stdin?.end(users.join("\n"));
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the idle streams' process exited (${code})`)));
  });
  return async () => {
    if (child.exitCode !== null) return 0;
    const bytes = new Promise<number>((resolve) =>
      child.once("message", (message: { bytes: number }) => resolve(message.bytes)),
    );
    child.send({ close: true });
    const received = await Promise.race([bytes, exited.then(() => 0)]);
    await exited;
    return received;
  };
}

const writers = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * A JSON POST over node:http with keep-alive: the writer's own cost stays small next to the app's (it shares the
 * machine's cores with the server it measures; fetch costs several times more per call).
 */
function post(url: string, cookie: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent: writers,
        headers: { cookie, "content-type": "application/json", "content-length": Buffer.byteLength(payload) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Members, staff, sessions and one request per member, straight into the database. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into users (id, name, email, email_verified)
    select 'm' || g, 'Member ' || g, 'm' || g || '@bench.test', true from generate_series(1, $1) g`,
    [STREAMS],
  );
  await client.query(
    `insert into users (id, name, email, email_verified)
    select 's' || g, 'Staff ' || g, 's' || g || '@bench.test', true from generate_series(1, $1) g`,
    [STAFF],
  );
  await client.query("insert into profiles (id, email, name) select id, email, name from users");
  await client.query("insert into user_roles (user_id, role) select id, 'client' from users where id like 'm%'");
  await client.query("insert into user_roles (user_id, role) select id, 'staff' from users where id like 's%'");
  await client.query(
    "insert into subscriptions (user_id, plan, status) select id, 'gold', 'active' from users where id like 'm%'",
  );
  await client.query(`insert into sessions (id, token, user_id, expires_at)
    select 'sess-' || id, 'token-' || id, id, now() + interval '30 days' from users`);
  await client.query(`insert into requests (user_id, title, category, budget_eur, phone_number)
    select id, 'A request', 'Other', 100, '+351912345678' from users where id like 'm%'`);
  await client.query("vacuum analyze");
  const { rows } = await client.query("select id, user_id from requests order by user_id");
  await client.end();
  return rows as Array<{ id: string; user_id: string }>;
}
type Requests = Awaited<ReturnType<typeof seed>>;

const cookie = async (userId: string) => {
  const token = `token-${userId}`;
  return `maison.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, SECRET)}`)}`;
};

/** Waits (up to 2 s) until every event sent has arrived, so the CPU measured includes its delivery. */
async function settled(pending: Map<string, number>) {
  const until = performance.now() + 2000;
  while (pending.size && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
}

/** One of the three measured: its streams are open; `write(i)` sends message i and resolves when answered. */
interface Target {
  name: string;
  database: { name: string; url: string };
  /** The server's process, or null when it runs in the bench. */
  pid: number | null;
  pending: Map<string, number>;
  latencies: number[];
  bytes: { member: number; staff: number };
  write(i: number): Promise<void>;
  sent: number;
  elapsedMs: number;
  cpu: { server: number; postgres: number; bench: number };
  /** Messages per second in each round. */
  rounds: number[];
  perStreamKb: number | null;
  close(): Promise<void>;
}

function target(name: string, db: Target["database"], pid: number | null) {
  return {
    name,
    database: db,
    pid,
    pending: new Map<string, number>(),
    latencies: [] as number[],
    bytes: { member: 0, staff: 0 },
    sent: 0,
    elapsedMs: 0,
    cpu: { server: 0, postgres: 0, bench: 0 },
    rounds: [] as number[],
    perStreamKb: null as number | null,
  };
}

/** Sends messages [from, to) with bounded concurrency; resolves when every call returned. */
async function drive(from: number, to: number, write: (i: number) => Promise<void>) {
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await write(next++);
    }),
  );
}

/** Sends messages [from, to) to one target and adds the time, latencies and CPU it took to its account. */
async function batch(admin: pg.Client, t: Target, from: number, to: number, measured: boolean) {
  const pids = await backends(admin, t.database.name);
  const before = {
    server: t.pid ? cpuMs(t.pid) : 0,
    pg: pids.map(cpuMs),
    bench: process.cpuUsage(),
  };
  const started = performance.now();
  await drive(from, to, t.write);
  const elapsed = performance.now() - started;
  await settled(t.pending);
  t.pending.clear();
  if (!measured) {
    t.latencies.length = 0;
    t.bytes = { member: 0, staff: 0 };
    return;
  }
  const bench = process.cpuUsage(before.bench);
  // Backends that came meanwhile count whole.
  const after = await backends(admin, t.database.name);
  const pg = after.reduce((sum, pid) => {
    const at = pids.indexOf(pid);
    return sum + cpuMs(pid) - (at >= 0 ? before.pg[at] : 0);
  }, 0);
  t.cpu.server += t.pid ? cpuMs(t.pid) - before.server : 0;
  t.cpu.postgres += pg;
  t.cpu.bench += (bench.user + bench.system) / 1000;
  t.sent += to - from;
  t.elapsedMs += elapsed;
  t.rounds.push((to - from) / (elapsed / 1000));
}

/** Message i's request: one of the first `--active` members', the same sequence for every line. */
const targetOf = (requests: Requests, i: number) => requests[(i * 7919) % ACTIVE];

/**
 * A server process (the app, or the fair floor: both serve the same API) with every member's and staff stream
 * open; its writes are the staff's replies through POST /api/requests/:id/messages.
 */
async function serverTarget(
  name: string,
  db: Target["database"],
  script: string[],
  env: Record<string, string>,
  requests: Requests,
): Promise<Target> {
  const port = await freePort();
  const child = startProcess(script, benchServerEnv(db.url, port, env));
  let closeIdle = async () => 0;
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForOk(`${base}/api/health`, performance.now());
    const pid = child.pid as number;
    const t = target(name, db, pid);
    const before = rssKb(pid);
    const closers: Array<() => void> = [];
    const active = requests.slice(0, ACTIVE);
    for (let i = 0; i < active.length; i += 100) {
      const chunk = active.slice(i, i + 100);
      closers.push(
        ...(await Promise.all(
          chunk.map(async ({ user_id }) =>
            openStream(`${base}/api/events`, await cookie(user_id), (topic, _data, size) => {
              t.bytes.member += size;
              const start = t.pending.get(user_id);
              if (topic === "messages" && start !== undefined) {
                t.latencies.push(performance.now() - start);
                t.pending.delete(user_id);
              }
            }),
          ),
        )),
      );
    }
    for (let s = 1; s <= STAFF; s++) {
      closers.push(
        await openStream(`${base}/api/events`, await cookie(`s${s}`), (_topic, _data, size) => {
          t.bytes.staff += size;
        }),
      );
    }
    closeIdle = await openIdleStreams(
      `${base}/api/events`,
      requests.slice(ACTIVE).map((r) => r.user_id),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const perStreamKb = (rssKb(pid) - before) / (requests.length + STAFF);
    const writer = await cookie("s1");
    return Object.assign(t, {
      perStreamKb,
      async write(i: number) {
        const { id, user_id } = targetOf(requests, i);
        t.pending.set(user_id, performance.now());
        const res = await post(`${base}/api/requests/${id}/messages`, writer, { body: `Reply ${i}` });
        if (res.status !== 201) throw new Error(`${name}: post: ${res.status} ${res.body}`);
      },
      async close() {
        for (const close of closers) close();
        await closeIdle();
        await stopProcess(child);
      },
    });
  } catch (error) {
    // A server that did not come up, or whose streams did not open, is not left running.
    await closeIdle();
    await stopProcess(child);
    throw error;
  }
}

/**
 * The raw floor (a reference line): raw HTTP responses fed by one LISTEN, written to by INSERT + pg_notify
 * through raw pg, in the bench's process. No HTTP request, no session, one row, no staff streams.
 */
async function rawTarget(db: Target["database"], requests: Requests): Promise<Target> {
  const t = target("raw floor", db, null);
  const streams = new Map<string, http.ServerResponse[]>();
  const server = http.createServer((req, res) => {
    const user = new URL(req.url ?? "/", "http://x").searchParams.get("user") as string;
    res.writeHead(200, { "content-type": "text/event-stream" });
    res.write("retry: 3000\n\n");
    const list = streams.get(user) ?? [];
    list.push(res);
    streams.set(user, list);
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  const listener = new pg.Client({ connectionString: db.url });
  listener.on("error", () => {});
  await listener.connect();
  listener.on("notification", (n) => {
    const event = JSON.parse(n.payload ?? "{}");
    for (const res of streams.get(event.audience) ?? []) res.write(`event: ${event.topic}\ndata: ${n.payload}\n\n`);
  });
  await listener.query("LISTEN app_events");
  const closers = await Promise.all(
    requests.slice(0, ACTIVE).map(({ user_id }) =>
      openStream(`http://127.0.0.1:${port}/?user=${user_id}`, "", (topic, _data, size) => {
        t.bytes.member += size;
        const start = t.pending.get(user_id);
        if (topic === "messages" && start !== undefined) {
          t.latencies.push(performance.now() - start);
          t.pending.delete(user_id);
        }
      }),
    ),
  );
  const closeIdle = await openIdleStreams(
    `http://127.0.0.1:${port}/`,
    requests.slice(ACTIVE).map((r) => r.user_id),
  );
  const pool = new pg.Pool({ connectionString: db.url, max: 10 });
  pool.on("error", () => {});
  return Object.assign(t, {
    async write(i: number) {
      const { id, user_id } = targetOf(requests, i);
      t.pending.set(user_id, performance.now());
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("insert into messages (request_id, sender_user_id, body) values ($1, 's1', $2)", [
          id,
          `Reply ${i}`,
        ]);
        await client.query("select pg_notify('app_events', $1)", [
          JSON.stringify({ topic: "messages", audience: user_id }),
        ]);
        await client.query("commit");
      } finally {
        client.release();
      }
    },
    async close() {
      for (const close of closers) close();
      await closeIdle();
      await pool.end();
      await listener.end();
      server.closeAllConnections();
      server.close();
    },
  });
}

/** What a target wrote per message, read from its database. */
async function writtenPerMessage(url: string, count: number) {
  const { rows } = await sql(
    url,
    `select
      (select count(*) from messages)::float / $1 as messages,
      (select count(*) from activity_logs)::float / $1 as activity,
      (select count(*) from notifications)::float / $1 as notifications,
      (select coalesce(sum(burst), 0) from notifications)::float / $1 as notified,
      (select count(*) from outbox)::float / $1 as emails,
      (select coalesce(sum(burst), 0) from outbox)::float / $1 as emailed,
      (select coalesce(avg(octet_length(payload::text) + octet_length(coalesce(burst_digest::text, ''))), 0)
        from outbox)::float as email_bytes,
      (select coalesce(avg(octet_length(title) + octet_length(body) + octet_length(coalesce(link, ''))), 0)
        from notifications)::float as notification_bytes`,
    [count],
  );
  return rows[0] as Record<
    | "messages"
    | "activity"
    | "notifications"
    | "notified"
    | "emails"
    | "emailed"
    | "email_bytes"
    | "notification_bytes",
    number
  >;
}

/** Commits per second of concurrent one-row inserts, with and without a pg_notify in each transaction. */
async function commitRate(url: string, notify: boolean, requestId: string) {
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  pool.on("error", () => {});
  const until = performance.now() + Number(args.seconds) * 1000;
  let commits = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const client = await pool.connect();
        try {
          await client.query("begin");
          await client.query("insert into messages (request_id, sender_user_id, body) values ($1, 's1', 'x')", [
            requestId,
          ]);
          if (notify) await client.query("select pg_notify('bench_rate', 'x')");
          await client.query("commit");
          commits++;
        } finally {
          client.release();
        }
      }
    }),
  );
  await pool.end();
  return commits / Number(args.seconds);
}

const built = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
if (built.status !== 0) process.exit(1);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const targets: Target[] = [];
try {
  // One database migrated and seeded, copied for each (the copies have the same ids, so the same writes).
  await admin.query(`CREATE DATABASE ${DATABASES.app.name}`);
  const migrated = await openDatabase({ kind: "postgres", url: DATABASES.app.url });
  await migrated.migrate();
  await migrated.close();
  const requests = await seed(DATABASES.app.url);
  for (const db of [DATABASES.fair, DATABASES.raw]) {
    await admin.query(`CREATE DATABASE ${db.name} TEMPLATE ${DATABASES.app.name}`);
  }
  if (args["log-statements"]) {
    for (const db of Object.values(DATABASES)) {
      await admin.query(`ALTER DATABASE ${db.name} SET log_min_duration_statement = 0`);
    }
    console.log("every statement of the run goes to PostgreSQL's log");
  }

  const env = { REALTIME_RECHECK_SECONDS: "3600" };
  const app = await serverTarget("app", DATABASES.app, ["dist/server/main.js"], env, requests);
  targets.push(app);
  const fair = await serverTarget(
    "fair floor",
    DATABASES.fair,
    ["--import", "tsx", "bench/realtime-floor.ts"],
    env,
    requests,
  );
  targets.push(fair);
  const raw = await rawTarget(DATABASES.raw, requests);
  targets.push(raw);

  console.error(`streams open; writing (app pid ${app.pid}, fair floor pid ${fair.pid})`);
  for (const t of targets) await batch(admin, t, 0, WARMUP, false);
  const per = Math.ceil(MESSAGES / ROUNDS);
  for (let round = 0; round < ROUNDS; round++) {
    const from = WARMUP + round * per;
    const to = Math.min(WARMUP + MESSAGES, from + per);
    for (let k = 0; k < targets.length; k++) {
      await batch(admin, targets[(round + k) % targets.length], from, to, true);
    }
  }
  const written = await Promise.all(targets.map((t) => writtenPerMessage(t.database.url, WARMUP + MESSAGES)));

  const rate = (t: Target) => t.sent / (t.elapsedMs / 1000);
  console.log(
    `\n${STREAMS} member streams (replies to ${ACTIVE} of them, the others idle) + ${STAFF} staff streams, ${MESSAGES} messages in ${ROUNDS} interleaved rounds (after ${WARMUP} to warm up), ${CONCURRENCY} writers`,
  );
  const line = (name: string, cells: string[]) =>
    console.log(`${name.padEnd(52)}${cells.map((c) => c.padStart(9)).join("")}`);
  const share = (floor: Target) => `${((rate(app) / rate(floor)) * 100).toFixed(0)} %`;
  const labels: Record<string, string> = {
    app: "app (API call start -> event at the member's stream)",
    "fair floor": "fair floor (bare Fastify: same POST, session, write)",
    "raw floor": "raw floor (INSERT + pg_notify -> raw HTTP)",
  };
  line("", ["msg/s", "p50 ms", "p95 ms", "p99 ms", "lost", "app/it"]);
  for (const t of targets) {
    const sorted = [...t.latencies].sort((a, b) => a - b);
    line(labels[t.name], [
      rate(t).toFixed(0),
      ...[0.5, 0.95, 0.99].map((p) => percentile(sorted, p).toFixed(1)),
      String(t.sent - t.latencies.length),
      t === app ? "" : share(t),
    ]);
  }
  console.log(
    `app: ${share(fair)} of the fair floor's throughput (goal >= 60 %, p99 <= 50 ms); ${share(raw)} of the raw floor's`,
  );
  const byRound = app.rounds.map((r, i) => (r / fair.rounds[i]) * 100);
  console.log(
    `app / fair floor by round: ${byRound.map((r) => `${r.toFixed(0)} %`).join(", ")} (median ${median(byRound).toFixed(0)} %)`,
  );

  console.log("\nwritten per message (from each one's database)");
  line("", ["messages", "activity", "notices", "(burst)", "emails", "(burst)", "email B", "notice B"]);
  targets.forEach((t, i) => {
    const w = written[i];
    line(t.name, [
      w.messages.toFixed(2),
      w.activity.toFixed(2),
      w.notifications.toFixed(2),
      w.notified.toFixed(2),
      w.emails.toFixed(2),
      w.emailed.toFixed(2),
      w.email_bytes.toFixed(0),
      w.notification_bytes.toFixed(0),
    ]);
  });
  line("event bytes received per message", ["members", "staff"]);
  for (const t of targets) line(t.name, [(t.bytes.member / t.sent).toFixed(0), (t.bytes.staff / t.sent).toFixed(0)]);
  console.log(
    [
      "round trips to PostgreSQL per message: app 3 (session, request, the write), fair floor 2 (session, the",
      "write with the request read in it), raw floor 4 (BEGIN, INSERT, pg_notify, COMMIT).",
      "The fair floor does less than the app: staff replies only (no member path, rate limit or files), a",
      "session query without the membership row, no security headers, cross-site check, compression hook,",
      "request logging, sliding session expiry or re-checking the sessions of open streams (the app's is set",
      "to hourly here).",
      "The raw floor does far less: no HTTP request, no session, one row, no staff streams.",
    ].join("\n"),
  );

  console.log(`\nCPU ms per message ${"server".padStart(14)} ${"PostgreSQL".padStart(10)} ${"bench".padStart(8)}`);
  for (const t of targets) {
    const per = (ms: number) => (ms / t.sent).toFixed(2);
    console.log(
      `${t.name.padEnd(18)} ${(t.pid ? per(t.cpu.server) : "(in the bench)").padStart(14)} ${per(t.cpu.postgres).padStart(10)} ${per(t.cpu.bench).padStart(8)}`,
    );
  }
  console.log("(PostgreSQL: the backends of each one's database; the WAL writer and checkpointer are not counted)");
  // What 60 % of the fair floor would leave: every process here shares this machine's cores.
  const cores = availableParallelism();
  const total = (t: Target) => (t.cpu.server + t.cpu.postgres + t.cpu.bench) / t.sent;
  const budget = (cores * 1000) / (0.6 * rate(fair));
  console.log(
    `at 60 % of the fair floor (${(0.6 * rate(fair)).toFixed(0)} msg/s) ${cores} cores allow ${budget.toFixed(2)} ms of CPU per message; the app used ${total(app).toFixed(2)}, the fair floor ${total(fair).toFixed(2)}`,
  );
  console.log(
    `CPU per message, fair floor / app: ${((total(fair) / total(app)) * 100).toFixed(0)} % (the share of the fair floor's throughput the app would reach if the cores were the only limit; steadier than msg/s on a busy machine)`,
  );
  console.log(
    `server memory per open stream: app ${app.perStreamKb?.toFixed(1)} KB, fair floor ${fair.perStreamKb?.toFixed(1)} KB`,
  );
  if (streamErrors) console.log(`streams that failed: ${streamErrors}`);
  for (const t of targets.splice(0)) await t.close();

  const requestId = requests[0].id;
  const without = await commitRate(DATABASES.raw.url, false, requestId);
  const withNotify = await commitRate(DATABASES.raw.url, true, requestId);
  console.log(
    `\ncommits/s of concurrent inserts (${CONCURRENCY} connections): ${without.toFixed(0)} without pg_notify, ${withNotify.toFixed(0)} with pg_notify (${((withNotify / without) * 100).toFixed(0)} %)`,
  );
} finally {
  for (const t of targets) await t.close().catch(() => {});
  for (const db of Object.values(DATABASES)) await admin.query(`DROP DATABASE IF EXISTS ${db.name} WITH (FORCE)`);
  await admin.end();
}
