#!/usr/bin/env node
/**
 * The architecture's boundaries as a lint rule (`npm run lint`; decision 008). Every import in src/ is resolved
 * to a file and checked:
 * - src/shared is pure: it imports nothing from the client or the server;
 * - a feature never imports another feature (what two share moves to src/shared, infrastructure, or the two
 *   are composed in app/), but for a server domain's port: another feature (and context.ts, which assembles
 *   the ports) may import `features/<domain>/port.ts` type-only (`import type`), and nothing else of it;
 * - a feature's code imports only its own domain's texts (src/shared/contracts/<domain>-texts.ts) and the common
 *   ones (common-texts.ts): words two domains say move there;
 * - infrastructure never imports a feature or app/ (server: everything outside features/ but the entry points
 *   app.ts, main.ts and cli.ts with its cli/; client: components/, lib/);
 * - nothing imports the server's app.ts but main.ts, cli.ts (cli/run.ts, its commands) and tests (decision 008).
 * Import cycles are Biome's noImportCycles. (dependency-cruiser would be the library for this, but it cannot
 * parse TypeScript 7 projects with .tsx files.)
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const src = path.join(root, "src");
const EXTENSIONS = [".ts", ".tsx", ".mjs", ".js"];

function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/**
 * Every module a file imports: static, type-only, re-exports and dynamic import(), each with whether it is
 * type-only (`import type …` or `export type …`: erased, no code of the module runs).
 */
function importsOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const found = [];
  const patterns = [
    /\b(?:import|export)\s([^'"`;]*?)\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*()["']([^"']+)["']/g,
    /\bimport\(\s*()["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      found.push({ specifier: match[2], typeOnly: /^type\s/.test(match[1]) });
    }
  }
  return found;
}

function resolve(from, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(src, specifier.slice(2));
  else if (specifier.startsWith("#tests/")) base = path.join(root, "tests", specifier.slice("#tests/".length));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
}

const rel = (file) => path.relative(root, file).split(path.sep).join("/");
const featureOf = (file) => /^src\/(client|server)\/features\/([^/]+)\//.exec(rel(file))?.slice(1, 3).join("/") ?? null;
const isTest = (file) => /\.test\.tsx?$/.test(file) || rel(file).startsWith("tests/");
/** A server domain's port: the interface other domains may import, type-only (decision 008). */
const isPort = (file) => /^src\/server\/features\/[^/]+\/port\.ts$/.test(rel(file));

const RULES = [
  {
    name: "src/shared imports nothing from the client or the server",
    broken: (from, to) => rel(from).startsWith("src/shared/") && /^src\/(client|server)\//.test(rel(to)),
  },
  {
    name: "a feature never imports another feature (but another domain's port.ts, with `import type`)",
    broken: (from, to, typeOnly) =>
      featureOf(from) && featureOf(to) && featureOf(from) !== featureOf(to) && !(typeOnly && isPort(to)),
  },
  {
    name: "a feature imports only its own domain's texts and common-texts.ts",
    broken: (from, to) => {
      const domain = featureOf(from)?.split("/")[1];
      const texts = /^src\/shared\/contracts\/([a-z-]+)-texts\.ts$/.exec(rel(to))?.[1];
      return Boolean(domain && texts && texts !== "common" && texts !== domain && !isTest(from));
    },
  },
  {
    name: "server infrastructure never imports a feature or app.ts (context.ts: the ports, with `import type`)",
    broken: (from, to, typeOnly) =>
      rel(from).startsWith("src/server/") &&
      !featureOf(from) &&
      !/^src\/server\/((app|main|cli)\.ts$|cli\/)/.test(rel(from)) &&
      !isTest(from) &&
      !(rel(from) === "src/server/context.ts" && typeOnly && isPort(to)) &&
      (featureOf(to) || rel(to) === "src/server/app.ts"),
  },
  {
    name: "client infrastructure (components, lib) never imports a feature or app/",
    broken: (from, to) =>
      /^src\/client\/(components|lib)\//.test(rel(from)) && /^src\/client\/(features|app)\//.test(rel(to)),
  },
  {
    name: "a feature never imports app/ (features are composed there, not the other way round)",
    broken: (from, to) => featureOf(from) && /^src\/client\/app\/|^src\/server\/app\.ts$/.test(rel(to)),
  },
  {
    name: "nothing imports the server's app.ts but main.ts, cli.ts (its commands in cli/run.ts) and tests",
    broken: (from, to) =>
      rel(to) === "src/server/app.ts" &&
      rel(from) !== "src/server/main.ts" &&
      rel(from) !== "src/server/cli/run.ts" &&
      !isTest(from),
  },
];

/** Every broken rule of one import: [specifier, rule name]. */
const brokenBy = (file, { specifier, typeOnly }) => {
  const target = resolve(file, specifier);
  return target ? RULES.filter((rule) => rule.broken(file, target, typeOnly)).map((rule) => rule.name) : [];
};

// The rules' own cases, checked on every run: what the port exception lets through and what it does not.
const CASES = [
  ["src/server/features/quotes/x.ts", 'import type { QuotedRequest } from "../requests/port";', 0],
  ["src/server/features/quotes/x.ts", 'import { type QuotedRequest } from "../requests/port";', 1],
  ["src/server/features/quotes/x.ts", 'import { makeRequestsPort } from "../requests/make-port";', 1],
  ["src/server/features/quotes/x.ts", 'import type { RequestsContext } from "../requests/service";', 1],
  ["src/server/context.ts", 'import type { SalesPort } from "./features/sales/port";', 0],
  ["src/server/context.ts", 'import { salesRoutes } from "./features/sales/routes";', 1],
  ["src/server/db/x.ts", 'import type { SalesPort } from "../features/sales/port";', 1],
  ["src/client/features/sales/x.ts", 'import type { X } from "../requests/port";', 1],
];
for (const [file, line, expected] of CASES) {
  const broken = importsOf(line).flatMap((found) => brokenBy(path.join(root, file), found)).length;
  if (broken !== expected) {
    console.error(
      `check-boundaries: its own case failed: ${file}: ${line} (${broken} rules broken, ${expected} expected)`,
    );
    process.exit(1);
  }
}

const violations = [];
for (const file of filesUnder(src)) {
  for (const found of importsOf(readFileSync(file, "utf8"))) {
    for (const name of brokenBy(file, found)) violations.push(`${rel(file)} imports ${found.specifier}: ${name}`);
  }
}

if (violations.length) {
  console.error(`Architecture boundaries (decision 008): ${violations.length} violation(s)\n`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log("Architecture boundaries: no violations.");
