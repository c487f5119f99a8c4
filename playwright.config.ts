import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, what Playwright's own builds run headless
 * too), a quarter less CPU than the full browser in headless mode for the same journeys, where the journeys are
 * bound by the CPU; the full browser for the one journey that needs what only it has (push.spec.ts: a push
 * manager, whose button the card shows only where the browser offers one).
 */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
/**
 * The full browser, for a journey that needs it: `test.use({ launchOptions: FULL_CHROMIUM })` (without Debian's,
 * Playwright's own Chromium in its full headless mode).
 */
export const FULL_CHROMIUM = existsSync(SYSTEM_CHROMIUM)
  ? { executablePath: SYSTEM_CHROMIUM, args: CHROMIUM_ARGS }
  : { channel: "chromium" };
const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Each port has its own data directory, so two runs on different ports never share a database. */
export const E2E_DATA_DIR = `.e2e-data/${PORT}`;

/** Journeys run after every other (their project depends on the first). */
const AFTER_THE_REST = /audit\.spec\.ts$/;

/** End-to-end journeys in a real Chromium against the production build on an embedded database. */
export default defineConfig({
  testDir: "tests/e2e",
  // The admin's session, made once (tests/e2e/support/global-setup.ts).
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: `test-results/${PORT}`,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // The journeys read the English interface (Accept-Language, navigator.languages); the Portuguese ones say so
    // with test.use({ locale: "pt-PT" }).
    locale: "en-US",
    trace: "retain-on-failure",
    // Checks (axe contrast above all) see each page at rest, not halfway through an entrance animation.
    reducedMotion: "reduce",
    // The service worker (its install, its precache) is installable.spec.ts's and push.spec.ts's, which allow it;
    // every other journey's fresh browser context would install it again for nothing.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: existsSync(SYSTEM_HEADLESS_SHELL)
      ? { executablePath: SYSTEM_HEADLESS_SHELL, args: CHROMIUM_ARGS }
      : FULL_CHROMIUM,
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"] }, testIgnore: AFTER_THE_REST },
    // Journeys that change a setting every staff session obeys (mandatory two-factor, decision 050) run once the
    // others are done: the others share one admin account without a second factor. Alone, without the rest first:
    // `npx playwright test tests/e2e/audit.spec.ts --no-deps`.
    { name: "after", use: { ...devices["Desktop Chrome"] }, testMatch: AFTER_THE_REST, dependencies: ["chromium"] },
  ],
  webServer: {
    command: "node --import tsx tests/e2e/support/server.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      CLIENT_DIR: process.env.CLIENT_DIR ?? "dist/client",
      LOG_LEVEL: "warn",
      BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123456789",
      SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
      OWNER_EMAILS: "owner@maison.test",
      // A Slack-style webhook nobody answers, and one attempt per delivery: the outbox journey retries a failure.
      SLACK_WEBHOOK_URL: "http://127.0.0.1:9/hooks/e2e",
      OUTBOX_MAX_ATTEMPTS: "1",
      // Many journeys sign up from one address; the limits themselves are covered by integration tests.
      AUTH_RATE_LIMIT_PER_IP: "1000",
      CONTACT_EMAIL: "concierge@maison.example",
    },
  },
});
