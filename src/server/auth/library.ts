/**
 * The auth library's own endpoints that we use (LIBRARY_PATHS: sign-out and two-factor), called from our routes
 * (the account domain's table declares them, with their bodies) rather than exposed: every other library
 * endpoint stays closed, and /api/auth/* paths we do not declare are the API's JSON 404.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors";
import { type Auth, LIBRARY_PATHS, libraryHeaders } from "./auth";
import { libraryText } from "./errors";

export type LibraryPath = (typeof LIBRARY_PATHS)[number];

/**
 * Calls the library's endpoint at `path` with the body our schema parsed, as the caller (their cookies and
 * address): the cookies it sets go on `reply`, a refusal is thrown as the API's error ({ error, code }), and its
 * JSON answer is returned.
 */
export async function callLibrary(
  deps: { auth: Auth; appUrl: string },
  path: LibraryPath,
  call: { request: FastifyRequest; reply: FastifyReply; body?: unknown },
): Promise<unknown> {
  const headers = libraryHeaders(call.request);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  const response = await deps.auth.handler(
    new Request(new URL(`/api/auth${path}`, deps.appUrl), {
      method: "POST",
      headers,
      body: JSON.stringify(call.body ?? {}),
    }),
  );
  const cookies = response.headers.getSetCookie();
  if (cookies.length) call.reply.header("set-cookie", cookies);
  const text = await response.text();
  let json: { message?: string; code?: string } | null = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  if (response.status >= 400) {
    // The library's rate limit says when to try again in its own header.
    const retryAfter = response.headers.get("x-retry-after") ?? response.headers.get("retry-after");
    throw new HttpError(
      response.status,
      libraryText(json?.code, json?.message),
      json?.code,
      retryAfter ? { "retry-after": retryAfter } : undefined,
    );
  }
  return json;
}

export { LIBRARY_PATHS };
