/**
 * buildApp(deps): the whole HTTP application. main.ts listens with it; tests use it as it is through inject().
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { ERROR_TEXTS, VALIDATION_TEXTS } from "@/shared/contracts/common-texts";
import { DEFAULT_LOCALE, LOCALES, type Locale, negotiateLocale } from "@/shared/locales";
import { createAuth, type PasswordHasher } from "./auth/auth";
import { installViewer } from "./auth/viewer";
import type { Config } from "./config";
import type { AppContext, Domains } from "./context";
import type { DatabaseHandle } from "./db";
import { isDatabaseUnavailable } from "./db/errors";
import { createWrite } from "./db/write";
import { makeAccountQaPort } from "./features/account/make-port";
import { accountRoutes } from "./features/account/routes";
import { auditAdminRoutes } from "./features/audit/admin-routes";
import { billingAdminRoutes } from "./features/billing/admin-routes";
import { makeBillingPort } from "./features/billing/make-port";
import { billingRoutes } from "./features/billing/routes";
import { conciergeAdminRoutes } from "./features/concierge/admin-routes";
import { makeConciergePort, makeConciergeQaPort } from "./features/concierge/make-port";
import { conciergeRoutes } from "./features/concierge/routes";
import { inboxAdminRoutes } from "./features/inbox/admin-routes";
import { notificationsAdminRoutes } from "./features/notifications/admin-routes";
import { createNoticeEngine } from "./features/notifications/engine";
import { makeNotificationsPort } from "./features/notifications/make-port";
import { createPushSender, vapidKeysOf } from "./features/notifications/push";
import { notificationsRoutes } from "./features/notifications/routes";
import { platformRoutes } from "./features/platform/routes";
import { presenceAdminRoutes } from "./features/presence/admin-routes";
import { makePresencePort } from "./features/presence/make-port";
import { presenceRoutes } from "./features/presence/routes";
import { qaRoutes } from "./features/qa/routes";
import type { QaPorts } from "./features/qa/service";
import { quotesAdminRoutes } from "./features/quotes/admin-routes";
import { BALANCE_REMINDERS_EVERY_MS } from "./features/quotes/balance";
import { disputesRoutes } from "./features/quotes/dispute-routes";
import { LAPSE_CHECK_EVERY_MS } from "./features/quotes/lapse";
import { makeQuotesPort, makeQuotesQaPort } from "./features/quotes/make-port";
import { startReconciliation } from "./features/quotes/reconcile";
import { quotesRoutes } from "./features/quotes/routes";
import { statementAdminRoutes, statementRoutes } from "./features/quotes/statement-routes";
import { ratingsAdminRoutes } from "./features/ratings/admin-routes";
import { ratingsRoutes } from "./features/ratings/routes";
import { repliesAdminRoutes } from "./features/replies/admin-routes";
import { requestsAdminRoutes } from "./features/requests/admin-routes";
import { makeRequestsPort, makeRequestsQaPort } from "./features/requests/make-port";
import { requestsRoutes } from "./features/requests/routes";
import { salesAdminRoutes } from "./features/sales/admin-routes";
import { makeSalesPort, makeSalesQaPort } from "./features/sales/make-port";
import { salesRoutes } from "./features/sales/routes";
import { searchAdminRoutes } from "./features/search/admin-routes";
import { serviceLevelsAdminRoutes } from "./features/service-levels/admin-routes";
import { makeServiceLevelsPort } from "./features/service-levels/make-port";
import { SWEEP_EVERY_MS } from "./features/service-levels/service";
import { errorBody, external, HttpError, validationBody } from "./http/errors";
import { boundJsonBodies } from "./http/json-body";
import { redactUrl } from "./http/redact";
import { installRequestContext } from "./http/request-context";
import { securityHeaders } from "./http/security-headers";
import { createMetrics } from "./ops/metrics";
import { registerMetricsRoute } from "./ops/metrics-access";
import { startPeriodic } from "./ops/periodic";
import { createReadiness } from "./ops/readiness";
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL, requestIdOf } from "./ops/request-id";
import { markPhase } from "./ops/startup-phases";
import { createDeliverer, type OutboxWorker, startOutboxWorker } from "./outbox/worker";
import { createPayments } from "./payments";
import { createRateLimiter } from "./rate-limit";
import { type EventFanout, postgresFanout } from "./realtime/fanout";
import { natsFanout } from "./realtime/fanout-nats";
import { realtimeRoutes } from "./realtime/routes";
import { createStorage } from "./storage";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where the built SPA lives (default: CLIENT_DIR); null in API-only tests. */
  clientDir?: string | null;
  logger?: FastifyServerOptions["logger"];
  /** Deliver the outbox in the background (default true); tests may drain it themselves. */
  startWorkers?: boolean;
  /** Told of every route as it is registered (the route-coverage test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** How long /api/ready waits for the database (default READY_TIMEOUT_MS); tests shorten it. */
  readyTimeoutMs?: number;
  /** Password hashing (default: the library's scrypt); tests give a cheaper one (tests/helpers/password.ts). */
  passwordHasher?: PasswordHasher;
  /** The event fan-out over the database (default: its log and LISTEN/NOTIFY, decision 043). */
  fanout?: (database: DatabaseHandle) => EventFanout;
}

