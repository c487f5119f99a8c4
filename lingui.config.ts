/**
 * Lingui's catalogs (decision 028): one per client feature folder, one for the client's app/, components/ and
 * lib/, one for src/shared (validation and error texts, labels both sides show) and one for the server (emails,
 * notifications). Each is a folder's own pair of .po files, so people converting different features never edit
 * the same file. `npm run i18n:extract` updates them from the code.
 */
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

const notTests = ["**/*.test.*", "**/node_modules/**"];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "pt-PT"],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/client/app/locales/{locale}",
      include: ["<rootDir>/src/client/app", "<rootDir>/src/client/components", "<rootDir>/src/client/lib"],
      exclude: notTests,
    },
    {
      path: "<rootDir>/src/client/features/{name}/locales/{locale}",
      include: ["<rootDir>/src/client/features/{name}"],
      exclude: notTests,
    },
    { path: "<rootDir>/src/shared/locales/{locale}", include: ["<rootDir>/src/shared"], exclude: notTests },
    { path: "<rootDir>/src/server/locales/{locale}", include: ["<rootDir>/src/server"], exclude: notTests },
  ],
  // Origins without line numbers: moving code does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
  // The macros' runtime is ours (src/client/lib/i18n.tsx, i18n-trans.tsx): no provider to mount, and catalogs that arrive with
  // each module are added without re-rendering the app.
  runtimeConfigModule: {
    i18n: ["@/client/lib/i18n", "i18n"],
    Trans: ["@/client/lib/i18n-trans", "Trans"],
    useLingui: ["@/client/lib/i18n", "useLingui"],
  },
});
