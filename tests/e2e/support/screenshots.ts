import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";

/** SCREENSHOTS=1 files a page at 1440 and 390 px in docs/screenshots (off in ordinary runs). */
export async function screenshots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  mkdirSync("docs/screenshots", { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    // A full-page capture draws fixed and sticky things where the viewport was: the notices are left out.
    await page.screenshot({
      path: `docs/screenshots/${name}-${width}.png`,
      fullPage: true,
      style:
        '[data-sonner-toaster], [aria-label="Privacy notice"] { display: none !important } body > div header.sticky { position: static !important } aside.sticky { position: static !important; height: auto !important }',
    });
  }
  await page.setViewportSize(size);
}
