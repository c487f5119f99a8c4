/** The account around the member: confirming the email address, the owner's upgrade it unlocks, and deletion. */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { linkIn, MAIL_SUBJECT, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";
import { newEmail, signInViaForm, signUpViaApi, signUpViaForm } from "./support/users";

/** OWNER_EMAILS as playwright.config.ts starts the server. */
const OWNER = { email: "owner@maison.test", password: "owner-secret-1", name: "Olivia Owner" };

const notice = (page: Page) => page.getByRole("region", { name: "Email verification" });

/** Opens the link from the "Confirm your email" mail and waits for the page to say it worked. */
async function confirmEmailFromMail(page: Page, email: string) {
  const mail = await waitForMail(email, MAIL_SUBJECT.verification);
  await page.goto(linkIn(mail, "/verify-email"));
  await expect(page.getByRole("heading", { name: "Your email is confirmed" })).toBeVisible();
}

test.describe("email verification", () => {
  test("sign-up asks to verify the email; the link from the mail confirms it and the notice goes", async ({ page }) => {
    const user = { email: newEmail("verify"), password: "secret-pass" };
    await signUpViaForm(page, user);

    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
    await expect(notice(page)).toBeVisible();
    await expect(notice(page)).toContainText(`Please verify your email. We sent a confirmation link to ${user.email}.`);
    await expect(notice(page).getByRole("button", { name: "Send a new link" })).toBeVisible();

    await confirmEmailFromMail(page, user.email);
    await expect(page.getByText("Thank you. Your address is now verified.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);

    // The same after a fresh load: the server holds the address as verified.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });

  test("a new link can be asked for from the profile", async ({ page }) => {
    const user = { email: newEmail("resend"), password: "secret-pass" };
    await signUpViaApi(page, user);
    await page.goto("/profile");
    await notice(page).getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByText("We have sent you a new link. Please check your inbox.")).toBeVisible();
  });

  test("the link works signed out, and then offers to sign in", async ({ page }) => {
    const user = { email: newEmail("verify-out"), password: "secret-pass" };
    await signUpViaApi(page, user);
    await page.context().clearCookies();

    await confirmEmailFromMail(page, user.email);
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signInViaForm(page, user);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
    await expect(notice(page)).toHaveCount(0);
  });

  test("an invalid link shows that it did not work", async ({ page }) => {
    await page.goto("/verify-email?token=bad");
    await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "This verification link is invalid or has expired." }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your email is confirmed" })).toHaveCount(0);
    // Signed out, the way to a new link is through signing in, which comes back to the profile.
    await expect(page.getByText("Once signed in, you can ask for a new link from your profile.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?next=%2Fprofile",
    );
    await expectNoSeriousA11yViolations(page);
  });

  test("signed in, a link that did not work offers a new one at once", async ({ page }) => {
    await signUpViaApi(page, { email: newEmail("verify-bad"), password: "secret-pass" });
    await page.goto("/verify-email?token=bad");
    await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
    await page.getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have sent you a new link." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send a new link" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("a link without its token says it is incomplete", async ({ page }) => {
    await page.goto("/verify-email");
    await expect(page.getByRole("heading", { name: "This link did not work" })).toBeVisible();
    await expect(page.getByText("This link is incomplete.", { exact: false })).toBeVisible();
  });
});

test.describe("the owner", () => {
  // owner@maison.test can sign up once per database; a retry would only meet "already exists".
  test.describe.configure({ retries: 0 });

  test("becomes admin with a complimentary Black membership only once the email is verified", async ({ page }) => {
    await signUpViaForm(page, OWNER);
    const main = page.getByRole("navigation", { name: "Main" });
    await expect(main.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await expect(main.getByText("Black")).toHaveCount(0);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);

    await confirmEmailFromMail(page, OWNER.email);
    await expect(main.getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
    await expect(main.getByText("Black")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeAttached();
  });
});

test.describe("deleting the account", () => {
  async function openDeleteDialog(page: Page) {
    await page.goto("/profile");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  test("a wrong password keeps the dialog open; the right one deletes the account", async ({ page }) => {
    const user = { email: newEmail("delete"), password: "secret-pass" };
    await signUpViaApi(page, user);

    const dialog = await openDeleteDialog(page);
    await dialog.getByLabel("Your password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The password is not correct.");
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);

    // Typing again clears the message; the right password deletes the account.
    await dialog.getByLabel("Your password").fill(user.password);
    await expect(dialog.getByText("The password is not correct.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(page.getByText("Account deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign In" })).toBeVisible();

    await signInViaForm(page, user);
    await expect(page.getByText("Invalid email or password")).toBeVisible();
  });

  test("keeping the account closes the dialog and changes nothing", async ({ page }) => {
    const user = { email: newEmail("keep"), password: "secret-pass" };
    await signUpViaApi(page, user);
    const dialog = await openDeleteDialog(page);
    const password = dialog.getByLabel("Your password");
    await expect(password).toHaveAttribute("type", "password");
    await expect(password).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await password.fill("not-my-password");
    await dialog.getByRole("button", { name: "Delete Account" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The password is not correct.");
    await dialog.getByRole("button", { name: "Keep Account" }).click();
    await expect(dialog).toHaveCount(0);

    // Opened again, it starts afresh.
    await page.getByRole("button", { name: "Delete Account" }).click();
    await expect(dialog.getByLabel("Your password")).toHaveValue("");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
  });
});
