import type { FastifyRequest } from "fastify";
import type { errorSchema, Wire } from "@/shared/contracts/common";
import { ERROR_TEXTS, VALIDATION_TEXTS } from "@/shared/contracts/common-texts";
import { fill, type Keyed, keyOf, withValues } from "@/shared/texts";
// Every domain's texts, so keyOf knows any refusal's English.
import "@/shared/contracts/all-texts";

/**
 * A refusal's text: a keyed text (src/shared/contracts/<domain>-texts.ts), or its English, which must be one (keyOf). Every error
 * answer carries the spec's English in `error` and the key (with its values) the client translates (decision 028).
 */
export type ErrorText = Keyed | string;

/** The keyed text of an error's English: outside production, an English with no key is a bug, found by tests. */
function keyedText(text: ErrorText): Keyed {
  if (typeof text !== "string") return text;
  const found = keyOf(text);
  if (found) return found;
  if (process.env.NODE_ENV !== "production") {
    throw new Error(
      `The error text "${text}" has no key: add it to its domain's src/shared/contracts/<domain>-texts.ts (decision 028).`,
    );
  }
  return external(text);
}

/** A text from the payment provider or the auth library, passed on as it is (its key says so). */
export const external = (detail: string): Keyed => withValues(ERROR_TEXTS.external, { detail });

/** Errors a route throws to answer with a 4xx and the message the person should read. */
export class HttpError extends Error {
  readonly text: Keyed;
  constructor(
    readonly statusCode: number,
    text: ErrorText,
    readonly code?: string,
    /** Extra response headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    const keyed = keyedText(text);
    super(fill(keyed.message, keyed.values));
    this.text = keyed;
  }
}

export const badRequest = (text: ErrorText, code?: string) => new HttpError(400, text, code);
export const unauthorized = (text: ErrorText = ERROR_TEXTS.signInRequired) => new HttpError(401, text, "unauthorized");
export const forbidden = (text: ErrorText, code = "forbidden") => new HttpError(403, text, code);
export const notFound = (text: ErrorText) => new HttpError(404, text, "not_found");
export const conflict = (text: ErrorText, code?: string) => new HttpError(409, text, code);

/** The body of every error answer: the client shows `error`, or the translation of `key` with `params`. */
export type ErrorBody = Wire<typeof errorSchema>;

/**
 * An error answer for `request` from a keyed text: the English in `error`, the key (with its values) for the
 * client to translate, and the request's id (decisions 024 and 028).
 */
export function errorBody(request: Pick<FastifyRequest, "id">, text: Keyed, code?: string): ErrorBody {
  return {
    error: fill(text.message, text.values),
    ...(code ? { code } : {}),
    key: text.id,
    ...(text.values ? { params: text.values } : {}),
    requestId: request.id,
  };
}

/** A validation message: ours are keyed; the schema library's own words travel under a generic key. */
export function validationBody(request: Pick<FastifyRequest, "id">, message: string): ErrorBody {
  const keyed = keyOf(message) ?? { ...VALIDATION_TEXTS.invalidInput, message };
  return { ...errorBody(request, keyed, "invalid_input"), error: message };
}
