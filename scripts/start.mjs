#!/usr/bin/env node
/**
 * `npm start`: builds what is missing or older than its sources (the web app into dist/client, the server into
 * dist/server), then serves with plain node: compiled JavaScript, no runtime TypeScript loader.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** Runs `npm run <script>` when `output` is missing or older than any of `sources`. */
function buildIfStale(script, output, sources, label) {
  const built = path.join(root, output);
  const stale = !existsSync(built) || Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
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
  ["vite.server.config.ts", "src/server", "src/shared", "package-lock.json"],
  "server",
);

const server = spawn(process.execPath, ["--enable-source-maps", path.join(root, "dist/server/main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
// The server stops gracefully on these; pass them on rather than dying first.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
