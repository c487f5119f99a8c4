/**
 * The audit log and two-factor for staff (issue 31 items 6 and 7, decision 050): an admin changes a member's plan
 * (the debug page's simulated checkout) and finds it in the audit log, before → after; an admin with two-factor
 * makes it mandatory, and a staff member without it is sent to set it up (QR code and key, a code computed here
 * as the authenticator app would, with the library better-auth uses) before the admin area opens to them.
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { Browser, Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newEmail, signInAsAdmin, signInViaForm, signUpViaApi } from "./support/users";

// Two-factor made mandatory holds back every staff account without one, the shared admin's too: this file runs
// after every other journey (playwright.config.ts), and its own two one after the other.
test.describe.configure({ mode: "default" });

/** The code an authenticator app shows now for an otpauth:// key. */
const totpOf = (secret: string) => createOTP(base32.decode(secret)).totp();
const secretOf = (uri: string) => new URL(uri).searchParams.get("secret") ?? "";

/** A new signed-up account in a browser of its own (its language `locale`). */
async function newAccount(browser: Browser, prefix: string, locale = "en-US") {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale });
  const page = await context.newPage();
  const user = {
    name: prefix === "auditor" ? "Beatriz Admin" : "Rui Staff",
    email: newEmail(prefix),
    password: "secret-pass-1",
  };
  await signUpViaApi(page, { ...user, locale });
  return { context, page, user };
}

/** `adminPage` (signed in as an admin) gives the account at `email` a role. */
async function giveRole(adminPage: Page, email: string, role: "staff" | "admin") {
  const res = await api(adminPage.request, "PUT /admin/roles", { body: { email, role } });
  expect(res.status(), await res.text()).toBe(200);
}

