#!/usr/bin/env node
/**
 * After `vite build`: renders the public pages to HTML with the server build of the app (dist/prerender) and
 * writes each as dist/client/prerendered/<name>.html, which the server sends for those paths.
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

export async function prerender(clientDir, serverDir) {
  const { render } = await import(pathToFileURL(path.resolve(serverDir, "entry-prerender.js")).href);
  const template = readFileSync(path.join(clientDir, "index.html"), "utf8");
  const root = /<div id="root">[\s\S]*?<\/div>\s*(?=<\/body>|<script)/;
  if (!root.test(template)) throw new Error('index.html has no <div id="root"> to prerender into');
  const outDir = path.join(clientDir, "prerendered");
  mkdirSync(outDir, { recursive: true });
  for (const [route, name] of Object.entries(PRERENDERED_ROUTES)) {
    const html = await render(route);
    // A boundary left on its fallback would be rendered by the client instead: that is a bug here, not a page.
    if (html.includes("<!--$!-->") || html.includes("<script"))
      throw new Error(`${route} did not prerender completely`);
    writeFileSync(
      path.join(outDir, `${name}.html`),
      template.replace(root, () => `<div id="root" data-prerendered="true">${html}</div>\n`),
    );
  }
  rmSync(serverDir, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [clientDir = "dist/client", serverDir = "dist/prerender"] = process.argv.slice(2);
  await prerender(clientDir, serverDir);
  console.log(`Prerendered ${Object.keys(PRERENDERED_ROUTES).length} public pages into ${clientDir}/prerendered`);
}
