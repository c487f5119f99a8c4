/**
 * A test written for the PostgreSQL server only runs only if its file is one of the suites the PostgreSQL
 * project runs (POSTGRES_SUITES in vitest.config.ts, decision 037): anywhere else it would silently never run.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POSTGRES_SUITES } from "../../vitest.config";

const serverTests = readdirSync("src/server", { recursive: true, encoding: "utf8" })
  .map((file) => path.join("src/server", file).split(path.sep).join("/"))
  .filter((file) => file.endsWith(".test.ts"));
const onPostgres = (file: string) => POSTGRES_SUITES.some((pattern) => path.matchesGlob(file, pattern));
/** `runIf(<driver> === "postgres")` or `skipIf(<driver> !== "postgres")`, on a describe or a test. */
const POSTGRES_ONLY = /runIf\([^)]*=== "postgres"\)|skipIf\([^)]*!== "postgres"\)/;

describe("the suites run on the PostgreSQL server", () => {
  it("each name at least one test file", () => {
    for (const pattern of POSTGRES_SUITES) {
      expect(
        serverTests.filter((file) => path.matchesGlob(file, pattern)),
        pattern,
      ).not.toEqual([]);
    }
  });

  it("hold every file with a test for the PostgreSQL server only", () => {
    const postgresOnly = serverTests.filter((file) => POSTGRES_ONLY.test(readFileSync(file, "utf8")));
    expect(postgresOnly.length).toBeGreaterThan(3);
    expect(postgresOnly.filter((file) => !onPostgres(file))).toEqual([]);
  });
});
