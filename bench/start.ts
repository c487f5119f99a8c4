/**
 * npm run bench:start — how fast the server is back when restarted on an existing data directory (embedded
 * database). "Back" is `/api/ready` answering 200 (the database answers, every migration is applied, LISTEN is
 * in place: decision 024); the time `/api/health` (alive) first answered is printed beside it. Measured:
 *
 * - the compiled server (node dist/server/main.js);
 * - `npm start` end to end: node scripts/start.mjs (the build staleness check, then the server), and the same
 *   through npm itself;
 * - the same sources through the tsx loader (what ran before the compiled server);
 * - a floor, for context: a bare `node -e` start, and a node that opens PGlite on the same data directory.
 *
 * Prints the median and the minimum of several runs, and the median of each start phase of the compiled server
 * (src/server/ops/startup-phases.ts); asserts nothing.
 *
 *   npm run bench:start -- --runs 7
 *   npm run bench:start -- --runs 7 --only compiled,node-start   (a subset of: floor, compiled, node-start, npm-start, tsx)
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_SECRET, freePort, median } from "./support";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "5" }, only: { type: "string", default: "" } },
});
const runs = Number(args.runs);
const only = new Set(args.only.split(",").filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);

const build = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "maison-bench-start-"));
const serverEnv = (port: number) => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  CLIENT_DIR: "/nonexistent",
  BETTER_AUTH_SECRET: BENCH_SECRET,
  STARTUP_PHASES: "1",
});

/** Starts a process in a group of its own (npm runs a shell, which runs node), its stderr collected. */
function start(command: string, argv: string[], env: Record<string, string>) {
  const extra = command === process.execPath ? (process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []) : [];
  const child = spawn(command, [...extra, ...argv], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const output = { stdout: "", stderr: "" };
  child.stdout?.on("data", (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output.stderr += chunk;
  });
  return { child, output };
}

/** Stops the whole group gracefully, and waits until the data directory is free again (its pid file gone). */
async function stop(child: ChildProcess) {
  if (child.exitCode === null && child.pid) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    process.kill(-child.pid, "SIGTERM");
    await exited;
  }
  const deadline = Date.now() + 10_000;
  while (existsSync(path.join(dataDir, "maison.pid")) && Date.now() < deadline) await sleep(10);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a URL until it answers 200, at most every 5 ms; the milliseconds since `startedAt`. */
async function waitFor(url: string, startedAt: number, child: ChildProcess, stderr: () => string) {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - startedAt;
    } catch {}
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before ${url}:\n${stderr()}`);
    if (performance.now() - startedAt > 120_000) throw new Error(`${url} did not answer 200`);
    await sleep(5);
  }
}

interface Run {
  ready: number;
  health: number;
  phases?: Record<string, number>;
}

async function startOnce(command: string, argv: string[]): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const { child, output } = start(command, argv, serverEnv(port));
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const health = await waitFor(`${base}/health`, started, child, () => output.stderr);
    const ready = await waitFor(`${base}/ready`, started, child, () => output.stderr);
    const line = output.stderr.split("\n").find((l) => l.startsWith("startup-phases "));
    return { ready, health, phases: line ? JSON.parse(line.slice("startup-phases ".length)) : undefined };
  } finally {
    await stop(child);
  }
}

/** A node that only starts, and one that opens PGlite on the data directory: spawn to its "ready" line. */
async function floorOnce(script: string): Promise<number> {
  const started = performance.now();
  const { child, output } = start(process.execPath, ["--input-type=module", "-e", script], {});
  const ready = await new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", () => {
      if (output.stdout.includes("ready")) resolve(performance.now() - started);
    });
    child.once("exit", () => reject(new Error(`the floor script failed:\n${output.stderr}`)));
  });
  await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(null)));
  return ready;
}

const FLOOR_NODE = `console.log("ready")`;
const FLOOR_PGLITE = `
  import { PGlite } from "@electric-sql/pglite";
  import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
  const db = new PGlite({ dataDir: ${JSON.stringify(path.join(dataDir, "pgdata"))}, extensions: { pg_trgm } });
  await db.waitReady;
  await db.query("select 1");
  console.log("ready");
  await db.close();`;

const fmt = (ms: number) => ms.toFixed(0).padStart(6);

function report(name: string, results: Run[]) {
  const ready = results.map((r) => r.ready);
  const health = results.map((r) => r.health);
  console.log(
    `  ${name.padEnd(48)} ready ${fmt(median(ready))} ms (min ${fmt(Math.min(...ready))})   ` +
      `health ${fmt(median(health))} ms (min ${fmt(Math.min(...health))})`,
  );
}

function reportPhases(results: Run[]) {
  const withPhases = results.filter((r) => r.phases);
  if (withPhases.length === 0) return;
  const names = Object.keys(withPhases[0].phases ?? {});
  console.log("  phases of the compiled server (median ms; each since the previous mark, from process start):");
  console.log(
    `    ${names.map((n) => `${n} ${median(withPhases.map((r) => r.phases?.[n] ?? 0)).toFixed(0)}`).join(" · ")}`,
  );
}

try {
  const first = await startOnce(process.execPath, ["--enable-source-maps", "dist/server/main.js"]);
  console.log(
    `First start on an empty data directory (creates and migrates the database): ${first.ready.toFixed(0)} ms`,
  );
  console.log(`Restart on the existing data directory, ${runs} runs (node ${process.version}):`);

  if (wanted("floor")) {
    const node: number[] = [];
    const pglite: number[] = [];
    for (let i = 0; i < runs; i++) {
      node.push(await floorOnce(FLOOR_NODE));
      pglite.push(await floorOnce(FLOOR_PGLITE));
    }
    console.log(`  floor: bare node -e ${" ".repeat(26)} ${fmt(median(node))} ms (min ${fmt(Math.min(...node))})`);
    console.log(
      `  floor: node opening PGlite on the data dir ${" ".repeat(5)} ${fmt(median(pglite))} ms (min ${fmt(Math.min(...pglite))})`,
    );
  }

  const variants: [string, string, string, string[]][] = [
    [
      "compiled",
      "compiled (node dist/server/main.js)",
      process.execPath,
      ["--enable-source-maps", "dist/server/main.js"],
    ],
    ["node-start", "node scripts/start.mjs (npm start without npm)", process.execPath, ["scripts/start.mjs"]],
    ["npm-start", "npm start (through npm)", "npm", ["start", "--silent"]],
    [
      "tsx",
      "tsx loader (node --import tsx src/server/main.ts)",
      process.execPath,
      ["--import", "tsx", "src/server/main.ts"],
    ],
  ];
  // scripts/start.mjs builds what is stale first: one untimed run, so the timed ones measure a restart.
  if (wanted("node-start") || wanted("npm-start")) await startOnce(process.execPath, ["scripts/start.mjs"]);
  for (const [key, name, command, argv] of variants) {
    if (!wanted(key)) continue;
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await startOnce(command, argv));
    report(name, results);
    if (key === "compiled") reportPhases(results);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
