/**
 * npm run bench:start — how fast the server is healthy again when restarted on an existing data directory
 * (embedded database): the compiled server (dist/server/main.js, what `npm start` runs) against the same
 * sources through the tsx loader (what ran before). Prints the median of several runs; asserts nothing.
 *
 *   npm run bench:start -- --runs 5
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { freePort, median, startProcess, stopProcess, waitForOk } from "./support";

const { values: args } = parseArgs({ options: { runs: { type: "string", default: "5" } } });
const runs = Number(args.runs);

const build = spawnSync("npm", ["run", "-s", "build:server"], { stdio: "inherit" });
if (build.status !== 0) process.exit(1);

const dataDir = mkdtempSync(path.join(tmpdir(), "maison-bench-start-"));
const variants = {
  "compiled (node dist/server/main.js)": ["--enable-source-maps", "dist/server/main.js"],
  "tsx loader (node --import tsx src/server/main.ts)": ["--import", "tsx", "src/server/main.ts"],
};

async function startOnce(argv: string[]) {
  const port = await freePort();
  const started = performance.now();
  const child = startProcess(argv, {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    CLIENT_DIR: "/nonexistent",
    BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
  });
  try {
    return await waitForOk(`http://127.0.0.1:${port}/api/health`, started);
  } finally {
    await stopProcess(child);
  }
}

try {
  const first = await startOnce(variants["compiled (node dist/server/main.js)"]);
  console.log(`First start on an empty data directory (creates and migrates the database): ${first.toFixed(0)} ms`);
  console.log(`Restart on the existing data directory, median of ${runs}:`);
  for (const [name, argv] of Object.entries(variants)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await startOnce(argv));
    console.log(
      `  ${name.padEnd(52)} ${median(times).toFixed(0).padStart(6)} ms  (min ${Math.min(...times).toFixed(0)})`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
