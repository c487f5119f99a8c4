/**
 * The installable app at build time (decision 029): vite-plugin-pwa writes the web app manifest, links it from
 * index.html (and so from the prerendered pages, which are made from it), builds the service worker
 * (`sw.ts`, with Vite) and injects into it the list of files it precaches.
 *
 * Precached: what every page of the member app needs before it can paint (the entry chunk, its runtime and
 * stylesheet, the Latin fonts) and the offline page in each language. Every other hashed file under /assets/ is
 * cached the first time it is used (sw.ts), so a visitor of the landing page does not download the staff's charts.
 *
 * In both languages (decision 028, issue 24 item 4): the manifest is manifest.webmanifest in English and
 * manifest.pt-PT.webmanifest in Portuguese (each language's HTML links its own: scripts/prerender.mjs), and the
 * offline page is public/offline.html in English and offline.pt-PT.html, made from it here, in Portuguese (the
 * worker shows the one of the visitor's language). These are build-time texts, outside Lingui's reach (nothing
 * runs on the offline page, and the manifest is a file): their two languages are the table below.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import type { Locale } from "../../shared/locales";

/** The brand's palette (decision 003). */
const IVORY = "#F7F3EC";

/** What the installed app and the offline page say, in each language (decision 028's glossary). */
export const APP_TEXTS: Record<Locale, { about: string; offline: OfflineTexts }> = {
  en: {
    about: "Members-only sourcing and concierge: your requests and conversations with the house.",
    offline: {
      tab: "Offline · Maison",
      kicker: "No connection",
      headline: "You are offline",
      lead: "This page needs a connection. Your requests and messages are safe with us: check your connection, then try again.",
      retry: "Try again",
    },
  },
  "pt-PT": {
    about: "Pesquisa e concierge exclusivos para membros: os seus pedidos e conversas com a casa.",
    offline: {
      tab: "Sem ligação · Maison",
      kicker: "Sem ligação",
      headline: "Está offline",
      lead: "Esta página precisa de ligação. Os seus pedidos e mensagens estão seguros connosco: verifique a sua ligação e tente novamente.",
      retry: "Tentar novamente",
    },
  },
};

interface OfflineTexts {
  tab: string;
  kicker: string;
  headline: string;
  lead: string;
  retry: string;
}

/** The manifest's file for a language: English keeps the name every browser already knows. */
export const manifestFile = (locale: Locale) =>
  locale === "en" ? "manifest.webmanifest" : `manifest.${locale}.webmanifest`;
/** The offline page's file for a language (sw.ts chooses among them). */
export const offlineFile = (locale: Locale) => (locale === "en" ? "offline.html" : `offline.${locale}.html`);

function manifest(locale: Locale) {
  return {
    id: "/",
    name: "Maison",
    short_name: "Maison",
    description: APP_TEXTS[locale].about,
    lang: locale,
    dir: "ltr" as const,
    start_url: "/dashboard",
    scope: "/",
    display: "standalone" as const,
    orientation: "portrait" as const,
    background_color: IVORY,
    theme_color: IVORY,
    categories: ["lifestyle", "shopping"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

/**
 * The offline page in another language, from the English one (public/offline.html): its language, tab title,
 * eyebrow, heading, paragraph and button. Each part must be found: a redesign of the page that loses one fails
 * the build rather than shipping English.
 */
export function translateOfflinePage(english: string, locale: Locale): string {
  const texts = APP_TEXTS[locale].offline;
  const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const parts: Array<[RegExp, string]> = [
    [/<html lang="en">/, `<html lang="${locale}">`],
    [/<title>[^<]*<\/title>/, `<title>${escapeHtml(texts.tab)}</title>`],
    [/<p class="eyebrow">[^<]*<\/p>/, `<p class="eyebrow">${escapeHtml(texts.kicker)}</p>`],
    [/<h1>[^<]*<\/h1>/, `<h1>${escapeHtml(texts.headline)}</h1>`],
    [/<p class="lead">[^<]*<\/p>/, `<p class="lead">${escapeHtml(texts.lead)}</p>`],
    [/<a class="button" href="">[^<]*<\/a>/, `<a class="button" href="">${escapeHtml(texts.retry)}</a>`],
  ];
  let html = english;
  for (const [pattern, replacement] of parts) {
    if (!pattern.test(html)) throw new Error(`public/offline.html: ${pattern} not found, cannot write ${locale}`);
    html = html.replace(pattern, () => replacement);
  }
  return html;
}

/** Writes the Portuguese manifest and offline page beside the English ones. */
function otherLanguages(): Plugin {
  let publicDir = "public";
  return {
    name: "maison:installable-languages",
    apply: "build",
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle() {
      const english = readFileSync(path.join(publicDir, "offline.html"), "utf8");
      for (const locale of Object.keys(APP_TEXTS) as Locale[]) {
        if (locale === "en") continue;
        this.emitFile({
          type: "asset",
          fileName: manifestFile(locale),
          source: `${JSON.stringify(manifest(locale))}\n`,
        });
        this.emitFile({ type: "asset", fileName: offlineFile(locale), source: translateOfflinePage(english, locale) });
      }
    },
  };
}

export function installableApp() {
  return [...installablePlugins(), otherLanguages()];
}

function installablePlugins() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: "src/client/service-worker",
    filename: "sw.ts",
    // Registered by our own small module after the load event (lib/service-worker.ts), never by an inline script
    // (the CSP allows none) or before the first render.
    injectRegister: false,
    manifestFilename: manifestFile("en"),
    includeManifestIcons: false,
    manifest: manifest("en"),
    injectManifest: {
      globPatterns: [
        "offline.html",
        "offline.*.html",
        "assets/index-*.{js,css}",
        "assets/rolldown-runtime-*.js",
        "assets/inter-latin-wght-normal-*.woff2",
        "assets/cormorant-garamond-latin-[0-9]*.woff2",
      ],
      // The entry chunk is larger than Workbox's default ceiling (2 MiB is far above any file we precache).
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      // Hashed names need no revision; the offline pages get one from their content.
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
