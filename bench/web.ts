/**
 * npm run bench:web — builds the web app, serves it with the real server on an empty embedded database and prints,
 * for the landing and pricing pages:
 *   - the JavaScript and CSS a first visit downloads (raw bytes, gzip, and what actually crossed the wire), split
 *     into what is requested before the largest contentful paint (the page's first real render) and what is
 *     deferred until after it (the toast viewport, loaded when the browser is idle);
 *   - Lighthouse mobile scores (performance, accessibility, best practices) and the metrics behind performance,
 *     the median of several runs, with /usr/bin/chromium.
 * and checks them against the first-visit budget of decision 042: at most 100 KB of gzip JavaScript downloaded by
 * a visit without interaction until the network is quiet (idle-time loads included), and a Lighthouse mobile performance of at least 95, on each page. It exits with 1 past the budget.
 *
 *   npm run bench:web -- --runs 5        more Lighthouse runs per page (default 3)
 *   npm run bench:web -- --no-build      reuse the last bench build (dist/bench-web)
 *   npm run bench:web -- --paths /,/about
 *   npm run bench:web -- --runs 0        the JavaScript only, no Lighthouse (no performance verdict)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "@playwright/test";
import { build } from "vite";
import { FIRST_VISIT_BUDGET as BUDGET } from "./first-visit";
import { importTool } from "./tool";

const CHROMIUM = "/usr/bin/chromium";
const OUT_DIR = "dist/bench-web";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    build: { type: "boolean", default: true },
    "no-build": { type: "boolean", default: false },
    paths: { type: "string", default: "/,/pricing" },
  },
});
const RUNS = Math.max(0, Number.isNaN(Number(args.runs)) ? 3 : Number(args.runs));
const PATHS = (args.paths ?? "/,/pricing").split(",").map((p) => p.trim());

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      CLIENT_DIR: OUT_DIR,
      LOG_LEVEL: "warn",
      BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill("SIGTERM");
  throw new Error("the server did not start within 120 s");
}

interface Asset {
  url: string;
  type: "script" | "stylesheet";
  raw: number;
  gzip: number;
  wire: number;
  encoding: string;
  deferred: boolean;
}

/** Loads the page as a first-time phone visitor and records every script and stylesheet it downloads. */
async function measureAssets(browser: Browser, url: string): Promise<Asset[]> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const pending: Promise<Omit<Asset, "deferred"> | null>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return null;
        const sizes = await response.request().sizes();
        return {
          url: response.url(),
          type,
          raw: body.length,
          gzip: gzipSync(body).length,
          wire: sizes.responseBodySize,
          encoding: (await response.headerValue("content-encoding")) ?? "identity",
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(5000); // the idle-time work (the toast viewport) gets its chance
  await page.waitForLoadState("networkidle");
  // When each file was requested, against the largest contentful paint.
  const timing = await page.evaluate(async () => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        resolve(entries[entries.length - 1]?.startTime ?? Number.POSITIVE_INFINITY);
      }).observe({ type: "largest-contentful-paint", buffered: true });
      setTimeout(() => resolve(Number.POSITIVE_INFINITY), 1000);
    });
    const starts = performance.getEntriesByType("resource").map((entry) => [entry.name, entry.startTime] as const);
    return { lcp, starts };
  });
  const startOf = new Map(timing.starts);
  const assets = (await Promise.all(pending))
    .filter((a): a is Omit<Asset, "deferred"> => a !== null)
    .map((a) => ({ ...a, url: new URL(a.url).pathname, deferred: (startOf.get(a.url) ?? 0) > timing.lcp }));
  await context.close();
  return assets;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printAssets(pathname: string, assets: Asset[]) {
  console.log(`\n${pathname}: first visit, no interaction`);
  const rows: [string, Asset[]][] = [
    ["JS to first render", assets.filter((a) => a.type === "script" && !a.deferred)],
    ["JS after it (idle)", assets.filter((a) => a.type === "script" && a.deferred)],
    ["JS total", assets.filter((a) => a.type === "script")],
    ["CSS", assets.filter((a) => a.type === "stylesheet")],
  ];
  for (const [label, list] of rows) {
    const sum = (key: "raw" | "gzip" | "wire") => list.reduce((total, a) => total + a[key], 0);
    const encodings = [...new Set(list.map((a) => a.encoding))].join("/") || "-";
    console.log(
      `  ${label.padEnd(20)} ${String(list.length).padStart(2)} files  raw ${kb(sum("raw")).padStart(9)}  gzip ${kb(sum("gzip")).padStart(8)}  on the wire ${kb(sum("wire")).padStart(8)} (${encodings})`,
    );
  }
  for (const a of [...assets].sort((x, y) => y.gzip - x.gzip)) {
    console.log(
      `    ${a.deferred ? "after" : "first"} ${a.type === "script" ? "js " : "css"} ${kb(a.gzip).padStart(8)} gz  ${a.url}`,
    );
  }
}

interface LighthouseRun {
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  failing: string[];
}

