/** Helpers the benchmarks share: free ports, child servers, waiting for health. */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls a URL until it answers 200; resolves with the milliseconds it took. */
export async function waitForOk(url: string, startedAt: number, timeoutMs = 120_000): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - startedAt;
    } catch {}
    if (performance.now() - startedAt > timeoutMs) throw new Error(`${url} did not become healthy`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts a Node child; BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go before its script. */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  const extra = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  return spawn(process.execPath, [...extra, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0123";

/** The environment of an app server under benchmark: production, API only, on the given database and port. */
export function benchServerEnv(databaseUrl: string, port: number, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    CLIENT_DIR: "/nonexistent",
    BETTER_AUTH_SECRET: BENCH_SECRET,
    APP_URL: `http://127.0.0.1:${port}`,
    ...extra,
  };
}

/**
 * A throwaway database on the benchmark's PostgreSQL server (BENCH_DATABASE_URL, default the local one): its URL,
 * and `create`/`drop` run through the server's maintenance database.
 */
export function throwawayDatabase(prefix: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `${prefix}_${process.pid}`;
  const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    url,
    create: () => admin(`CREATE DATABASE ${name}`),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
