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
 * Database tests run once on embedded PGlite and, when TEST_DATABASE_URL is set, once more on the real server.
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
        // src/shared's rules, and the repository's translation checks (tests/i18n, decision 028).
        test: { name: "unit", include: ["src/shared/**/*.test.ts", "tests/i18n/**/*.test.ts"], environment: "node" },
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
