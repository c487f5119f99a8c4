#!/usr/bin/env node
/**
 * Draws the installable app's icons (decision 029) from the brand's monogram: the "M" of the wordmark
 * (public/wordmark.svg, outlined from Cormorant Garamond) in gold on noir. Each icon is an SVG rendered to PNG
 * by Chromium (Playwright), so no image library is needed; the PNGs are committed, and this is run again only
 * when the mark changes:
 *
 *   node scripts/make-icons.mjs
 *
 * Writes public/icons/{icon-192,icon-512,maskable-512,apple-touch-icon,badge-96}.png and public/favicon.svg.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NOIR = "#0B0B0C";
const GOLD = "#B08D57";

// The wordmark's first glyph, the M: its outline and its box in the wordmark's coordinates.
const wordmark = readFileSync(path.join(root, "public/wordmark.svg"), "utf8");
const outline = /\sd="([^"]+)"/.exec(wordmark)?.[1] ?? "";
const glyph = outline.slice(0, outline.indexOf("Z") + 1);
const numbers = glyph.match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
const xs = numbers.filter((_, i) => i % 2 === 0);
const ys = numbers.filter((_, i) => i % 2 === 1);
const box = {
  x: Math.min(...xs),
  y: Math.min(...ys),
  w: Math.max(...xs) - Math.min(...xs),
  h: Math.max(...ys) - Math.min(...ys),
};
if (!glyph || box.w <= 0) throw new Error("public/wordmark.svg: no glyph found");

/**
 * The mark on a square of `size`: the M `share` of the width, centred, on a noir ground (`radius` rounds it;
 * null leaves it transparent, for the monochrome badge).
 */
function icon({ size, share, radius = 0, ground = NOIR, ink = GOLD }) {
  const scale = (size * share) / box.w;
  const x = (size - box.w * scale) / 2 - box.x * scale;
  const y = (size - box.h * scale) / 2 - box.y * scale;
  const background = ground ? `<rect width="${size}" height="${size}" rx="${radius}" fill="${ground}"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">${background}<path fill="${ink}" transform="translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(${scale.toFixed(5)})" d="${glyph}"/></svg>`;
}

const ICONS = [
  // "any": a rounded tile, as a desktop or launcher shows it.
  { file: "icon-192.png", svg: icon({ size: 192, share: 0.56, radius: 36 }) },
  { file: "icon-512.png", svg: icon({ size: 512, share: 0.56, radius: 96 }) },
  // "maskable": full bleed, the mark well inside the safe circle (80 % of the width) whatever the mask.
  { file: "maskable-512.png", svg: icon({ size: 512, share: 0.46 }) },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: "apple-touch-icon.png", svg: icon({ size: 180, share: 0.56 }) },
  // The status-bar badge: only its alpha counts, so a plain mark on nothing.
  { file: "badge-96.png", svg: icon({ size: 96, share: 0.8, ground: null, ink: "#FFFFFF" }) },
];

const outDir = path.join(root, "public/icons");
mkdirSync(outDir, { recursive: true });
const executablePath = existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined;
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, svg } of ICONS) {
    const size = Number(/width="(\d+)"/.exec(svg)?.[1]);
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
    await page.screenshot({
      path: path.join(outDir, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}

// The tab's icon: the same mark, as a vector.
writeFileSync(
  path.join(root, "public/favicon.svg"),
  `${icon({ size: 64, share: 0.62, radius: 8 }).replace(/ width="64" height="64"/, "")}\n`,
);
console.log("public/favicon.svg");