/** Lighthouse, pinned: installed on the bench's first run, not with the project (bench/tool.ts). */
const LIGHTHOUSE_VERSION = "12.8.2";
/** What this bench reads of Lighthouse's API (its types come with the package, which the project does not install). */
type Audit = {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
};
type Lighthouse = (
  url: string,
  flags: { port: number; logLevel: string; output: string; onlyCategories: string[] },
) => Promise<
  | {
      lhr: {
        categories: Record<string, { score: number | null } | undefined>;
        audits: Record<string, Audit>;
        environment: { benchmarkIndex: number };
      };
    }
  | undefined
>;
let lighthouseModule: Promise<{ default: Lighthouse }> | undefined;
async function loadLighthouse(): Promise<Lighthouse> {
  lighthouseModule ??= importTool<{ default: Lighthouse }>("lighthouse", LIGHTHOUSE_VERSION);
  return (await lighthouseModule).default;
}

async function runLighthouse(url: string): Promise<LighthouseRun> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: existsSync(CHROMIUM) ? CHROMIUM : undefined,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  try {
    const lighthouse = await loadLighthouse();
    const result = await lighthouse(url, {
      port,
      logLevel: "error",
      output: "json",
      onlyCategories: ["performance", "accessibility", "best-practices"],
      // Lighthouse's defaults: mobile form factor, simulated slow 4G and a 4x slower CPU.
    });
    if (!result) throw new Error("Lighthouse returned nothing");
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
      .filter((a) => a.scoreDisplayMode === "binary" || a.scoreDisplayMode === "numeric")
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    return {
      benchmarkIndex: result.lhr.environment.benchmarkIndex,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      si: metric("speed-index"),
      failing,
    };
  } finally {
    await browser.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function printLighthouse(pathname: string, runs: LighthouseRun[]): number {
  const m = (key: keyof Omit<LighthouseRun, "failing">) => median(runs.map((r) => r[key]));
  console.log(
    `\n${pathname}: Lighthouse mobile, median of ${runs.length} run(s)  (this machine's Lighthouse benchmarkIndex: ${Math.round(m("benchmarkIndex"))})`,
  );
  console.log(
    `  performance ${m("performance")}  accessibility ${m("accessibility")}  best practices ${m("bestPractices")}   (performance per run: ${runs.map((r) => r.performance).join(", ")})`,
  );
  console.log(
    `  FCP ${(m("fcp") / 1000).toFixed(2)} s  LCP ${(m("lcp") / 1000).toFixed(2)} s  TBT ${Math.round(m("tbt"))} ms  CLS ${m("cls").toFixed(3)}  Speed Index ${(m("si") / 1000).toFixed(2)} s`,
  );
  const failing = [...new Set(runs.flatMap((r) => r.failing))];
  if (failing.length) console.log(`  audits below 90 in some run: ${failing.join("; ")}`);
  return m("performance");
}

async function main() {
  if (args.build && !args["no-build"]) {
    console.log(`Building the web app into ${OUT_DIR} ...`);
    await build({ logLevel: "warn", build: { outDir: OUT_DIR, emptyOutDir: true } });
    // The public pages are prerendered, as `npm run build` does.
    const serverDir = `${OUT_DIR}-prerender`;
    await build({
      logLevel: "warn",
      build: { ssr: "src/client/entry-prerender.tsx", outDir: serverDir, emptyOutDir: true },
    });
    const { prerender } = await import("../scripts/prerender.mjs");
    await prerender(OUT_DIR, serverDir);
  } else if (!existsSync(OUT_DIR)) {
    throw new Error(`${OUT_DIR} does not exist; run without --no-build`);
  }

  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "maison-bench-web-"));
  const server = await startServer(port, dataDir);
  const base = `http://127.0.0.1:${port}`;
  console.log(`Serving ${OUT_DIR} on ${base}`);
  try {
    const browser = await chromium.launch({
      executablePath: existsSync(CHROMIUM) ? CHROMIUM : undefined,
      args: CHROMIUM_ARGS,
    });
    const verdicts: { pathname: string; jsKB: number; performance: number | null }[] = [];
    try {
      for (const pathname of PATHS) {
        const assets = await measureAssets(browser, base + pathname);
        printAssets(pathname, assets);
        const js = assets.filter((a) => a.type === "script").reduce((total, a) => total + a.gzip, 0);
        verdicts.push({ pathname, jsKB: js / 1024, performance: null });
      }
    } finally {
      await browser.close();
    }
    for (const verdict of verdicts) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(base + verdict.pathname));
      if (runs.length) verdict.performance = printLighthouse(verdict.pathname, runs);
    }
    console.log(
      `\nBudget (decision 042): ≤ ${BUDGET.jsGzipKB} KB gzip JavaScript (JS total: everything a first visit downloads without interaction, until the network is quiet), Lighthouse mobile performance ≥ ${BUDGET.performance}`,
    );
    let over = false;
    for (const { pathname, jsKB, performance } of verdicts) {
      const jsOk = jsKB <= BUDGET.jsGzipKB;
      const perfOk = performance === null || performance >= BUDGET.performance;
      over ||= !jsOk || !perfOk;
      console.log(
        `  ${pathname.padEnd(10)} JS ${jsKB.toFixed(1).padStart(6)} KB / ${BUDGET.jsGzipKB} ${jsOk ? "ok" : "OVER"}   performance ${performance === null ? "not run" : `${performance} / ${BUDGET.performance} ${perfOk ? "ok" : "UNDER"}`}`,
      );
    }
    if (over) process.exitCode = 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
