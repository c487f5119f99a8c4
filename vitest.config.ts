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
 * The suites where the database driver matters (decision 039, which supersedes 037's split): the database itself
 * and what leans on it (LISTEN/NOTIFY, locks, a database going away), backups, shutdown, the CLI's embedded data
 * directory, and the races. With a PostgreSQL server (TEST_DATABASE_URL, as in CI) every server suite runs on it,
 * the production driver and two to three times faster per query than PGlite's WebAssembly, and these suites run
 * once more on PGlite, the driver `npm start` uses; without a server every suite runs on PGlite. The guard in
 * tests/setup/suites.test.ts keeps a test written for one driver only in a file this list holds.
 */
export const DRIVER_SUITES = [
  "src/server/db/**/*.test.ts",
  "src/server/realtime/**/*.test.ts",
  "src/server/outbox/**/*.test.ts",
  "src/server/backup/**/*.test.ts",
  "src/server/shutdown.test.ts",
  "src/server/cli.test.ts",
  // Races: on PostgreSQL 20 calls at once move money once, keep a limit or survive a deletion racing a reply; on
  // PGlite's one connection the same calls take turns, and must not wait on each other for ever.
  "src/server/features/requests/requests.test.ts",
  "src/server/features/billing/billing.test.ts",
  "src/server/features/concierge/concierge.test.ts",
  "src/server/features/quotes/holds-race.test.ts",
  "src/server/features/quotes/balance-race.test.ts",
  // Decision 051: 20 ratings at once write one; presence expires on a fixed clock, shared by instances.
  "src/server/features/ratings/ratings.test.ts",
  "src/server/features/presence/presence.test.ts",
];

/**
 * Database tests run on the PostgreSQL server when TEST_DATABASE_URL is set, and those where the driver matters
 * once more on embedded PGlite; without a server, every one of them on PGlite.
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
          include: process.env.TEST_DATABASE_URL ? DRIVER_SUITES : serverTests,
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
                include: serverTests,
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
