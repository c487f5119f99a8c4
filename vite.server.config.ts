import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The server for production: `npm run build:server` compiles src/server/main.ts (with src/shared) into one
 * JavaScript module, dist/server/main.js, that `npm start` runs with plain node. Packages stay in node_modules.
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
