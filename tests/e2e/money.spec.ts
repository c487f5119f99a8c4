/**
 * The money after the hold (issue 30), as the member and the staff live it, in two browsers:
 * 1. part of the hold captured with a reason, the rest released, delivered, the balance invoiced and paid on the
 *    test provider's hosted invoice page: the member's statement reads 'Paid in full', every line in it;
 * 2. part of a captured payment refunded with a reason: the member reads it on their request;
 * 3. the member's bank disputes the payment: the deadline, the evidence pack submitted once, the bank's decision.
 * SCREENSHOTS=1 files the screens in English and Portuguese at 1440 and 390 px under docs/screenshots/money.
 */
import type { Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import {
  acceptOption,
  authoriseWith,
  capturedViaApi,
  card,
  memberWithRequest,
  payWithCard,
  quoteViaApi,
} from "./support/quote-steps";
import { screenshots, viewportScreenshot } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage } from "./support/users";

// The Portuguese screenshots (SCREENSHOTS=1) switch the shared admin's profile language for a moment: then this
// file's journeys run one after another, so no other one reads the staff's screens in Portuguese. Otherwise each
// journey has its own member and request, and they run side by side.
test.describe.configure({ mode: process.env.SCREENSHOTS ? "default" : "parallel" });

type Language = "en" | "pt-PT";

/** Chooses the interface's language as the language switch does (the profile's and the cookie), and reloads. */
async function switchLanguage(page: Page, language: Language) {
  const url = page.url();
  const saved = await api(page.request, "PUT /profile/language", { body: { language } });
  expect(saved.ok(), await saved.text()).toBe(true);
  await page.context().addCookies([{ name: "lang", value: language, url: new URL(url).origin }]);
  await page.goto(url);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/**
 * SCREENSHOTS=1 only: files the page as docs/screenshots/money/<name>-en and, reloaded in Portuguese, as
 * <name>-pt-PT (then back in English). `ready` brings the page to the same state after a reload (an open
 * dialog) and waits for it, in the language it is given.
 */
async function inBothLanguages(
  page: Page,
  name: string,
  ready: (language: Language) => Promise<void> = async () => {},
) {
  if (!process.env.SCREENSHOTS) return;
  await screenshots(page, `money/${name}-en`);
  await switchLanguage(page, "pt-PT");
  await ready("pt-PT");
  await screenshots(page, `money/${name}-pt-PT`);
  await switchLanguage(page, "en");
  await ready("en");
}

/** SCREENSHOTS=1 only: an open dialog as the window shows it, at 1440 and 390 px. */
async function dialogScreenshots(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await viewportScreenshot(page, `money/${name}`);
  }
  if (size) await page.setViewportSize(size);
}

/** The statement's row of a kind of movement ("Hold authorised"). */
const statementRow = (page: Page, what: string) =>
  card(page, "Statement")
    .getByRole("row")
    .filter({ has: page.getByText(what, { exact: true }) });

