/**
 * The security headers of every answer (helmet): the content security policy and the rest. helmet's middleware
 * is built once and sets them on the raw response, so a stream that writes its own head (GET /api/events) has
 * them too. (@fastify/helmet built the middleware again on every request, parsing the policy each time: 4 % of
 * the server's CPU on the realtime write path, decision 012.)
 */
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export function securityHeaders(app: FastifyInstance) {
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", "data:", "blob:"],
        // The installable app (decision 029): its manifest and service worker, from this origin only.
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        workerSrc: ["'self'"],
      },
    },
    // Stripe checkout and the billing portal open in new tabs; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error)),
  );
}
