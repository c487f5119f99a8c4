import { expect, type Page } from "@playwright/test";

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
