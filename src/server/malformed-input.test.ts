/**
 * Malformed input, generated: every API endpoint that takes input (a body, path parameters, a query, an upload
 * or a raw signed body) gets hundreds of bad requests (wrong types, missing and extra fields, huge and unicode
 * strings, NUL, bidirectional controls, lone surrogates, negative and huge numbers, broken JSON), signed in and
 * not. None may answer 5xx, and none may change a table. The endpoints come from the endpoint tables
 * (src/shared/contracts/index.ts), so a new one joins this test the moment it is declared.
 */

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { createRequest } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ALL_ENDPOINTS } from "@/shared/contracts";
import { splitKey } from "@/shared/contracts/endpoint";
import { JSON_TOO_DEEP, MAX_JSON_DEPTH } from "./http/json-body";

interface InputRoute {
  method: string;
  url: string;
  body?: ZodType;
  params?: ZodType;
  query?: ZodType;
  /** The endpoint reads a multipart upload: the malformed uploads below go to it. */
  upload?: boolean;
}

/** Every endpoint that reads input; a raw body (the signed webhook) is fuzzed with no schema to filter by. */
const routes: InputRoute[] = ALL_ENDPOINTS.filter(
  ([, e]) => e.body || e.params || e.query || e.upload || e.rawBody,
).map(([key, e]) => {
  const { method, path } = splitKey(key);
  return { method, url: `/api${path}`, body: e.body, params: e.params, query: e.query, upload: Boolean(e.upload) };
});

/** Tables whose rows may change on a refused request: attempt counters are the point of a rate limit. */
const COUNTERS = new Set([
  "rate_limits",
  // Staff presence (decision 051): any signed-in staff request is activity, refused or not.
  "presence",
]);
const RUNS_PER_ROUTE = 30;

let ctx: TestContext;
let member: TestUser;
let sent = 0;

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  // An admin with a membership passes every access check, so the input itself is what is tested.
  member = await createUser(ctx, { role: "admin", plan: "black" });
});
afterAll(() => ctx.close());

/** A fingerprint of every table's rows, in one query (it runs after every route's runs). */
let fingerprintQuery: string | null = null;
async function fingerprint(): Promise<Record<string, string>> {
  if (!fingerprintQuery) {
    const result = await ctx.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    fingerprintQuery = rowsOf<{ table_name: string }>(result)
      .map((r) => r.table_name)
      .filter((t) => !COUNTERS.has(t))
      .sort()
      .map(
        (table) => `select '${table}' as t,
          (select count(*)::text || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') from "${table}" r) as f`,
      )
      .join(" union all ");
  }
  const rows = rowsOf<{ t: string; f: string }>(await ctx.database.db.execute(sql.raw(fingerprintQuery)));
  return Object.fromEntries(rows.map((row) => [row.t, row.f]));
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

const hugeString = "x".repeat(100_000);
const badValue = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer({ min: -1e12, max: 1e12 }),
  fc.constantFrom(-1, 0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom("\u0000", "a\u0000b", "\u202e\u200b", "😀".repeat(50), "<script>", "' or 1=1 --", hugeString),
  // Bidirectional controls and lone surrogates (issue 19, item 9).
  fc.constantFrom("Ana \u202eausoS", "a\u2066b\u2069", "\u200f", "x\ud800", "\udfffx", "\ud83d"),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** The field names a body schema knows, to send them with bad values, missing or among extra fields. */
function keysOf(schema: ZodType | undefined): string[] {
  let current = schema as { def?: { innerType?: unknown; type?: string }; shape?: Record<string, unknown> } | undefined;
  for (let depth = 0; current && !current.shape && current.def?.innerType && depth < 5; depth++) {
    current = current.def.innerType as typeof current;
  }
  return current?.shape ? Object.keys(current.shape) : ["email", "password", "name", "code", "token"];
}

function badBody(schema: ZodType | undefined) {
  const keys = keysOf(schema);
  const fields = fc.record(Object.fromEntries(keys.map((k) => [k, badValue])), { requiredKeys: [] });
  const body = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fields,
    fc
      .tuple(fields, fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }))
      .map(([known, extra]) => ({ ...extra, ...known })),
  );
  // Only input the route must refuse: a valid body may do what it says.
  return schema ? body.filter((value) => !schema.safeParse(value).success) : body;
}

const brokenJson = fc.constantFrom('{"email":', "{", "nul", "[1,", '"\\u0000', '{"a":1}}', "\u0000", "{'a':1}");
const badParam = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("\u0000", "..%2F..%2Fetc%2Fpasswd", "-1", "9".repeat(400), "' or 1=1 --", "😀"),
);
/**
 * Bad query strings: common names and the route's own. Its own names matter: a query schema whose fields are all
 * optional accepts any other name (it drops it), and the filter below would then wait forever for a refusal.
 */
