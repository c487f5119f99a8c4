/**
 * Entry point: configuration -> database -> migrations -> listen (and the metrics listener on 127.0.0.1 when
 * METRICS_PORT is set), and a graceful stop on SIGTERM/SIGINT: `/api/ready` answers 503 at once, so a load
 * balancer stops sending traffic, while the instance keeps serving for NOT_READY_NOTICE_MS; the outbox stops
 * claiming at once and the deliveries under way get a short grace. Then new connections are refused and event
 * streams closed (browsers reconnect, to another instance if there is one); requests under way get a short
 * grace, after which they are cut off, and unfinished deliveries go back to the outbox (due at once, for another
 * instance or the next start); then the database closes and the process exits 0, in about a second.
 */
import module from "node:module";
import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { migrate, openDatabase } from "./db";
import { DataDirInUseError } from "./db/lock";
import { unappliedMigrations } from "./db/migrations";
import { markPhase, startupPhases } from "./ops/startup-phases";

// The compiled code of what is loaded next (the application, below) is kept on disk, in the system's temporary
// directory, for the next start (decisions 026, 041): Node.js 22.1 and later, so every supported one; guarded all
// the same, for a runtime that lacks it.
module.enableCompileCache?.();

/** How long a stopping instance keeps serving after it said it is not ready (a load balancer's notice). */
const NOT_READY_NOTICE_MS = 500;

/** How long requests under way get to finish once a stop is asked for: longer than DELIVERY_GRACE_MS, so a
 * request waiting on a delivery (a test send) can still answer once the delivery is put back. */
const REQUEST_GRACE_MS = 1_000;
/** A stop that has not finished by then (something hangs) ends the process with an error. */
const STOP_LIMIT_MS = 5_000;

async function main() {
  markPhase("modules");
  const config = loadConfig();
  // The database opens while the application's modules load (a restart's two longest steps: decision 026).
  const opening = config.DATABASE_URL
    ? openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : openDatabase({ kind: "pglite", dataDir: path.resolve(config.DATA_DIR) });
  const loading = Promise.all([import("./app"), import("./ops/metrics-access")]);
  loading.catch(() => {}); // a failure is thrown below, once the database is open
  const database = await opening;
  // The migrator runs when a committed migration is not applied: on a restart, none is (the same check as
  // /api/ready; the migrator would find the same and apply nothing).
  if ((await unappliedMigrations(database.db)) > 0) await migrate(database);
  markPhase("migrations");
  const [{ buildApp }, { closeMetricsListener, listenForMetrics }] = await loading;
  markPhase("app modules");

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      ...(process.stdout.isTTY ? {} : {}),
    },
  });

  let metricsListener: Awaited<ReturnType<typeof listenForMetrics>> | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Not ready, first: a load balancer's next check takes this instance out while it still serves.
    app.ctx.readiness.stopping();
    app.log.info({ signal }, "shutting down: not ready");
    const limit = setTimeout(() => {
      app.log.error("shutdown did not finish in time");
      process.exit(1);
    }, STOP_LIMIT_MS + NOT_READY_NOTICE_MS);
    limit.unref();
    // The outbox claims nothing more; the deliveries under way get their grace from now (then go back).
    void app.outbox?.stop();
    await new Promise((resolve) => setTimeout(resolve, NOT_READY_NOTICE_MS));
    // close() refuses new connections, closes idle ones and event streams, stops the outbox worker, and waits
    // for the requests under way: those still running after the grace lose their connection. A keep-alive
    // connection whose request ends meanwhile is closed as soon as it is idle (close() only closes those idle
    // when it starts), so the stop does not wait for the cut-off.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
    sweep.unref();
    const cutOff = setTimeout(() => app.server.closeAllConnections(), REQUEST_GRACE_MS);
    cutOff.unref();
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "shutdown: closing the server failed");
      code = 1;
    }
    if (metricsListener) await closeMetricsListener(metricsListener);
    try {
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, "shutdown: closing the database failed");
      code = 1;
    }
    app.log.info("stopped");
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  await app.ready();
  markPhase("ready");
  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS_PORT) {
    metricsListener = await listenForMetrics(app.ctx.metrics, config.METRICS_PORT);
    app.log.info(`metrics on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
  }
  markPhase("listen");
  app.log.info(`${config.APP_NAME} is serving ${config.APP_URL} (database: ${database.kind})`);
  const phases = startupPhases();
  app.log.debug({ phases }, "startup phases (ms)");
  if (process.env.STARTUP_PHASES) process.stderr.write(`startup-phases ${JSON.stringify(phases)}\n`);
  // The compiled code goes to disk now, once serving, not when a stop would wait for it (Node.js 22.10+).
  setImmediate(() => module.flushCompileCache?.());
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
