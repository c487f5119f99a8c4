/**
 * Endpoints declared once (decision 016). A domain's contract module exports its endpoint table: each key is the
 * endpoint's method and path under /api ("GET /requests/:id"), each value says who may call it and the zod
 * schemas of its params, query, body and answer. The server registers its routes from the tables
 * (server/http/endpoints.ts), the client derives its calls from their types (client/lib/endpoints.ts), and the
 * authorization matrix and the malformed-input test enumerate them (contracts/index.ts).
 */
import type { z } from "zod";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/**
 * Who may call: anyone; any signed-in user; a member with an active membership (staff pass); staff and admins;
 * admins. What a caller may do with a record (their own request, a plan's feature) is decided further in, by the
 * policies module.
 */
export type Access = "public" | "user" | "member" | "staff" | "admin";

export interface Endpoint {
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body, unless `upload` or `rawBody` says otherwise. */
  body?: z.ZodType;
  /** The answer's schema: the serializer sends exactly its fields. Absent: the handler writes the answer (a file, a stream). */
  answer?: z.ZodType;
  /** Answered 201 Created (200 otherwise). */
  created?: true;
  /** The body is one multipart file (the handler reads it from the request). */
  upload?: true;
  /** The body is kept as raw bytes, unparsed (a signed webhook checks its signature on them). */
  rawBody?: true;
}

export type EndpointKey = `${Method} /${string}`;
export type EndpointTable = { readonly [key: EndpointKey]: Endpoint };

/** A domain's endpoint table, checked and kept literal. */
export const endpoints = <const T extends EndpointTable>(table: T): T => table;

/** An endpoint key's method and path ("GET", "/requests/:id"). */
export function splitKey(key: string): { method: Method; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

type Schema<E, K extends keyof Endpoint> = E extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends: `params` and `body` when the endpoint has them, `query` (optional) when it takes one. */
export type CallInput<E> = ([Schema<E, "params">] extends [never]
  ? { params?: never }
  : { params: z.input<Schema<E, "params">> }) &
  ([Schema<E, "query">] extends [never] ? { query?: never } : { query?: z.input<Schema<E, "query">> }) &
  ([Schema<E, "body">] extends [never] ? { body?: never } : { body: z.input<Schema<E, "body">> });

/** Whether a call needs an input at all. */
export type NeedsInput<E> = [Schema<E, "params"> | Schema<E, "body">] extends [never] ? false : true;

/** The answer as JSON on the wire (dates as ISO strings): what the client receives. */
export type WireAnswer<E> = [Schema<E, "answer">] extends [never] ? unknown : z.input<Schema<E, "answer">>;
/** The answer as the server's handler returns it (dates as Date). */
export type ServedAnswer<E> = [Schema<E, "answer">] extends [never] ? unknown : z.output<Schema<E, "answer">>;

/** Parsed inputs, as the server's handler receives them. */
export type Parsed<E, K extends "params" | "query" | "body"> = [Schema<E, K>] extends [never]
  ? undefined
  : z.output<Schema<E, K>>;

/** The path with its `:params` filled (each encoded) and the query string, under /api. */
export function endpointUrl(key: string, input: { params?: unknown; query?: unknown } = {}): string {
  const { path } = splitKey(key);
  const params = (input.params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return `/api${filled}${query ? `?${query}` : ""}`;
}
