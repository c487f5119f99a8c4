/** Memberships in the built-in test mode, as a new member would go through them. */
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { newEmail, signInAsAdmin, signUpViaApi } from "./support/users";

const planCard = (page: Page, plan: string) => page.getByRole("article", { name: plan });

/** Clicks a plan's button; checkout opens in a new tab, which is returned once it shows our checkout page. */
async function chooseAndOpenCheckout(page: Page, plan: string) {
  const [popup] = await Promise.all([page.waitForEvent("popup"), planCard(page, plan).getByRole("button").click()]);
  await popup.waitForURL(/\/checkout\/test\/cs_test_/);
  await expect(popup.getByRole("heading", { name: "Pay with card" })).toBeVisible();
  return popup;
}

async function payWith(checkout: Page, cardNumber: string) {
  await checkout.getByLabel("Card number").fill(cardNumber);
  await checkout.getByLabel("Expiry").fill("12/34");
  await checkout.getByLabel("CVC").fill("123");
  await checkout.getByLabel("Name on card").fill("Ana Sousa");
  await checkout.getByRole("button", { name: "Subscribe" }).click();
}

test("a new member buys Silver with the test card, gets access, and can only upgrade", async ({ page }) => {
  await signUpViaApi(page, { email: newEmail("silver"), password: "secret-pass" });
  await page.goto("/pricing");

  const checkout = await chooseAndOpenCheckout(page, "Silver");
  await expect(checkout.getByText("Subscribe to Maison Silver")).toBeVisible();
  await payWith(checkout, "4242 4242 4242 4242");

  await checkout.waitForURL(/\/post-checkout\?session_id=cs_test_/);
  await expect(checkout.getByText("Processing your subscription...")).toBeVisible();
  await expect(checkout.getByRole("heading", { name: "Your membership is active" })).toBeVisible();
  await expect(checkout.getByText("Subscription activated successfully!")).toBeVisible();
  const details = checkout.getByRole("definition");
  await expect(details.filter({ hasText: "Silver" })).toBeVisible();
  await expect(details.filter({ hasText: "Active" })).toBeVisible();

  await checkout.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(checkout).toHaveURL(/\/dashboard$/);
  await expect(checkout.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(checkout.getByRole("heading", { name: "Membership Required" })).toHaveCount(0);

  // The pricing tab learnt of the new membership without a reload.
  await expect(planCard(page, "Silver").getByText("Your plan")).toBeVisible();

  // The current plan cannot be chosen again (the server would answer 'You already have the Silver membership.').
  await expect(planCard(page, "Silver").getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await planCard(page, "Basic").getByRole("button").click();
  await expect(
    page.getByText("You cannot downgrade from Silver to Basic. Please manage your subscription in your profile."),
  ).toBeVisible();
});

test("a declined card leaves the member without access", async ({ page }) => {
  await signUpViaApi(page, { email: newEmail("declined"), password: "secret-pass" });
  await page.goto("/pricing");
  const checkout = await chooseAndOpenCheckout(page, "Gold");
  await payWith(checkout, "4000 0000 0000 0002");
  await expect(checkout.getByRole("alert")).toHaveText("Your card has been declined. Please try a different card.");
  await expect(checkout).toHaveURL(/\/checkout\/test\//);

  await checkout.goto("/dashboard");
  await expect(checkout.getByRole("heading", { name: "Membership Required" })).toBeVisible();
});

test("post-checkout without a session id says so and goes to /pricing", async ({ page }) => {
  await signUpViaApi(page, { email: newEmail("nosession"), password: "secret-pass" });
  await page.goto("/post-checkout");
  await expect(page.getByText("Invalid checkout session")).toBeVisible();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the admin settings show test mode with the test card, and sync all asks for confirmation", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/settings");
  await expect(page.getByText("TEST", { exact: true })).toBeVisible();
  await expect(page.getByText("4242 4242 4242 4242")).toBeVisible();

  await page.getByRole("button", { name: "Sync User" }).click();
  await expect(page.getByText("Please enter a user email")).toBeVisible();

  await page.getByRole("button", { name: "Sync All Subscriptions" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Sync all subscriptions?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sync All" }).click();
  await expect(page.getByRole("status").filter({ hasText: "No Stripe customer" })).toBeVisible();
});