export type App = FastifyInstance & {
  ctx: AppContext;
  /** The outbox worker, when started. */
  outbox: OutboxWorker | null;
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Server-to-server calls that carry their own proof (a signature) and no browser Origin. */
const CROSS_SITE_ALLOWED = ["/api/billing/webhook"];

/** Fastify's schema compilers: Zod's (its factories are typed for JSON Schema compilers, hence the cast). */
const ZOD_ONLY_SCHEMAS = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions["schemaController"];

/** A domain: its port (what other domains may ask of it), if it has one, and its route plugins. */
interface Domain {
  port?: (ctx: AppContext) => object;
  routes: Array<(ctx: AppContext) => FastifyPluginAsync>;
}

/**
 * Every domain, once (decision 008): its port (the interface in `features/<domain>/port.ts`, answered by its
 * `make-port.ts`) and its route plugins, registered in this order under /api. A new domain is one entry here
 * (and, if others ask things of it, its port in context.ts's `Domains`).
 */
const DOMAINS = {
  // The platform's routes: health and readiness, public configuration, and the event stream.
  platform: { routes: [platformRoutes, realtimeRoutes] },
  account: { routes: [accountRoutes] },
  requests: { port: makeRequestsPort, routes: [requestsRoutes, requestsAdminRoutes] },
  concierge: { port: makeConciergePort, routes: [conciergeRoutes, conciergeAdminRoutes] },
  sales: { port: makeSalesPort, routes: [salesRoutes, salesAdminRoutes] },
  quotes: {
    port: makeQuotesPort,
    routes: [quotesRoutes, quotesAdminRoutes, disputesRoutes, statementRoutes, statementAdminRoutes],
  },
  qa: { routes: [(ctx) => qaRoutes(ctx, qaPortsOf(ctx))] },
  notifications: { port: makeNotificationsPort, routes: [notificationsRoutes, notificationsAdminRoutes] },
  billing: { port: makeBillingPort, routes: [billingRoutes, billingAdminRoutes] },
  replies: { routes: [repliesAdminRoutes] },
  search: { routes: [searchAdminRoutes] },
  serviceLevels: { port: makeServiceLevelsPort, routes: [serviceLevelsAdminRoutes] },
  inbox: { routes: [inboxAdminRoutes] },
  audit: { routes: [auditAdminRoutes] },
  ratings: { routes: [ratingsRoutes, ratingsAdminRoutes] },
  presence: { port: makePresencePort, routes: [presenceRoutes, presenceAdminRoutes] },
} satisfies Record<string, Domain>;

/** The ports of the domains that have one, by name: context.ts's `Domains`. */
type PortsOf<T> = {
  [K in keyof T as T[K] extends { port: unknown } ? K : never]: T[K] extends { port: (ctx: AppContext) => infer P }
    ? P
    : never;
};

/** Each domain's port, made with the context (which a port reads only when asked, so it may still be filling). */
function portsOf(ctx: AppContext): Domains {
  const ports = Object.fromEntries(
    Object.entries(DOMAINS as Record<string, Domain>).flatMap(([name, domain]) =>
      domain.port ? [[name, domain.port(ctx)]] : [],
    ),
  );
  return ports as PortsOf<typeof DOMAINS> satisfies Domains;
}

/** The QA tools' own ports (each owner's `…QaPort`), given to the qa feature alone. */
const qaPortsOf = (ctx: AppContext): QaPorts => ({
  account: makeAccountQaPort(),
  concierge: makeConciergeQaPort(),
  quotes: makeQuotesQaPort(),
  requests: makeRequestsQaPort(ctx),
  sales: makeSalesQaPort(),
});

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger
      ? {
          ...(typeof deps.logger === "object" ? deps.logger : {}),
          // One-time tokens travel in query strings (?token=…): they never reach the logs.
          serializers: {
            req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
          },
        }
      : false,
    // Every request's id: a well-formed incoming X-Request-Id or a new UUID, in each of its log lines and
    // error answers (ops/request-id.ts).
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
    // A hop count trusts that many proxies in front of us (the address each of them saw), no more.
    trustProxy:
      typeof config.TRUST_PROXY === "number"
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Zod compiles every schema: Fastify's own JSON Schema compilers (Ajv, fast-json-stringify) are neither
    // built nor loaded (a restart's time, decision 026).
    schemaController: ZOD_ONLY_SCHEMAS,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies: at most 1 MiB (bodyLimit) and MAX_JSON_DEPTH levels deep, refused with a 400 before parsing.
  boundJsonBodies(app);
  if (deps.onRoute) app.addHook("onRoute", deps.onRoute);

  const db = database.db;
  const metrics = createMetrics(database);
  const limiter = createRateLimiter(db, { onRefused: metrics.rateLimitRefused });
  const mailEnabled = Boolean(config.SMTP_URL);
  markPhase("fastify");
  const auth = createAuth(config, db, limiter, deps.passwordHasher);
  markPhase("auth");
  // The domains' ports (DOMAINS), made first: payments applies the billing domain's membership rules. The unit
  // of work writes notices through the notifications domain's engine (its statement parts: no port's business).
  const ctx = {} as AppContext;
  const domains = portsOf(ctx);
  const engine = createNoticeEngine({ config, mailEnabled });
  const write = createWrite(db, () => engine);
  Object.assign(ctx, {
    config,
    database,
    db,
    limiter,
    auth,
    // What a subscription does to a membership is the billing domain's rule.
    payments: createPayments(config, db, write, {
      membership: domains.billing.membership,
      onOrphanError: (error) =>
        app.log.warn({ err: error }, "an orphan card authorisation was not cancelled: reconciliation will retry"),
    }),
    storage: createStorage(config),
    mailEnabled,
    // The outbox sends pushes with the notifications domain's sender; the VAPID keys are read (or made) now.
    deliver: createDeliverer(config, { push: createPushSender(db, config, vapidKeysOf(config)) }),
    write,
    domains,
    readiness: createReadiness(database, { timeoutMs: deps.readyTimeoutMs }),
    metrics,
    fanout: deps.fanout
      ? deps.fanout(database)
      : config.NATS_URL
        ? natsFanout(database, { url: config.NATS_URL })
        : postgresFanout(database),
  } satisfies AppContext);
  // The provider's word on card holds (webhooks, a capture's answer) is applied by the quotes domain.
  ctx.payments.holds.setHandler(domains.quotes.holdHandler);
  // Likewise its word on balance invoices (decision 035).
  ctx.payments.invoices.setHandler(domains.quotes.invoiceHandler);
  installRequestContext(app);
  installViewer(app, {
    auth: ctx.auth,
    db,
    // Any signed-in staff request is activity: the members' "Concierge team online" (decision 051).
    seen: (viewer) => {
      if (!viewer.isStaff) return;
      domains.presence.staffActive([viewer.userId]).catch((error) => app.log.warn({ err: error }, "presence"));
    },
  });
  markPhase("services");

  // Every error answer is { error, code?, requestId } (errorBody).
  app.setErrorHandler((error, request, reply) => {
    // (Also set on every request, in onRequest: an error may come before it.)
    reply.header(REQUEST_ID_HEADER, request.id);
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send(validationBody(request, error.validation[0]?.message ?? VALIDATION_TEXTS.invalidInput.message));
    }
    if (error instanceof HttpError) {
      // A dependency that failed (file storage): the person reads a sentence, the operator the cause.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send(errorBody(request, error.text, error.code));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "database unavailable");
      reply.header("retry-after", "2");
      return reply.status(503).send(errorBody(request, ERROR_TEXTS.serviceUnavailable, "unavailable"));
    }
    // A value the database cannot take (SQLSTATE class 22: bad encoding, out of range, ...) is bad input.
    const sqlState = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
    if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      return reply.status(400).send(errorBody(request, VALIDATION_TEXTS.invalidInput, "invalid_input"));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      // The framework's own refusals (a malformed body, a wrong content type): its words, as they are.
      return reply.status(status).send(errorBody(request, external((error as Error).message)));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody(request, ERROR_TEXTS.unexpected));
  });

  // Each answer: one observation (method, route pattern, status class, time) in the latency histogram; nothing
  // else on the request path (decision 024).
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Every API answer is private and fresh unless its route says otherwise; state-changing calls must come
  // from our own pages (Origin, or Sec-Fetch-Site where a browser sends no Origin), not another site.
  const appOrigin = new URL(config.APP_URL).origin;
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    if (!request.url.startsWith("/api/")) return;
    reply.header("cache-control", "no-store");
    if (SAFE_METHODS.has(request.method) || CROSS_SITE_ALLOWED.some((p) => request.url.startsWith(p))) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const crossSite = origin !== undefined ? origin !== appOrigin : site !== undefined && site !== "same-origin";
    if (crossSite) {
      return reply.status(403).send(errorBody(request, ERROR_TEXTS.crossSite, "cross_site"));
    }
  });

  securityHeaders(app);
  await app.register(compress, { threshold: 1024 });
  // Uploads are streamed, one file per request, bounded in size.
  await app.register(multipart, {
    limits: { fileSize: Math.round(config.UPLOAD_MAX_MB * 1024 * 1024), files: 1, fields: 10, parts: 11 },
  });

  markPhase("plugins");
  const api = { prefix: "/api" };
  for (const domain of Object.values(DOMAINS) as Domain[]) {
    for (const routes of domain.routes) await app.register(routes(ctx), api);
  }

  // Unknown API paths are a JSON 404, never the SPA.
  app.all("/api/*", async (request, reply) => reply.status(404).send(errorBody(request, ERROR_TEXTS.notFound)));
  // Metrics: behind METRICS_TOKEN on this port (a 404 without it), or on the METRICS_PORT listener (main.ts).
  registerMetricsRoute(app, metrics, config.METRICS_TOKEN);

  markPhase("routes");
  const clientDir = deps.clientDir === undefined ? path.resolve(config.CLIENT_DIR) : deps.clientDir;
  if (clientDir && existsSync(clientDir)) await registerSpa(app, clientDir);
  // Without a web app (API-only): a plain 404, and no log line carrying the URL (Fastify's default has one).
  else app.setNotFoundHandler((request, reply) => reply.status(404).send(errorBody(request, ERROR_TEXTS.notFound)));

  // A stop answers not-ready first (main.ts says so at the signal; this covers a close from anywhere else).
  app.addHook("preClose", async () => ctx.readiness.stopping());
  app.addHook("onClose", async () => metrics.close());

  markPhase("web app");
  let outbox: OutboxWorker | null = null;
  if (deps.startWorkers !== false) {
    outbox = await startOutboxWorker(database, ctx.deliver, {
      onError: (error) => app.log.error({ err: error }, "outbox delivery failed"),
      onReturned: (count) => app.log.info({ count }, "outbox: unfinished deliveries put back for the next instance"),
    });
    // A stop stops the worker at once (while the HTTP server closes), and waits for it before the database goes.
    app.addHook("preClose", async () => void outbox?.stop());
    app.addHook("onClose", async () => outbox?.stop());
    // Holds lapsing within 48 h: the member and staff are told once (each hold claimed in the database).
    const lapseWarnings = startPeriodic(() => domains.quotes.warnLapsingHolds(), {
      everyMs: LAPSE_CHECK_EVERY_MS,
      onError: (error) => app.log.error({ err: error }, "hold lapse warnings failed"),
    });
    app.addHook("preClose", async () => void lapseWarnings.stop());
    app.addHook("onClose", async () => lapseWarnings.stop());

    // The member's balance reminders (before and after the due date): once each, claimed in the database.
    const balanceReminders = startPeriodic(() => domains.quotes.sendBalanceReminders(), {
      everyMs: BALANCE_REMINDERS_EVERY_MS,
      onError: (error) => app.log.error({ err: error }, "balance reminders failed"),
    });
    app.addHook("preClose", async () => void balanceReminders.stop());
    app.addHook("onClose", async () => balanceReminders.stop());

    // Service levels' breach warnings (decision 049): claimed per conversation and target in PostgreSQL.
    const breachWarnings = startPeriodic(() => domains.serviceLevels.sweep(), {
      everyMs: SWEEP_EVERY_MS,
      onError: (error) => app.log.error({ err: error }, "service-level warnings failed"),
    });
    app.addHook("preClose", async () => void breachWarnings.stop());
    app.addHook("onClose", async () => breachWarnings.stop());
  }
  markPhase("outbox");
  if (deps.startWorkers !== false && config.RECONCILE_INTERVAL_MINUTES > 0) {
    // The provider's holds against ours (decision 031): one run at a time across every instance.
    const reconciliation = startReconciliation(ctx, {
      intervalMs: config.RECONCILE_INTERVAL_MINUTES * 60_000,
      onError: (error) => app.log.error({ err: error }, "reconciliation failed"),
    });
    app.addHook("onClose", async () => reconciliation.stop());
  }
  // After the worker has stopped: the mail transport's pooled connections.
  app.addHook("onClose", async () => ctx.deliver.close?.());

  return Object.assign(app as unknown as FastifyInstance, { ctx, outbox });
}

