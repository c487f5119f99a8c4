/**
 * The library's own HTTP endpoints that we use (sign-out and two-factor, LIBRARY_PATHS) under /api/auth/*.
 * Anything else under /api/auth/ that no route of ours answers is the API's JSON 404.
 */
import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db";
import type { ErrorBody } from "../http/errors";
import { publishSessionChanged } from "../realtime/events";
import type { Auth } from "./auth";
import { CLIENT_IP_HEADER, LIBRARY_PATHS } from "./auth";

export const authHandlerRoutes =
  (deps: { auth: Auth; appUrl: string; db: Database }): FastifyPluginAsync =>
  async (fastify) => {
    fastify.route({
      method: ["GET", "POST"],
      url: "/auth/*",
      async handler(request, reply) {
        const path = request.url.slice("/api/auth".length).split("?")[0];
        if (request.method !== "POST" || !(LIBRARY_PATHS as readonly string[]).includes(path)) {
          return reply.status(404).send({ error: "Not found" } satisfies ErrorBody);
        }
        const viewer = path === "/sign-out" ? await request.viewer() : null;
        const headers = new Headers();
        for (const [key, value] of Object.entries(request.headers)) {
          if (value === undefined || key === CLIENT_IP_HEADER) continue;
          for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
        }
        headers.set(CLIENT_IP_HEADER, request.ip);
        const response = await deps.auth.handler(
          new Request(new URL(request.url, deps.appUrl), {
            method: "POST",
            headers,
            body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
          }),
        );
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (!["set-cookie", "content-length", "content-encoding"].includes(key.toLowerCase()))
            reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header("set-cookie", cookies);
        const text = await response.text();
        if (response.status >= 400) {
          // One error shape for the whole API: { error, code }.
          let body: { message?: string; code?: string } = {};
          try {
            body = JSON.parse(text);
          } catch {}
          return reply.type("application/json").send({ error: body.message ?? "An error occurred", code: body.code });
        }
        // The signed-out session's open event streams close (on every instance).
        if (viewer) await publishSessionChanged(deps.db, viewer.userId);
        return reply.type("application/json").send(text || "null");
      },
    });
  };
