/**
 * Request ids (decision 024): every request has one, in its X-Request-Id response header, in every log line of
 * that request (Fastify's per-request logger) and in every error answer (`requestId`). An incoming X-Request-Id
 * (a proxy's, a client's) is kept when it is a short, safe token; anything else is replaced by a random UUID,
 * so a caller can never put text of its choosing in the logs.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";
/** The log field carrying it (the same name as in error answers). */
export const REQUEST_ID_LOG_LABEL = "requestId";
/** 1 to 64 letters, digits, dots, dashes and underscores: a UUID, a proxy's hex id, a trace id. */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: its well-formed X-Request-Id, or a new UUID (Fastify's genReqId). */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}
