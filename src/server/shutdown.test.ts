/**
 * A graceful stop of the real server (issues 19 and 23): `node src/server/main.ts` as a child process, with a
 * mail server that accepts the connection and never answers and a team webhook that never answers, an email and
 * a webhook post in flight, and an event stream open. On SIGTERM the server first answers not-ready (503 on
 * /api/ready while it still serves and the stream is still open), then closes the stream, puts the deliveries it
 * could not finish back in the outbox, closes the database and exits 0 within 2 s; started again with a working
 * mail server and webhook, it delivers every message once. On the way, its metrics listener (METRICS_PORT)
 * answers on 127.0.0.1 and the main port does not serve the metrics.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "#tests/helpers/app";
import { connectionUrlOf, createTestDatabase, testDriver } from "#tests/helpers/database";
import { startSmtpSink } from "#tests/helpers/smtp";
import { createUser, type TestUser } from "#tests/helpers/users";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { buildApp } from "./app";
import { type DatabaseHandle, openDatabase } from "./db";
import { outbox } from "./db/schema";
import { renderEmail } from "./mail/templates";
import { emailRow, slackRow } from "./outbox/outbox";

const SECRET = "shutdown-secret-shutdown-secret-0123456789";

/** A server that takes connections and never says a word (the mail server's greeting never comes). */
async function silentServer<T extends net.Server>(server: T) {
  const sockets = new Set<net.Socket>();
  /** The bodies of the HTTP requests it received (and never answers). */
  const bodies: string[] = [];
  server.on("connection", (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("request", (req: http.IncomingMessage) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => bodies.push(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => sockets.size,
    bodies: () => bodies,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A webhook that answers 200 and keeps what it received. */
async function workingWebhook() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push(body);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/team`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "maison-shutdown-"));
/** The test's own handle on the server's database (PostgreSQL), or null while the child holds PGlite. */
let shared: DatabaseHandle | null = null;
let databaseUrl = "";
let admin: TestUser;
const emails = ["first@maison.test", "second@maison.test", "third@maison.test"];

/** Reads the outbox: through the shared handle, or (PGlite) by opening the data directory the child left. */
async function outboxRows() {
  if (shared) return shared.db.select().from(outbox);
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await database.db.select().from(outbox);
  } finally {
    await database.close();
  }
}

let silentSmtp: Awaited<ReturnType<typeof silentServer<net.Server>>>;
let silentHook: Awaited<ReturnType<typeof silentServer<http.Server>>>;

beforeAll(async () => {
  silentSmtp = await silentServer(net.createServer());
  silentHook = await silentServer(http.createServer(() => {}));
  // The database the child will use, with an admin and queued deliveries, made before it starts.
  let database: DatabaseHandle;
  if (testDriver === "postgres") {
    database = await createTestDatabase();
    shared = database;
    databaseUrl = connectionUrlOf(database) as string;
  } else {
    database = await openDatabase({ kind: "pglite", dataDir });
    await database.migrate();
  }
  const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${silentSmtp.port}`, BETTER_AUTH_SECRET: SECRET });
  const app = await buildApp({ config, database, clientDir: null, startWorkers: false });
  await app.ready();
  admin = await createUser({ app, database, config, close: async () => {} }, { role: "admin" });
  await app.close();
  // Sign-up queued the admin's verification email; the others are due first (the worker sends in due order).
  await database.db.delete(outbox);
  const due = new Date(Date.now() - 60_000);
  for (const to of emails) {
    const content = renderEmail({ subject: "Hello", heading: "Hello", paragraphs: [`For ${to}`] });
    await database.db
      .insert(outbox)
      .values({ ...emailRow({ mailEnabled: true }, { ...content, to, reason: "test" }), nextAttemptAt: due });
  }
  await database.db.insert(outbox).values(slackRow({ reason: "test", text: "Queued post", link: "/admin" }));
  if (!shared) await database.close();
}, 120_000);

afterAll(async () => {
  await silentSmtp?.close();
  await silentHook?.close();
  await shared?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

async function startServer(env: {
  SMTP_URL: string;
  SLACK_WEBHOOK_URL: string;
  METRICS_PORT?: string;
}): Promise<Server> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CLIENT_DIR: "/nonexistent",
      BETTER_AUTH_SECRET: SECRET,
      AUTH_RATE_LIMIT_PER_IP: "10000",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  await until(
    "the server to answer",
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      return fetch(`http://127.0.0.1:${port}${endpointUrl("GET /health")}`).then(
        (res) => res.ok,
        () => false,
      );
    },
    90_000,
  );
  return { child, port, output: () => output, exited };
}

/** An open request whose end (a response that ends, or an error) is recorded. */
function openRequest(options: http.RequestOptions, body?: string) {
  const state: { status?: number; text: string; endedAt?: number; error?: string } = { text: "" };
  const req = http.request(options, (res) => {
    state.status = res.statusCode;
    res.on("data", (chunk) => {
      state.text += chunk;
    });
    res.on("close", () => {
      state.endedAt ??= performance.now();
    });
  });
  req.on("error", (error) => {
    state.error = error.message;
    state.endedAt ??= performance.now();
  });
  req.end(body);
  return state;
}

describe("stopping the server", () => {
  it("answers not-ready first, then closes event streams, returns unfinished deliveries to the outbox and exits 0 within 2 s; nothing is lost or sent twice", async () => {
    const metricsPort = await freePort();
    const server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${silentSmtp.port}`,
      SLACK_WEBHOOK_URL: `http://127.0.0.1:${silentHook.port}/hooks/team`,
      METRICS_PORT: String(metricsPort),
    });
    const base = `http://127.0.0.1:${server.port}`;
    let first: Awaited<Server["exited"]>;
    try {
      // The metrics listener main.ts starts: on 127.0.0.1, and the main port does not serve the metrics.
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain("maison_db_listener_connected 1");
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}${endpointUrl("GET /ready")}`)).status).toBe(200);

      const headers = { cookie: admin.cookie, origin: `http://127.0.0.1:${server.port}` };
      const stream = openRequest({ port: server.port, host: "127.0.0.1", path: endpointUrl("GET /events"), headers });
      await until("the event stream", () => stream.text.includes("retry:"));
      // The admin's test post: a request that waits on the webhook while it is delivered.
      const testPost = openRequest({
        port: server.port,
        host: "127.0.0.1",
        method: "POST",
        path: endpointUrl("POST /admin/notifications/test-slack"),
        headers,
      });
      // The worker is in the middle of an email (connected, no greeting) and the test post in its request (its
      // lanes may be posting the queued one too).
      await until(
        "an email and the test post in flight",
        () =>
          silentSmtp.connections() > 0 && silentHook.bodies().some((body) => body.includes("Test message from Maison")),
      );
      expect(stream.endedAt).toBeUndefined();
      expect(testPost.endedAt).toBeUndefined();

      const signalledAt = performance.now();
      const signalledWall = Date.now();
      server.child.kill("SIGTERM");
      // Not ready at once, while it still serves and before the stream closes.
      let notReady: { ready: Response; health: Response | null; streamOpen: boolean } | null = null;
      while (!notReady && performance.now() - signalledAt < 2_000) {
        const [ready, health] = await Promise.all([
          fetch(`${base}${endpointUrl("GET /ready")}`).catch(() => null),
          fetch(`${base}${endpointUrl("GET /health")}`).catch(() => null),
        ]);
        if (ready?.status === 503) notReady = { ready, health, streamOpen: stream.endedAt === undefined };
        else await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(notReady, server.output()).not.toBeNull();
      expect(await notReady?.ready.json()).toMatchObject({ status: "not_ready", failing: ["stopping"] });
      expect(notReady?.health?.status).toBe(200);
      expect(notReady?.streamOpen).toBe(true);
      first = await server.exited;
      expect({ code: first.code, signal: first.signal }, server.output()).toEqual({ code: 0, signal: null });
      // The server's own clock: when it logged "stopped", just before it exits (this process, sharing the
      // machine's cores with other suites, may see the exit later than it happened).
      const stopped = server
        .output()
        .split("\n")
        .map((line) => (line.startsWith("{") ? (JSON.parse(line) as { msg?: string; time?: number }) : {}))
        .find((entry) => entry.msg === "stopped");
      expect((stopped?.time ?? Number.POSITIVE_INFINITY) - signalledWall, server.output()).toBeLessThan(2_000);
      // The stream was closed by the server (the browser reconnects, to another instance if there is one).
      await until("the stream's end to be seen", () => stream.endedAt !== undefined, 1_000);
      // The metrics listener closed with the server.
      expect(await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null)).toBeNull();
      expect(stream.error).toBeUndefined();
      await until("the test post's end to be seen", () => testPost.endedAt !== undefined, 1_000);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
    }

    // Every message is still in the outbox, pending and due now; the interrupted attempts are not counted.
    const rows = await outboxRows();
    expect(rows).toHaveLength(emails.length + 2);
    for (const row of rows) {
      expect(row, JSON.stringify(row)).toMatchObject({ status: "pending", attempts: 0, sentAt: null });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    }

    // Back with a working mail server and webhook: each message is delivered, once.
    const smtp = await startSmtpSink();
    const hook = await workingWebhook();
    const again = await startServer({ SMTP_URL: smtp.url, SLACK_WEBHOOK_URL: hook.url });
    try {
      await until("every delivery", () => smtp.received.length >= emails.length && hook.received.length >= 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      again.child.kill("SIGTERM");
      expect((await again.exited).code, again.output()).toBe(0);
    } finally {
      if (again.child.exitCode === null) again.child.kill("SIGKILL");
      await smtp.close();
      await hook.close();
    }
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...emails].sort());
    expect(hook.received.map((body) => JSON.parse(body).text).sort()).toEqual([
      "Queued post",
      expect.stringMatching(/^Test message from Maison/),
    ]);
    const after = await outboxRows();
    expect(after.map((row) => row.status)).toEqual(after.map(() => "sent"));
    expect(after.map((row) => row.attempts)).toEqual(after.map(() => 1));
  }, 240_000);
});
