/**
 * npm run bench:faults — the whole installation under load while things break (issue 23, item 1; decision 027).
 *
 * It starts everything it needs on the loopback address, and removes it all at the end (also on Ctrl-C):
 * a throwaway PostgreSQL cluster, two app instances (compiled, as `npm start` runs them) in Stripe mode against
 * the local fake of Stripe's API, with files in S3 (s3rver) and mail through a local SMTP server, behind a
 * round-robin proxy. Members' event streams (500 by default) behave as the browser's client; a mixed load runs
 * (members submitting requests, messages and files, staff replying and changing status, the pipeline, stats
 * and dashboards read), and one after another: kill -9 of an instance with writes in flight, a PostgreSQL
 * restart, the mail server down, the object store down, and a webhook replayed and delivered out of order.
 *
 * Then it checks every write answered 2xx is in the database, every event reached the streams (or the stream
 * resynchronised and saw the change), every email was delivered once, uploads failed cleanly during the
 * outage, the webhook changed things once; and prints one table with the goals.
 *
 * Money runs alongside (faults/money.ts): cases from quote to paid balance invoice, some released at the kill's
 * and the restart's moment, Stripe's webhooks delivered (and redelivered, replayed, overtaken) from the fake's
 * state; afterwards the fake provider is compared with our rows and the reconciliation runs twice.
 *
 *   npm run bench:faults -- --seconds 75 --streams 500 --rate 24 --money-rate 0.6
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { makeSignature } from "better-auth/crypto";
import pg from "pg";
import S3rver from "s3rver";
import { signedDelivery, startFakeStripe, stripeTestEnv } from "../tests/helpers/fake-stripe";
import { type Answer, type Client, createClient, MemberStream, now, type Resync, sleep } from "./faults/client";
import { type Cluster, createCluster } from "./faults/cluster";
import { startCpuSampler } from "./faults/cpu";
import { createInstance, type Instance, loggedErrors } from "./faults/instances";
import { startMailServer } from "./faults/mail";
import { checkMoney, type MoneyCheck, reconcileOnce, startMoney, startWebhooks } from "./faults/money";
import { startProxyProcess } from "./faults/proxy";
import { startWatchdog } from "./faults/watchdog";
import { BENCH_SECRET, freePort } from "./support";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "75" },
    streams: { type: "string", default: "500" },
    staff: { type: "string", default: "4" },
    /** Operations started per second (writes, reads and uploads together). */
    rate: { type: "string", default: "24" },
    /** Quotes started per second (quote, card page, hold, capture, refund, balance invoice paid); 0: no money. */
    "money-rate": { type: "string", default: "0.6" },
    "keep-logs": { type: "boolean", default: false },
  },
});
const SECONDS = Math.max(45, Number(args.seconds));
const STREAMS = Number(args.streams);
const STAFF = Number(args.staff);
const RATE = Number(args.rate);
const MONEY_RATE = Number(args["money-rate"]);
/** The steps in flight at the kill and at the restart: one moneyCase set aside for each, waiting before it. */
const MONEY_FAULT_STEPS = [
  "accept",
  "authorise",
  "capture",
  "capture",
  "refund",
  "refund",
  "balance",
  "balance",
  "pay",
  "pay",
] as const;
/** Members with a request in Sourcing, one per moneyCase (and some to spare). */
const MONEY_CASES = MONEY_RATE > 0 ? Math.ceil(MONEY_RATE * SECONDS) + 2 * MONEY_FAULT_STEPS.length + 10 : 0;
/** A fault's window runs from its start to this long after its end: the time allowed to recover. */
const RECOVERY_GOAL_MS = 5_000;
/** How long a write's event may take to reach its stream before the member's next write. */
const EVENT_WAIT_MS = 5_000;

// ---------------------------------------------------------------------------------------------------------
// Everything started is stopped, and every temporary directory removed, however the run ends.

const cleanups: Array<() => Promise<void> | void> = [];
const syncCleanups: Array<() => void> = [];
let cleaning: Promise<void> | null = null;
/** Cleans up if the bench is killed outright (kill -9); told to stand down once cleanup is done. */
let watchdog: ReturnType<typeof startWatchdog> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => {});
    watchdog?.stop();
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping and cleaning up…`);
    void cleanup().finally(() => process.exit(130));
  });
}
process.on("exit", () => {
  for (const step of syncCleanups) {
    try {
      step();
    } catch {}
  }
});

// ---------------------------------------------------------------------------------------------------------
// The run's records.

type WriteKind = "request" | "message" | "reply" | "status" | "upload";
interface Write {
  kind: WriteKind;
  member: Member;
  /** The topic its event carries to the member's stream (none for an upload: a pending file sends none). */
  topic: "requests" | "messages" | null;
  requestId: string;
  sentAt: number;
  doneAt?: number;
  status?: number;
  /** The id the answer named (request, message, file), or the status set. */
  id?: string;
  target?: string;
  error?: string;
  eventAt?: number;
}

interface Member {
  id: string;
  cookie: string;
  current: string;
  status: string;
  stream: MemberStream;
  busy: boolean;
  pending: Write | null;
  eventArrived: (() => void) | null;
}

interface Fault {
  name: string;
  start: number;
  end: number;
  /** What recovered when (ms after the fault ended), and what the goal is measured on. */
  notes: string[];
  /** The member streams the fault cut (kill -9: those on the killed instance). */
  streams?: Member[];
}

const writes: Write[] = [];
const faults: Fault[] = [];
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const cookieOf = async (userId: string) => {
  const token = `token-${userId}`;
  return `maison.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, BENCH_SECRET)}`)}`;
};

