/**
 * Only one process may open an embedded database directory. A pid file says who has it, so a second server
 * or the CLI can say so plainly instead of corrupting the data.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}). ` +
        "Stop the running server first, or set DATABASE_URL to use a PostgreSQL server.",
    );
  }
}

/** Whether a process of this machine is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = path.join(dataDir, "maison.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
        process.off("exit", release);
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      rmSync(file, { force: true }); // left behind by a process that died
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
