import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { linguiMessages } from "./scripts/i18n/vite-plugin.ts";

const alias = {
  "@": fileURLToPath(new URL("./src", import.meta.url)),
  "#tests": fileURLToPath(new URL("./tests", import.meta.url)),
};
const serverTests = ["src/server/**/*.test.ts"];
/**
 * The suites where the database driver matters, run on the PostgreSQL server too (decision 037): the database
 * itself and what leans on its server (LISTEN/NOTIFY, advisory locks, a server going away), backups, shutdown,
 * counters shared by instances, and the races (on PGlite's one connection concurrent calls take turns, so a
 * race there proves nothing). Everything else runs once, on PGlite, the driver `npm start` uses; the guard in
 * tests/setup/suites.test.ts keeps a PostgreSQL-only test from landing in a file outside this list.
 */
export const POSTGRES_SUITES = [
  "src/server/db/**/*.test.ts",
  "src/server/realtime/**/*.test.ts",
  "src/server/outbox/**/*.test.ts",
  "src/server/backup/**/*.test.ts",
  "src/server/shutdown.test.ts",
  // Readiness follows the LISTEN connection.
  "src/server/features/platform/platform.test.ts",
  // Rate-limit counters and sessions seen by two instances.
  "src/server/features/account/sign-in-limits.test.ts",
  "src/server/features/account/security.test.ts",
  // Races: concurrent creates against a limit, replies racing deletions, money actions at once.
  "src/server/features/requests/requests.test.ts",
  "src/server/features/requests/assignment.test.ts",
  "src/server/features/concierge/concierge.test.ts",
  "src/server/features/replies/replies.test.ts",
  "src/server/features/billing/billing.test.ts",
  "src/server/features/quotes/quotes.test.ts",
  "src/server/features/quotes/holds-race.test.ts",
  "src/server/features/quotes/refunds.test.ts",
  "src/server/features/quotes/balance.test.ts",
  "src/server/features/quotes/balance-race.test.ts",
  "src/server/features/quotes/balance-money-stripe.test.ts",
  "src/server/features/quotes/invoice-refunds.test.ts",
  "src/server/features/quotes/reconcile.test.ts",
  "src/server/features/quotes/lapse.test.ts",
  "src/server/features/quotes/disputes.test.ts",
];

/**
 * Database tests run on embedded PGlite and, when TEST_DATABASE_URL is set, those where the driver matters once
 * more on the real server.
 * Component tests (the client's building blocks and its realtime client) run in jsdom, with no database
 * (decision 015).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's two, with the database tests'
    // files run one after another while PostgreSQL's own processes wait. Each file has its own database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        // src/shared's rules, the repository's translation checks (tests/i18n, decision 028) and the suites' guard.
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts", "tests/i18n/**/*.test.ts", "tests/setup/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        // The client's texts, as the web app's build has them (decision 028).
        plugins: [linguiMessages()],
        test: {
          name: "components",
          include: ["src/client/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/setup/components.ts"],
          isolate: false, // one jsdom per worker, not per file: a third of the CPU time
          testTimeout: 15_000, // typing tests share 2 cores with the database projects in CI
        },
      },
      {
        resolve: { alias },
        test: {
          name: "db:pglite",
          include: serverTests,
          // Each file builds its own app on its own database; what a fresh module graph per file would add is
          // only the import of the whole server again (about 2 s a file, a third of the project's time).
          isolate: false,
          globalSetup: ["tests/setup/global-db.ts"],
          env: { TEST_DB_DRIVER: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "db:postgres",
                include: POSTGRES_SUITES,
                isolate: false,
                globalSetup: ["tests/setup/global-db.ts"],
                env: { TEST_DB_DRIVER: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
