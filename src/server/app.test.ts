import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";

let ctx: TestContext;
const clientDir = mkdtempSync(path.join(os.tmpdir(), "maison-client-"));

beforeAll(async () => {
  writeFileSync(path.join(clientDir, "index.html"), "<!doctype html><title>Maison</title>");
  mkdirSync(path.join(clientDir, "assets"));
  writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), "console.log('hi')");
  writeFileSync(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {})");
  writeFileSync(path.join(clientDir, "manifest.webmanifest"), JSON.stringify({ name: "Maison" }));
  mkdirSync(path.join(clientDir, "prerendered"));
  writeFileSync(
    path.join(clientDir, "prerendered", "pricing.html"),
    "<!doctype html><title>Prerendered pricing</title>",
  );
  ctx = await createTestApp({ deps: { clientDir } });
});
afterAll(() => ctx.close());

describe("the HTTP shell", () => {
  it("reports health when the database answers", async () => {
    const res = await call(ctx, "GET /health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    // The URL is the subject: a path in no endpoint table.
    const res = await ctx.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found", key: "error.not_found", requestId: res.headers["x-request-id"] });
  });

  it("serves the SPA for client routes without caching index.html", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/requests/123" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("sends a public page's prerendered HTML, but the SPA shell when the URL has a query", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/pricing" });
    expect(page.body).toContain("Prerendered pricing");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const withQuery = await ctx.app.inject({ method: "GET", url: "/pricing?plan=gold" });
    expect(withQuery.body).toContain("<title>Maison</title>");
    const member = await ctx.app.inject({ method: "GET", url: "/dashboard" });
    expect(member.body).toContain("<title>Maison</title>");
  });

  it("caches hashed assets immutably", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends security headers with a same-origin content security policy", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    // The installable app (decision 029): its worker and manifest come from this origin.
    expect(res.headers["content-security-policy"]).toContain("worker-src 'self'");
    expect(res.headers["content-security-policy"]).toContain("manifest-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves the service worker and the manifest fresh on every visit, with their types", async () => {
    const worker = await ctx.app.inject({ method: "GET", url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    // A new version's worker is found on the next visit only if the browser asks the server each time.
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const manifest = await ctx.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
  });
});
