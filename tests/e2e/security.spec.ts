/**
 * Account security (issue 22, item 9): a member signed in on two browsers signs the other one out from the
 * Sessions card, and it loses access at once; then changes the password, signing the other sessions out.
 */
import type { Browser, Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newEmail, signInViaForm, signUpViaApi } from "./support/users";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Another browser (an iPhone's Safari, to the server), signed in as `user`, on its profile. */
async function otherBrowser(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await signInViaForm(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/profile");
  await page.locator("html[data-page-ready]").waitFor({ state: "attached" });
  await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
  return { context, page };
}

const sessionsList = (page: Page) => page.getByRole("list", { name: "Active sessions" });

test("a member signs another browser out from the Sessions card, and it loses access at once", async ({
  page,
  browser,
}) => {
  const user = { email: newEmail("sessions"), password: "secret-pass" };
  await signUpViaApi(page, user);
  const phone = await otherBrowser(browser, user);
  try {
    await page.goto("/profile#security");
    const list = sessionsList(page);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    const mine = list.getByRole("listitem").filter({ hasText: "This device" });
    await expect(mine).toContainText("Active now");
    const iphone = list.getByRole("listitem").filter({ hasText: "Safari on iOS" });
    await expect(iphone).toContainText("Last seen just now");
    await expect(page.getByRole("button", { name: "Sign Out Everywhere Else" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "profile-security");

    await iphone.getByRole("button", { name: "Sign out Safari on iOS" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Sign out this session?" });
    await expect(dialog).toContainText("Safari on iOS will be signed out at once");
    await dialog.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByText("Session signed out")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign Out Everywhere Else" })).toHaveCount(0);

    // The phone, left open on its profile, is told at once: its next call is refused and it goes to sign in.
    expect((await api(phone.page.request, "GET /account/sessions")).status()).toBe(401);
    await expect(phone.page).toHaveURL(/\/auth/, { timeout: 10_000 });
  } finally {
    await phone.context.close();
  }
});

test("changing the password with 'Sign out of my other sessions' signs the other browsers out", async ({
  page,
  browser,
}) => {
  const user = { email: newEmail("password"), password: "secret-pass" };
  await signUpViaApi(page, user);
  const phone = await otherBrowser(browser, user);
  try {
    await page.goto("/profile");
    // The list follows the other browser's sign-in live.
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(2);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("a-new-secret");
    await page.getByLabel("Confirm new password").fill("a-new-secret");
    await page.getByRole("checkbox", { name: /Sign out of my other sessions/ }).check();
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Password changed", { exact: true })).toBeVisible();
    await expect(sessionsList(page).getByRole("listitem")).toHaveCount(1);
    await expect(phone.page).toHaveURL(/\/auth/, { timeout: 10_000 });

    // This browser stays signed in; the new password is the one that works.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
    await signInViaForm(phone.page, { email: user.email, password: "a-new-secret" });
    await expect(phone.page).toHaveURL(/\/dashboard$/);
  } finally {
    await phone.context.close();
  }
});
