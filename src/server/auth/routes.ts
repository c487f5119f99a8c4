/** better-auth's own HTTP endpoints (sign-out, session, two-factor) under /api/auth/*. */
import type { FastifyPluginAsync } from "fastify";
import type { App } from "../app";

export const authHandlerRoutes: FastifyPluginAsync = async (fastify) => {
  const { services, deps } = fastify as unknown as App;
  fastify.route({
    method: ["GET", "POST"],
    url: "/auth/*",
    async handler(request, reply) {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
      }
      const response = await services.auth.handler(
        new Request(new URL(request.url, deps.config.APP_URL), {
          method: request.method,
          headers,
          body: request.method === "POST" && request.body !== undefined ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      for (const [key, value] of response.headers) {
        if (!["set-cookie", "content-length", "content-encoding"].includes(key.toLowerCase())) reply.header(key, value);
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
        return reply.send({ error: body.message ?? "An error occurred", code: body.code });
      }
      return reply.send(text || null);
    },
  });
};
