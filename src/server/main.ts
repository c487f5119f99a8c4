/**
 * Entry point: configuration -> database -> migrations -> listen, and a graceful stop on SIGTERM/SIGINT:
 * new connections are refused at once and event streams closed (browsers reconnect, to another instance if
 * there is one); requests and deliveries under way get a short grace, after which requests are cut off and
 * deliveries go back to the outbox (due at once, for another instance or the next start); then the database
 * closes and the process exits 0, in about a second.
 */
import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { migrate, openDatabase } from "./db";
import { DataDirInUseError } from "./db/lock";

/** How long requests under way get to finish once a stop is asked for: longer than DELIVERY_GRACE_MS, so a
 * request waiting on a delivery (a test send) can still answer once the delivery is put back. */
const REQUEST_GRACE_MS = 1_000;
/** A stop that has not finished by then (something hangs) ends the process with an error. */
const STOP_LIMIT_MS = 5_000;

async function main() {
  const config = loadConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ kind: "postgres", url: config.DATABASE_URL })
    : await openDatabase({ kind: "pglite", dataDir: path.resolve(config.DATA_DIR) });
  await migrate(database);

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.LOG_LEVEL,
      ...(process.stdout.isTTY ? {} : {}),
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const limit = setTimeout(() => {
      app.log.error("shutdown did not finish in time");
      process.exit(1);
    }, STOP_LIMIT_MS);
    limit.unref();
    // close() refuses new connections, closes idle ones and event streams, stops the outbox worker, and waits
    // for the requests under way: those still running after the grace lose their connection.
    const cutOff = setTimeout(() => app.server.closeAllConnections(), REQUEST_GRACE_MS);
    cutOff.unref();
    let code = 0;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "shutdown: closing the server failed");
      code = 1;
    }
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

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`${config.APP_NAME} is serving ${config.APP_URL} (database: ${database.kind})`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
