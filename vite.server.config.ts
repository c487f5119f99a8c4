import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The server for production: `npm run build:server` compiles src/server/main.ts and src/server/cli.ts (with
 * src/shared and the packages they use) into dist/server/main.js, dist/server/cli.js and their chunks
 * (dist/server/assets), that `npm start` and the journeys' server run with plain node. Bundling the packages is
 * a restart's largest saving (decision 026): one file read and compiled
 * instead of hundreds resolved, and only what is used. PGlite stays in node_modules (its wasm and data files are
 * found beside its module). Source maps carry positions, not the sources' text (a tenth of the size to read).
 */
export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true, external: ["@electric-sql/pglite"] },
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    // The server and the command line (`node dist/server/cli.js`, which needs no TypeScript tool at run time).
    ssr: true,
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
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
