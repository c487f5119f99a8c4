/**
 * Forms that cannot succeed say so before anything is typed (issue 19, item 14): the request form at the monthly
 * limit, the request thread's Send on whitespace, the budget field, the Basic dashboard's way forward, the
 * current plan's card, and the Black inquiry for a signed-in member.
 */
import type { Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newMember } from "./support/users";

const LIMIT_MESSAGE = "You have reached your monthly request limit. Please upgrade your plan or wait until next month.";

async function createViaApi(page: Page, title: string) {
  const response = await api(page.request, "POST /requests", {
    body: { title, category: "Fashion", budget_eur: 5000, urgency: "Medium", notes: "", phone_number: "+351912345678" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * The first day of next month in Lisbon (the month the server counts), as 'd MMM yyyy' in English (decision 045): worked out
 * here on its own, not with the app's helpers.
 */
function nextLisbonMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Lisbon", year: "numeric", month: "numeric" })
    .formatToParts(now)
    .map((part) => [part.type, part.value]);
  const { year, month } = Object.fromEntries(parts) as { year: string; month: string };
  const first = new Date(Date.UTC(Number(month) === 12 ? Number(year) + 1 : Number(year), Number(month) % 12, 1));
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  return `1 ${months[first.getUTCMonth()]} ${first.getUTCFullYear()}`;
}

test("a Silver member with no requests left this month sees why, when it renews, and cannot submit", async ({
  page,
}) => {
  await newMember(page, "silver");
  for (let i = 1; i <= 5; i++) await createViaApi(page, `Request number ${i}`);

  await page.goto("/new-request");
  const note = page.getByRole("status").filter({ hasText: "0 of 5 requests remaining this month." });
  await expect(note).toBeVisible();
  await expect(note).toContainText(LIMIT_MESSAGE);
  await expect(note).toContainText(`Your allowance renews on ${nextLisbonMonth()}`);
  await expect(note).toContainText("Your Silver membership includes 5 requests a month.");
  // Nothing can be typed or sent; the way to more requests is offered.
  await expect(page.getByRole("button", { name: "Submit Request" })).toBeDisabled();
  await expect(page.getByLabel("Title")).toBeDisabled();
  await expect(page.getByLabel("Budget (€)")).toBeDisabled();
  await expect(page.getByRole("combobox", { name: "Category" })).toBeDisabled();
  await page.getByRole("combobox", { name: "Category" }).click({ force: true });
  await page.getByRole("combobox", { name: "Country code" }).click({ force: true });
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Attach a File" })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "new-request-limit-reached");
  await note.getByRole("link", { name: "View Pricing Plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("a request thread's Send stays disabled for whitespace, on the member's side and the staff's", async ({
  page,
  staff: admin,
}) => {
  await newMember(page, "silver");
  const id = await createViaApi(page, "Cartier Tank in yellow gold");
  await page.goto(`/requests/${id}`);
  const composer = page.getByLabel("Your message");
  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeDisabled();
  await composer.fill("   \n\t  \n");
  await expect(send).toBeDisabled();
  await composer.press("Enter");
  await expect(page.getByText("Please enter a message")).toBeVisible();
  await expect(page.getByText("No messages yet. Write to the team below.")).toBeVisible();
  await composer.fill("  Is the Louis Cartier edition available?  ");
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText("Message sent").first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages" }).getByRole("listitem")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  await admin.goto(`/admin/requests/${id}`);
  const reply = admin.getByRole("textbox", { name: "Reply" });
  const staffSend = admin.getByRole("button", { name: "Send", exact: true });
  await expect(staffSend).toBeDisabled();
  await reply.fill(" \n ");
  await expect(staffSend).toBeDisabled();
  await reply.fill("It is: we will send photographs today.");
  await expect(staffSend).toBeEnabled();
});

test("the budget field keeps only digits, shows the amount in euro, and the request is created with it", async ({
  page,
}) => {
  await newMember(page, "gold");
  await page.goto("/new-request");
  const budget = page.getByLabel("Budget (€)");
  await budget.pressSequentially("abc");
  await expect(budget).toHaveValue("");
  await budget.pressSequentially("2e5k");
  await expect(budget).toHaveValue("25");
  await budget.fill("");
  // Separators typed or pasted are dropped: budgets are whole euros.
  await budget.pressSequentially("25,000 €");
  await expect(budget).toHaveValue("25000");
  await expect(page.getByText("€25,000, in whole euros.")).toBeVisible();
  await budget.fill("12345678901234");
  await expect(budget).toHaveValue("1234567890");

  await budget.fill("25000");
  await page.getByLabel("Title").fill("A Patek Philippe Nautilus 5711");
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: "Fashion", exact: true }).click();
  await page.getByLabel("Phone").fill("912345678");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByText("€25,000").first()).toBeVisible();
});

test("a Basic member's empty dashboard offers the upgrade, not a request form they cannot use", async ({ page }) => {
  await newMember(page, "free");
  await page.goto("/dashboard");
  await expect(page.getByText("No requests yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Your First Request" })).toHaveCount(0);
  await expect(page.getByText("Sourcing requests come with the Silver, Gold and Black memberships.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "dashboard-empty-basic");
  await page.getByRole("link", { name: "View Pricing Plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("the current plan's card says so and cannot be chosen; higher plans still can", async ({ page }) => {
  await newMember(page, "silver");
  await page.goto("/pricing");
  const silver = page.getByRole("article", { name: "Silver" });
  await expect(silver.getByText("Your plan")).toBeVisible();
  await expect(silver.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(silver.getByRole("button", { name: "Choose Silver" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Gold" }).getByRole("button", { name: "Choose Gold" })).toBeEnabled();
  await expect(
    page.getByRole("article", { name: "Basic" }).getByRole("button", { name: "Choose Basic" }),
  ).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "pricing-current-plan");
});

test("the Black inquiry is filled in with a signed-in member's name and email, which stay editable", async ({
  page,
}) => {
  const { email } = await newMember(page, "gold", { name: "Beatriz Noronha" });
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Request an Invitation" }).click();
  const dialog = page.getByRole("dialog", { name: "Black Membership Inquiry" });
  await expect(dialog.getByLabel("Name")).toHaveValue("Beatriz Noronha");
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await expect(dialog.getByLabel("Message")).toHaveValue("");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Name").fill("Beatriz M. Noronha");
  await expect(dialog.getByLabel("Name")).toHaveValue("Beatriz M. Noronha");
  await dialog.getByLabel("Message").fill("A Gold member for two years; I would like to hear about Black.");
  await dialog.getByRole("button", { name: "Send Inquiry" }).click();
  await expect(page.getByText("Thank you for your interest! Our team will contact you shortly.")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Opened again: the member's details once more, the message empty.
  await page.getByRole("button", { name: "Request an Invitation" }).click();
  await expect(dialog.getByLabel("Name")).toHaveValue("Beatriz Noronha");
  await expect(dialog.getByLabel("Message")).toHaveValue("");
});
