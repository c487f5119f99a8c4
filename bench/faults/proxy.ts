/**
 * A small round-robin HTTP proxy, as a load balancer in front of the app instances would be: it passes event
 * streams through as they come, checks each instance's health every 200 ms and routes around one that fails,
 * and retries on another instance a request whose connection was refused (nothing of it was sent). A request
 * cut off by its instance dying gets 502, as a real balancer answers. When no instance looks healthy it tries
 * them all (fail open), as cloud balancers do.
 */
import { fork } from "node:child_process";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { fileURLToPath } from "node:url";

export interface Upstream {
  name: string;
  port: number;
  healthy: boolean;
}

/** Whether an instance should get traffic: as a load balancer would, `/api/ready` (database, migrations, LISTEN). */
export const READINESS_PATH = "/api/ready";

function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: READINESS_PATH, timeout: 500, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(false));
  });
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection"]);

export async function startProxy(upstreams: Upstream[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  let next = 0;
  /** Requests under way on each instance, event streams aside. */
  const inFlight = new Map<string, number>();
  const sockets = new Set<Socket>();
  /** The instances to try, healthy ones first from the next in turn, the unhealthy after (fail open). */
  function order(): Upstream[] {
    const start = next++ % upstreams.length;
    const turn = upstreams.map((_, i) => upstreams[(start + i) % upstreams.length]);
    const healthy = turn.filter((u) => u.healthy);
    return healthy.length ? healthy : turn;
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name) && name !== "host"),
    );
    headers["x-forwarded-for"] = req.socket.remoteAddress ?? "127.0.0.1";
    const tries = order();
    const counted = !req.url?.startsWith("/api/events");
    const attempt = (i: number) => {
      const upstream = tries[i];
      let finished = false;
      let counting = counted;
      if (counting) inFlight.set(upstream.name, (inFlight.get(upstream.name) ?? 0) + 1);
      const uncount = () => {
        if (!counting) return;
        counting = false;
        inFlight.set(upstream.name, (inFlight.get(upstream.name) ?? 1) - 1);
      };
      const forward = http.request(
        {
          host: "127.0.0.1",
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...headers, host: req.headers.host ?? "127.0.0.1", "content-length": String(body.length) },
          agent,
        },
        (upstreamRes) => {
          const outHeaders = Object.fromEntries(
            Object.entries(upstreamRes.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
          );
          res.writeHead(upstreamRes.statusCode ?? 502, { ...outHeaders, "x-upstream": upstream.name });
          res.flushHeaders();
          upstreamRes.on("data", (chunk) => res.write(chunk));
          upstreamRes.on("end", () => {
            finished = true;
            uncount();
            res.end();
          });
          // The instance died mid-answer: the client sees its connection cut, as behind a real balancer.
          upstreamRes.on("aborted", () => res.destroy());
          upstreamRes.on("error", () => res.destroy());
        },
      );
      forward.on("error", (error: NodeJS.ErrnoException) => {
        uncount();
        if (res.headersSent) return res.destroy();
        // Refused: the request never reached the instance; another may take it.
        if (error.code === "ECONNREFUSED") {
          upstream.healthy = false;
          if (i + 1 < tries.length) return attempt(i + 1);
        }
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "Bad gateway" }));
      });
      // The client went away (a stream closed): let the instance know.
      res.once("close", () => {
        uncount();
        if (!finished) forward.destroy();
      });
      forward.end(body);
    };
    attempt(0);
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 30_000;
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  let checking = true;
  const check = async () => {
    while (checking) {
      await Promise.all(
        upstreams.map(async (u) => {
          u.healthy = await probe(u.port);
        }),
      );
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  void check();

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    upstreams,
    /** Requests under way on an instance (event streams aside). */
    inFlight: (name: string) => inFlight.get(name) ?? 0,
    async close() {
      checking = false;
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The proxy in a process of its own, as a load balancer is: its port, and its counters asked over IPC. */
export async function startProxyProcess(upstreams: Upstream[]) {
  const child = fork(fileURLToPath(new URL("./proxy-main.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let seq = 0;
  const waiting = new Map<number, (value: unknown) => void>();
  const ready = new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the proxy exited with ${code}`)));
    child.on("message", (message: { id?: number; port?: number; value?: unknown }) => {
      if (message.port) resolve(message.port);
      if (message.id !== undefined) waiting.get(message.id)?.(message.value);
      if (message.id !== undefined) waiting.delete(message.id);
    });
  });
  child.send({ upstreams });
  const port = await ready;
  const ask = <T>(question: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = ++seq;
      waiting.set(id, resolve as (value: unknown) => void);
      child.send({ ...question, id });
    });
  return {
    pid: child.pid as number,
    url: `http://127.0.0.1:${port}`,
    /** Whether every instance answers its readiness probe. */
    allHealthy: () => ask<boolean>({ ask: "allHealthy" }),
    /** Requests under way on an instance (event streams aside). */
    inFlight: (name: string) => ask<number>({ ask: "inFlight", name }),
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
    kill: () => child.kill("SIGKILL"),
  };
}