const badQuery = (schema: ZodType | undefined) =>
  fc.dictionary(
    fc.constantFrom(
      ...new Set(["token", "page", "id", "status", "q", "limit", "__proto__", ...(schema ? keysOf(schema) : [])]),
    ),
    fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("\u0000", "-1", "1e309", hugeString.slice(0, 5000))),
    { maxKeys: 3 },
  );

function pathWith(url: string, param: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(param));
}

/** Only what the route's schema refuses: a valid part may do what it says. */
const refusedBy = <T>(schema: ZodType | undefined, arbitrary: fc.Arbitrary<T>, wrap: (v: T) => unknown = (v) => v) =>
  schema ? arbitrary.filter((value) => !schema.safeParse(wrap(value)).success) : arbitrary;

function requestFor(route: InputRoute) {
  const paramName = /:([A-Za-z]+)/.exec(route.url)?.[1] ?? "id";
  return fc.record({
    signedIn: fc.boolean(),
    param: refusedBy(route.params, badParam, (v) => ({ [paramName]: v })),
    query: refusedBy(route.query, badQuery(route.query)),
    body: fc.oneof(
      { weight: 4, arbitrary: badBody(route.body).map((value) => ({ kind: "json" as const, value })) },
      { weight: 1, arbitrary: brokenJson.map((value) => ({ kind: "raw" as const, value })) },
    ),
  });
}

describe("malformed input", () => {
  it("finds the routes that take input", () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });

  it("answers every bad request with a 4xx and changes no table", async () => {
    const before = await fingerprint();
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (input) => {
          const hasBody = !["GET", "DELETE"].includes(route.method) || Boolean(route.body);
          const query = new URLSearchParams(input.query as Record<string, string>).toString();
          const url = `${pathWith(route.url, input.param)}${query ? `?${query}` : ""}`;
          const res = await ctx.app.inject({
            method: route.method as "POST",
            url,
            headers: {
              ...as(input.signedIn ? member : null),
              ...(hasBody ? { "content-type": "application/json" } : {}),
            },
            payload: hasBody
              ? input.body.kind === "raw"
                ? input.body.value
                : JSON.stringify(input.body.value)
              : undefined,
          });
          sent++;
          expect(res.statusCode, `${route.method} ${url} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
          expect(res.statusCode, `${route.method} ${url} -> ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      expect(await fingerprint(), `${route.method} ${route.url} changed a table`).toEqual(before);
    }
    expect(sent).toBeGreaterThanOrEqual(300);
  }, 120_000); // hundreds of requests through the whole app: minutes on a loaded CI machine, not a hang
});

// Deeply nested JSON (issue 19): every route that reads a JSON body refuses more than MAX_JSON_DEPTH levels
// before anything walks the value (5,000 nested arrays once overflowed the stack in the auth passthrough).
const DEEP = 5_000;
/** `depth` nested arrays or objects (or both, alternating), optionally inside one of the route's fields. */
function nested(depth: number, shape: "array" | "object" | "mixed", field?: string): string {
  const opens: string[] = [];
  for (let level = 0; level < depth; level++) {
    const array = shape === "array" || (shape === "mixed" && level % 2 === 0);
    opens.push(array ? "[" : '{"a":');
  }
  const closes = opens.map((open) => (open === "[" ? "]" : "}")).reverse();
  const value = `${opens.join("")}1${closes.join("")}`;
  return field ? `{${JSON.stringify(field)}:${value}}` : value;
}
const deepJson = (keys: string[]) =>
  fc
    .record({
      depth: fc.oneof(fc.constant(DEEP), fc.integer({ min: MAX_JSON_DEPTH + 1, max: DEEP })),
      shape: fc.constantFrom("array" as const, "object" as const, "mixed" as const),
      field: fc.option(fc.constantFrom(...keys), { nil: undefined }),
    })
    .map(({ depth, shape, field }) => nested(depth, shape, field));

