/**
 * The README's "Adding an endpoint", followed for a fixture domain in every run, so the steps cannot go stale: the
 * entry in an endpoint table, its handler through `serve()`, a typed call, and the access its entry declares held
 * for every kind of caller, as the authorization matrix holds the app's.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type TestContext, testConfig } from "#tests/helpers/app";
import { clientOf } from "#tests/helpers/call";
import { createTestDatabase } from "#tests/helpers/database";
import { testPasswordHasher } from "#tests/helpers/password";
import { as, createUser } from "#tests/helpers/users";
import { endpoints } from "@/shared/contracts/endpoint";
import { buildApp } from "../app";
import { serve } from "./endpoints";

// 1. The entry in the domain's table (src/shared/contracts/<domain>.ts).
const noteParams = z.object({ id: z.uuid("Note not found") });
const fixtureApi = endpoints({
  "POST /fixture/notes/:id/reopen": {
    access: "member",
    params: noteParams,
    answer: z.object({ id: z.string(), reopenedBy: z.string() }),
  },
});

// 2. Its handler, typed from the entry (src/server/features/<domain>/routes.ts).
const fixtureRoutes = serve(fixtureApi, {
  "POST /fixture/notes/:id/reopen": async ({ viewer, params }) => ({ id: params.id, reopenedBy: viewer.userId }),
});

// 3. Its call, typed from the same entry.
const call = clientOf<typeof fixtureApi>();

let ctx: TestContext;
beforeAll(async () => {
  const database = await createTestDatabase();
  const config = testConfig();
  const app = await buildApp({ config, database, clientDir: null, passwordHasher: testPasswordHasher });
  await app.register(fixtureRoutes, { prefix: "/api" });
  await app.ready();
  ctx = { app, database, config, close: async () => {} };
});
afterAll(async () => {
  await ctx.app.close();
  await ctx.database.close();
});

describe("adding an endpoint, as the README says", () => {
  it("the README names the steps this test follows", () => {
    const readme = readFileSync("README.md", "utf8");
    const section = readme.slice(readme.indexOf("### Adding an endpoint"));
    for (const step of [
      "src/shared/contracts/",
      "src/server/features/",
      "routes.ts",
      ".call(",
      "authorization.test.ts",
    ])
      expect(section).toContain(step);
  });

  it("serves the entry with its params checked, its answer typed and its access held", async () => {
    const id = "3f1c5a2e-9b7d-4c1e-8a2f-0d6b4e8c1a57";
    const member = await createUser(ctx, { plan: "silver" });
    const staff = await createUser(ctx, { role: "staff" });
    const withoutPlan = await createUser(ctx);

    const ok = await call(ctx, "POST /fixture/notes/:id/reopen", { params: { id } }, as(member));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id, reopenedBy: member.id });
    expect((await call(ctx, "POST /fixture/notes/:id/reopen", { params: { id } }, as(staff))).statusCode).toBe(200);

    const bad = await call(ctx, "POST /fixture/notes/:id/reopen", { params: { id: "nope" } }, as(member));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Note not found");

    expect((await call(ctx, "POST /fixture/notes/:id/reopen", { params: { id } })).statusCode).toBe(401);
    expect((await call(ctx, "POST /fixture/notes/:id/reopen", { params: { id } }, as(withoutPlan))).statusCode).toBe(
      403,
    );
  });
});
