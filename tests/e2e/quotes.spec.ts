/**
 * The business loop (issue 21) as a member and the staff live it, in two browsers: a quote arrives without a
 * reload, the member accepts an option and authorises the 10 % hold on the test card page, the staff see it
 * held and capture it, mark the request delivered, the member confirms receipt, and the money overviews show it.
 * The second journey: a declined quote, a revision, a declined card, the bank's 3-D Secure step, a release.
 */
import type { Locator, Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { solidPng } from "./support/images";
import { acceptOption, authoriseWith, card, memberWithRequest } from "./support/quote-steps";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage } from "./support/users";

// The third journey moves the test provider's payment clock (shared by the server): this file's journeys run
// one after another so no other hold lapses under it.
test.describe.configure({ mode: "default" });

async function fillOption(option: Locator, values: { title: string; price: string; terms?: string }) {
  await option.getByLabel("Title").fill(values.title);
  await option.getByLabel("Price (€)").fill(values.price);
  if (values.terms) await option.getByLabel("Supplier terms").fill(values.terms);
}

/** Staff write and send a quote from the request's admin page. */
async function sendQuote(
  staff: Page,
  options: Array<{ title: string; price: string; terms?: string; photo?: Buffer }>,
  message = "",
) {
  await staff.getByRole("button", { name: "New quote" }).click();
  for (const [index, option] of options.entries()) {
    if (index > 0) await staff.getByRole("button", { name: "Add option" }).click();
    const group = staff.getByRole("group", { name: `Option ${index + 1}` });
    await fillOption(group, option);
    await group.getByLabel("Estimated delivery").fill("2099-06-15");
    if (option.photo) {
      await group.locator('input[type="file"]').setInputFiles({
        name: `${option.title}.png`,
        mimeType: "image/png",
        buffer: option.photo,
      });
      await expect(group.getByRole("button", { name: `Remove ${option.title}.png` })).toBeVisible();
    }
  }
  await staff.getByLabel("Valid until").fill("2099-12-31");
  if (message) await staff.getByLabel("Message to the member").fill(message);
  await staff.getByRole("button", { name: "Send quote" }).click();
  await expect(staff.getByText("Quote sent").first()).toBeVisible();
}