function multipart(name: string, type: string, bytes: Buffer) {
  const boundary = `----maisonbench${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
const ok = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;
const fmtMs = (ms: number | null) => (ms === null ? "never" : `${(ms / 1000).toFixed(1)} s`);

// ---------------------------------------------------------------------------------------------------------

async function main() {
  console.log("Building the server…");
  const built = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("the server build failed");

  const root = mkdtempSync(path.join(tmpdir(), "maison-faults-"));
  cleanups.push(() => {
    if (args["keep-logs"]) console.log(`Logs kept in ${root}`);
    else rmSync(root, { recursive: true, force: true });
  });
  syncCleanups.push(() => {
    if (!args["keep-logs"]) rmSync(root, { recursive: true, force: true });
  });

  // PostgreSQL of our own.
  const cluster: Cluster = await createCluster(await freePort());
  cleanups.push(() => cluster.destroy());
  syncCleanups.push(() => cluster.destroySync());
  watchdog = startWatchdog(root, cluster.dir);
  syncCleanups.push(() => watchdog?.stop());
  await cluster.start();
  await sql(cluster.url(), "create database maison");
  const dbUrl = cluster.url("maison");

  // Mail, files, payments.
  const mail = await startMailServer();
  cleanups.push(() => mail.close());
  const s3Dir = path.join(root, "s3");
  const s3Port = await freePort();
  let s3: S3rver | null = null;
  const startS3 = async () => {
    s3 = new S3rver({
      port: s3Port,
      address: "127.0.0.1",
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: "maison" }],
    });
    await s3.run();
  };
  const stopS3 = async () => {
    const server = s3 as unknown as { httpServer?: { closeAllConnections(): void } } | null;
    const closing = s3?.close();
    server?.httpServer?.closeAllConnections();
    await closing;
    s3 = null;
  };
  await startS3();
  cleanups.push(() => stopS3());
  const s3Client = new S3Client({
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${s3Port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  // At a fault's moment the provider is slow to answer the money calls that move money, so the fault lands between
  // our claim (committed) and the provider's answer: the instance dies, or the database is down, while it waits.
  const slowStripe = { until: 0 };
  const stripe = await startFakeStripe({
    delayMs: (call) =>
      now() < slowStripe.until &&
      call.method === "POST" &&
      /\/(capture|refunds|invoices|finalize|send)\b/.test(call.path)
        ? 1_500
        : 0,
  });
  cleanups.push(() => stripe.close());

  // The proxy first (its address is the app's public URL), then the instances behind it.
  const ports = [await freePort(), await freePort()];
  const proxy = await startProxyProcess([
    { name: "a", port: ports[0], healthy: false },
    { name: "b", port: ports[1], healthy: false },
  ]);
  cleanups.push(() => proxy.close());
  syncCleanups.push(() => proxy.kill());
  const env = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    CLIENT_DIR: "/nonexistent",
    DATABASE_URL: dbUrl,
    BETTER_AUTH_SECRET: BENCH_SECRET,
    APP_URL: proxy.url,
    TRUST_PROXY: "1",
    SMTP_URL: mail.url,
    S3_BUCKET: "maison",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    ...stripeTestEnv(stripe),
    // The bench runs the reconciliation itself once the load is over: its first run is what the faults left.
    RECONCILE_INTERVAL_MINUTES: "0",
  };
  const instances: Instance[] = ["a", "b"].map((name, i) => createInstance(name, ports[i], root, env));
  for (const instance of instances) {
    cleanups.push(() => instance.stop());
    syncCleanups.push(() => instance.kill());
  }
  // One at a time: the first applies the migrations.
  const trackPids = () =>
    watchdog?.track([proxy.pid, ...instances.flatMap((i) => (i.child?.pid ? [i.child.pid] : []))]);
  trackPids();
  for (const instance of instances) {
    await instance.start();
    trackPids();
  }
  while (!(await proxy.allHealthy())) await sleep(50);

  const cpu = startCpuSampler(() => {
    const postmaster = cluster.postmasterPid();
    return {
      bench: { pids: [process.pid] },
      proxy: { pids: [proxy.pid] },
      ...Object.fromEntries(instances.map((i) => [`instance ${i.name}`, { pids: i.child?.pid ? [i.child.pid] : [] }])),
      PostgreSQL: { pids: postmaster ? [postmaster] : [], children: true },
    };
  });
  cleanups.push(() => cpu.stop());
  console.log(`Seeding ${STREAMS} members and ${STAFF} staff…`);
  const seeded = await seed(dbUrl);
  const client = createClient(proxy.url);
  cleanups.push(() => client.close());
  const staffCookies = await Promise.all(seeded.staff.map(cookieOf));
  const members: Member[] = [];
  for (const row of seeded.members) {
    const member: Member = {
      id: row.user_id,
      cookie: await cookieOf(row.user_id),
      current: row.id,
      status: "New",
      busy: false,
      pending: null,
      eventArrived: null,
      stream: null as unknown as MemberStream,
    };
    member.stream = new MemberStream(
      client,
      proxy.url,
      member.cookie,
      () => member.current,
      (event) => {
        const write = member.pending;
        if (write && !write.eventAt && write.topic === event.topic && event.at >= write.sentAt) {
          write.eventAt = event.at;
          member.eventArrived?.();
        }
      },
    );
    members.push(member);
  }
  cleanups.push(() => {
    for (const member of members) member.stream.close();
  });

  console.log(`Opening ${STREAMS} member event streams through the proxy…`);
  for (let i = 0; i < members.length; i += 50)
    await Promise.all(members.slice(i, i + 50).map((m) => m.stream.connect()));
  const opened = members.filter((m) => m.stream.open).length;
  const byInstance = (name: string) => members.filter((m) => m.stream.open?.upstream === name).length;
  console.log(`${opened} streams open (a: ${byInstance("a")}, b: ${byInstance("b")}). Load for ${SECONDS} s…`);

  // Money alongside: cases, and Stripe's webhooks for what happens at the fake provider.
  const adminCookie = await cookieOf("a1");
  const webhooks = startWebhooks(stripe, client, {});
  const money = startMoney({
    client,
    fake: stripe,
    staffCookies,
    requests: await Promise.all(seeded.cases.map(async (d) => ({ id: d.id, cookie: await cookieOf(d.user_id) }))),
    rate: MONEY_RATE,
    faults: ["kill", "restart"],
    faultSteps: [...MONEY_FAULT_STEPS],
  });
  /** Money steps released at each fault's moment (captures, refunds, balance invoices, authorisations, payments). */
  const moneyBursts: number[] = [];
  if (MONEY_RATE > 0) {
    console.log(`Taking ${2 * MONEY_FAULT_STEPS.length} cases to the step each will be at when its fault strikes…`);
    const ready = await money.ready(120_000);
    console.log(`${ready.waiting} of ${ready.aside} cases waiting for the faults.`);
  }

  // -------------------------------------------------------------------------------------------------------
  // The load.

  const started = now();
  const at = (seconds: number) => started + seconds * 1000;
  let loadRunning = true;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  const idleMember = () => {
    for (let i = 0; i < 20; i++) {
      const member = pick(members);
      if (!member.busy) return member;
    }
    return null;
  };

  /** One write on a member's request: the member is busy until its event arrived (or EVENT_WAIT_MS passed). */
  async function write(
    member: Member,
    kind: WriteKind,
    send: () => Promise<Answer>,
    after: (answer: Answer, record: Write) => void,
  ) {
    member.busy = true;
    const record: Write = {
      kind,
      member,
      topic: kind === "request" || kind === "status" ? "requests" : kind === "upload" ? null : "messages",
      requestId: member.current,
      sentAt: now(),
    };
    writes.push(record);
    member.pending = record;
    const arrived = new Promise<void>((resolve) => {
      member.eventArrived = resolve;
    });
    try {
      const answer = await send();
      record.doneAt = answer.doneAt;
      record.status = answer.status;
      if (ok(answer.status)) after(answer, record);
      else record.error = answer.json<{ error?: string }>().error ?? answer.body.slice(0, 200);
      if (ok(answer.status) && record.topic && !record.eventAt) await Promise.race([arrived, sleep(EVENT_WAIT_MS)]);
    } finally {
      member.pending = null;
      member.eventArrived = null;
      member.busy = false;
    }
  }

  const operations: Array<[number, () => Promise<unknown> | undefined]> = [
    [
      2,
      () => {
        const member = idleMember();
        if (!member) return;
        return write(
          member,
          "request",
          () =>
            client.request("create request", "POST", "/api/requests", {
              cookie: member.cookie,
              json: { title: "A vintage watch", category: "Other", budget_eur: 5000, phone_number: "+351912345678" },
            }),
          (answer, record) => {
            record.id = answer.json<{ id: string }>().id;
            member.current = record.id;
            member.status = "New";
          },
        );
      },
    ],
    [
      4,
      () => {
        const member = idleMember();
        if (!member) return;
        return write(
          member,
          "message",
          () =>
            client.request("member message", "POST", `/api/requests/${member.current}/messages`, {
              cookie: member.cookie,
              json: { body: "Any news on this one?" },
            }),
          (answer, record) => {
            record.id = answer.json<{ id: string }>().id;
          },
        );
      },
    ],
    [
      4,
      () => {
        const member = idleMember();
        if (!member) return;
        return write(
          member,
          "reply",
          () =>
            client.request("staff reply", "POST", `/api/requests/${member.current}/messages`, {
              cookie: pick(staffCookies),
              json: { body: "We are on it and will write again shortly." },
            }),
          (answer, record) => {
            record.id = answer.json<{ id: string }>().id;
          },
        );
      },
    ],
    [
      2,
      () => {
        const member = idleMember();
        if (!member) return;
        // Quoted is reached only by sending a quote (decision 030): the staff's quick status move is New → Sourcing.
        const next = ({ New: "Sourcing" } as Record<string, string>)[member.status];
        if (!next) return;
        return write(
          member,
          "status",
          () =>
            client.request("status change", "POST", `/api/admin/requests/${member.current}/status`, {
              cookie: pick(staffCookies),
              json: { status: next },
            }),
          (_answer, record) => {
            record.target = next;
            member.status = next;
          },
        );
      },
    ],
    [1, () => upload(pick(members))],
    [2, () => client.request("pipeline", "GET", "/api/admin/requests?pageSize=25", { cookie: pick(staffCookies) })],
    [1, () => client.request("stats", "GET", "/api/admin/stats", { cookie: pick(staffCookies) })],
    [2, () => client.request("dashboard", "GET", "/api/dashboard", { cookie: pick(members).cookie })],
  ];
  const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);

  interface UploadResult {
    sentAt: number;
    doneAt: number;
    status: number;
    error?: string;
  }
  const uploads: UploadResult[] = [];
  async function upload(member: Member) {
    const { body, headers } = multipart("photo.png", "image/png", PNG);
    const record: Write = { kind: "upload", member, topic: null, requestId: member.current, sentAt: now() };
    writes.push(record);
    const answer = await client.request("upload", "POST", `/api/requests/${member.current}/messages/files`, {
      cookie: member.cookie,
      body,
      headers,
    });
    record.doneAt = answer.doneAt;
    record.status = answer.status;
    if (ok(answer.status)) record.id = answer.json<{ id: string }>().id;
    const error = answer.json<{ error?: string }>().error;
    uploads.push({ sentAt: record.sentAt, doneAt: answer.doneAt, status: answer.status, error });
    return answer;
  }

  money.startFlow();
  const load = (async () => {
    const interval = 1000 / RATE;
    let next = now();
    while (loadRunning) {
      let roll = Math.random() * totalWeight;
      for (const [weight, operation] of operations) {
        roll -= weight;
        if (roll < 0) {
          const promise = operation();
          if (promise) track(promise);
          break;
        }
      }
      next += interval;
      await sleep(Math.max(0, next - now()));
    }
  })();

  // -------------------------------------------------------------------------------------------------------
  // The faults, one after another.

  const schedule = SECONDS / 75;
  const victim = instances[1];

  await sleep(Math.max(0, at(8 * schedule) - now()));
  {
    // kill -9 with writes in flight: a burst of writes, and the kill once the victim is answering some.
    console.log(`  ${((now() - started) / 1000).toFixed(1)} s: kill -9 of instance ${victim.name}`);
    const onVictim = members.filter((m) => m.stream.open?.upstream === victim.name);
    for (let i = 0; i < 16; i++) {
      const operation = operations[i % 2 === 0 ? 1 : 2][1]();
      if (operation) track(operation);
    }
    slowStripe.until = now() + 1_000;
    moneyBursts.push(money.burst("kill"));
    const waitUntil = now() + 200;
    while ((await proxy.inFlight(victim.name)) < 2 && now() < waitUntil) await sleep(1);
    const inFlightAtKill = await proxy.inFlight(victim.name);
    const killAt = now();
    victim.kill();
    const fault: Fault = { name: `kill -9 of instance ${victim.name}`, start: killAt, end: killAt, notes: [] };
    faults.push(fault);
    fault.notes.push(`${inFlightAtKill} requests under way on it; ${onVictim.length} streams on it`);
    // It is restarted, as a supervisor would, after the survivor has taken over.
    await sleep(6_000 * schedule);
    const restartMs = await victim.start();
    trackPids();
    fault.notes.push(
      `restarted after ${((now() - killAt) / 1000 - restartMs / 1000).toFixed(1)} s, ready in ${(restartMs / 1000).toFixed(1)} s`,
    );
    fault.streams = onVictim;
  }

  await sleep(Math.max(0, at(22 * schedule) - now()));
  {
    console.log(`  ${((now() - started) / 1000).toFixed(1)} s: PostgreSQL restart`);
    // The money steps under way when it stops: released, then the stop a moment later (they reach the database).
    slowStripe.until = now() + 1_000;
    moneyBursts.push(money.burst("restart"));
    await sleep(60);
    const start = now();
    await cluster.stop();
    await sleep(2_000);
    await cluster.start();
    const fault: Fault = { name: "PostgreSQL restart (2 s down)", start, end: now(), notes: [] };
    faults.push(fault);
  }

  await sleep(Math.max(0, at(36 * schedule) - now()));
  {
    console.log(`  ${((now() - started) / 1000).toFixed(1)} s: the mail server refuses connections (421)`);
    const start = now();
    mail.setDown(true);
    await sleep(8_000 * schedule);
    mail.setDown(false);
    faults.push({ name: `mail server down (421) for ${(8 * schedule).toFixed(0)} s`, start, end: now(), notes: [] });
  }

  await sleep(Math.max(0, at(52 * schedule) - now()));
  {
    console.log(`  ${((now() - started) / 1000).toFixed(1)} s: the object store stops`);
    const start = now();
    await stopS3();
    // Uploads keep coming while it is down, and right after it is back (to see when they work again).
    const probe = async (until: () => boolean) => {
      while (until()) {
        track(upload(pick(members)));
        await sleep(250);
      }
    };
    const stopAt = now() + 6_000 * schedule;
    await probe(() => now() < stopAt);
    await startS3();
    const end = now();
    faults.push({ name: `object store down for ${(6 * schedule).toFixed(0)} s`, start, end, notes: [] });
    let working = false;
    void probe(() => !working && now() < end + 10_000);
    while (!working && now() < end + 10_000) {
      working = uploads.some((u) => u.sentAt >= end && ok(u.status));
      await sleep(50);
    }
  }

  await sleep(Math.max(0, at(66 * schedule) - now()));
  const webhook = await webhookFault(client, dbUrl);

  await sleep(Math.max(0, at(SECONDS) - now()));
  loadRunning = false;
  await load;
  console.log("Load stopped; waiting for answers, events, the cases, the webhooks and the outbox…");
  await Promise.all([...inFlight]);
  await money.stop(45_000);
  await webhooks.drain(60_000);
  await sleep(3_000);

  // Every due email delivered, or none delivered for 30 s (a busy machine drains a long backlog slowly; the cases
  // add theirs: quotes, captures, refunds and balance invoices mail the member and the team).
  let drainStarted = now();
  let lastDue = Number.POSITIVE_INFINITY;
  for (;;) {
    const [{ due }] = (
      await sql(
        dbUrl,
        "select count(*)::int as due from outbox where kind = 'email' and status = 'pending' and next_attempt_at <= now() + interval '40 seconds'",
      )
    ).rows as Array<{ due: number }>;
    if (due < lastDue) drainStarted = now();
    lastDue = Math.min(lastDue, due);
    if (due === 0 || now() - drainStarted > 30_000) break;
    await sleep(250);
  }

  // -------------------------------------------------------------------------------------------------------
  // Checks.

  // Money: the provider compared with our rows directly, then the app's reconciliation, twice.
  const moneyBefore = await checkMoney(dbUrl, stripe, money.ops);
  const firstRun = await reconcileOnce(client, adminCookie);
  const secondRun = await reconcileOnce(client, adminCookie);
  const moneyAfter = await checkMoney(dbUrl, stripe, money.ops);
  const moneyReport = {
    cases: money.cases,
    ops: money.ops,
    deliveries: webhooks.deliveries,
    bursts: moneyBursts,
    before: moneyBefore,
    after: moneyAfter,
    firstRun,
    secondRun,
  };

  const report = {
    ...(await check({ dbUrl, members, client, mail, s3Client, instances, uploads, webhook, started })),
    money: moneyReport,
  };
  for (const member of members) member.stream.close();
  print(report, { started, members, instances, client, cpu });
}

// ---------------------------------------------------------------------------------------------------------

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Members (gold, one request each), staff, their sessions; member 1 is also a Stripe customer. */
async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into users (id, name, email, email_verified)
       select 'm' || g, 'Member ' || g, 'm' || g || '@bench.test', true from generate_series(1, $1) g
       union all select 's' || g, 'Staff ' || g, 's' || g || '@bench.test', true from generate_series(1, $2) g
       union all select 'p' || g, 'Buyer ' || g, 'p' || g || '@bench.test', true from generate_series(1, $3) g
       union all select 'a1', 'Admin', 'a1@bench.test', true`,
      [STREAMS, STAFF, MONEY_CASES],
    );
    await client.query("insert into profiles (id, email, name) select id, email, name from users");
    await client.query(
      `insert into user_roles (user_id, role) select id, case when id like 'm%' or id like 'p%' then 'client'
         when id = 'a1' then 'admin' else 'staff' end::app_role from users`,
    );
    await client.query(
      `insert into subscriptions (user_id, plan, status, current_period_end)
       select id, 'gold', 'active', now() + interval '30 days' from users where id like 'm%' or id like 'p%'`,
    );
    await client.query(`insert into sessions (id, token, user_id, expires_at)
      select 'sess-' || id, 'token-' || id, id, now() + interval '30 days' from users`);
    await client.query(
      "insert into billing_customers (user_id, provider, customer_id) values ('m1', 'stripe', 'cus_bench_m1')",
    );
    await client.query(
      `update subscriptions set stripe_customer_id = 'cus_bench_m1', stripe_subscription_id = 'sub_bench_m1',
         provider_updated_at = now() - interval '1 hour' where user_id = 'm1'`,
    );
    const { rows } = await client.query(
      `insert into requests (user_id, title, category, budget_eur, phone_number)
       select id, 'A first request', 'Other', 1000, '+351912345678' from users where id like 'm%'
       returning id, user_id`,
    );
    const staff = Array.from({ length: STAFF }, (_, i) => `s${i + 1}`);
    const order = new Map(Array.from({ length: STREAMS }, (_, i) => [`m${i + 1}`, i]));
    const members = (rows as Array<{ id: string; user_id: string }>).sort(
      (a, b) => (order.get(a.user_id) ?? 0) - (order.get(b.user_id) ?? 0),
    );
    // The cases' requests: one per buyer, in Sourcing (staff quote from there).
    const { rows: caseRows } = await client.query(
      `insert into requests (user_id, title, category, budget_eur, phone_number, status)
       select id, 'A Kelly 28', 'Fashion', 15000, '+351912345678', 'Sourcing' from users where id like 'p%'
       returning id::text, user_id`,
    );
    return { members, staff, cases: caseRows as Array<{ id: string; user_id: string }> };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------