test("part of the hold captured with a reason, delivered, the balance invoiced and paid with 4242: 'Paid in full'", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = await memberWithRequest(page, "Hermès Kelly 25");
  const staff = await adminPage(browser);
  try {
    await quoteViaApi(staff, id, { title: "Kelly 25, Gold Epsom", priceCents: 450_000 });

    // The member accepts and holds €450 on the test card page.
    await expect(page.getByRole("article", { name: "Kelly 25, Gold Epsom" })).toBeVisible({ timeout: 15_000 });
    const accept = await acceptOption(page, "Kelly 25, Gold Epsom");
    await accept.getByRole("button", { name: "Continue to card" }).click();
    await page.waitForURL(/\/checkout\/test\/holds\//);
    await authoriseWith(page, "4242 4242 4242 4242", "€450");
    await page.waitForURL(new RegExp(`/requests/${id}`));
    await expect(card(page, "Card hold").getByText("Held", { exact: true })).toBeVisible({ timeout: 15_000 });

    // Staff capture €300 of it, with the reason the member reads; the rest is released.
    await staff.goto(`/admin/requests/${id}`);
    const payment = card(staff, "Payment");
    await payment.getByRole("button", { name: "Capture Payment" }).click();
    const capture = staff.getByRole("alertdialog", { name: "Capture the payment?" });
    await capture.getByLabel("Amount (€)").fill("300");
    await capture.getByLabel(/Reason/).fill("The strap needs a new keeper: €300 of the hold now.");
    await capture.getByRole("button", { name: "Capture €300" }).click();
    await expect(payment.getByText("Captured", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(payment.getByText(/€150 of the €450 hold was released\./)).toBeVisible();

    // Delivered; then the balance (the price less what was captured) invoiced.
    await card(staff, "Delivery").getByRole("button", { name: "Mark as delivered" }).click();
    await staff
      .getByRole("alertdialog", { name: "Mark as delivered?" })
      .getByRole("button", { name: "Mark as delivered" })
      .click();
    await expect(card(staff, "Delivery").getByText(/Awaiting the member's answer/)).toBeVisible({ timeout: 15_000 });
    const balance = card(staff, "Balance");
    await balance.getByRole("button", { name: "Send balance invoice" }).click();
    const send = staff.getByRole("alertdialog", { name: "Send the balance invoice?" });
    await expect(send.getByLabel("Amount (€)")).toHaveValue("4200");
    await send.getByRole("button", { name: "Send €4,200" }).click();
    await expect(balance.getByText("Open", { exact: true })).toBeVisible({ timeout: 15_000 });

    // The member pays it on the hosted invoice page.
    const due = card(page, "Balance");
    await expect(due.getByText(/Balance due €4,200 by/)).toBeVisible({ timeout: 15_000 });
    await due.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(/\/checkout\/test\/invoices\//);
    await expect(page.getByRole("heading", { name: "Pay with card" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await inBothLanguages(page, "invoice-page", async (language) => {
      await expect(
        page.getByRole("heading", { name: language === "en" ? "Pay with card" : "Pagar com cartão" }),
      ).toBeVisible();
    });
    await payWithCard(page, "4242 4242 4242 4242", "Pay €4,200");
    await page.waitForURL(new RegExp(`/requests/${id}`));

    // The statement: every movement, and 'Paid in full'.
    const statement = card(page, "Statement");
    await expect(statement.getByText("Paid in full", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(statementRow(page, "Hold authorised")).toContainText("€450");
    await expect(statementRow(page, "Charged")).toContainText("€300");
    await expect(statementRow(page, "Charged")).toContainText("The strap needs a new keeper: €300 of the hold now.");
    await expect(statementRow(page, "Hold released")).toContainText("€150");
    await expect(statementRow(page, "Balance invoiced")).toContainText("€4,200");
    await expect(statementRow(page, "Balance paid")).toContainText("€4,200");
    await expect(card(page, "Balance").getByText(/Paid in full · €4,200/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await inBothLanguages(page, "member-statement", async (language) => {
      await expect(card(page, language === "en" ? "Statement" : "Extrato")).toBeVisible();
    });

    // The staff's side reads the same.
    await expect(balance.getByText("Paid in full", { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect(card(staff, "Statement").getByText("Paid in full", { exact: true }).first()).toBeVisible();
    await inBothLanguages(staff, "admin-payment-statement", async (language) => {
      await expect(card(staff, language === "en" ? "Statement" : "Extrato")).toBeVisible();
    });
  } finally {
    // The shared admin account stays in English for the other journeys.
    await api(staff.request, "PUT /profile/language", { body: { language: "en" } });
    await staff.context().close();
  }
});

test("staff refund part of a captured payment with a reason; the member reads it on their request", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const id = await memberWithRequest(page, "Van Cleef Alhambra");
  const staff = await adminPage(browser);
  try {
    await quoteViaApi(staff, id, { title: "Vintage Alhambra, 10 motifs", priceCents: 450_000 });
    await capturedViaApi(page, staff, id);
    await staff.goto(`/admin/requests/${id}`);
    const payment = card(staff, "Payment");
    await expect(payment.getByText("Captured", { exact: true }).first()).toBeVisible();

    /** Opens the Refund dialog and fills it, in the language the page speaks. */
    const openRefund = async (language: Language) => {
      const en = language === "en";
      await card(staff, en ? "Payment" : "Pagamento")
        .getByRole("button", { name: en ? "Refund" : "Reembolsar" })
        .click();
      const dialog = staff.getByRole("alertdialog", { name: en ? "Refund the payment" : /Reembolsar o pagamento/ });
      await expect(dialog.getByLabel(en ? "Amount (€)" : "Valor (€)")).toHaveValue("450");
      await dialog.getByLabel(en ? "Amount (€)" : "Valor (€)").fill("120");
      await dialog.getByLabel(en ? "Reason" : "Motivo").fill("The dust bag was missing at the handover.");
      return dialog;
    };
    if (process.env.SCREENSHOTS) {
      await switchLanguage(staff, "pt-PT");
      await openRefund("pt-PT");
      await dialogScreenshots(staff, "staff-refund-dialog-pt-PT");
      await switchLanguage(staff, "en");
    }
    const dialog = await openRefund("en");
    await dialogScreenshots(staff, "staff-refund-dialog-en");
    await dialog.getByRole("button", { name: "Review refund" }).click();
    const confirm = staff.getByRole("alertdialog", { name: "Refund €120 to the member?" });
    await expect(confirm.getByText("The dust bag was missing at the handover.")).toBeVisible();
    await confirm.getByRole("button", { name: "Confirm refund of €120" }).click();
    await expect(confirm).toBeHidden({ timeout: 15_000 });
    await expect(payment.getByRole("list", { name: "Refunds" }).getByText("€120 refunded")).toBeVisible();

    // The member reads the refund, its reason and the statement's line.
    const refunds = card(page, "Refunds");
    await expect(refunds.getByText("€120 refunded")).toBeVisible({ timeout: 15_000 });
    await expect(refunds.getByText("The dust bag was missing at the handover.")).toBeVisible();
    await expect(statementRow(page, "Refunded")).toContainText("−€120");
    await expectNoSeriousA11yViolations(page);
  } finally {
    // The shared admin account stays in English for the other journeys.
    await api(staff.request, "PUT /profile/language", { body: { language: "en" } });
    await staff.context().close();
  }
});

test("the member's bank disputes a captured payment: the deadline, the evidence submitted once, the bank decides 'Won'", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const id = await memberWithRequest(page, "Patek Philippe Nautilus");
  const staff = await adminPage(browser);
  try {
    await quoteViaApi(staff, id, { title: "Nautilus 5711/1A", priceCents: 1_200_000 });
    await capturedViaApi(page, staff, id);
    await staff.goto(`/admin/requests/${id}`);

    const dispute = card(staff, "Card dispute");
    await dispute.getByRole("button", { name: "Open a test dispute" }).click();
    await expect(dispute.getByText(/The evidence must reach the bank by /)).toBeVisible({ timeout: 15_000 });
    await expect(dispute.getByText("€1,200", { exact: true })).toBeVisible();
    // The evidence pack, built from what Maison holds.
    await expect(dispute.getByLabel("What was sold")).toHaveValue(/Nautilus 5711\/1A/);
    await expect(dispute.getByLabel("Member's name")).toHaveValue("Ana Sousa");
    await expectNoSeriousA11yViolations(staff);
    await inBothLanguages(staff, "staff-dispute", async (language) => {
      await expect(card(staff, language === "en" ? "Card dispute" : "Disputa de cartão")).toBeVisible();
    });

    await dispute.getByRole("button", { name: "Submit evidence" }).click();
    const submit = staff.getByRole("alertdialog", { name: "Submit the evidence to the bank?" });
    await submit.getByRole("button", { name: "Submit evidence" }).click();
    await expect(dispute.getByText(/Evidence submitted on /)).toBeVisible({ timeout: 15_000 });
    await expect(dispute.getByRole("button", { name: "Submit evidence" })).toBeHidden();

    await dispute.getByRole("button", { name: "Won" }).click();
    await expect(dispute.getByRole("button", { name: "Won" })).toBeHidden({ timeout: 15_000 });
    await expect(dispute.getByText("Won", { exact: true })).toBeVisible();
  } finally {
    // The shared admin account stays in English for the other journeys.
    await api(staff.request, "PUT /profile/language", { body: { language: "en" } });
    await staff.context().close();
  }
});
