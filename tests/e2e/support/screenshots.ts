import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/**
 * SCREENSHOTS=1 files a page at 1440 and 390 px in docs/screenshots (off in ordinary runs); a name with a folder
 * ("money/statement") files it in that folder.
 */
export async function screenshots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(path.dirname(`docs/screenshots/${name}`), { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    // A full-page capture draws fixed and sticky things where the viewport was: the notices are left out, and
    // the floating chat button is drawn where it rests once the page is scrolled to its end (over the room the
    // footer leaves for it), not in the middle of the page.
    await page.screenshot({
      path: `docs/screenshots/${name}-${width}.png`,
      fullPage: true,
      style:
        '[data-sonner-toaster], [aria-label="Privacy notice"], [aria-label="Aviso de privacidade"] { display: none !important } .render-lazy { content-visibility: visible !important } body > div header.sticky { position: static !important } aside.sticky { position: static !important; height: auto !important } div:has(> main#main) { position: relative } a[aria-label="Open messages"], a[aria-label="Open the inbox"], a[aria-label="Abrir as mensagens"], a[aria-label="Abrir a caixa de entrada"] { position: absolute !important }',
    });
  }
  await page.setViewportSize(size);
}

/**
 * SCREENSHOTS=1 files what the window shows now, scrolled where it is (a focused field above a phone's keyboard,
 * the newest message), as docs/screenshots/<name>-<width>.png: fixed things are where the eye meets them.
 */
export async function viewportScreenshot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync(path.dirname(`docs/screenshots/${name}`), { recursive: true });
  await page.waitForTimeout(150);
  await page.screenshot({
    path: `docs/screenshots/${name}-${page.viewportSize()?.width ?? "viewport"}.png`,
    style:
      '[data-sonner-toaster], [aria-label="Privacy notice"], [aria-label="Aviso de privacidade"] { display: none !important }',
  });
}
