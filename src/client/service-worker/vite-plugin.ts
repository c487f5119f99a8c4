/**
 * The installable app at build time (decision 029): vite-plugin-pwa writes the web app manifest, links it from
 * index.html (and so from the prerendered pages, which are made from it), builds the service worker
 * (`sw.ts`, with Vite) and injects into it the list of files it precaches.
 *
 * Precached: what every page of the member app needs before it can paint (the entry chunk, its runtime and
 * stylesheet, the Latin fonts) and the offline page. Every other hashed file under /assets/ is cached the first
 * time it is used (sw.ts), so a visitor of the landing page does not download the staff's charts.
 */
import { VitePWA } from "vite-plugin-pwa";

/** The brand's palette (decision 003). */
const IVORY = "#F7F3EC";

export function installableApp() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "src/client/service-worker",
    filename: "sw.ts",
    // Registered by our own small module after the load event (lib/service-worker.ts), never by an inline script
    // (the CSP allows none) or before the first render.
    injectRegister: false,
    manifestFilename: "manifest.webmanifest",
    includeManifestIcons: false,
    manifest: {
      id: "/",
      name: "Maison",
      short_name: "Maison",
      description: "Members-only sourcing and concierge: your requests and conversations with the house.",
      lang: "en",
      dir: "ltr",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      orientation: "portrait",
      background_color: IVORY,
      theme_color: IVORY,
      categories: ["lifestyle", "shopping"],
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      ],
    },
    injectManifest: {
      globPatterns: [
        "offline.html",
        "assets/index-*.{js,css}",
        "assets/rolldown-runtime-*.js",
        "assets/inter-latin-wght-normal-*.woff2",
        "assets/cormorant-garamond-latin-[0-9]*.woff2",
      ],
      // The entry chunk is larger than Workbox's default ceiling (2 MiB is far above any file we precache).
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      // Hashed names need no revision; offline.html gets one from its content.
      dontCacheBustURLsMatching: /^assets\//,
    },
    devOptions: { enabled: false },
    integration: {
      // The worker's own build speaks as quietly as the app's (`--logLevel warn`), and in Vite 8's words: one
      // file, no code splitting (the plugin still says it the Rollup way, which Rolldown warns about).
      configureCustomSWViteBuild(config) {
        config.logLevel = "warn";
        const output = config.build?.rollupOptions?.output;
        if (output && !Array.isArray(output)) {
          delete output.inlineDynamicImports;
          Object.assign(output, { codeSplitting: false });
        }
      },
    },
  });
}
