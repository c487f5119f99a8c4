import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { linguiMessages } from "./scripts/i18n/vite-plugin.ts";
import { installableApp } from "./src/client/service-worker/vite-plugin.js";

/**
 * Preloads the two font files every first paint uses (Inter, Cormorant Garamond 500, Latin), so they arrive with
 * the stylesheet instead of after it: text then paints once in its own face rather than swapping late.
 */
function preloadCriticalFonts(): Plugin {
  const critical = [/inter-latin-wght-normal-.*\.woff2$/, /cormorant-garamond-latin-500-normal-.*\.woff2$/];
  return {
    name: "maison:preload-critical-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((file) => critical.some((re) => re.test(file)));
        return files.map((file) => ({
          tag: "link",
          attrs: { rel: "preload", href: `/${file}`, as: "font", type: "font/woff2", crossorigin: "" },
          injectTo: "head-prepend" as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The installable app (manifest, service worker) belongs to the browser build, not the prerender's.
  plugins: [linguiMessages(), react(), tailwindcss(), preloadCriticalFonts(), ...(isSsrBuild ? [] : installableApp())],
  resolve: { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } },
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every supported browser has native modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically goes into the entry chunk itself, so the first render waits for
        // two files (entry + runtime) instead of seven small common chunks. Pages stay lazy chunks.
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: "http://localhost:3000", ws: true } },
  },
}));
