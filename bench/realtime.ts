/**
 * npm run bench:realtime — on a PostgreSQL server: 2,000 members' event streams (plus 20 staff streams) open on
 * one app instance (compiled, as `npm start` runs it); a staff writer replies on requests of random members
 * through the API. Prints the latency from the API call's start to the event's arrival at the member's stream
 * (p50, p95, p99), events lost, the server's memory per open stream, and, in the same run, two floors:
 *
 * - the fair floor (bench/realtime-floor.ts, issue 23 item 5): bare Fastify in its own process receiving the
 *   same HTTP POST with the same signed session cookie (HMAC check, one indexed query), doing the same write as
 *   one prepared statement and feeding the same 2,020 streams through LISTEN. The app is judged against it.
 * - the raw floor, a reference: INSERT + pg_notify in the bench process (no HTTP request, no session, one row)
 *   writing to raw Node HTTP responses.
 *
 * Each run starts from the same tables (the writes of the one before are truncated) and the same sequence of
 * requests; the rows, sizes and event bytes each wrote per message are printed, so unequal work shows. Then
 * CPU per message (from /proc) and commits per second of concurrent inserts with and without pg_notify. It
 * asserts nothing.
 *
 *   npm run bench:realtime -- --streams 2000 --messages 1000 --concurrency 16
 *   --log-statements: every statement of the run in PostgreSQL's log (log_min_duration_statement = 0 on the
 *   bench's throwaway database), to see where the database's time goes.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { makeSignature } from "better-auth/crypto";
import pg from "pg";
import { BENCH_SECRET, benchServerEnv, freePort, startProcess, stopProcess, waitForOk } from "./support";

const { values: args } = parseArgs({
  options: {
    streams: { type: "string", default: "2000" },
    staff: { type: "string", default: "20" },
    messages: { type: "string", default: "1000" },
    concurrency: { type: "string", default: "16" },
    seconds: { type: "string", default: "5" },
    "log-statements": { type: "boolean", default: false },
  },
});
const STREAMS = Number(args.streams);
const STAFF = Number(args.staff);
const MESSAGES = Number(args.messages);
const CONCURRENCY = Number(args.concurrency);
const SECRET = BENCH_SECRET;
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `maison_rt_${process.pid}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
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
/** CPU time of every PostgreSQL process on this machine (the server runs locally in the bench's setting). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") total += cpuMs(Number(entry));
    } catch {}
  }
  return total;
}
/** Measures the CPU each side spends while `work` runs: per message, in ms. */
async function cpuPerMessage<T>(serverPid: number | null, work: () => Promise<T>) {
  const before = { server: serverPid ? cpuMs(serverPid) : 0, pg: postgresCpuMs(), bench: process.cpuUsage() };
  const result = await work();
  const bench = process.cpuUsage(before.bench);
  const per = (ms: number) => ms / MESSAGES;
  return {
    result,
    cpu: {
      server: serverPid ? per(cpuMs(serverPid) - before.server) : null,
      postgres: per(postgresCpuMs() - before.pg),
      bench: per((bench.user + bench.system) / 1000),
    },
  };
}
type Cpu = Awaited<ReturnType<typeof cpuPerMessage>>["cpu"];

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);

