/**
 * Prometheus metrics (decision 024): never public (a 404 with nothing configured, the bearer token on the main
 * port, or the loopback-only listener), and after some traffic every promised metric is there with sane values
 * and no member data (no email, no id) anywhere in the text.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { PLATFORM_ERRORS } from "@/shared/contracts/platform-texts";
import { ConfigError, loadConfig } from "../config";
import { closeMetricsListener, listenForMetrics } from "./metrics-access";

const TOKEN = "metrics-token-metrics-token-0123456789";

/** The value of one sample (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels = ""): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split("\n").find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

describe("access to the metrics", () => {
  it("is a 404 on the main port when neither a token nor a port is configured", async () => {
    const ctx = await createTestApp({ deps: { startWorkers: false } });
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await ctx.app.inject({ method: "GET", url: "/metrics", headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: "Not found",
          key: "error.not_found",
          requestId: res.headers["x-request-id"],
        });
        expect(res.body).not.toContain("http_request");
      }
    } finally {
      await ctx.close();
    }
  });

  it("with METRICS_TOKEN: 401 without a bearer token, 403 with another, the metrics with it", async () => {
    const ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN }, deps: { startWorkers: false } });
    try {
      const scrape = (authorization?: string) =>
        ctx.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      const missing = await scrape();
      expect(missing.statusCode).toBe(401);
      expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect(missing.json()).toMatchObject({
        error: PLATFORM_ERRORS.metricsTokenMissing,
        requestId: expect.any(String),
      });
      expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`)).statusCode).toBe(401);
      for (const wrong of [
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        "Bearer x",
        `Bearer ${"a".repeat(5000)}`,
      ]) {
        const res = await scrape(wrong);
        expect(res.statusCode, wrong.slice(0, 40)).toBe(403);
        expect(res.json()).toMatchObject({ error: PLATFORM_ERRORS.metricsTokenWrong });
        expect(res.body).not.toContain("http_request");
      }
      const ok = await scrape(`Bearer ${TOKEN}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(ok.headers["cache-control"]).toBe("no-store");
      expect(ok.body).toContain("# TYPE http_request_duration_seconds histogram");
    } finally {
      await ctx.close();
    }
  });

  it("with METRICS_PORT: served on 127.0.0.1 only, with no token, and not on the main port", async () => {
    const ctx = await createTestApp({ env: { METRICS_PORT: "9464" }, deps: { startWorkers: false } });
    // The listener main.ts starts on METRICS_PORT, here on a free port.
    const listener = await listenForMetrics(ctx.app.ctx.metrics, 0);
    try {
      const address = listener.address() as AddressInfo;
      expect(address.address).toBe("127.0.0.1");
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await res.text()).toContain("maison_db_listener_connected 1");
      expect((await fetch(`http://127.0.0.1:${address.port}${endpointUrl("GET /me")}`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${address.port}/metrics`, { method: "POST" })).status).toBe(404);
      const main = await ctx.app.inject({ method: "GET", url: "/metrics" });
      expect(main.statusCode).toBe(404);
    } finally {
      await closeMetricsListener(listener);
      await ctx.close();
    }
  });

  it("refuses a short token and never prints it; METRICS_PORT must be a port other than PORT", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short-secret" })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: "short-secret" })).toThrow(
      'Invalid configuration: METRICS_TOKEN must be at least 32 characters (got "[redacted]")',
    );
    expect(() => loadConfig({ METRICS_PORT: "3000" })).toThrow("METRICS_PORT must differ from PORT");
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/^Invalid configuration: METRICS_PORT/);
    expect(loadConfig({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
    expect(loadConfig({}).METRICS_PORT).toBeUndefined();
  });
});

describe("the metrics after some traffic", () => {
  let ctx: TestContext;
  let member: TestUser;
  let base: string;
  beforeAll(async () => {
    ctx = await createTestApp({
      // Mail to send (pending in the outbox: no worker runs here); a few reset requests per address.
      env: { METRICS_TOKEN: TOKEN, SMTP_URL: "smtp://127.0.0.1:2525", AUTH_RATE_LIMIT_PER_EMAIL: "2" },
      deps: { startWorkers: false },
    });
    member = await createUser(ctx, { plan: "silver" });
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx.close());

  const scrape = async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("counts requests by route pattern, streams, the outbox, notify lag, the pool and rate-limit refusals", async () => {
    // The samples' route labels are the registered URL patterns, the subject here.
    const me = 'method="GET",route="/api/me",status_class="2xx"';
    const before = sample(await scrape(), "http_request_duration_seconds_count", me) ?? 0;
    for (let i = 0; i < 3; i++) await call(ctx, "GET /me", {}, as(member));
    const someId = randomUUID();
    const missing = await call(ctx, "GET /requests/:id", { params: { id: someId } }, as(member));
    expect(missing.statusCode).toBe(404);
    // An unknown path (in no endpoint table) is counted under the catch-all route.
    await ctx.app.inject({ method: "GET", url: `/api/nothing/${someId}` });
    // Reset requests for the member's address until refused (AUTH_RATE_LIMIT_PER_EMAIL).
    const resets = [];
    for (let i = 0; i < 3; i++) {
      resets.push(await call(ctx, "POST /auth/forgot-password", { body: { email: member.email } }));
    }
    expect(resets.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    // One event stream open.
    const controller = new AbortController();
    const stream = await fetch(`${base}${endpointUrl("GET /events")}`, {
      headers: { cookie: member.cookie },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    try {
      await expect.poll(async () => sample(await scrape(), "maison_event_streams_open")).toBe(1);
      const text = await scrape();

      expect(sample(text, "http_request_duration_seconds_count", me)).toBe(before + 3);
      expect(sample(text, "http_request_duration_seconds_sum", me)).toBeGreaterThan(0);
      expect(sample(text, "http_request_duration_seconds_bucket", `le="+Inf",${me}`)).toBe(before + 3);
      const byPattern = 'method="GET",route="/api/requests/:id",status_class="4xx"';
      expect(sample(text, "http_request_duration_seconds_count", byPattern)).toBe(1);
      expect(
        sample(text, "http_request_duration_seconds_count", 'method="GET",route="/api/*",status_class="4xx"'),
      ).toBe(1);
      expect(
        sample(
          text,
          "http_request_duration_seconds_count",
          'method="POST",route="/api/auth/forgot-password",status_class="4xx"',
        ),
      ).toBe(1);

      expect(sample(text, "maison_rate_limit_refusals_total", 'limit="reset-request"')).toBe(1);

      // Sign-up's verification email and the two reset emails wait in the outbox.
      expect(sample(text, "maison_outbox_messages", 'status="pending"')).toBeGreaterThanOrEqual(3);
      expect(sample(text, "maison_outbox_messages", 'status="failed"')).toBe(0);
      const age = sample(text, "maison_outbox_oldest_age_seconds", 'status="pending"') as number;
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(600);

      const lag = sample(text, "maison_notify_lag_seconds") as number;
      expect(lag).toBeGreaterThan(0);
      expect(lag).toBeLessThan(1);

      expect(sample(text, "maison_db_listener_connected")).toBe(1);
      expect(sample(text, "maison_db_pool_connections", 'state="total"')).toBeGreaterThanOrEqual(1);
      const max = sample(text, "maison_db_pool_max_connections") as number;
      expect(max).toBe(ctx.database.kind === "postgres" ? 5 : 1);
      if (ctx.database.kind === "postgres") {
        expect(sample(text, "maison_db_pool_connections", 'state="idle"')).toBeGreaterThanOrEqual(0);
        expect(sample(text, "maison_db_pool_waiting")).toBe(0);
      } else {
        // PGlite: one in-process connection, no pool or queue to report.
        expect(text).not.toContain("maison_db_pool_waiting");
        expect(text).not.toContain('maison_db_pool_connections{state="idle"}');
      }

      // prom-client's process metrics.
      expect(sample(text, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
      expect(text).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");

      // Nothing about anyone: no email, no id, no request id, no URL with an id in it.
      for (const secret of [member.email, member.id, someId, missing.headers["x-request-id"] as string]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      controller.abort();
    }
    await expect.poll(async () => sample(await scrape(), "maison_event_streams_open")).toBe(0);
  });
});
