/** Entry point: configuration -> database -> migrations -> listen, and a graceful stop on SIGTERM/SIGINT. */
import path from "node:path";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { migrate, openDatabase } from "./db";
import { DataDirInUseError } from "./db/lock";

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
    // close() stops accepting connections and waits for in-flight requests (and the onClose hooks).
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
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