/** Opens an SSE stream; calls onEvent with the topic and payload of each event. */
function openStream(
  url: string,
  cookie: string,
  onEvent: (topic: string, data: string, bytes: number) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie, accept: "text/event-stream" } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
      let buffer = "";
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
async function seed() {
  const client = new pg.Client({ connectionString: dbUrl });
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
  const { rows } = await client.query(`insert into requests (user_id, title, category, budget_eur, phone_number)
    select id, 'A request', 'Other', 100, '+351912345678' from users where id like 'm%' returning id, user_id`);
  await client.end();
  const cookie = async (userId: string) => {
    const token = `token-${userId}`;
    return `maison.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, SECRET)}`)}`;
  };
  return { requests: rows as Array<{ id: string; user_id: string }>, cookie };
}

/** Waits (up to 2 s) until every event sent has arrived, so the CPU measured includes its delivery. */
async function settled(pending: Map<string, number>) {
  const until = performance.now() + 2000;
  while (pending.size && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
}

/** Sends `count` writes with bounded concurrency; `write(i)` resolves when its call returned. */
async function drive(count: number, write: (i: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await write(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

interface Run {
  latencies: number[];
  rate: number;
  cpu: Cpu;
  /** Event bytes received per message: on the members' streams, and on all the staff's streams together. */
  bytes: { member: number; staff: number };
}

/**
 * One server (the app, or the fair floor: both serve the same API) with every member's and staff stream open,
 * and the staff writer replying through POST /api/requests/:id/messages.
 */
async function benchServer(data: Awaited<ReturnType<typeof seed>>, port: number, pid: number) {
  const base = `http://127.0.0.1:${port}`;
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  const bytes = { member: 0, staff: 0 };
  const before = rssKb(pid);
  const closers: Array<() => void> = [];
  for (let i = 0; i < data.requests.length; i += 100) {
    const batch = data.requests.slice(i, i + 100);
    closers.push(
      ...(await Promise.all(
        batch.map(async ({ user_id }) =>
          openStream(`${base}/api/events`, await data.cookie(user_id), (topic, _data, size) => {
            bytes.member += size;
            const start = pending.get(user_id);
            if (topic === "messages" && start !== undefined) {
              latencies.push(performance.now() - start);
              pending.delete(user_id);
            }
          }),
        ),
      )),
    );
  }
  for (let s = 1; s <= STAFF; s++) {
    closers.push(
      await openStream(`${base}/api/events`, await data.cookie(`s${s}`), (_topic, _data, size) => {
        bytes.staff += size;
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 1000));
  const perStreamKb = (rssKb(pid) - before) / (STREAMS + STAFF);
  const writer = await data.cookie("s1");
  const { result: rate, cpu } = await cpuPerMessage(pid, async () => {
    const rate = await drive(MESSAGES, async (i) => {
      const target = data.requests[(i * 7919) % data.requests.length];
      pending.set(target.user_id, performance.now());
      const res = await post(`${base}/api/requests/${target.id}/messages`, writer, { body: `Reply ${i}` });
      if (res.status !== 201) throw new Error(`post: ${res.status} ${res.body}`);
    });
    await settled(pending);
    return rate;
  });
  await new Promise((r) => setTimeout(r, 2000));
  for (const close of closers) close();
  const run: Run = { latencies, rate, cpu, bytes: { member: bytes.member / MESSAGES, staff: bytes.staff / MESSAGES } };
  return { ...run, perStreamKb };
}

/** Starts a server process (the app or the fair floor) on the bench's database, runs `work`, stops it. */
async function withServer<T>(
  script: string[],
  env: Record<string, string>,
  work: (port: number, pid: number) => Promise<T>,
) {
  const port = await freePort();
  const child = startProcess(script, benchServerEnv(dbUrl, port, env));
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/health`, performance.now());
    return await work(port, child.pid as number);
  } finally {
    await stopProcess(child);
  }
}

/** What a run wrote per message, read from the database; then its writes are removed for the next run. */
async function writtenPerMessage() {
  const { rows } = await sql(
    dbUrl,
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
    [MESSAGES],
  );
  await sql(dbUrl, "truncate messages, activity_logs, notifications, outbox cascade");
  await sql(dbUrl, "vacuum analyze");
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
type Written = Awaited<ReturnType<typeof writtenPerMessage>>;

/**
 * The raw floor (a reference line): raw HTTP responses fed by one LISTEN, written to by INSERT + pg_notify
 * through raw pg, in the bench's process. No HTTP request, no session, one row, no staff streams.
 */
async function benchFloor(data: { requests: Array<{ id: string; user_id: string }> }): Promise<Run> {
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
  const listener = new pg.Client({ connectionString: dbUrl });
  listener.on("error", () => {});
  await listener.connect();
  listener.on("notification", (n) => {
    const event = JSON.parse(n.payload ?? "{}");
    for (const res of streams.get(event.audience) ?? []) res.write(`event: ${event.topic}\ndata: ${n.payload}\n\n`);
  });
  await listener.query("LISTEN app_events");
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  let bytes = 0;
  const closers = await Promise.all(
    data.requests.map(({ user_id }) =>
      openStream(`http://127.0.0.1:${port}/?user=${user_id}`, "", (topic, _data, size) => {
        bytes += size;
        const start = pending.get(user_id);
        if (topic === "messages" && start !== undefined) {
          latencies.push(performance.now() - start);
          pending.delete(user_id);
        }
      }),
    ),
  );
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  pool.on("error", () => {});
  const { result: rate, cpu } = await cpuPerMessage(null, async () => {
    const rate = await drive(MESSAGES, async (i) => {
      const target = data.requests[(i * 7919) % data.requests.length];
      pending.set(target.user_id, performance.now());
      const client = await pool.connect();
      try {
        await client.query("begin");
        await client.query("insert into messages (request_id, sender_user_id, body) values ($1, 's1', $2)", [
          target.id,
          `Reply ${i}`,
        ]);
        await client.query("select pg_notify('app_events', $1)", [
          JSON.stringify({ topic: "messages", audience: target.user_id }),
        ]);
        await client.query("commit");
      } finally {
        client.release();
      }
    });
    await settled(pending);
    return rate;
  });
  await new Promise((r) => setTimeout(r, 2000));
  for (const close of closers) close();
  await pool.end();
  await listener.end();
  server.closeAllConnections();
  server.close();
  return { latencies, rate, cpu, bytes: { member: bytes / MESSAGES, staff: 0 } };
}

