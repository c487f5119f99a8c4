import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The server for production: `npm run build:server` compiles src/server/main.ts (with src/shared and the
 * packages it uses) into dist/server/main.js and its chunks (dist/server/assets), that `npm start` runs with
 * plain node. Bundling the packages is a restart's largest saving (decision 026): one file read and compiled
 * instead of hundreds resolved, and only what is used. PGlite stays in node_modules (its wasm and data files are
 * found beside its module). Source maps carry positions, not the sources' text (a tenth of the size to read).
 */
export default defineConfig({
  publicDir: false,
  ssr: { noExternal: true, external: ["@electric-sql/pglite"] },
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    ssr: "src/server/main.ts",
    outDir: "dist/server",
    emptyOutDir: true,
    target: "node20",
    sourcemap: true,
    minify: false,
    rolldownOptions: { output: { sourcemapExcludeSources: true } },
  },
});
