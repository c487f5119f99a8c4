/**
 * Where the metrics are served (decision 024), never publicly:
 * - on the main port, `GET /metrics` answers only with `Authorization: Bearer <METRICS_TOKEN>` (compared in
 *   constant time: 401 without a bearer token, 403 with another), and is a 404 when no token is configured;
 * - with METRICS_PORT, a second listener bound to 127.0.0.1 serves `GET /metrics` with no token: only this
 *   machine (a Prometheus agent beside the app) can reach it.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { FastifyInstance } from "fastify";
import { ERROR_TEXTS } from "@/shared/contracts/common-texts";
import { PLATFORM_ERROR_TEXTS } from "@/shared/contracts/platform-texts";
import { errorBody } from "../http/errors";
import type { Metrics } from "./metrics";

export const METRICS_PATH = "/metrics";

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Registers `GET /metrics` on the main port: a 404 without METRICS_TOKEN, the token's check with one. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  // Equal-length digests: timingSafeEqual compares them in constant time whatever the caller sent.
  const expected = token ? digest(token) : null;
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!expected) return reply.status(404).send(errorBody(request, ERROR_TEXTS.notFound));
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send(errorBody(request, PLATFORM_ERROR_TEXTS.metricsTokenMissing, "unauthorized"));
    }
    if (!timingSafeEqual(digest(bearer), expected)) {
      return reply.status(403).send(errorBody(request, PLATFORM_ERROR_TEXTS.metricsTokenWrong, "forbidden"));
    }
    const text = await metrics.scrape();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

/** Serves the metrics on 127.0.0.1:`port` (0: any free port); resolves once listening. */
export async function listenForMetrics(metrics: Metrics, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (req.method !== "GET" || path !== METRICS_PATH) {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found\n");
      return;
    }
    metrics.scrape().then(
      (text) =>
        res.writeHead(200, { "content-type": metrics.registry.contentType, "cache-control": "no-store" }).end(text),
      () => res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end("Metrics could not be read\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return server;
}

/** Closes the metrics listener and its connections. */
export function closeMetricsListener(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