interface WebhookOutcome {
  deliveries: Array<{ label: string; status: number; outcome?: string }>;
  updatedAtAfterFirst: string | null;
  start: number;
  end: number;
}

/**
 * A subscription change delivered twice at once (one copy to each instance), then an older change delivered
 * after it (out of order), then both replayed. Only the newer change may apply, once.
 */
async function webhookFault(client: Client, dbUrl: string): Promise<WebhookOutcome> {
  console.log("  webhook: a change delivered twice at once, an older one after it, then both replayed");
  const start = now();
  const nowS = Math.floor(Date.now() / 1000);
  const subscription = (price: string, extra: Record<string, unknown>) => ({
    id: "sub_bench_m1",
    object: "subscription",
    customer: "cus_bench_m1",
    status: "active",
    created: nowS - 86_400,
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: {},
    items: {
      object: "list",
      data: [
        {
          id: "si_bench_m1",
          object: "subscription_item",
          price: { id: price, object: "price" },
          quantity: 1,
          current_period_start: nowS - 86_400,
          current_period_end: nowS + 29 * 86_400,
        },
      ],
    },
    ...extra,
  });
  const event = (id: string, created: number, object: object) => ({
    id,
    object: "event",
    api_version: "2025-01-01",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "customer.subscription.updated",
    data: { object },
  });
  const tag = Math.random().toString(36).slice(2, 8);
  const newer = event(`evt_bench_new_${tag}`, nowS - 10, subscription("price_gold", { cancel_at_period_end: true }));
  const older = event(`evt_bench_old_${tag}`, nowS - 20, subscription("price_silver", {}));
  const send = async (label: string, body: object) => {
    const { payload, headers } = signedDelivery(body, "whsec_test_maison");
    const answer = await client.request("webhook", "POST", "/api/billing/webhook", {
      body: Buffer.from(payload),
      headers,
    });
    return { label, status: answer.status, outcome: answer.json<{ outcome?: string }>().outcome };
  };
  const deliveries = await Promise.all([send("newer", newer), send("newer (same moment)", newer)]);
  const updated = await sql(dbUrl, "select updated_at::text from subscriptions where user_id = 'm1'");
  deliveries.push(await send("older, after the newer", older));
  await sleep(500);
  deliveries.push(await send("older, replayed", older));
  deliveries.push(await send("newer, replayed", newer));
  return { deliveries, updatedAtAfterFirst: updated.rows[0]?.updated_at ?? null, start, end: now() };
}