test("staff quote two options; the member accepts one live, holds it with 4242; staff capture and deliver; the member confirms", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = await memberWithRequest(page, "Hermès Birkin 25");
  const staff = await adminPage(browser);
  try {
    await staff.goto(`/admin/requests/${id}`);
    await staff.getByRole("button", { name: "Move to Sourcing" }).click();
    await expect(staff.getByRole("button", { name: "New quote" })).toBeVisible();
    await expect(card(staff, "Payment").getByText(/No card hold yet/)).toBeVisible();
    await sendQuote(
      staff,
      [
        {
          title: "Birkin 25, Gold Togo",
          price: "4500",
          terms: "Full set with receipt. Non-refundable once shipped.",
          photo: solidPng(160, 120, [176, 141, 87]),
        },
        { title: "Birkin 25, Etoupe Clemence", price: "5,200.50", photo: solidPng(160, 120, [124, 96, 52]) },
      ],
      "Two pieces we can secure this week.",
    );

    // The member sees the quote arrive without a reload.
    const gold = page.getByRole("article", { name: "Birkin 25, Gold Togo" });
    await expect(gold).toBeVisible({ timeout: 15_000 });
    await expect(gold.getByText("€4,500", { exact: true })).toBeVisible();
    await expect(
      page.getByRole("article", { name: "Birkin 25, Etoupe Clemence" }).getByText("€5,200.50"),
    ).toBeVisible();
    await expect(page.getByText(/Valid until 31 Dec 2099/)).toBeVisible();
    await gold.getByRole("button", { name: "View Birkin 25, Gold Togo.png" }).click();
    await expect(page.getByRole("dialog", { name: "Photos of Birkin 25, Gold Togo" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-member-cards");

    const dialog = await acceptOption(page, "Birkin 25, Gold Togo");
    await expect(dialog.getByText("We will hold €450 on your card; nothing is charged now.")).toBeVisible();
    await dialog.getByRole("button", { name: "Continue to card" }).click();
    await page.waitForURL(/\/checkout\/test\/holds\/cs_test_/);
    await expect(page.getByRole("heading", { name: "Authorise with card" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-hold-card-page");

    // Meanwhile the staff see the hold awaiting the card, live.
    await expect(card(staff, "Payment").getByText("Awaiting card")).toBeVisible({ timeout: 15_000 });
    await screenshots(staff, "quotes-admin-payment-awaiting");

    await authoriseWith(page, "4242 4242 4242 4242", "€450");
    await page.waitForURL(new RegExp(`/requests/${id}`));
    const hold = card(page, "Card hold");
    await expect(hold.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(hold.getByText(/€450 is held on your card until/)).toBeVisible();
    await expect(page.getByRole("article", { name: "Birkin 25, Gold Togo" }).getByText("Accepted")).toBeVisible();

    // The staff see 'Held' live, then capture it.
    const payment = card(staff, "Payment");
    await expect(payment.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(payment.getByText(/Hold expires in (6|7) days/)).toBeVisible();
    await expect(staff.getByRole("main").getByText("Found", { exact: true }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await screenshots(staff, "quotes-admin-payment-held");
    await payment.getByRole("button", { name: "Capture Payment" }).click();
    const capture = staff.getByRole("alertdialog", { name: "Capture the payment?" });
    await expect(capture.getByLabel("Amount (€)")).toHaveValue("450");
    await capture.getByRole("button", { name: "Capture €450" }).click();
    await expect(payment.getByText("Captured", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(hold.getByText("€450 was charged to your card.")).toBeVisible({ timeout: 15_000 });
    await screenshots(staff, "quotes-admin-payment-captured");

    // Delivered, and the member confirms receipt.
    await card(staff, "Delivery").getByRole("button", { name: "Mark as delivered" }).click();
    const deliver = staff.getByRole("alertdialog", { name: "Mark as delivered?" });
    await deliver.getByLabel(/Note/).fill("Handed over at the Chiado boutique.");
    await deliver.getByRole("button", { name: "Mark as delivered" }).click();
    await expect(card(staff, "Delivery").getByText(/Awaiting the member's answer/)).toBeVisible({ timeout: 15_000 });

    const delivery = card(page, "Delivery");
    await expect(delivery.getByText("Handed over at the Chiado boutique.")).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-member-delivered");
    await delivery.getByRole("button", { name: "Confirm receipt" }).click();
    // The lasting state first: the toast may be gone by the time a loaded machine looks for it.
    await expect(delivery.getByText(/You confirmed receipt/)).toBeVisible();
    await expect(card(staff, "Delivery").getByText(/The member confirmed receipt/)).toBeVisible({ timeout: 15_000 });
    await screenshots(staff, "quotes-admin-delivered");

    // The money overviews.
    await page.goto("/profile");
    const payments = card(page, "Payments");
    const row = payments.getByRole("listitem").filter({ hasText: "Hermès Birkin 25" });
    await expect(row.getByText("€450")).toBeVisible();
    await expect(row.getByText("Captured")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-member-money");

    await staff.goto("/admin");
    const money = staff.getByRole("region", { name: "Money" });
    await expect(money.getByText("Captured").first()).toBeVisible();
    await expect(money.getByRole("heading", { name: "Holds per week" })).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await screenshots(staff, "quotes-admin-quotes-overview");
  } finally {
    await staff.context().close();
  }
});

test("the member declines, staff revise, the card is declined, then the bank's 3-D Secure step succeeds; staff release", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = await memberWithRequest(page, "Cartier Crash");
  const staff = await adminPage(browser);
  try {
    await staff.goto(`/admin/requests/${id}`);
    await staff.getByRole("button", { name: "Move to Sourcing" }).click();
    await sendQuote(staff, [{ title: "Crash, 1991 London", price: "98000" }]);

    await expect(page.getByRole("article", { name: "Crash, 1991 London" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Decline quote" }).click();
    const decline = page.getByRole("alertdialog", { name: "Decline this quote?" });
    await decline.getByLabel(/Reason/).fill("Above what I had in mind.");
    await decline.getByRole("button", { name: "Decline quote" }).click();
    await expect(page.getByText("Quote declined").first()).toBeVisible();
    await expect(page.getByText(/You declined the last proposal/)).toBeVisible();

    // The staff see the reason live and revise.
    await expect(staff.getByText(/Above what I had in mind\./)).toBeVisible({ timeout: 15_000 });
    await staff.getByRole("button", { name: "Revise quote" }).click();
    const option = staff.getByRole("group", { name: "Option 1" });
    await expect(option.getByLabel("Title")).toHaveValue("Crash, 1991 London");
    await option.getByLabel("Price (€)").fill("91000");
    await staff.getByLabel("Valid until").fill("2099-12-31");
    await staff.getByRole("button", { name: "Send quote" }).click();
    await expect(staff.getByText("Quote sent").first()).toBeVisible();

    const revised = page.getByRole("article", { name: "Crash, 1991 London" });
    await expect(revised.getByText("€91,000", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("region", { name: "Earlier proposals" }).getByText("Declined")).toBeVisible();

    const dialog = await acceptOption(page, "Crash, 1991 London");
    await expect(dialog.getByText("We will hold €9,100 on your card; nothing is charged now.")).toBeVisible();
    await dialog.getByRole("button", { name: "Continue to card" }).click();
    await page.waitForURL(/\/checkout\/test\/holds\//);

    // A declined card: a clear message, and nothing changes.
    await authoriseWith(page, "4000 0000 0000 0002", "€9,100");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined. Please try another card.");
    await expect(page).toHaveURL(/\/checkout\/test\/holds\//);

    // The bank asks for a confirmation; failing it says so, approving it holds the money.
    await authoriseWith(page, "4000 0027 6000 3184", "€9,100");
    const bank = page.getByRole("region", { name: "Confirm this authorisation" });
    await expect(bank).toBeVisible();
    // The bank names the item held, not the hold's own line (issue 34).
    await expect(bank).toContainText("confirm the hold of €9,100 for Crash, 1991 London.");
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-hold-3ds");
    await bank.getByRole("button", { name: "Fail" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await authoriseWith(page, "4000 0027 6000 3184", "€9,100");
    await page
      .getByRole("region", { name: "Confirm this authorisation" })
      .getByRole("button", { name: "Approve" })
      .click();
    await page.waitForURL(new RegExp(`/requests/${id}`));
    await expect(card(page, "Card hold").getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });

    // Staff release the hold.
    const payment = card(staff, "Payment");
    await expect(payment.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });
    await payment.getByRole("button", { name: "Release Hold" }).click();
    const release = staff.getByRole("alertdialog", { name: "Release the hold?" });
    await release.getByRole("button", { name: "Release Hold" }).click();
    await expect(payment.getByText("Released", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(staff);
    await screenshots(staff, "quotes-admin-payment-released");
    await expect(card(page, "Card hold").getByText(/was released\. Nothing was charged\./)).toBeVisible({
      timeout: 15_000,
    });
  } finally {
    await staff.context().close();
  }
});

test("a hold lapses when the payment clock moves 7 days; staff ask again, the member sees it live and authorises again", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = await memberWithRequest(page, "Chanel 2.55 Reissue");
  const staff = await adminPage(browser);
  try {
    await staff.goto(`/admin/requests/${id}`);
    await staff.getByRole("button", { name: "Move to Sourcing" }).click();
    await sendQuote(staff, [{ title: "2.55 Reissue 226, Aged Black", price: "6000" }]);

    await expect(page.getByRole("article", { name: "2.55 Reissue 226, Aged Black" })).toBeVisible({ timeout: 15_000 });
    const dialog = await acceptOption(page, "2.55 Reissue 226, Aged Black");
    await dialog.getByRole("button", { name: "Continue to card" }).click();
    await page.waitForURL(/\/checkout\/test\/holds\//);
    await authoriseWith(page, "4242 4242 4242 4242", "€600");
    await page.waitForURL(new RegExp(`/requests/${id}`));
    const hold = card(page, "Card hold");
    await expect(hold.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });
    const payment = card(staff, "Payment");
    await expect(payment.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });

    // Seven days and an hour later (the QA tool moves the test provider's clock): the authorisation lapsed.
    const moved = await api(staff.request, "POST /admin/qa/payment-clock", { body: { hours: 7 * 24 + 1 } });
    expect(moved.status()).toBe(200);
    await expect(payment.getByText("Expired", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(payment.getByText(/The authorisation lapsed before it was captured/)).toBeVisible();
    await expect(hold.getByText(/lapsed before it was used\. Nothing was charged\./)).toBeVisible({ timeout: 15_000 });
    // The member may authorise again on their own, without waiting for the team (issue 30, item 6).
    await expect(hold.getByRole("button", { name: "Authorise again" })).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    await screenshots(staff, "quotes-admin-payment-expired");

    // Staff may still ask; the member reads it without a reload and holds the option again with 4242.
    await payment.getByRole("button", { name: "Ask the member to authorise again" }).click();
    await expect(payment.getByText("The member was asked to authorise again.")).toBeVisible();
    const again = hold.getByRole("button", { name: "Authorise again" });
    await expect(again).toBeVisible({ timeout: 15_000 });
    await expect(hold.getByText(/the team asks you to authorise it again/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-member-authorise-again");
    await again.click();
    await page.waitForURL(/\/checkout\/test\/holds\//);
    await authoriseWith(page, "4242 4242 4242 4242", "€600");
    await page.waitForURL(new RegExp(`/requests/${id}`));
    await expect(hold.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(payment.getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(payment.getByRole("button", { name: "Capture Payment" })).toBeVisible();
  } finally {
    await api(staff.request, "DELETE /admin/qa/payment-clock");
    await staff.context().close();
  }
});
