/**
 * Request ids (decision 024): one per request, in the X-Request-Id response header, in every error answer's
 * `requestId` and in every log line of the request; an incoming X-Request-Id is kept only when it is a short,
 * safe token.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { endpointUrl } from "@/shared/contracts/endpoint";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let ctx: TestContext;
let member: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_EMAIL: "1" }, deps: { startWorkers: false } });
  member = await createUser(ctx);
});
afterAll(() => ctx.close());

describe("request ids", () => {
  it("gives every request its own id, in the X-Request-Id header", async () => {
    const ids = new Set<string>();
    // A page and an unknown API path (not in the endpoint tables) get one too.
    const health = endpointUrl("GET /health");
    for (const url of [health, health, endpointUrl("GET /me"), "/", "/api/nothing"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.headers["x-request-id"], url).toMatch(UUID);
      ids.add(res.headers["x-request-id"] as string);
    }
    expect(ids.size).toBe(5);
  });

  it("keeps a well-formed incoming X-Request-Id, and replaces anything else", async () => {
    for (const kept of ["abc-123_DEF.9", "0af7651916cd43dd8448eb211c80319c", "a", "x".repeat(64)]) {
      const res = await call(ctx, "GET /health", {}, { "x-request-id": kept });
      expect(res.headers["x-request-id"]).toBe(kept);
    }
    for (const refused of ["", "x".repeat(65), "has space", "<script>", "a/b", "ç", "a\tb", "id=1;drop", "a,b"]) {
      const res = await call(ctx, "GET /health", {}, { "x-request-id": refused });
      expect(res.headers["x-request-id"], JSON.stringify(refused)).toMatch(UUID);
    }
    // Sent twice: not one safe token.
    const twice = await call(ctx, "GET /health", {}, { "x-request-id": ["one", "two"] as unknown as string });
    expect(twice.headers["x-request-id"]).toMatch(UUID);
  });

  it("names the request in every error answer: 400, 401, 403, 404, 429 and 500", async () => {
    type Sent = Pick<LightMyRequestResponse, "statusCode" | "headers"> & { json(): unknown };
    const cases: Array<[string, () => Promise<Sent>]> = [
      // Unknown paths are not in the endpoint tables: the URL itself is the subject.
      ["unknown API path", () => ctx.app.inject({ method: "GET", url: "/api/nothing/here" })],
      ["unknown API path, POST", () => ctx.app.inject({ method: "POST", url: "/api/nothing", payload: {} })],
      ["cross-site", () => call(ctx, "POST /auth/sign-out", {}, { origin: "https://evil.example" })],
      ["validation", () => call(ctx, "POST /auth/sign-in", { body: { email: "nope", password: "" } })],
      [
        "malformed JSON",
        () => call(ctx, "POST /auth/sign-in", unchecked({ body: "{" }), { "content-type": "application/json" }),
      ],
      ["not signed in", () => call(ctx, "GET /dashboard")],
      ["not found", () => call(ctx, "GET /requests/:id", { params: { id: crypto.randomUUID() } }, as(member))],
    ];
    for (const [what, send] of cases) {
      const res = await send();
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.json(), what).toMatchObject({ error: expect.any(String), requestId: res.headers["x-request-id"] });
      expect(res.headers["x-request-id"], what).toMatch(UUID);
    }

    // A 429, with the caller's own id.
    const reset = () =>
      call(
        ctx,
        "POST /auth/forgot-password",
        { body: { email: member.email } },
        { "x-request-id": "support-ticket-42" },
      );
    await reset();
    const limited = await reset();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "rate_limited", requestId: "support-ticket-42" });
    expect(limited.headers["x-request-id"]).toBe("support-ticket-42");
  });

  it("carries the id in every log line of the request, and in a 500's answer", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const broken = await createTestApp({
      deps: {
        startWorkers: false,
        logger: { level: "info", stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      },
    });
    await broken.database.close();
    try {
      const res = await call(
        broken,
        "POST /auth/sign-up",
        { body: { name: "Ana", email: "ana@example.com", phone: "+351912345678", password: "correct-horse" } },
        { "x-request-id": "trace-me-1" },
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        error: "Something went wrong. Please try again.",
        key: "error.unexpected",
        requestId: "trace-me-1",
      });
      const mine = lines.filter((line) => line.requestId === "trace-me-1");
      expect(mine.map((line) => line.msg)).toEqual(
        expect.arrayContaining(["incoming request", "unhandled error", "request completed"]),
      );
      // Every line about a request says which.
      for (const line of lines.filter((l) => l.req || l.res || l.err))
        expect(line.requestId, line.msg as string).toBeTruthy();
    } finally {
      await broken.app.close().catch(() => {});
    }
  });
});