test("an admin changes a member's plan and sees it in the audit log, before → after", async ({ page, browser }) => {
  const member = await newAccount(browser, "audited");
  try {
    await signInAsAdmin(page);
    await page.goto("/admin/debug");
    const simulate = page.locator("form").filter({ has: page.getByRole("button", { name: "Simulate Checkout" }) });
    await simulate.getByLabel("User email").fill(member.user.email);
    await simulate.getByRole("button", { name: "Simulate Checkout" }).click();
    await expect(simulate.getByRole("status")).toBeVisible();

    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Plan changed" }).click();
    await expect(page).toHaveURL(/action=plan\.change/);
    const table = page.getByRole("table", { name: "Audit log" });
    const row = table.getByRole("row").filter({ hasText: "Plan changed" }).first();
    await expect(row).toContainText("Ada Admin");
    await expect(row.getByRole("insertion").first()).toHaveText(/silver|active/);
    // Its target: the member, and only the member's rows once chosen.
    await row.getByRole("button", { name: /^member · / }).click();
    await expect(page).toHaveURL(/kind=member/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await member.context.close();
  }
});

test("a staff member without two-factor is sent to set it up once it is mandatory", async ({ page, browser }) => {
  // An admin of the journey's own (the shared one keeps no second factor), promoted by the shared admin.
  await signInAsAdmin(page);
  const auditor = await newAccount(browser, "auditor");
  const staff = await newAccount(browser, "staffer");
  try {
    await giveRole(page, auditor.user.email, "admin");
    // The auditor turns two-factor on through the API (the profile's card is account.spec.ts's).
    // The library checks the Origin of its own calls, as a browser sends it.
    const origin = { origin: String(test.info().project.use.baseURL).replace(/\/$/, "") };
    const enabled = await api(
      auditor.page.request,
      "POST /auth/two-factor/enable",
      { body: { password: auditor.user.password } },
      origin,
    );
    expect(enabled.status(), await enabled.text()).toBe(200);
    const secret = secretOf((await enabled.json()).totpURI);
    const confirmed = await api(
      auditor.page.request,
      "POST /auth/two-factor/verify-totp",
      { body: { code: await totpOf(secret) } },
      origin,
    );
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // The auditor makes it mandatory on the security page, and gives the other account the staff role.
    await auditor.page.goto("/admin/security");
    const mandatory = auditor.page.getByRole("switch", {
      name: "Two-factor is mandatory for staff and administrators",
    });
    await expect(mandatory).not.toBeChecked();
    await mandatory.click();
    await expect(mandatory).toBeChecked();
    await auditor.page.getByLabel("Email").fill(staff.user.email);
    await auditor.page.getByRole("button", { name: "Change role" }).click();
    await expect(auditor.page.getByText(`${staff.user.email} is now Staff`)).toBeVisible();
    await expectNoSeriousA11yViolations(auditor.page);
    await screenshots(auditor.page, "audit/security-en");

    // The staff member signs in: the admin area sends them to set two-factor up, and nothing else opens.
    await staff.page.context().clearCookies();
    await signInViaForm(staff.page, staff.user);
    await staff.page.waitForURL((url) => url.pathname !== "/auth");
    await staff.page.goto("/admin/requests");
    await expect(staff.page).toHaveURL(/\/two-factor\/setup$/);
    await expect(staff.page.getByRole("heading", { name: "Set up two-factor authentication" })).toBeVisible();
    const refused = await api(staff.page.request, "GET /admin/replies");
    expect(refused.status()).toBe(403);
    expect((await refused.json()).code).toBe("two_factor_setup_required");
    await expectNoSeriousA11yViolations(staff.page);
    await screenshots(staff.page, "audit/two-factor-setup-en");

    await staff.page.getByRole("button", { name: "Set Up Two-Factor" }).click();
    const dialog = staff.page.getByRole("dialog");
    await dialog.getByLabel("Password").fill(staff.user.password);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const key = (await dialog.locator("code").first().textContent()) ?? "";
    await dialog.getByLabel("Code from your app").fill(await totpOf(key));
    await dialog.getByRole("button", { name: /confirm|turn on|enable/i }).click();
    await staff.page.getByRole("link", { name: "Continue to the admin area" }).click();
    await expect(staff.page).toHaveURL(/\/admin$/);
    expect((await api(staff.page.request, "GET /admin/replies")).status()).toBe(200);

    // The audit log shows all of it to the auditor.
    await auditor.page.goto("/admin/audit");
    const table = auditor.page.getByRole("table", { name: "Audit log" });
    await expect(table.getByRole("row").filter({ hasText: "Security settings" }).first()).toContainText(
      "twoFactorRequired",
    );
    await expect(table.getByRole("row").filter({ hasText: "Role changed" }).first()).toContainText("Beatriz Admin");
    await expect(table.getByRole("row").filter({ hasText: "Staff sign-in" }).first()).toContainText("Rui Staff");
    await screenshots(auditor.page, "audit/audit-log-en");

    // In Portuguese, the same pages.
    const language = await api(auditor.page.request, "PUT /profile/language", { body: { language: "pt-PT" } });
    expect(language.status(), await language.text()).toBe(200);
    await auditor.page.goto("/admin/audit");
    await expect(auditor.page.getByRole("heading", { name: "Registo de auditoria" })).toBeVisible();
    await expectNoSeriousA11yViolations(auditor.page);
    await screenshots(auditor.page, "audit/audit-log-pt");
    await auditor.page.goto("/admin/security");
    await expect(auditor.page.getByRole("heading", { name: "Segurança" })).toBeVisible();
    await screenshots(auditor.page, "audit/security-pt");
    const staffLanguage = await api(staff.page.request, "PUT /profile/language", { body: { language: "pt-PT" } });
    expect(staffLanguage.status()).toBe(200);
    await staff.page.goto("/two-factor/setup");
    await expect(staff.page.getByRole("heading", { name: "Configurar a autenticação de dois fatores" })).toBeVisible();
    await screenshots(staff.page, "audit/two-factor-setup-pt");
  } finally {
    // Optional again, for the journeys after this one.
    await api(auditor.page.request, "PUT /admin/security", { body: { twoFactorRequired: false } });
    await auditor.context.close();
    await staff.context.close();
  }
});
