/**
 * Endpoints are declared once (decision 016): the app registers exactly the endpoints of the tables in
 * src/shared/contracts/index.ts, each with its table's schemas, and nothing else under /api but the JSON 404.
 */
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { ALL_ENDPOINTS } from "@/shared/contracts";
import { splitKey } from "@/shared/contracts/endpoint";

let ctx: TestContext;
const registered: RouteOptions[] = [];
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false, onRoute: (route) => registered.push(route) } });
});
afterAll(() => ctx.close());

/** "METHOD /path" under /api, as the tables say it; HEAD routes Fastify adds for GET are left out. */
const apiRoutes = () =>
  registered.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== "HEAD")
      .map((method) => ({ key: `${method} ${route.url.replace(/^\/api/, "")}`, route })),
  );

describe("endpoint tables", () => {
  it("registers every endpoint of every table, and no other API route", () => {
    const declared = ALL_ENDPOINTS.map(([key]) => key).sort();
    const served = apiRoutes()
      // The served routes' own URLs: their /api prefix is what this filter reads.
      .filter(({ route }) => route.url.startsWith("/api/") && route.url !== "/api/*")
      .map(({ key }) => key)
      .sort();
    expect(new Set(declared).size, "a key declared twice").toBe(declared.length);
    expect(served).toEqual(declared);
  });

  it("registers each endpoint with its table's schemas", () => {
    const byKey = new Map(apiRoutes().map(({ key, route }) => [key, route]));
    for (const [key, endpoint] of ALL_ENDPOINTS) {
      const schema = byKey.get(key)?.schema as Record<string, unknown> | undefined;
      expect(schema?.params, key).toBe(endpoint.params);
      expect(schema?.querystring, key).toBe(endpoint.query);
      if (!endpoint.upload && !endpoint.rawBody) expect(schema?.body, key).toBe(endpoint.body);
      const status = endpoint.created ? 201 : 200;
      expect((schema?.response as Record<number, unknown> | undefined)?.[status], key).toBe(endpoint.answer);
      expect(splitKey(key).path.startsWith("/"), key).toBe(true);
    }
  });
});
