/**
 * If the bench itself is killed (kill -9: no handler runs), a watchdog shell left behind removes what it
 * started: it waits for the bench's pid to go, then kills the pids listed in `<root>/pids`, stops the
 * PostgreSQL cluster (SIGQUIT to its postmaster) and deletes the directories.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";

export function startWatchdog(root: string, clusterDir: string) {
  const pidsFile = path.join(root, "pids");
  writeFileSync(pidsFile, "");
  const script = `
    while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done
    for pid in $(cat '${pidsFile}' 2>/dev/null); do kill -9 "$pid" 2>/dev/null; done
    if [ -f '${clusterDir}/data/postmaster.pid' ]; then kill -QUIT "$(head -1 '${clusterDir}/data/postmaster.pid')" 2>/dev/null; sleep 2; fi
    rm -rf '${root}' '${clusterDir}'
  `;
  const child = spawn("sh", ["-c", script], { detached: true, stdio: "ignore" });
  child.unref();
  return {
    /** The processes to kill if the bench dies: written whenever they change. */
    track(pids: number[]) {
      writeFileSync(pidsFile, pids.join("\n"));
    },
    /** The bench cleaned up by itself: the watchdog has nothing left to do. */
    stop() {
      try {
        if (child.pid) process.kill(child.pid, "SIGKILL");
      } catch {}
    },
  };
}
