/**
 * The first-visit budget (issue 33, item 3; decision 042), the cheap guard of `npm run bench:web` (which adds
 * Lighthouse): an anonymous phone visitor of `/` and `/pricing`, on the production build, downloads at most
 * 100 KB of gzip JavaScript without interaction until the network is quiet, and no service worker; and what must
 * work on those prerendered pages still does (the menu, the privacy notice, the language switch, pricing's
 * buttons and dialog).
 */
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { FIRST_VISIT_BUDGET } from "../../bench/first-visit";
import { expect, test } from "./support/test";

// The worker must be allowed to register for this guard to see that it does not.
test.use({ serviceWorkers: "allow", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Visits `path` and sums the gzip size of every script it downloads until the network has been quiet a while. */
async function firstVisitScripts(page: Page, path: string) {
  const scripts: Promise<{ url: string; gzip: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(
      response.body().then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body).length })),
    );
  });
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("html[data-page-ready]")).toBeAttached();
  // Whatever a page schedules for later (at idle, after the load event) gets its chance too.
  await page.waitForTimeout(4000);
  await page.waitForLoadState("networkidle");
  const list = await Promise.all(scripts);
  return { list, kb: list.reduce((total, s) => total + s.gzip, 0) / 1024 };
}

for (const path of ["/", "/pricing"]) {
  test(`an anonymous first visit of ${path} stays within ${FIRST_VISIT_BUDGET.jsGzipKB} KB of JavaScript`, async ({
    page,
  }) => {
    // Not met yet (decision 042: 117.6 KB on /, 119.4 KB on /pricing, the entry alone is 98.4 KB): expected to
    // fail until the public pages hydrate without TanStack Query; Playwright reports it once it passes.
    test.fail(true, "decision 042: the first-visit budget is not met yet");
    const { list, kb } = await firstVisitScripts(page, path);
    const detail = list.map((s) => `${(s.gzip / 1024).toFixed(1)} KB ${s.url}`).join("\n");
    expect(kb, `gzip JavaScript of ${path}:\n${detail}`).toBeLessThanOrEqual(FIRST_VISIT_BUDGET.jsGzipKB);
  });

  test(`an anonymous first visit of ${path} downloads no service worker and no registration code`, async ({ page }) => {
    const workers: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/sw.js") workers.push(request.url());
    });
    const { list } = await firstVisitScripts(page, path);
    expect(list.map((s) => s.url).filter((url) => /service-worker|workbox/.test(url))).toEqual([]);
    expect(workers).toEqual([]);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  });
}

test("on the prerendered landing page the privacy notice, the language switch and the menu work", async ({ page }) => {
  await page.goto("/");
  await expect(page.locator("html[data-page-ready]")).toBeAttached();

  const notice = page.getByRole("region", { name: "Privacy notice" });
  await expect(notice).toBeVisible();
  await notice.getByRole("button", { name: "Accept" }).click();
  await expect(notice).toBeHidden();

  const menuButton = page.getByRole("button", { name: "Menu", exact: true });
  await menuButton.click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu.getByRole("link")).toHaveText(["Home", "Pricing", "About", "Sign In"]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  // The language switch sits in the footer on a phone.
  await page.getByRole("contentinfo").getByLabel("Language").selectOption("pt-PT");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  await expect(page.getByRole("heading", { level: 1, name: "A aquisição de luxo, reinventada" })).toBeVisible();
});

test("on the prerendered pricing page the plan buttons and the Black inquiry work", async ({ page, context }) => {
  await context.addInitScript(() => window.localStorage.setItem("privacyAccepted", "true"));
  await page.goto("/pricing");
  await expect(page.locator("html[data-page-ready]")).toBeAttached();
  await page.getByRole("button", { name: "Request an Invitation" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("article", { name: "Silver" }).getByRole("button", { name: "Choose Silver" }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fpricing$/);
});
