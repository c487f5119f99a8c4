/** Builds the real app on a fresh database for one test file. */
import { type App, type AppDeps, buildApp } from "../../src/server/app";
import { type Config, loadConfig } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db";
import { createTestDatabase, openSecondHandle } from "./database";
import { testPasswordHasher } from "./password";

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_PER_IP: "10000",
    // No scheduled reconciliation behind a test's back (it would cancel the orphans a test makes on purpose).
    RECONCILE_INTERVAL_MINUTES: "0",
    // A fixed Web Push key pair: no test writes one into ./data.
    VAPID_PUBLIC_KEY: "BJ_ecYdSKaNkRHwdXIleqb91qtQxD15b1W6p_bIpn8LNLmkeIIz1hqbdp84y-ATgg7gB-3m8bLHovegeJ59MNZA",
    VAPID_PRIVATE_KEY: "T3yw7FjkXfAfXHe1k7y5Cd-PzgOzTPH1RVMg19wjUIU",
    ...env,
  });
}

export async function createTestApp(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    clientDir: null,
    passwordHasher: testPasswordHasher,
    ...options.deps,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * A second app instance on the test app's database (its own connection pool on PostgreSQL), as a second server
 * behind a load balancer would be; `close()` ends it and its connections.
 */
export async function secondInstance(
  context: TestContext,
  deps: Partial<AppDeps> = {},
): Promise<{ app: App; close(): Promise<void> }> {
  const database = await openSecondHandle(context);
  const app = await buildApp({
    config: context.config,
    database,
    clientDir: null,
    startWorkers: false,
    passwordHasher: testPasswordHasher,
    ...deps,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
