/** The app instances under test: the compiled server (`dist/server/main.js`, as `npm start` runs it). */
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import path from "node:path";

export interface Instance {
  name: string;
  port: number;
  dataDir: string;
  logFile: string;
  child: ChildProcess | null;
  /** Exits nobody asked for (a crash): when, and how. */
  crashes: Array<{ at: number; how: string }>;
  /** Starts the process (again); resolves once it answers /api/health, with the milliseconds that took. */
  start(): Promise<number>;
  /** kill -9: no shutdown, no goodbye. */
  kill(): void;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
}

/** Marks a child's coming exit as asked for (a kill or a stop), not a crash. */
const stopping = new WeakMap<ChildProcess, () => void>();

export function createInstance(name: string, port: number, root: string, env: Record<string, string>): Instance {
  const dataDir = path.join(root, `instance-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(root, `instance-${name}.log`);
  const instance: Instance = {
    name,
    port,
    dataDir,
    logFile,
    child: null,
    crashes: [],
    async start() {
      const started = performance.now();
      const log = openSync(logFile, "a");
      const child = spawn(process.execPath, ["dist/server/main.js"], {
        env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
        stdio: ["ignore", log, log],
      });
      closeSync(log);
      instance.child = child;
      let expected = false;
      stopping.set(child, () => {
        expected = true;
      });
      child.once("exit", (code, signal) => {
        if (!expected)
          instance.crashes.push({ at: Date.now(), how: signal ? `signal ${signal}` : `exit code ${code}` });
      });
      for (;;) {
        if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}: see ${logFile}`);
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) return performance.now() - started;
        if (performance.now() - started > 60_000) throw new Error(`instance ${name} did not start: see ${logFile}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    kill() {
      if (instance.child) stopping.get(instance.child)?.();
      instance.child?.kill("SIGKILL");
    },
    async stop() {
      const child = instance.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      stopping.get(child)?.();
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return instance;
}

/** The error lines (pino level >= 50) an instance logged, by message, for the report. */
export function loggedErrors(instance: Instance): Map<string, number> {
  const counts = new Map<string, number>();
  let text = "";
  try {
    text = readFileSync(instance.logFile, "utf8");
  } catch {
    return counts;
  }
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 50) continue;
      const key = `${entry.msg ?? ""}${entry.err?.message ? `: ${entry.err.message.split("\n")[0].slice(0, 120)}` : ""}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {}
  }
  return counts;
}