// ---------------------------------------------------------------------------------------------------------

interface MoneyReport {
  cases: ReturnType<typeof startMoney>["cases"];
  ops: ReturnType<typeof startMoney>["ops"];
  deliveries: ReturnType<typeof startWebhooks>["deliveries"];
  bursts: number[];
  before: MoneyCheck;
  after: MoneyCheck;
  firstRun: Awaited<ReturnType<typeof reconcileOnce>>;
  secondRun: Awaited<ReturnType<typeof reconcileOnce>>;
}
type Check = Awaited<ReturnType<typeof check>> & { money: MoneyReport };

async function check(input: {
  dbUrl: string;
  members: Member[];
  client: Client;
  mail: Awaited<ReturnType<typeof startMailServer>>;
  s3Client: S3Client;
  instances: Instance[];
  uploads: Array<{ sentAt: number; doneAt: number; status: number; error?: string }>;
  webhook: WebhookOutcome;
  started: number;
}) {
  const { dbUrl, mail, s3Client, instances, uploads, webhook } = input;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    // Writes answered 2xx, found in the database.
    const acked = writes.filter((w) => ok(w.status));
    const ids = (kind: WriteKind) => acked.filter((w) => w.kind === kind).map((w) => w.id as string);
    const found = async (query: string, list: string[]) =>
      new Set(((await db.query(query, [list])).rows as Array<{ id: string }>).map((r) => r.id));
    const requestsFound = await found("select id::text from requests where id = any($1::uuid[])", ids("request"));
    const messagesFound = await found("select id::text from messages where id = any($1::uuid[])", [
      ...ids("message"),
      ...ids("reply"),
    ]);
    const filesFound = await found("select id::text from message_files where id = any($1::uuid[])", ids("upload"));
    const statusRows = (
      await db.query(
        "select request_id::text as id, details->>'to' as to from activity_logs where action = 'status_changed'",
      )
    ).rows as Array<{ id: string; to: string }>;
    const statusFound = new Set(statusRows.map((r) => `${r.id}:${r.to}`));
    const missing = acked.filter((w) => {
      switch (w.kind) {
        case "request":
          return !requestsFound.has(w.id as string);
        case "message":
        case "reply":
          return !messagesFound.has(w.id as string);
        case "upload":
          return !filesFound.has(w.id as string);
        default:
          return !statusFound.has(`${w.requestId}:${w.target}`);
      }
    });

    // Events: each acknowledged write's event reached its member's stream, or a later resync showed the change.
    const rank = ["New", "Sourcing", "Quoted", "Found", "Delivered"];
    const shows = (resync: Resync, write: Write) => {
      if (!resync.ok) return false;
      switch (write.kind) {
        case "request":
          return resync.statuses.has(write.id as string);
        case "status":
          return rank.indexOf(resync.statuses.get(write.requestId) ?? "") >= rank.indexOf(write.target as string);
        default:
          return resync.thread === write.requestId && resync.messageIds.has(write.id as string);
      }
    };
    const withEvents = acked.filter((w) => w.topic);
    let delivered = 0;
    let resynced = 0;
    const lost: Write[] = [];
    for (const w of withEvents) {
      if (w.eventAt) delivered++;
      else if (w.member.stream.resyncs.some((r) => r.startedAt >= w.sentAt && shows(r, w))) resynced++;
      else lost.push(w);
    }
    const lostWhileConnected = lost.filter((w) =>
      w.member.stream.segments.some((s) => s.openedAt <= w.sentAt && (s.closedAt ?? Infinity) >= (w.doneAt as number)),
    );

    // Emails: every due email row sent once, by Message-ID.
    const domain = "maison.example";
    const emailRows = (
      await db.query(
        `select id::text, status, attempts, created_at, next_attempt_at <= now() as due, payload->>'reason' as reason
         from outbox where kind = 'email'`,
      )
    ).rows as Array<{ id: string; status: string; attempts: number; created_at: Date; due: boolean; reason: string }>;
    const waiting = emailRows.filter((r) => r.status === "pending" && !r.due);
    const counted = emailRows.filter((r) => !(r.status === "pending" && !r.due));
    let emailsDelivered = 0;
    const emailsDoubled: Array<(typeof emailRows)[number] & { copies: number[] }> = [];
    const emailsLost: typeof emailRows = [];
    for (const row of counted) {
      const copies = mail.received.get(`<${row.id}@${domain}>`) ?? [];
      if (copies.length > 0) emailsDelivered++;
      if (copies.length > 1) emailsDoubled.push({ ...row, copies });
      if (copies.length === 0) emailsLost.push(row);
    }
    const known = new Set(emailRows.map((r) => `<${r.id}@${domain}>`));
    const strays = [...mail.received.keys()].filter((id) => !known.has(id));

    // Files: no row without its object, no object without its row, no spool file left.
    const fileRows = (await db.query("select storage_key from message_files")).rows as Array<{ storage_key: string }>;
    let rowsWithoutObject = 0;
    for (const { storage_key } of fileRows) {
      const exists = await s3Client
        .send(new HeadObjectCommand({ Bucket: "maison", Key: storage_key }))
        .then(() => true)
        .catch(() => false);
      if (!exists) rowsWithoutObject++;
    }
    const objects: Array<{ key: string; at: number }> = [];
    let token: string | undefined;
    do {
      const page = await s3Client.send(new ListObjectsV2Command({ Bucket: "maison", ContinuationToken: token }));
      for (const item of page.Contents ?? []) {
        if (item.Key) objects.push({ key: item.Key, at: item.LastModified?.getTime() ?? 0 });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    const keys = new Set(fileRows.map((r) => r.storage_key));
    const orphans = objects.filter((o) => o.key.startsWith("messages/") && !keys.has(o.key));
    const objectsWithoutRow = orphans.length;
    const filesUnder = (dir: string): number => {
      try {
        return readdirSync(dir, { withFileTypes: true }).reduce(
          (sum, entry) => sum + (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : 1),
          0,
        );
      } catch {
        return 0;
      }
    };
    const spoolLeft = instances.reduce((sum, instance) => sum + filesUnder(path.join(instance.dataDir, "spool")), 0);

    // The webhook: both events recorded once, the newer state applied, one change announced.
    const sub = (
      await db.query(
        "select plan, status, cancel_at_period_end, updated_at::text from subscriptions where user_id = 'm1'",
      )
    ).rows[0] as { plan: string; status: string; cancel_at_period_end: boolean; updated_at: string };
    const eventRows = (await db.query("select id from payment_events where id like 'evt_bench_%'")).rows.length;
    const subscriptionEvents = input.members[0].stream.events.filter(
      (e) => e.topic === "subscription" && e.at >= webhook.start,
    ).length;

    return {
      acked,
      missing,
      events: { expected: withEvents.length, delivered, resynced, lost, lostWhileConnected },
      emails: {
        queued: counted.length,
        delivered: emailsDelivered,
        doubled: emailsDoubled.length,
        doubledRows: emailsDoubled,
        lost: emailsLost,
        waiting: waiting.length,
        strays: strays.length,
        rows: emailRows,
      },
      files: {
        rows: fileRows.length,
        rowsWithoutObject,
        objectsWithoutRow,
        orphans,
        spoolLeft,
        uploads,
      },
      webhook: {
        ...webhook,
        sub,
        eventRows,
        subscriptionEvents,
        updatedOnce: webhook.updatedAtAfterFirst === sub.updated_at,
      },
      mail,
    };
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------------------

function print(
  report: Check,
  context: {
    started: number;
    members: Member[];
    instances: Instance[];
    client: Client;
    cpu: ReturnType<typeof startCpuSampler>;
  },
) {
  const { members } = context;
  const windows = faults.map((f) => ({ start: f.start, end: f.end + RECOVERY_GOAL_MS }));
  windows.push({ start: report.webhook.start, end: report.webhook.end + RECOVERY_GOAL_MS });
  const inWindow = (sentAt: number, doneAt: number) => windows.some((w) => sentAt <= w.end && doneAt >= w.start);

  // Recovery of each fault.
  const firstOkWriteAfter = (t: number) => {
    const after = writes.filter((w) => w.kind !== "upload" && ok(w.status) && w.sentAt >= t);
    return after.length ? Math.min(...after.map((w) => w.doneAt as number)) - t : null;
  };
  const [kill, restart, smtp, s3] = faults;
  /** `ms`: the service is back (first success, streams reopened or told); `backlogMs`: what piled up is done. */
  const rows: Array<{ fault: string; recovery: string; ms: number | null; backlogMs: number | null; notes: string }> =
    [];
  const refetchShares: Array<{ fault: string; refetches: number; streams: number }> = [];
  /** "p50 x s, last y s" of a list of delays (ms), or how many never happened. */
  const spread = (delays: Array<number | null>) => {
    const known = delays.filter((d): d is number => d !== null).sort((a, b) => a - b);
    const missing = delays.length - known.length;
    if (!known.length) return missing ? `never (${missing})` : "none";
    const p50 = known[Math.floor(known.length / 2)];
    return `p50 ${fmtMs(p50)}, last ${fmtMs(known[known.length - 1])}${missing ? `, ${missing} never` : ""}`;
  };
  /** How long stream opens and refetches took to be answered in a span (what queued up at the instances). */
  const latencies = (from: number, to: number) =>
    (["stream open", "resync"] as const)
      .map((kind) => {
        const took = context.client.calls
          .filter((c) => c.kind === kind && c.status === 200 && c.sentAt >= from && c.sentAt <= to)
          .map((c) => c.doneAt - c.sentAt)
          .sort((a, b) => a - b);
        if (!took.length) return `${kind}: none`;
        return `${kind} p50 ${took[Math.floor(took.length / 2)]} ms, max ${took[took.length - 1]} ms (${took.length})`;
      })
      .join(", ");
  const worst = (...values: Array<number | null>) => (values.includes(null) ? null : Math.max(...(values as number[])));
  /** Refetches of whole pages (a resync) that streams made from `t` on: what a resume avoids (decision 043). */
  const refetchesFrom = (streams: Member[], t: number) =>
    streams.filter((m) => m.stream.resyncs.some((r) => r.startedAt >= t)).length;
  if (kill) {
    const moved = kill.streams ?? [];
    const reopened = moved.map((m) => {
      const segment = m.stream.segments.find((s) => s.openedAt >= kill.start);
      return segment ? segment.openedAt - kill.start : null;
    });
    // Caught up: the reopened stream received what it missed (its first id), and any refetch it made is done.
    const caughtUp = moved.map((m) => {
      const segment = m.stream.segments.find((s) => s.openedAt >= kill.start);
      const resumed = segment?.resumedAt === undefined ? null : segment.resumedAt - kill.start;
      const resync = m.stream.resyncs.find((r) => r.startedAt >= kill.start);
      if (!resync) return resumed;
      return resync.ok && resync.endedAt ? Math.max(resync.endedAt - kill.start, resumed ?? 0) : null;
    });
    const writesMs = firstOkWriteAfter(kill.start);
    const reopenedMs = worst(0, ...reopened);
    const caughtUpMs = worst(0, ...caughtUp);
    const refetches = refetchesFrom(moved, kill.start);
    refetchShares.push({ fault: kill.name, refetches, streams: moved.length });
    rows.push({
      fault: kill.name,
      recovery: `writes ${fmtMs(writesMs)}; its ${moved.length} streams reopened on the survivor ${fmtMs(reopenedMs)}, resumed ${fmtMs(caughtUpMs)} (${refetches} refetched their pages)`,
      ms: worst(writesMs, reopenedMs),
      backlogMs: caughtUpMs === null || reopenedMs === null ? null : caughtUpMs - reopenedMs,
      notes: [
        ...kill.notes,
        `reopened ${spread(reopened)}; caught up ${spread(caughtUp)}`,
        `answers meanwhile: ${latencies(kill.start, kill.start + 15_000)}`,
      ].join("; "),
    });
  }
  if (restart) {
    const writesMs = firstOkWriteAfter(restart.end);
    // The events of the writes acknowledged around the restart: delivered once the instances listen again and
    // have read back from the log what they missed.
    const around = report.acked.filter(
      (w) => w.topic && w.sentAt >= restart.start - 1_000 && (w.doneAt as number) <= restart.end + 1_000,
    );
    const delays = around.map((w) => (w.eventAt ? Math.max(0, w.eventAt - restart.end) : null));
    const refetches = refetchesFrom(members, restart.start);
    refetchShares.push({ fault: restart.name, refetches, streams: members.length });
    const caughtUpMs = worst(0, ...delays);
    rows.push({
      fault: restart.name,
      recovery: `writes ${fmtMs(writesMs)}; the events written around it delivered ${fmtMs(caughtUpMs)} (${refetches} of ${members.length} streams refetched their pages)`,
      ms: writesMs,
      backlogMs: caughtUpMs,
      notes: `${around.length} events of writes acknowledged from 1 s before to 1 s after: ${spread(delays)}; answers meanwhile: ${latencies(restart.end, restart.end + 15_000)}`,
    });
  }
  if (smtp) {
    // The emails queued while it was down (those a burst window holds back are not due yet).
    const during = report.emails.rows.filter((r) => {
      const created = new Date(r.created_at).getTime();
      return created >= smtp.start && created <= smtp.end && !(r.status === "pending" && !r.due);
    });
    const times = during.map((r) => report.mail.received.get(`<${r.id}@maison.example>`)?.[0] ?? null);
    const first = [...report.mail.received.values()].map((copies) => copies[0]).filter((t) => t >= smtp.end);
    const firstMs = first.length ? Math.min(...first) - smtp.end : null;
    const backlogMs = worst(0, ...times.map((t) => (t === null ? null : t - smtp.end)));
    rows.push({
      fault: smtp.name,
      recovery: `first email ${fmtMs(firstMs)}; the ${during.length} queued meanwhile all delivered ${fmtMs(backlogMs)}`,
      ms: firstMs,
      backlogMs,
      notes: `${report.mail.refusedConnections} connections refused; ${writes.filter((w) => ok(w.status) && w.sentAt >= smtp.start && w.sentAt <= smtp.end).length} writes acknowledged meanwhile`,
    });
  }
  if (s3) {
    const during = report.files.uploads.filter((u) => u.sentAt >= s3.start && u.doneAt <= s3.end);
    const clear = during.filter(
      (u) => (u.status === 503 || (u.status >= 400 && u.status < 500)) && u.error && !/went wrong/i.test(u.error),
    );
    const firstOk = report.files.uploads.filter((u) => u.sentAt >= s3.end && ok(u.status));
    const ms = firstOk.length ? Math.min(...firstOk.map((u) => u.doneAt)) - s3.end : null;
    const messages = [...new Set(during.map((u) => `${u.status} "${u.error ?? ""}"`))].join(", ");
    rows.push({
      fault: s3.name,
      recovery: `uploads work again ${fmtMs(ms)}`,
      ms,
      backlogMs: ms,
      notes: `${during.length} uploads during it, ${clear.length} refused with a clear message: ${messages || "none"}`,
    });
  }

  const calls = context.client.calls;
  const tally = (list: typeof calls) => ({
    sent: list.length,
    ok: list.filter((c) => c.status >= 200 && c.status < 300).length,
    c4: list.filter((c) => c.status >= 400 && c.status < 500).length,
    c503: list.filter((c) => c.status === 503).length,
    c5: list.filter((c) => c.status >= 500 && c.status !== 503).length,
    none: list.filter((c) => c.status === 0).length,
  });
  const inside = tally(calls.filter((c) => inWindow(c.sentAt, c.doneAt)));
  const outside = tally(calls.filter((c) => !inWindow(c.sentAt, c.doneAt)));
  const outside5xx = calls.filter((c) => !inWindow(c.sentAt, c.doneAt) && (c.status >= 500 || c.status === 0));

  const line = (cells: string[], widths: number[]) => cells.map((c, i) => c.padEnd(widths[i])).join("  ");
  console.log(
    `\nbench:faults — ${members.length} member streams, ${STAFF} staff, ${RATE} operations/s for ${SECONDS} s, 2 instances`,
  );
  console.log("\nRequests (a fault's window: from its start to 5 s after its end)");
  const widths = [22, 8, 8, 6, 6, 10, 10];
  console.log(line(["", "sent", "2xx", "4xx", "503", "other 5xx", "no answer"], widths));
  for (const [name, t] of [
    ["in fault windows", inside],
    ["outside fault windows", outside],
  ] as const) {
    console.log(
      line([name, String(t.sent), String(t.ok), String(t.c4), String(t.c503), String(t.c5), String(t.none)], widths),
    );
  }
  const byKind = new Map<string, number>();
  for (const c of outside5xx)
    byKind.set(`${c.kind} ${c.status || "no answer"}`, (byKind.get(`${c.kind} ${c.status || "no answer"}`) ?? 0) + 1);
  if (byKind.size) console.log(`  outside the windows: ${[...byKind].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
  const inside5xx = new Map<string, number>();
  for (const c of calls.filter((c) => inWindow(c.sentAt, c.doneAt) && (c.status >= 500 || c.status === 0))) {
    const key = `${c.kind} ${c.status || "no answer"}`;
    inside5xx.set(key, (inside5xx.get(key) ?? 0) + 1);
  }
  if (inside5xx.size) console.log(`  in the windows: ${[...inside5xx].map(([k, n]) => `${k} ×${n}`).join(", ")}`);
  const fours = new Map<string, number>();
  for (const w of writes.filter((w) => w.status && w.status >= 400 && w.status < 500)) {
    const key = `${w.kind} ${w.status} "${w.error}"`;
    fours.set(key, (fours.get(key) ?? 0) + 1);
  }
  if (fours.size) console.log(`  4xx answers: ${[...fours].map(([k, n]) => `${k} ×${n}`).join(", ")}`);

  const e = report.events;
  const m = report.emails;
  const f = report.files;
  const wh = report.webhook;
  // A message the killed instance had handed to the mail server but not yet recorded as sent is sent again once
  // its lease ends (at least once): its first copy arrived as the instance died (up to 3 s before: on a machine
  // that gives an instance a few % of a core, recording the outcome takes that long), the next one after the
  // 30 s lease. Any other copy is a defect.
  const killAt = faults[0]?.start ?? Number.NaN;
  const resentAfterKill = m.doubledRows.filter(
    (r) => r.copies[0] - killAt <= 1_000 && killAt - r.copies[0] <= 3_000 && r.copies[1] - killAt >= 25_000,
  );
  const doubledOtherwise = m.doubledRows.filter((r) => !resentAfterKill.includes(r));
  console.log("\nOutcomes");
  const table: Array<[string, string]> = [
    ["writes acknowledged (2xx)", String(report.acked.length)],
    ["  found in the database", `${report.acked.length - report.missing.length} (${report.missing.length} missing)`],
    ["events expected on member streams", String(e.expected)],
    ["  delivered as events", String(e.delivered)],
    ["  shown by a resync instead", String(e.resynced)],
    ["  lost", `${e.lost.length} (${e.lostWhileConnected.length} while the stream was connected)`],
    ["emails queued (due by the end)", String(m.queued)],
    ["  delivered", String(m.delivered)],
    ["  sent again after the kill -9", `${resentAfterKill.length} (same Message-ID: a mail server can drop the copy)`],
    ["  delivered twice otherwise", String(doubledOtherwise.length)],
    ["  not delivered", String(m.lost.length)],
    ["  not yet due (burst window)", String(m.waiting)],
    ["uploads", `${f.uploads.length} (${f.uploads.filter((u) => ok(u.status)).length} stored)`],
    ["  rows without their object", String(f.rowsWithoutObject)],
    ["  objects without their row (a leak)", String(f.objectsWithoutRow)],
    ["  spool files left", String(f.spoolLeft)],
    ["webhook deliveries", wh.deliveries.map((d) => `${d.label}: ${d.status} ${d.outcome ?? ""}`).join("; ")],
    ["  events recorded", `${wh.eventRows} (2 distinct)`],
    [
      "  subscription now",
      `${wh.sub.plan} ${wh.sub.status}${wh.sub.cancel_at_period_end ? ", ends at period end" : ""}`,
    ],
    ["  changes announced to the member", String(wh.subscriptionEvents)],
  ];
  for (const [name, value] of table) console.log(`${name.padEnd(40)}${value}`);

  // Money.
  const mo = report.money;
  const reached = (step: string) => mo.cases.filter((d) => d.reached === step).length;
  const stepOps = (step: string) => mo.ops.filter((o) => o.step === step);
  const answered = (step: string) => {
    const list = stepOps(step);
    const by = new Map<string, number>();
    for (const o of list) by.set(String(o.status || "no answer"), (by.get(String(o.status || "no answer")) ?? 0) + 1);
    return `${list.length} (${[...by].map(([k, n]) => `${k} ×${n}`).join(", ")})`;
  };
  const underWay = (fault: Fault | undefined) => {
    if (!fault) return "none";
    const cut = (o: { sentAt: number; doneAt?: number }) =>
      o.sentAt <= fault.end + 100 && (o.doneAt ?? Number.POSITIVE_INFINITY) >= fault.start;
    const list = mo.ops.filter((o) => cut(o) && o.step !== "authorise" && o.step !== "pay");
    const by = new Map<string, number>();
    for (const o of list) by.set(o.step, (by.get(o.step) ?? 0) + 1);
    const paid = mo.ops.filter(
      (o) => (o.step === "authorise" || o.step === "pay") && o.sentAt >= fault.start - 3_000 && o.sentAt <= fault.end,
    );
    const hooks = mo.deliveries.filter((d) =>
      d.attempts.some((a) => a.at >= fault.start && a.at <= fault.end + 5_000 && !ok(a.status)),
    );
    return `${list.length} money calls under way (${[...by].map(([k, n]) => `${k} ${n}`).join(", ") || "none"}), ${paid.filter((o) => o.step === "authorise").length} cards authorised and ${paid.filter((o) => o.step === "pay").length} invoices paid just before; ${hooks.length} webhook deliveries failed in its window`;
  };
  const firstDeliveries = mo.deliveries.filter((d) => !d.replay);
  const failedOnce = firstDeliveries.filter((d) => d.attempts.some((a) => !ok(a.status)));
  const undelivered = mo.deliveries.filter((d) => !d.deliveredAt);
  const outcomes = new Map<string, number>();
  for (const d of mo.deliveries) {
    const last = d.attempts[d.attempts.length - 1];
    if (last && ok(last.status)) {
      const key = `${d.replay ? "replay " : ""}${last.outcome}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    }
  }
  const before = mo.before;
  const diffKinds = (run: typeof mo.firstRun) => {
    if (!run.run) return `no answer (${run.status})`;
    const by = new Map<string, number>();
    for (const d of run.run.differences ?? []) by.set(d.kind, (by.get(d.kind) ?? 0) + 1);
    return `${run.run.differences?.length ?? "?"} differences${by.size ? ` (${[...by].map(([k, n]) => `${k} ×${n}`).join(", ")})` : ""}, ${run.run.repaired} repaired, ${run.run.checked} intents checked${run.run.error ? `, error: ${run.run.error}` : ""}`;
  };
  const moneyTable: Array<[string, string]> = [
    [
      "cases started",
      `${mo.cases.length}: paid ${reached("paid")}, stopped after pay ${reached("pay")}, balance ${reached("balance")}, refund ${reached("refund")}, capture ${reached("capture")}, authorise ${reached("authorise")}, accept ${reached("accept")}, send ${reached("send")}, none ${reached("none")}`,
    ],
    ["  quotes sent / accepted", `${answered("send")} / ${answered("accept")}`],
    ["  captures (half partial, a reason)", answered("capture")],
    ["  refunds (a third, one key each)", answered("refund")],
    ["  balance invoices sent", answered("balance")],
    ["  cards authorised / invoices paid", `${stepOps("authorise").length} / ${stepOps("pay").length}`],
    [
      "  released at the faults' moment",
      mo.bursts.join(" at the kill, ") + (mo.bursts.length > 1 ? " at the restart" : ""),
    ],
    ["  at the kill -9", underWay(faults[0])],
    ["  at the PostgreSQL restart", underWay(faults[1])],
    [
      "stripe webhooks (signed, via the proxy)",
      `${firstDeliveries.length} events, ${mo.deliveries.length - firstDeliveries.length} replayed, ${firstDeliveries.filter((d) => d.late).length} held back (overtaken)`,
    ],
    [
      "  failed and redelivered later",
      `${failedOnce.length} (${failedOnce.reduce((n, d) => n + d.attempts.filter((a) => !ok(a.status)).length, 0)} failed attempts)`,
    ],
    ["  answered", [...outcomes].map(([k, n]) => `${k} ×${n}`).join(", ")],
    ["  never delivered", String(undelivered.length)],
    [
      "provider vs our rows (direct)",
      `${before.intents} intents, ${before.refunds} refunds, ${before.invoices} invoices compared`,
    ],
    ["  orphan authorisations", String(before.orphans.length)],
    ["  double or over-captures", `${before.doubleCaptures.length + before.overCaptures.length}`],
    ["  invoices paid twice", String(before.doublePaid.length)],
    ["  other disagreements", String(before.mismatches.length)],
    ["  acknowledged, not at the provider", String(before.ackedMissing.length)],
    ["  claims left by the killed instance", String(before.stuckClaims.length)],
    ["  balance sends left unfinished", String(before.unfinishedSends.length)],
    ["reconciliation, first run", diffKinds(mo.firstRun)],
    ["reconciliation, second run", diffKinds(mo.secondRun)],
  ];
  console.log("\nMoney");
  for (const [name, value] of moneyTable) console.log(`${name.padEnd(40)}${value}`);
  const listed = (title: string, list: string[]) => {
    if (list.length)
      console.log(`  ${title}: ${list.slice(0, 8).join("; ")}${list.length > 8 ? ` … (${list.length})` : ""}`);
  };
  listed("orphans", before.orphans);
  listed("double captures", [...before.doubleCaptures, ...before.overCaptures]);
  listed("paid twice", before.doublePaid);
  listed("disagreements", before.mismatches);
  listed("acknowledged, missing", before.ackedMissing);
  listed("claims left", before.stuckClaims);
  listed("unfinished sends", before.unfinishedSends);
  listed("after reconciliation, disagreements", [...mo.after.orphans, ...mo.after.mismatches]);
  const stuck = new Map<string, number>();
  for (const d of mo.cases.filter((d) => d.stuck)) {
    const key = (d.stuck as string).replace(/[0-9a-f-]{36}/g, "…");
    stuck.set(key, (stuck.get(key) ?? 0) + 1);
  }
  if (stuck.size) console.log(`  cases stopped short: ${[...stuck].map(([k, n]) => `${k} ×${n}`).join("; ")}`);

  console.log("\nFaults and recovery (from the fault's end)");
  for (const row of rows) {
    console.log(`${row.fault.padEnd(36)}${row.recovery}`);
    if (row.notes) console.log(`${"".padEnd(36)}${row.notes}`);
  }

  /** Each process's CPU (% of one core) over a span, and how busy the whole machine was. */
  const cpuLine = (from: number, to: number) => {
    const { groups, machineBusy, cores } = context.cpu.between(from, to);
    const parts = Object.entries(groups).map(([name, pct]) => `${name} ${pct.toFixed(0)} %`);
    return `CPU (% of one core): ${parts.join(", ")}; the machine's ${cores} cores ${machineBusy.toFixed(0)} % busy (other work included)`;
  };
  console.log(`\nDuring the load: ${cpuLine(context.started, context.started + SECONDS * 1000)}`);
  for (const fault of faults) {
    console.log(`For 10 s from "${fault.name}": ${cpuLine(fault.start, fault.start + 10_000)}`);
  }

  const webhookOk =
    wh.eventRows === 2 &&
    wh.subscriptionEvents === 1 &&
    wh.sub.plan === "gold" &&
    wh.sub.cancel_at_period_end &&
    wh.updatedOnce &&
    wh.deliveries.every((d) => d.status === 200);
  const goals: Array<[string, boolean, string]> = [
    ["0 acknowledged writes lost", report.missing.length === 0, String(report.missing.length)],
    ["0 events lost for connected streams", e.lost.length === 0, String(e.lost.length)],
    [
      "0 emails lost or doubled",
      m.lost.length === 0 && doubledOtherwise.length === 0,
      `${m.lost.length} lost, ${doubledOtherwise.length} doubled (+${resentAfterKill.length} re-sent after kill -9)`,
    ],
    [
      "recovery within 5 s of each fault: service back",
      rows.every((r) => r.ms !== null && r.ms <= RECOVERY_GOAL_MS),
      rows.map((r) => fmtMs(r.ms)).join(", "),
    ],
    [
      "  …and its backlog cleared (streams caught up, queued mail sent)",
      rows.every((r) => r.backlogMs !== null && r.backlogMs <= RECOVERY_GOAL_MS),
      rows.map((r) => fmtMs(r.backlogMs)).join(", "),
    ],
    [
      "streams resume: refetches after the kill and the restart ≤ 10 % of their streams (decision 043)",
      refetchShares.every((r) => r.refetches <= r.streams * 0.1),
      refetchShares.map((r) => `${r.refetches} of ${r.streams}`).join(", "),
    ],
    [
      "  …and what they missed delivered within 1 s of the service being back",
      rows.slice(0, refetchShares.length).every((r) => r.backlogMs !== null && r.backlogMs <= 1_000),
      rows
        .slice(0, refetchShares.length)
        .map((r) => fmtMs(r.backlogMs))
        .join(", "),
    ],
    ["no 5xx outside the fault windows", outside5xx.length === 0, String(outside5xx.length)],
    [
      "uploads during the outage refused clearly, nothing half-written",
      f.rowsWithoutObject === 0 && f.spoolLeft === 0 && !f.uploads.some((u) => u.status === 500),
      `${f.uploads.filter((u) => u.status === 500).length} answered 500`,
    ],
    ["a replayed or out-of-order webhook changes nothing twice", webhookOk, webhookOk ? "once" : "see above"],
  ];
  if (MONEY_RATE > 0) {
    const money500 = calls.filter(
      (c) =>
        (c.kind.startsWith("money") || c.kind.startsWith("webhook ") || c.kind === "reconcile") && c.status === 500,
    ).length;
    const second = mo.secondRun.run;
    const firstFound = mo.firstRun.run?.differences?.length;
    goals.push(
      [
        "money: 0 orphan authorisations at the provider",
        before.orphans.length === 0 && mo.after.orphans.length === 0,
        String(before.orphans.length),
      ],
      [
        "money: 0 double captures, over-captures, invoices paid twice",
        before.doubleCaptures.length + before.overCaptures.length + before.doublePaid.length === 0,
        `${before.doubleCaptures.length + before.overCaptures.length} captures, ${before.doublePaid.length} invoices`,
      ],
      [
        "money: our rows match the provider (intents, refunds, invoices)",
        before.mismatches.length === 0 && before.ackedMissing.length === 0,
        `${before.mismatches.length} differ, ${before.ackedMissing.length} acknowledged missing`,
      ],
      [
        "money: reconciliation finds 0 on its second run",
        !!second && second.error === null && second.differences.length === 0 && mo.firstRun.status === 200,
        `first found ${firstFound ?? "?"}, second ${second?.differences?.length ?? "?"}`,
      ],
      [
        "money: in flight at the kill and the restart; webhooks redelivered",
        mo.bursts.length === 2 && mo.bursts.every((n) => n > 0) && undelivered.length === 0,
        `${mo.bursts.join(" + ")} released; ${failedOnce.length} redelivered, ${undelivered.length} never`,
      ],
      ["money: no 500 in the money path", money500 === 0, String(money500)],
    );
  }
  console.log("\nGoals");
  for (const [goal, met, figure] of goals) console.log(`${met ? "met    " : "NOT MET"}  ${goal.padEnd(64)}${figure}`);

  for (const instance of context.instances) {
    for (const crash of instance.crashes) {
      console.log(
        `\nInstance ${instance.name} CRASHED at +${((crash.at - context.started) / 1000).toFixed(1)} s (${crash.how})`,
      );
      const text = readFileSync(instance.logFile, "utf8").split("\n");
      console.log(
        text
          .filter((line) => line && !line.startsWith("{"))
          .slice(-15)
          .join("\n"),
      );
    }
    const errors = loggedErrors(instance);
    if (errors.size) {
      console.log(`\nInstance ${instance.name} logged errors:`);
      for (const [message, count] of errors) console.log(`  ${count} × ${message}`);
    }
  }
  if (e.lost.length) {
    console.log("\nLost events (first 5):");
    for (const w of e.lost.slice(0, 5)) {
      console.log(
        `  ${w.kind} for ${w.member.id} at +${((w.sentAt - context.started) / 1000).toFixed(1)} s, answered at +${(((w.doneAt as number) - context.started) / 1000).toFixed(1)} s; stream segments: ${w.member.stream.segments.map((s) => `${s.upstream} ${((s.openedAt - context.started) / 1000).toFixed(1)}–${s.closedAt ? ((s.closedAt - context.started) / 1000).toFixed(1) : "end"}`).join(", ")}`,
      );
    }
  }
  if (report.missing.length) {
    console.log("\nMissing writes (first 5):");
    for (const w of report.missing.slice(0, 5)) console.log(`  ${w.kind} ${w.id} (${w.target ?? ""})`);
  }
  if (m.doubledRows.length) {
    console.log("\nEmails received more than once (same Message-ID):");
    for (const r of m.doubledRows.slice(0, 5)) {
      const at = (t: number) => `+${((t - context.started) / 1000).toFixed(1)} s`;
      console.log(
        `  ${r.id} (${r.reason}), queued ${at(new Date(r.created_at).getTime())}, ${r.attempts} attempts, received ${r.copies.map(at).join(" and ")}`,
      );
    }
  }
  if (f.orphans.length) {
    console.log(
      "\nObjects without their row (stored, then the instance died before its row was written: invisible, but kept):",
    );
    for (const o of f.orphans.slice(0, 5))
      console.log(`  ${o.key}, stored at +${((o.at - context.started) / 1000).toFixed(1)} s`);
  }
  if (m.lost.length) {
    console.log("\nUndelivered emails (first 5):");
    for (const r of m.lost.slice(0, 5)) console.log(`  ${r.id} ${r.status}, ${r.attempts} attempts`);
  }
  process.exitCode = goals.every(([, met]) => met) ? 0 : 1;
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanup();
    process.exit();
  });
