import { cpSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { compiledCatalogs } from "./src/server/i18n-catalogs.ts";

const catalogsModule = fileURLToPath(new URL("./src/server/i18n-catalogs.ts", import.meta.url));
const migrations = fileURLToPath(new URL("./migrations", import.meta.url));

/**
 * What the built server needs besides its code, so that dist/ runs on its own (decision 041: copy dist/ and
 * package*.json, `npm ci --omit=dev`): the server's translations compiled now, in place of the module that reads
 * the .po files (src/server/i18n-catalogs.ts), and the committed migrations (their SQL and journal; drizzle-kit's
 * snapshots stay behind) in dist/server/migrations, found upward from the server's modules (src/server/db).
 */
function selfContained(): Plugin {
  return {
    name: "maison:self-contained-server",
    load(id) {
      if (id !== catalogsModule) return null;
      return [
        `const CATALOGS = ${JSON.stringify(compiledCatalogs())};`,
        `export function compiledCatalogs() { return CATALOGS; }`,
      ].join("\n");
    },
    writeBundle(options) {
      const target = path.join(options.dir ?? "dist/server", "migrations");
      mkdirSync(path.join(target, "meta"), { recursive: true });
      cpSync(path.join(migrations, "meta/_journal.json"), path.join(target, "meta/_journal.json"));
      for (const file of readdirSync(migrations).filter((name) => name.endsWith(".sql"))) {
        cpSync(path.join(migrations, file), path.join(target, file));
      }
    },
  };
}

/**
 * The server for production: `npm run build:server` compiles src/server/main.ts and src/server/cli.ts (with
 * src/shared and the packages they use) into dist/server/main.js, dist/server/cli.js and their chunks
 * (dist/server/assets), that `npm start` and the journeys' server run with plain node. Bundling the packages is
 * a restart's largest saving (decision 026): one file read and compiled
 * instead of hundreds resolved, and only what is used; and it leaves a production install one package to get
 * (decision 041). PGlite stays in node_modules (its wasm and data files are found beside its module): it is the
 * one runtime dependency. Source maps carry positions, not the sources' text (a tenth of the size to read).
 */
export default defineConfig({
  publicDir: false,
  plugins: [selfContained()],
  ssr: { noExternal: true, external: ["@electric-sql/pglite"] },
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    // The server and the command line (`node dist/server/cli.js`, which needs no TypeScript tool at run time).
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node22",
    sourcemap: true,
    minify: false,
    rolldownOptions: {
      input: { main: "src/server/main.ts", cli: "src/server/cli.ts" },
      output: {
        entryFileNames: "[name].js",
        sourcemapExcludeSources: true,
        // ASCII only (other characters escaped), and no documentation comments (licences kept): a module's
        // source is read as UTF-8, and a single other character makes it a two-byte string, decoded and scanned
        // at twice the cost (decision 044).
        charset: "ascii",
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
});
