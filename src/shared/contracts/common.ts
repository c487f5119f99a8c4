/**
 * Pieces every contract uses. A contract is the zod schema of a route's request and answer: the server
 * declares it on the route (so the serializer guarantees the shape and drops anything else), and the client
 * takes its types from it (`Wire<typeof schema>`: what travels as JSON). Nothing is declared twice.
 */
import { z } from "zod";

/** A moment: a Date on the server, an ISO 8601 string on the wire. */
export const timestamp = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (iso) => new Date(iso),
  encode: (date) => date.toISOString(),
});

export const okSchema = z.object({ ok: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });
/** What a created record answers: its id. */
export const createdIdSchema = z.object({ id: z.string() });

/** The JSON a client receives for a schema. */
export type Wire<T extends z.ZodType> = z.input<T>;
/** What a server route returns for a schema (before serialization). */
export type Served<T extends z.ZodType> = z.output<T>;

/**
 * Every error answer: `error` in the spec's English, and `key` (with `params`) that the client translates into
 * the member's language (decision 028; the keys are in src/shared/contracts/<domain>-texts.ts).
 */
export const errorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  key: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The request's id (also its X-Request-Id header and in every log line of it), for whoever investigates. */
  requestId: z.string(),
});

/**
 * A text the server writes for a person to read (not an error): next to its English, the key and values the
 * client translates (decision 028; src/shared/contracts/<domain>-texts.ts). Optional: older answers and raw values have none.
 */
export const keyedFields = {
  key: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

/** What a signed-in browser (or a device with push on) is, from its user agent. */
export const DEVICE_KINDS = ["desktop", "mobile", "tablet"] as const;
