/** The platform's endpoints: health (503 when the database cannot be reached) and the public configuration. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({
    env: { APP_NAME: "Maison", CONTACT_EMAIL: "desk@maison.test" },
    deps: { startWorkers: false },
  });
});
afterAll(() => ctx.close());

describe("platform", () => {
  it("says it is healthy with its database, and the brand and mailbox for the public pages (cached)", async () => {
    const health = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: ctx.database.kind });
    const config = await ctx.app.inject({ method: "GET", url: "/api/config" });
    expect(config.json()).toEqual({ appName: "Maison", contactEmail: "desk@maison.test" });
    expect(config.headers["cache-control"]).toBe("public, max-age=300");
  });

  it("answers 503 when the database cannot be reached", async () => {
    const other = await createTestApp({ deps: { startWorkers: false } });
    await other.database.close();
    try {
      const res = await other.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: "unavailable", database: other.database.kind });
    } finally {
      // Its hooks cannot reach the closed database either.
      await other.app.close().catch(() => {});
    }
  });
});