/** Commits per second of concurrent one-row inserts, with and without a pg_notify in each transaction. */
async function commitRate(notify: boolean, requestId: string) {
  const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
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
await sql(adminUrl, `CREATE DATABASE ${dbName}`);
try {
  if (args["log-statements"]) {
    await sql(adminUrl, `ALTER DATABASE ${dbName} SET log_min_duration_statement = 0`);
    console.log(`every statement on ${dbName} goes to PostgreSQL's log`);
  }
  let data: Awaited<ReturnType<typeof seed>> | null = null;
  const app = await withServer(["dist/server/main.js"], { REALTIME_RECHECK_SECONDS: "3600" }, async (port, pid) => {
    data = await seed();
    return benchServer(data, port, pid);
  });
  const seeded = data as unknown as Awaited<ReturnType<typeof seed>>;
  const appWritten = await writtenPerMessage();
  const fair = await withServer(["--import", "tsx", "bench/realtime-floor.ts"], {}, (port, pid) =>
    benchServer(seeded, port, pid),
  );
  const fairWritten = await writtenPerMessage();
  const raw = await benchFloor(seeded);
  const rawWritten = await writtenPerMessage();

  console.log(`\n${STREAMS} member streams + ${STAFF} staff streams, ${MESSAGES} messages, ${CONCURRENCY} writers`);
  const head = (title: string, columns: string[]) =>
    console.log(`${title.padEnd(52)}${columns.map((c) => c.padStart(9)).join("")}`);
  const line = (name: string, cells: string[]) =>
    console.log(`${name.padEnd(52)}${cells.map((c) => c.padStart(9)).join("")}`);
  const latencyCells = (run: Run) => {
    const sorted = [...run.latencies].sort((a, b) => a - b);
    return [
      run.rate.toFixed(0),
      ...[0.5, 0.95, 0.99].map((p) => percentile(sorted, p).toFixed(1)),
      String(MESSAGES - run.latencies.length),
    ];
  };
  const share = (floor: Run) => `${((app.rate / floor.rate) * 100).toFixed(0)} %`;
  head("", ["msg/s", "p50 ms", "p95 ms", "p99 ms", "lost", "app/it"]);
  line("app (API call start -> event at the member's stream)", [...latencyCells(app), ""]);
  line("fair floor (bare Fastify: same POST, session, write)", [...latencyCells(fair), share(fair)]);
  line("raw floor (INSERT + pg_notify -> raw HTTP)", [...latencyCells(raw), share(raw)]);
  console.log(
    `app: ${share(fair)} of the fair floor's throughput (goal >= 60 %, p99 <= 50 ms); ${share(raw)} of the raw floor's`,
  );

  console.log("\nwritten per message (the app's work and the floors')");
  head("", ["messages", "activity", "notices", "(burst)", "emails", "(burst)", "email B", "notice B"]);
  const writtenLine = (name: string, w: Written) =>
    line(name, [
      w.messages.toFixed(2),
      w.activity.toFixed(2),
      w.notifications.toFixed(2),
      w.notified.toFixed(2),
      w.emails.toFixed(2),
      w.emailed.toFixed(2),
      w.email_bytes.toFixed(0),
      w.notification_bytes.toFixed(0),
    ]);
  writtenLine("app", appWritten);
  writtenLine("fair floor", fairWritten);
  writtenLine("raw floor", rawWritten);
  head("event bytes received per message", ["member", "staff"]);
  for (const [name, run] of [
    ["app", app],
    ["fair floor", fair],
    ["raw floor", raw],
  ] as const)
    line(name, [run.bytes.member.toFixed(0), run.bytes.staff.toFixed(0)]);
  console.log(
    [
      "round trips to PostgreSQL per message: app 3 (session, request, the write), fair floor 2 (session, the",
      "write with the request read in it), raw floor 4 (BEGIN, INSERT, pg_notify, COMMIT).",
      "The fair floor does less than the app: staff replies only (no member path, rate limit or files), no",
      "security headers, cross-site check, compression hook, request logging or sliding session expiry.",
      "The raw floor does far less: no HTTP request, no session, one row, no staff streams.",
    ].join("\n"),
  );

  const cpuLine = (name: string, cpu: Cpu) =>
    console.log(
      `${name.padEnd(11)} ${(cpu.server === null ? "(in the bench)" : cpu.server.toFixed(2)).padStart(14)} ${cpu.postgres.toFixed(2).padStart(10)} ${cpu.bench.toFixed(2).padStart(8)}`,
    );
  console.log(`\nCPU ms/msg  ${"server".padStart(14)} ${"PostgreSQL".padStart(10)} ${"bench".padStart(8)}`);
  cpuLine("app", app.cpu);
  cpuLine("fair floor", fair.cpu);
  cpuLine("raw floor", raw.cpu);
  // What 60 % of the fair floor would leave: every process here shares this machine's cores.
  const cores = availableParallelism();
  const total = (cpu: Cpu) => (cpu.server ?? 0) + cpu.postgres + cpu.bench;
  const budget = (cores * 1000) / (0.6 * fair.rate);
  console.log(
    `at 60 % of the fair floor (${(0.6 * fair.rate).toFixed(0)} msg/s) ${cores} cores allow ${budget.toFixed(2)} ms of CPU per message; the app used ${total(app.cpu).toFixed(2)}, the fair floor ${total(fair.cpu).toFixed(2)}`,
  );
  console.log(
    `server memory per open stream: app ${app.perStreamKb.toFixed(1)} KB, fair floor ${fair.perStreamKb.toFixed(1)} KB`,
  );
  const requestId = seeded.requests[0].id;
  const without = await commitRate(false, requestId);
  const withNotify = await commitRate(true, requestId);
  console.log(
    `\ncommits/s of concurrent inserts (${CONCURRENCY} connections): ${without.toFixed(0)} without pg_notify, ${withNotify.toFixed(0)} with pg_notify (${((withNotify / without) * 100).toFixed(0)} %)`,
  );
} finally {
  await sql(adminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
}
