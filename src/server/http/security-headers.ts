/**
 * The security headers of every answer (helmet): the content security policy and the rest. helmet's middleware
 * is built once and sets them on the raw response, so a stream that writes its own head (GET /api/events) has
 * them too. (@fastify/helmet built the middleware again on every request, parsing the policy each time: 4 % of
 * the server's CPU on the realtime write path, decision 012.)
 *
 * An event stream (GET /api/events) writes its head with `securityHeaderPairs()` instead: headers set on a raw
 * response stay in Node's header store for as long as the response lives, 2 KB a stream (decision 044); its
 * other answers (a refusal, an error) get them as every answer does, when they are sent.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/** The path whose stream writes its own head (GET /api/events). */
const STREAM_PATH = "/api/events";
const isStream = (url: string) => url === STREAM_PATH || url.startsWith(`${STREAM_PATH}?`);

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

export function securityHeaders(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    if (isStream(request.url)) return done();
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error));
  });
  // The stream's answers other than the stream itself (which is hijacked: no onSend).
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!isStream(request.url)) return done(null, payload);
    apply(request.raw, reply.raw, (error?: unknown) => (error ? done(error as Error) : done(null, payload)));
  });
}

let pairs: string[] | undefined;
/** The security headers as a raw header list (name, value, name, value…) for `writeHead`: made once. */
export function securityHeaderPairs(): readonly string[] {
  if (!pairs) {
    const headers = new Map<string, string>();
    const collector = {
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    };
    // helmet only sets and removes headers, synchronously.
    apply({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
    pairs = [...headers].flat();
  }
  return pairs;
}
