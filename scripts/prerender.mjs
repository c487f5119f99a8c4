#!/usr/bin/env node
/**
 * After `vite build`: renders the public pages to HTML with the server build of the app (dist/prerender), in each
 * language, and writes dist/client/prerendered/<name>.html (English) and prerendered/pt-PT/<name>.html, which the
 * server sends for those paths in the visitor's language; and index.pt-PT.html, the app's shell in Portuguese
 * (each language's pages link their own web app manifest).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const PRERENDERED_ROUTES = {
  "/": "index",
  "/pricing": "pricing",
  "/about": "about",
  "/legal": "legal",
  "/privacy": "privacy",
};

/** The languages, and where each one's pages go under prerendered/ (English at its root, as before). */
export const PRERENDERED_LOCALES = { en: "", "pt-PT": "pt-PT" };

const escapeHtml = (value) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The template with the language, title and description of a page, and the installed app's manifest in that
 * language (manifest.pt-PT.webmanifest beside manifest.webmanifest: src/client/service-worker/vite-plugin.ts).
 */
function withHead(template, locale, head) {
  let html = template.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (locale !== "en") {
    html = html.replace(/(<link rel="manifest" href="[^"]*\/manifest)(\.webmanifest")/, `$1.${locale}$2`);
  }
  if (head.title) html = html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  if (head.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeHtml(head.description)}"`,
    );
  }
  return html;
}

export async function prerender(clientDir, serverDir) {
  const { render } = await import(pathToFileURL(path.resolve(serverDir, "entry-prerender.js")).href);
  const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
  const root = /<div id="root">[\s\S]*?<\/div>\s*(?=<\/body>|<script)/;
  if (!root.test(template)) throw new Error('index.html has no <div id="root"> to prerender into');
  if (!/<html lang="[^"]*"/.test(template)) throw new Error("index.html has no <html lang>");
  for (const [locale, folder] of Object.entries(PRERENDERED_LOCALES)) {
    const outDir = path.join(clientDir, "prerendered", folder);
    mkdirSync(outDir, { recursive: true });
    for (const [route, name] of Object.entries(PRERENDERED_ROUTES)) {
      const { html, ...head } = await render(route, locale);
      // A boundary left on its fallback would be rendered by the client instead: that is a bug here, not a page.
      if (html.includes("<!--$!-->") || html.includes("<script"))
        throw new Error(`${route} (${locale}) did not prerender completely`);
      writeFileSync(
        path.join(outDir, `${name}.html`),
        withHead(template, locale, head).replace(root, () => `<div id="root" data-prerendered="true">${html}</div>\n`),
      );
    }
    // The shell of every other route: the language and the site's own title and description in it.
    if (locale !== "en") {
      const { html: _html, ...head } = await render("/", locale);
      writeFileSync(path.join(clientDir, `index.${locale}.html`), withHead(template, locale, head));
    }
  }
  rmSync(serverDir, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [clientDir = "dist/client", serverDir = "dist/prerender"] = process.argv.slice(2);
  await prerender(clientDir, serverDir);
  const count = Object.keys(PRERENDERED_ROUTES).length * Object.keys(PRERENDERED_LOCALES).length;
  console.log(`Prerendered ${count} public pages into ${clientDir}/prerendered`);
}
