/**
 * One word per domain and per side (decision 008's glossary, issue 32): each domain's folders, contract files,
 * endpoint tables, query-key roots and realtime topics use its one name, and the retired second names appear in
 * none of our identifiers, paths or URLs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENDPOINT_TABLES } from "@/shared/contracts";
import { REALTIME_TOPICS } from "@/shared/realtime";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Each domain, and the contract files it owns beside `<domain>.ts` (the quotes domain's money has three). */
const DOMAINS: Record<string, string[]> = {
  account: [],
  audit: [],
  billing: [],
  concierge: [],
  inbox: [],
  notifications: [],
  platform: [],
  presence: [],
  qa: [],
  quotes: ["disputes", "refunds", "statement"],
  ratings: [],
  replies: [],
  requests: [],
  sales: [],
  search: [],
  "service-levels": [],
};
/** Client only: the public pages. */
const CLIENT_ONLY = ["marketing"];
/** Topics that are not a domain's: who is signed in, a thread's messages, the timeline, notes, typing, resync. */
const SHARED_TOPICS = ["subscription", "session", "messages", "concierge-typing", "activity", "notes", "resync"];
/** Contract files that belong to no domain (`common-texts`: what several domains say; `all-texts`: loads them all). */
const CONTRACT_INFRASTRUCTURE = ["common", "endpoint", "index", "all"];

/**
 * Second names the glossary retired, as they would appear in identifiers, paths and URLs: the quote domain's
 * "deal" and "/admin/money", the requests' "pipeline" query root, and "Staff" as the name of the staff side.
 */
const RETIRED = [
  /deal(?!er)/i,
  /\/admin\/money\b|AdminMoney|admin-money/,
  /endpointsOf<[^>]+>\("pipeline"\)/,
  /\b[a-z]+StaffApi\b|\bStaff(?:Api|Payment|Quotes|Composer|Inquiry|UnreadMessage|BalanceState)\b/,
  /\badminBillingRoutes\b|\brequestRoutes\b|\bnotificationRoutes\b|\bdisputeRoutes\b/,
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "locales") return [];
    return statSync(full).isDirectory() ? filesUnder(full) : /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(ROOT, file);

describe("one vocabulary", () => {
  it("each domain has its server feature, its contract and texts, and (with screens) its client feature under its name", () => {
    const server = readdirSync(path.join(ROOT, "src/server/features")).sort();
    const client = readdirSync(path.join(ROOT, "src/client/features")).sort();
    expect(server).toEqual(Object.keys(DOMAINS).sort());
    for (const folder of client) expect([...Object.keys(DOMAINS), ...CLIENT_ONLY]).toContain(folder);
    const contracts = readdirSync(path.join(ROOT, "src/shared/contracts"))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => name.replace(/(-texts)?\.ts$/, ""));
    const owned = Object.entries(DOMAINS).flatMap(([domain, parts]) => [domain, ...parts]);
    for (const name of contracts) expect([...owned, ...CONTRACT_INFRASTRUCTURE], name).toContain(name);
    for (const domain of Object.keys(DOMAINS)) expect(contracts, domain).toContain(domain);
  });

  it("endpoint tables are `<contract>Api` and `<contract>AdminApi`", () => {
    const names = Object.keys(ENDPOINT_TABLES);
    // A domain of two words ("service-levels") names its tables in camel case (serviceLevelsAdminApi).
    const camel = (word: string) => word.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    const owned = Object.entries(DOMAINS).flatMap(([domain, parts]) => [domain, ...parts].map(camel));
    for (const name of names) {
      const base = name.replace(/(Admin)?Api$/, "");
      expect([...owned, "events"], name).toContain(base);
    }
  });

  it("each client feature keys its queries under its own domain's name", () => {
    for (const file of filesUnder(path.join(ROOT, "src/client/features"))) {
      const domain = relative(file).split(path.sep)[3];
      for (const match of readFileSync(file, "utf8").matchAll(/endpointsOf<[^>]+>\("([^"]+)"\)/g)) {
        expect(match[1], relative(file)).toBe(domain);
      }
    }
  });

  it("a realtime topic is a domain's name or one of the few shared ones", () => {
    for (const topic of REALTIME_TOPICS) expect([...Object.keys(DOMAINS), ...SHARED_TOPICS], topic).toContain(topic);
  });

  it("no retired second name is left in our code, tests, scripts or benchmarks", () => {
    const found: string[] = [];
    for (const dir of ["src", "tests", "scripts", "bench"]) {
      if (!existsSync(path.join(ROOT, dir))) continue;
      for (const file of filesUnder(path.join(ROOT, dir))) {
        if (file === import.meta.filename) continue;
        const lines = readFileSync(file, "utf8").split("\n");
        lines.forEach((line, index) => {
          for (const word of RETIRED) if (word.test(line)) found.push(`${relative(file)}:${index + 1}: ${line.trim()}`);
        });
      }
      for (const file of filesUnder(path.join(ROOT, dir))) {
        for (const word of RETIRED) if (word.test(relative(file))) found.push(relative(file));
      }
    }
    expect(found).toEqual([]);
  });
});
