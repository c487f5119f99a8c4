/**
 * A throwaway PostgreSQL cluster of the bench's own: initdb in a temporary directory, its own port on the
 * loopback address and its unix socket in that directory, so stopping and restarting it disturbs nothing else.
 * PostgreSQL refuses to run as root: as root, its programs run as the system's `postgres` user.
 */
import { type SpawnOptions, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** PostgreSQL's programs: PG_BIN, else Debian's PostgreSQL 15, else whatever `initdb` and `pg_ctl` are on PATH. */
const BIN = process.env.PG_BIN ?? (existsSync("/usr/lib/postgresql/15/bin/initdb") ? "/usr/lib/postgresql/15/bin" : "");

/** The uid and gid of a user from /etc/passwd. */
function userIds(name: string): { uid: number; gid: number } | null {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

function run(program: string, args: string[], options: SpawnOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(BIN ? path.join(BIN, program) : program, args, {
      ...options,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${program} exited ${code}: ${output.trim()}`)),
    );
  });
}

export interface Cluster {
  /** The superuser's URL to a database of this cluster (the maintenance database by default). */
  url(database?: string): string;
  port: number;
  dir: string;
  start(): Promise<void>;
  /** Stops it (fast: sessions are terminated, as a restart does). */
  stop(): Promise<void>;
  /** Stops it if it runs, and removes its directory. Safe to call twice, and from an exit handler. */
  destroy(): Promise<void>;
  /** The same, synchronously, for a process that is exiting now. */
  destroySync(): void;
  /** The postmaster's pid while it runs (its backends are its children). */
  postmasterPid(): number | null;
}

export async function createCluster(port: number): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), "maison-faults-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds("postgres") : null;
  if (asRoot && !owner) throw new Error("Running as root needs a `postgres` system user to run PostgreSQL as.");
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const options: SpawnOptions = { cwd: dir, env: { ...process.env, LC_ALL: "C" }, ...(owner ?? {}) };
  await run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"], options);
  let running = false;
  let destroyed = false;
  const pgCtl = (...args: string[]) => run("pg_ctl", ["-D", data, ...args], options);
  const cluster: Cluster = {
    port,
    dir,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      const settings = [
        `-p ${port}`,
        `-k ${dir}`,
        "-c listen_addresses=127.0.0.1",
        "-c max_connections=100",
        "-c shared_buffers=64MB",
        // Its own throwaway data: durability against a power cut is not what is measured.
        "-c fsync=off",
        "-c synchronous_commit=off",
        "-c full_page_writes=off",
      ].join(" ");
      await pgCtl("-l", path.join(dir, "server.log"), "-w", "-t", "60", "-o", settings, "start");
      running = true;
    },
    async stop() {
      running = false;
      await pgCtl("-m", "fast", "-w", "-t", "60", "stop");
    },
    async destroy() {
      if (destroyed) return;
      if (running) await pgCtl("-m", "immediate", "-w", "stop").catch(() => {});
      running = false;
      destroyed = true;
      rmSync(dir, { recursive: true, force: true });
    },
    postmasterPid() {
      try {
        return Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]) || null;
      } catch {
        return null;
      }
    },
    destroySync() {
      if (destroyed) return;
      destroyed = true;
      // The postmaster's pid is the first line of postmaster.pid: SIGQUIT is PostgreSQL's immediate shutdown.
      try {
        const pid = Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
        if (pid > 0) process.kill(pid, "SIGQUIT");
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
