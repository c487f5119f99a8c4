/** Spool files a killed process left behind are removed by the next start on the same host (bench:faults). */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { processSpoolDir } from "./index";

describe("the upload spool", () => {
  const root = mkdtempSync(path.join(tmpdir(), "maison-spool-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("is a directory per process; a start removes those of this host's processes that are gone, and no other", () => {
    const host = hostname().replace(/[^A-Za-z0-9.]/g, "_");
    // A process that has ended: its pid is free.
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid as number;
    const leftovers = {
      dead: path.join(root, `${host}-${gone}`),
      running: path.join(root, `${host}-${process.ppid}`),
      otherHost: path.join(root, `another-host-${gone}`),
    };
    for (const dir of Object.values(leftovers)) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "upload"), "half an upload");
    }
    const own = processSpoolDir(root);
    expect(own).toBe(path.join(root, `${host}-${process.pid}`));
    expect(existsSync(leftovers.dead)).toBe(false);
    expect(existsSync(leftovers.running)).toBe(true);
    expect(existsSync(leftovers.otherHost)).toBe(true);
  });
});
