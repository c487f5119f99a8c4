/**
 * npm run bench:start — how fast the server is back when restarted on an existing data directory (embedded
 * database). "Back" is `/api/ready` answering 200 (the database answers, every migration is applied, LISTEN is
 * in place: decision 024); the time `/api/health` (alive) first answered is printed beside it. Measured:
 *
 * - the compiled server (node dist/server/main.js);
 * - `npm start` end to end: node scripts/start.mjs (the build staleness check, then the server, serving the web
 *   app from dist/client as well), and the same through npm itself;
 * - the same sources through the tsx loader (what ran before the compiled server);
 * - a floor, for context: a bare `node -e` start, and a node that opens PGlite on the same data directory.
 *
 * Prints the median and the minimum of several runs, and the median of each start phase of the compiled server
 * (src/server/ops/startup-phases.ts); asserts nothing.
 *
 *   npm run bench:start -- --runs 7
 *   npm run bench:start -- --runs 7 --only compiled,node-start   (a subset of: floor, compiled, node-start, npm-start, tsx)
 *   npm run bench:start -- --runs 7 --baseline ../other-checkout  (its compiled server and npm start too, built)
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BENCH_SECRET, freePort, median } from "./support";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    only: { type: "string", default: "" },
    baseline: { type: "string" },
  },
});
const runs = Number(args.runs);
const only = new Set(args.only.split(",").filter(Boolean));
const wanted = (name: string) => only.size === 0 || only.has(name);

const build = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "maison-bench-start-"));
/** npm start serves the web app too (dist/client, the default); the others answer the API only. */
const serverEnv = (port: number, webApp: boolean) => ({
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  ...(webApp ? {} : { CLIENT_DIR: "/nonexistent" }),
  BETTER_AUTH_SECRET: BENCH_SECRET,
  STARTUP_PHASES: "1",
});

/** Starts a process in a group of its own (npm runs a shell, which runs node), its stderr collected. */
function start(command: string, argv: string[], env: Record<string, string>, cwd?: string) {
  const extra = command === process.execPath ? (process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []) : [];
  const child = spawn(command, [...extra, ...argv], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    cwd,
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
  /** Processor time of the whole process group when ready (Linux only; a busy machine changes it little). */
  cpu?: number;
  phases?: Record<string, number>;
}

async function startOnce(command: string, argv: string[], cwd?: string, webApp = false): Promise<Run> {
  const port = await freePort();
  const started = performance.now();
  const { child, output } = start(command, argv, serverEnv(port, webApp), cwd);
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const health = await waitFor(`${base}/health`, started, child, () => output.stderr);
    const ready = await waitFor(`${base}/ready`, started, child, () => output.stderr);
    const cpu = child.pid ? groupCpuMs(child.pid) : undefined;
    const line = output.stderr.split("\n").find((l) => l.startsWith("startup-phases "));
    return { ready, health, cpu, phases: line ? JSON.parse(line.slice("startup-phases ".length)) : undefined };
  } finally {
    await stop(child);
  }
}

/** The user and system time of every process of a group so far, from /proc (undefined elsewhere). */
function groupCpuMs(group: number): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  let ticks = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // After the command's closing parenthesis: state ppid pgrp ... utime (14th field) stime (15th).
      const fields = readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10; // USER_HZ is 100 on Linux
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
  const cpu = results.flatMap((r) => (r.cpu === undefined ? [] : [r.cpu]));
  console.log(
    `  ${name.padEnd(48)} ready ${fmt(median(ready))} ms (min ${fmt(Math.min(...ready))})   ` +
      `health ${fmt(median(health))} ms (min ${fmt(Math.min(...health))})` +
      (cpu.length ? `   cpu ${fmt(median(cpu))} ms (min ${fmt(Math.min(...cpu))})` : ""),
  );
}

function reportPhases(results: Run[]) {
  const withPhases = results.filter((r) => r.phases);
  if (withPhases.length === 0) return;
  const names = Object.keys(withPhases[0].phases ?? {});
  console.log("    phases (median ms; each since the previous mark, from process start; cpu: processor time):");
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

  interface Variant {
    key: string;
    name: string;
    command: string;
    argv: string[];
    cwd?: string;
    results: Run[];
  }
  const variant = (key: string, name: string, command: string, argv: string[], cwd?: string): Variant => ({
    key,
    name,
    command,
    argv,
    cwd,
    results: [],
  });
  const node = process.execPath;
  const variants = [
    variant("compiled", "compiled (node dist/server/main.js)", node, ["--enable-source-maps", "dist/server/main.js"]),
    variant("node-start", "node scripts/start.mjs (npm start without npm)", node, ["scripts/start.mjs"]),
    variant("npm-start", "npm start (through npm)", "npm", ["start", "--silent"]),
    variant("tsx", "tsx loader (node --import tsx src/server/main.ts)", node, [
      "--import",
      "tsx",
      "src/server/main.ts",
    ]),
  ].filter((v) => wanted(v.key));
  // --baseline <another checkout, built>: its compiled server and its npm start, in the same rounds.
  if (args.baseline) {
    const base = path.resolve(args.baseline);
    const baseVariants = [
      variant("compiled", "baseline: compiled", node, ["--enable-source-maps", path.join(base, "dist/server/main.js")]),
      variant("node-start", "baseline: node scripts/start.mjs", node, [path.join(base, "scripts/start.mjs")], base),
      variant("npm-start", "baseline: npm start", "npm", ["start", "--silent"], base),
    ];
    variants.push(...baseVariants.filter((v) => wanted(v.key)));
  }
  // scripts/start.mjs builds what is stale first: one untimed run of each, so the timed ones measure a restart.
  const webApp = (v: Variant) => v.key === "node-start" || v.key === "npm-start";
  for (const v of variants.filter((v) => v.key === "node-start")) await startOnce(v.command, v.argv, v.cwd, true);
  // Round after round, each variant once per round: a machine that gets busier meanwhile weighs on all alike.
  for (let i = 0; i < runs; i++) {
    for (const v of variants) v.results.push(await startOnce(v.command, v.argv, v.cwd, webApp(v)));
  }
  for (const v of variants) {
    report(v.name, v.results);
    if (v.results.some((r) => r.phases)) reportPhases(v.results);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
