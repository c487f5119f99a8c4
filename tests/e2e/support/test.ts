/**
 * Playwright's test with one change: page.goto() also waits until the page is live (see PageReady.tsx), so a
 * journey never presses a key on prerendered HTML that React has not taken over yet.
 */
import { test as base } from "@playwright/test";

export { expect } from "@playwright/test";

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.locator("html[data-page-ready]").waitFor({ state: "attached" });
      return response;
    };
    await use(page);
  },
});
