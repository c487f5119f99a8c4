/**
 * buildApp(deps): the whole HTTP application. main.ts listens with it; tests use it as it is through inject().
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { type Auth, createAuth } from "./auth/auth";
import { authHandlerRoutes } from "./auth/routes";
import { installViewer, type Viewer } from "./auth/viewer";
import type { Config } from "./config";
import type { DatabaseHandle } from "./db";
import { accountRoutes } from "./features/account/routes";
import { billingRoutes } from "./features/billing/routes";
import { dashboardRoutes } from "./features/dashboard/routes";
import { healthRoutes } from "./features/health/routes";
import { outboxRoutes } from "./features/outbox/routes";
import { publicConfigRoutes } from "./features/public-config/routes";
import { type ErrorBody, HttpError } from "./http/errors";
import { createDeliverer, type OutboxWorker, startOutboxWorker } from "./outbox/worker";
import { createPayments, type Payments } from "./payments";
import { realtimeRoutes } from "./realtime/routes";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Where the built SPA lives (default: CLIENT_DIR); null in API-only tests. */
  clientDir?: string | null;
  logger?: FastifyServerOptions["logger"];
  /** Deliver the outbox in the background (default true); tests may drain it themselves. */
  startWorkers?: boolean;
}

export interface BillingHooks {
  /** Cancels a paid subscription before its owner's account is deleted. */
  beforeAccountDeletion(viewer: Viewer): Promise<void>;
}

export interface Services {
  auth: Auth;
  /** Whether email can be sent (SMTP configured); otherwise it is held in the outbox. */
  mailEnabled: boolean;
  outbox: OutboxWorker | null;
  payments: Payments;
  billing: BillingHooks;
}

export type App = FastifyInstance & { deps: AppDeps; services: Services };

export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("deps", deps);
  const db = deps.database.db;
  const payments = createPayments(deps.config, db);
  const services: Services = {
    auth: createAuth(deps.config, db),
    mailEnabled: Boolean(deps.config.SMTP_URL),
    outbox: null,
    payments,
    billing: payments.hooks,
  };
  app.decorate("services", services);
  installViewer(app, { auth: services.auth, db });

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const body: ErrorBody = { error: error.validation[0]?.message ?? "Invalid input", code: "invalid_input" };
      return reply.status(400).send(body);
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code } satisfies ErrorBody);
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: (error as Error).message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ error: "Something went wrong. Please try again." } satisfies ErrorBody);
  });

  await app.register(helmet, {
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
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
      },
    },
    // Stripe checkout and the billing portal open in new tabs; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });

  // Limits are applied per route (createRateLimit) where the spec calls for them.
  await app.register(rateLimit, { global: false });

  await app.register(healthRoutes, { prefix: "/api" });
  await app.register(publicConfigRoutes, { prefix: "/api" });
  await app.register(accountRoutes, { prefix: "/api" });
  await app.register(dashboardRoutes, { prefix: "/api" });
  await app.register(outboxRoutes, { prefix: "/api" });
  await app.register(realtimeRoutes, { prefix: "/api" });
  await app.register(billingRoutes, { prefix: "/api" });
  await app.register(authHandlerRoutes, { prefix: "/api" });

  // Unknown API paths are a JSON 404, never the SPA.
  app.all("/api/*", async (_request, reply) => reply.status(404).send({ error: "Not found" } satisfies ErrorBody));

  const clientDir = deps.clientDir === undefined ? path.resolve(deps.config.CLIENT_DIR) : deps.clientDir;
  if (clientDir && existsSync(clientDir)) await registerSpa(app, clientDir);

  if (deps.startWorkers !== false) {
    services.outbox = await startOutboxWorker(deps.database, createDeliverer(deps.config), {
      onError: (error) => app.log.error({ err: error }, "outbox delivery failed"),
    });
    app.addHook("onClose", async () => services.outbox?.stop());
  }

  return app as unknown as App;
}

/** Serves the built SPA: hashed assets cached for a year, index.html never cached, history fallback. */
async function registerSpa(app: FastifyInstance, root: string) {
  // Public pages prerendered at build time (scripts/prerender.mjs): prerendered/pricing.html is /pricing.
  const prerendered = new Map<string, string>();
  const prerenderedDir = path.join(root, "prerendered");
  for (const file of existsSync(prerenderedDir) ? readdirSync(prerenderedDir) : []) {
    const name = file.replace(/\.html$/, "");
    prerendered.set(name === "index" ? "/" : `/${name}`, readFileSync(path.join(prerenderedDir, file), "utf8"));
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
      return reply.status(404).send({ error: "Not found" } satisfies ErrorBody);
    }
    reply.header("cache-control", "no-cache").type("text/html");
    // The prerendered HTML is the default view of its page; with a query (a legal tab, say) the SPA decides.
    const page = request.url.includes("?") ? undefined : prerendered.get(request.url);
    if (page) return reply.send(page);
    // Client routes (and the 404 page for unknown paths) are decided by the SPA.
    return reply.sendFile("index.html");
  });
}