describe("deeply nested JSON", () => {
  /** Every endpoint that may read a JSON body (all but GETs, uploads and the raw signed webhook). */
  const bodyRoutes = (): InputRoute[] =>
    ALL_ENDPOINTS.filter(([key, e]) => splitKey(key).method !== "GET" && !e.upload && !e.rawBody).map(([key, e]) => ({
      method: splitKey(key).method,
      url: `/api${splitKey(key).path}`,
      body: e.body,
    }));

  it(`refuses a body nested deeper than ${MAX_JSON_DEPTH} levels on every route with a 400, and changes nothing`, async () => {
    const before = await fingerprint();
    for (const route of bodyRoutes()) {
      const url = pathWith(route.url, "00000000-0000-4000-8000-000000000000");
      await fc.assert(
        fc.asyncProperty(deepJson(keysOf(route.body)), fc.boolean(), async (payload, signedIn) => {
          const res = await ctx.app.inject({
            method: route.method as "POST",
            url,
            headers: { ...as(signedIn ? member : null), "content-type": "application/json" },
            payload,
          });
          expect(res.statusCode, `${route.method} ${url} -> ${res.body.slice(0, 300)}`).toBe(400);
          expect(res.json()).toMatchObject({ error: JSON_TOO_DEEP, code: "invalid_input", key: "error.json_too_deep" });
        }),
        { numRuns: 4 },
      );
    }
    expect(await fingerprint()).toEqual(before);
    // The member is still signed in: the sign-out above never reached the library.
    expect((await call(ctx, "GET /me", {}, as(member))).statusCode).toBe(200);
  });

  it("names the three library paths that once answered 500", async () => {
    // The auth library's own paths (not in the endpoint tables): these URLs are the test's subject.
    for (const url of ["/api/auth/sign-out", "/api/auth/two-factor/verify-totp", "/api/auth/two-factor/enable"]) {
      for (const shape of ["array", "object"] as const) {
        const res = await ctx.app.inject({
          method: "POST",
          url,
          headers: { ...as(member), "content-type": "application/json" },
          payload: nested(DEEP, shape),
        });
        expect(res.statusCode, `${url} ${shape}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ error: JSON_TOO_DEEP, code: "invalid_input", key: "error.json_too_deep" });
      }
    }
  });

  it(`still reads a body at the limit (${MAX_JSON_DEPTH} levels), and braces inside strings do not count`, async () => {
    // The auth library's own path (not in the endpoint tables): the URL is the test's subject, here and below.
    const atLimit = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: { "content-type": "application/json" },
      payload: nested(MAX_JSON_DEPTH, "mixed"),
    });
    expect(atLimit.json().error).not.toBe(JSON_TOO_DEEP);
    const inString = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/two-factor/verify-totp",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ code: `"\\${"[{".repeat(DEEP)}` }),
    });
    expect(inString.json().error).not.toBe(JSON_TOO_DEEP);
  });
});

/**
 * Malformed uploads: every route that reads a multipart upload gets, from the member who may upload there,
 * empty bodies and files, two files, a body that is not multipart, and a valid upload cut short at any byte
 * before its closing delimiter. Each must answer 4xx at once and change no table.
 */
describe("malformed uploads", () => {
  const boundary = "maisonUploadBoundary";
  /** A real 1x1 PNG, so that only the shape of the upload is wrong. */
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201ffa9a8f5d30000000049454e44ae426082",
    "hex",
  );
  const part = (content: Buffer, name = "photo.png") =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from("\r\n"),
    ]);
  const closing = Buffer.from(`--${boundary}--\r\n`);
  const whole = Buffer.concat([part(png), closing]);
  const multipart = `multipart/form-data; boundary=${boundary}`;
  const shapes = fc.constantFrom(
    { what: "an empty body", type: multipart, body: Buffer.alloc(0) },
    { what: "no parts", type: multipart, body: closing },
    { what: "an empty file", type: multipart, body: Buffer.concat([part(Buffer.alloc(0)), closing]) },
    { what: "two files", type: multipart, body: Buffer.concat([part(png), part(png, "b.png"), closing]) },
    { what: "no boundary", type: "multipart/form-data", body: whole },
    { what: "JSON", type: "application/json", body: Buffer.from('{"file":"photo.png"}') },
  );
  // Cut anywhere before the closing delimiter begins: never a whole upload.
  const cut = fc
    .integer({ min: 0, max: whole.length - closing.length })
    .map((length) => ({ what: `cut at byte ${length}`, type: multipart, body: whole.subarray(0, length) }));
  let owner: TestUser;
  let requestId: string;

  beforeAll(async () => {
    owner = await createUser(ctx, { plan: "gold" });
    requestId = await createRequest(ctx, owner, { title: "A painting", category: "Other", budget_eur: 900 });
  });

  it("answers every empty or truncated upload with a 4xx at once and changes no table", async () => {
    const uploads = routes.filter((route) => route.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(1);
    const before = await fingerprint();
    for (const route of uploads) {
      const url = route.url.replace(/:[A-Za-z]+/g, requestId);
      await fc.assert(
        fc.asyncProperty(fc.oneof(shapes, cut), async (upload) => {
          let timer: NodeJS.Timeout | undefined;
          const res = await Promise.race([
            ctx.app.inject({
              method: route.method as "POST",
              url,
              headers: { ...as(owner), "content-type": upload.type },
              payload: upload.body,
            }),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error(`${upload.what}: no answer within 5 s`)), 5000);
            }),
          ]).finally(() => clearTimeout(timer));
          expect(res.statusCode, `${route.method} ${url}, ${upload.what} -> ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${route.method} ${url}, ${upload.what} -> ${res.body}`).toBeLessThan(500);
        }),
        // A hang is the failure to report, not to shrink (each try would wait out its timeout).
        { numRuns: 60, endOnFailure: true },
      );
      expect(await fingerprint(), `${route.method} ${route.url} changed a table`).toEqual(before);
    }
  });
});
