/**
 * JSON request bodies, bounded in size (Fastify's bodyLimit) and in depth: a body nested more than
 * MAX_JSON_DEPTH levels is refused with a 400 before it is parsed, so nothing that walks a value recursively
 * (a JSON.stringify, a validator, a library) can overflow the stack on it.
 */
import type { FastifyInstance } from "fastify";
import { ERROR_TEXTS } from "@/shared/contracts/common-texts";
import { fill, withValues } from "@/shared/texts";
import { HttpError } from "./errors";

/** Our bodies and the library's are a few levels deep; this leaves room and still bounds every walk. */
export const MAX_JSON_DEPTH = 32;
export const JSON_TOO_DEEP_TEXT = withValues(ERROR_TEXTS.jsonTooDeep, { depth: MAX_JSON_DEPTH });
export const JSON_TOO_DEEP = fill(JSON_TOO_DEEP_TEXT.message, JSON_TOO_DEEP_TEXT.values);

/** Whether JSON text opens more than `max` arrays or objects inside each other (strings are skipped). */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * Replaces the application/json parser of `app` (and of every scope registered after, unless a scope sets its
 * own, as the Stripe webhook does for its raw bytes): depth first, then Fastify's own parser, which also refuses
 * __proto__ and constructor.prototype keys.
 */
export function boundJsonBodies(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new HttpError(400, JSON_TOO_DEEP_TEXT, "invalid_input"), undefined);
    }
    parse(request, text, done);
  });
}
