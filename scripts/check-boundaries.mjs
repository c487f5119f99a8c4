#!/usr/bin/env node
/**
 * The architecture's boundaries as a lint rule (`npm run lint`; decision 008). Every import in src/ is resolved
 * to a file and checked:
 * - src/shared is pure: it imports nothing from the client or the server;
 * - a feature never imports another feature (what two share moves to src/shared, infrastructure, or the two
 *   are composed in app/);
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

/** Every module specifier a file imports: static, type-only, re-exports and dynamic import(). */
function specifiersOf(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const found = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\sfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]);
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

const RULES = [
  {
    name: "src/shared imports nothing from the client or the server",
    broken: (from, to) => rel(from).startsWith("src/shared/") && /^src\/(client|server)\//.test(rel(to)),
  },
  {
    name: "a feature never imports another feature",
    broken: (from, to) => featureOf(from) && featureOf(to) && featureOf(from) !== featureOf(to),
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
    name: "server infrastructure never imports a feature or app.ts",
    broken: (from, to) =>
      rel(from).startsWith("src/server/") &&
      !featureOf(from) &&
      !/^src\/server\/((app|main|cli)\.ts$|cli\/)/.test(rel(from)) &&
      !isTest(from) &&
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

const violations = [];
for (const file of filesUnder(src)) {
  for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
    const target = resolve(file, specifier);
    if (!target) continue;
    for (const rule of RULES) {
      if (rule.broken(file, target)) violations.push(`${rel(file)} imports ${specifier}: ${rule.name}`);
    }
  }
}

if (violations.length) {
  console.error(`Architecture boundaries (decision 008): ${violations.length} violation(s)\n`);
  for (const v of violations) console.error(`  ${v}`);
  process.exit(1);
}
console.log("Architecture boundaries: no violations.");
