import { expectNoSeriousA11yViolations } from "./support/axe";
import { linkIn, MAIL_SUBJECT, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";
import { E2E_ADMIN, newEmail, signInViaForm, signUpViaApi, signUpViaForm } from "./support/users";

test("sign-up lands on /pricing with the welcome toast, without a detour by the dashboard", async ({ page }) => {
  // Every address the app moves to (issue 34 item 6: /pricing → /dashboard's gate → /pricing).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenPaths: string[] }).seenPaths = seen;
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method].bind(history);
      history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url) seen.push(new URL(url, location.href).pathname);
        original(data, unused, url);
      };
    }
  });
  await signUpViaForm(page, { email: newEmail(), password: "secret-pass" });
  await expect(page.getByText("Account created! Please purchase a membership to access the platform.")).toBeVisible();
  // Without a membership the header's badge does not name the paid Basic plan (issue 34).
  const nav = page.getByRole("banner");
  await expect(nav.getByText("Plan: No membership")).toBeVisible();
  await expect(nav.getByText("Basic", { exact: true })).toHaveCount(0);
  await page.waitForTimeout(2_000); // the gate's redirect delay (1500 ms) and more
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await page.evaluate(() => (window as unknown as { seenPaths: string[] }).seenPaths)).not.toContain(
    "/dashboard",
  );
});

test("sign-up shows the spec's validation messages", async ({ page }) => {
  await page.goto("/auth?mode=sign-up");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password").fill("123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Invalid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Phone is required")).toBeVisible();
});

test("sign-out, then sign-in lands on the dashboard gate and moves to /pricing", async ({ page }) => {
  const user = { email: newEmail(), password: "secret-pass" };
  await signUpViaForm(page, user);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInViaForm(page, user);
  await expect(page.getByText("Signed in successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Membership Required" })).toBeVisible();
  await expect(
    page.getByText("To access the product, you need an active membership. Choose a plan to get started."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "View Membership Plans" })).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/, { timeout: 5_000 });
});

test("a wrong password says so without revealing whether the account exists", async ({ page }) => {
  await signInViaForm(page, { email: newEmail(), password: "wrong-password" });
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("a password reset email arrives and its link sets a new password that works", async ({ page }) => {
  const user = { email: newEmail("reset"), password: "old-password" };
  await signUpViaApi(page, user);
  await page.context().clearCookies();

  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();

  // The confirmation mail from sign-up went to the same address first: this waits for the reset mail itself.
  const mail = await waitForMail(user.email, MAIL_SUBJECT.reset);
  await page.goto(linkIn(mail, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill("brand-new-password");
  await page.getByLabel("Confirm new password").fill("brand-new-password");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInViaForm(page, { email: user.email, password: "brand-new-password" });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a member cannot open the admin area", async ({ page }) => {
  await signUpViaApi(page, { email: newEmail(), password: "secret-pass" });
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
});

test("the admin created with the CLI can open the admin area", async ({ page }) => {
  await signInViaForm(page, E2E_ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeAttached();
});

test("the profile page saves the name and keeps the email read-only", async ({ page }) => {
  const email = newEmail();
  await signUpViaApi(page, { email, password: "secret-pass" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveAttribute("placeholder", "+351 XXX XXX XXX");
  await page.getByLabel("Name", { exact: true }).fill("Ana Maria Sousa");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
  await expect(page.getByRole("button", { name: "View Membership Plans" })).toBeVisible();
});

test("signed-out visitors of guarded pages go to /auth and come back after signing in", async ({ page }) => {
  const user = { email: newEmail(), password: "secret-pass" };
  await signUpViaApi(page, user);
  await page.context().clearCookies();
  await page.goto("/requests");
  await expect(page).toHaveURL(/\/auth\?next=%2Frequests$/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/requests$/);
});

test("the account screens have no serious accessibility violations", async ({ page }) => {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await signUpViaApi(page, { email: newEmail(), password: "secret-pass" });
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Membership Required" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
