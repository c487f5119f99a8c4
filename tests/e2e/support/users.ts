import { type Browser, expect, type Page } from "@playwright/test";
import { test } from "./test";

export const E2E_ADMIN = { email: "admin@maison.test", password: "admin-secret-1", name: "Ada Admin" };

export function newEmail(prefix = "member") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Signs up through the real form; lands on /pricing. */
export async function signUpViaForm(
  page: Page,
  user: { name?: string; email: string; password: string; phone?: string },
) {
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Full name").fill(user.name ?? "Ana Sousa");
  await page.getByLabel("Phone", { exact: true }).fill(user.phone ?? "912345678");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
}

export async function signInViaForm(page: Page, user: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/**
 * Gives the signed-in user of `page` a membership the way the test-mode checkout page does, through the same
 * calls with the page's cookies (card 4242 4242 4242 4242), then reloads the page's view of the session.
 * The checkout pages themselves are walked through in payments.spec.ts.
 */
export async function subscribeViaTestCheckout(page: Page, plan: "free" | "silver" | "gold") {
  const started = await page.request.post("/api/billing/checkout", { data: { plan } });
  expect(started.ok(), await started.text()).toBe(true);
  const { sessionId } = (await started.json()) as { sessionId: string };
  const paid = await page.request.post(`/api/billing/test/checkout/${sessionId}/pay`, {
    data: { cardNumber: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ana Sousa" },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(async () => {
      const check = await page.request.post("/api/billing/check-subscription", { data: {} });
      return ((await check.json()) as { subscribed?: boolean }).subscribed;
    })
    .toBe(true);
}

/**
 * The admin, signed in in a browser context of their own (at `viewport`, if given); its page's `goto` waits for
 * the page to be ready, as the test fixture's does.
 */
export async function adminPage(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: test.info().project.use.locale,
    ...(viewport ? { viewport } : {}),
  });
  const page = await context.newPage();
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator("html[data-page-ready]").waitFor({ state: "attached" });
    return response;
  };
  await signInViaForm(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}
