/**
 * A heavy tool that one bench alone needs (Lighthouse for bench:web) is not in the project's install: every
 * `npm ci` and every CI run would download it for nothing. The bench installs the pinned version on first use
 * into the ignored folder `.tools` beside this file and imports it from there.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const TOOLS_DIR = path.resolve(import.meta.dirname, ".tools");

/** Imports `name` at `version`, installing it there the first time. */
export async function importTool<T>(name: string, version: string): Promise<T> {
  const manifest = path.join(TOOLS_DIR, "node_modules", name, "package.json");
  const installed = existsSync(manifest) && createRequire(import.meta.url)(manifest).version === version;
  if (!installed) {
    console.log(`Installing ${name}@${version} beside the benches (once)...`);
    execFileSync(
      "npm",
      ["install", "--prefix", TOOLS_DIR, "--no-save", "--no-audit", "--no-fund", `${name}@${version}`],
      { stdio: "inherit" },
    );
  }
  const entry = createRequire(path.join(TOOLS_DIR, "package.json")).resolve(name);
  return (await import(pathToFileURL(entry).href)) as T;
}
