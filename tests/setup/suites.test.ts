/**
 * With a PostgreSQL server every server suite runs on it, and only DRIVER_SUITES (vitest.config.ts, decision 039)
 * run once more on PGlite: a test written for PGlite only has to sit in one of those files, or in CI it would
 * silently never run.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DRIVER_SUITES } from "../../vitest.config";

const serverTests = readdirSync("src/server", { recursive: true, encoding: "utf8" })
  .map((file) => path.join("src/server", file).split(path.sep).join("/"))
  .filter((file) => file.endsWith(".test.ts"));
const onBoth = (file: string) => DRIVER_SUITES.some((pattern) => path.matchesGlob(file, pattern));
/** `skipIf(<driver> === "postgres")`, `runIf(<driver> === "pglite")` or `skipIf(<driver> !== "pglite")`. */
const PGLITE_ONLY = /skipIf\([^)]*=== "postgres"\)|runIf\([^)]*=== "pglite"\)|skipIf\([^)]*!== "pglite"\)/;

describe("the suites run on both drivers", () => {
  it("each name at least one test file", () => {
    for (const pattern of DRIVER_SUITES) {
      expect(
        serverTests.filter((file) => path.matchesGlob(file, pattern)),
        pattern,
      ).not.toEqual([]);
    }
  });

  it("hold every file with a test for PGlite only", () => {
    const pgliteOnly = serverTests.filter((file) => PGLITE_ONLY.test(readFileSync(file, "utf8")));
    expect(pgliteOnly.length).toBeGreaterThan(1);
    expect(pgliteOnly.filter((file) => !onBoth(file))).toEqual([]);
  });
});