/** The language of a page the server sends: the visitor's choice (the cookie), else their browser's preference. */
export function requestLocale(headers: { cookie?: string; "accept-language"?: string }): Locale {
  return negotiateLocale(headers.cookie, headers["accept-language"]);
}

/**
 * Serves the built SPA: hashed assets cached for a year, history fallback; everything else (index.html, the
 * service worker sw.js, the manifest, the offline page) revalidated on every use (no-cache), so a new version's
 * worker is found on the next visit (decision 029). Each page is sent in the visitor's language (decision 028):
 * the prerendered public pages and the shell exist in each.
 */
async function registerSpa(app: FastifyInstance, root: string) {
  // Public pages prerendered at build time (scripts/prerender.mjs): prerendered/pricing.html is /pricing in
  // English, prerendered/pt-PT/pricing.html in Portuguese; index.pt-PT.html is the shell in Portuguese.
  const prerendered = new Map<string, string>();
  for (const locale of LOCALES) {
    const dir = path.join(root, "prerendered", locale === DEFAULT_LOCALE ? "" : locale);
    for (const file of existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".html")) : []) {
      const name = file.replace(/\.html$/, "");
      prerendered.set(`${locale} ${name === "index" ? "/" : `/${name}`}`, readFileSync(path.join(dir, file), "utf8"));
    }
  }
  const shells = new Map<Locale, string>();
  for (const locale of LOCALES) {
    const file = path.join(root, locale === DEFAULT_LOCALE ? "index.html" : `index.${locale}.html`);
    if (existsSync(file)) shells.set(locale, readFileSync(file, "utf8"));
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      reply.header("cache-control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      return reply.status(404).send(errorBody(request, ERROR_TEXTS.notFound));
    }
    const locale = requestLocale(request.headers);
    reply.header("cache-control", "no-cache").header("vary", "Cookie, Accept-Language").type("text/html");
    // The prerendered HTML is the default view of its page; with a query (a legal tab, say) the SPA decides.
    const page = request.url.includes("?") ? undefined : prerendered.get(`${locale} ${request.url}`);
    if (page) return reply.send(page);
    // Client routes (and the 404 page for unknown paths) are decided by the SPA.
    const shell = shells.get(locale) ?? shells.get(DEFAULT_LOCALE);
    if (shell) return reply.send(shell);
    return reply.sendFile("index.html");
  });
}
