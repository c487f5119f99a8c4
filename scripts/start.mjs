#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (the web app into dist/client, the server into
 * dist/server), then serves with plain node, in this same process: compiled JavaScript, no runtime TypeScript
 * loader, and no second node to start (decision 026).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The newest modification time under `entry` (a file, or a directory and everything in it, the directories'
 * own times included, so a deleted file counts too). Each tree is walked once, one stat per entry.
 */
const newest = new Map();
function newestMtime(entry) {
  let time = newest.get(entry);
  if (time !== undefined) return time;
  const full = path.join(root, entry);
  const stat = statSync(full, { throwIfNoEntry: false });
  time = stat?.mtimeMs ?? 0;
  if (stat?.isDirectory()) {
    for (const name of readdirSync(full)) time = Math.max(time, newestMtime(path.join(entry, name)));
  }
  newest.set(entry, time);
  return time;
}

/** Runs `npm run <script>` when `output` is missing or older than any of `sources`. */
function buildIfStale(script, output, sources, label) {
  const built = statSync(path.join(root, output), { throwIfNoEntry: false });
  const stale = !built || Math.max(...sources.map(newestMtime)) > built.mtimeMs;
  if (!stale) return;
  console.log(`Building the ${label}...`);
  const build = spawnSync("npm", ["run", "-s", script], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

buildIfStale(
  "build:client",
  "dist/client/index.html",
  ["index.html", "vite.config.ts", "src/client", "src/shared", "public", "package-lock.json"],
  "web app",
);
buildIfStale(
  "build:server",
  "dist/server/main.js",
  ["vite.server.config.ts", "src/server", "src/shared", "migrations", "package-lock.json"],
  "server",
);

// The server, here: as `node --enable-source-maps dist/server/main.js` would run it, from the project's folder.
process.chdir(root);
process.env.NODE_ENV ??= "production";
process.setSourceMapsEnabled(true);
// The compiled code is kept on disk for the next start (Node.js 22.1 and later: every supported one, decision 041).
module.enableCompileCache?.();
await import(pathToFileURL(path.join(root, "dist/server/main.js")).href);
