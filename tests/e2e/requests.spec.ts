/** Sourcing requests and their threads, as members and staff meet them (issue 10). */
import type { Page } from "@playwright/test";
import type { RequestCategory } from "../../src/shared/requests";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newMember, signInAsAdmin } from "./support/users";

const LIMIT_MESSAGE = "You have reached your monthly request limit. Please upgrade your plan or wait until next month.";

/** A small but real PDF (the server checks the bytes, not the name), padded so its upload takes a moment. */
function pdf(sizeKb: number) {
  const head = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n";
  return Buffer.concat([Buffer.from(head), Buffer.alloc(sizeKb * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function createViaApi(page: Page, title: string, category: RequestCategory = "Fashion") {
  const response = await api(page.request, "POST /requests", {
    body: { title, category, budget_eur: 5000, urgency: "Medium", notes: "", phone_number: "+351912345678" },
  });
  return response;
}

test("a Silver member creates a request with a file, finds it, talks to the team and deletes a request", async ({
  page,
}) => {
  await newMember(page, "silver");

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Ana" })).toBeVisible();
  await expect(page.getByText("Silver Membership")).toBeVisible();
  await expect(page.getByText("No requests yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "dashboard-empty");
  await page.getByRole("link", { name: "Create Your First Request" }).click();

  await expect(page).toHaveURL(/\/new-request$/);
  await expect(page.getByRole("heading", { name: "New Request" })).toBeVisible();
  await expect(page.getByText("5 of 5 requests remaining this month.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Checked in the browser first: the first error as a toast.
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByText("Title must be at least 3 characters").first()).toBeVisible();

  await page.getByLabel("Title").fill("Hermès Birkin 25 in Gold Togo");
  await chooseOption(page, "Category", "Fashion");
  await page.getByLabel("Budget (€)").fill("25000");
  await chooseOption(page, "Urgency", "High");
  await page.getByLabel("Phone").fill("91a2 345-678");
  await expect(page.getByLabel("Phone")).toHaveValue("912345678");
  await page.getByLabel("Notes").fill("Gold hardware, full set, delivered to Lisbon.");

  // A file can be removed before sending.
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles({ name: "wrong.pdf", mimeType: "application/pdf", buffer: pdf(4) });
  await page.getByRole("button", { name: "Remove wrong.pdf" }).click();
  await expect(page.getByText("wrong.pdf")).toHaveCount(0);
  await fileInput.setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: pdf(1536) });
  await expect(page.getByText("brief.pdf")).toBeVisible();
  await screenshots(page, "new-request");

  // A slow connection, so the progress can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 768 * 1024,
  });
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expect(
    page.getByText("Request submitted! Our team has been notified by email and will review it shortly."),
  ).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The request's page.
  await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Hermès Birkin 25 in Gold Togo" })).toBeVisible();
  await expect(page.locator('[data-urgency="High"]')).toHaveText("High");
  await expect(page.getByText("€25,000").first()).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("brief.pdf");

  // The thread: Enter sends, Shift+Enter adds a line, and nothing empty goes.
  const composer = page.getByLabel("Your message");
  await composer.press("Enter");
  await expect(page.getByText("Please enter a message")).toBeVisible();
  await composer.fill("Is the 25 available in Etoupe as well?");
  await composer.press("Enter");
  await expect(page.getByText("Message sent").first()).toBeVisible();
  const thread = page.getByRole("list", { name: "Messages" });
  await expect(thread.getByText("Is the 25 available in Etoupe as well?")).toBeVisible();
  await expect(composer).toHaveValue("");
  await composer.pressSequentially("First line");
  await composer.press("Shift+Enter");
  await composer.pressSequentially("Second line");
  await expect(composer).toHaveValue("First line\nSecond line");
  await composer.press("Enter");
  await expect(thread.getByText("First line\nSecond line")).toBeVisible();
  await expect(thread.getByRole("listitem")).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "request-detail");

  // A second request, through the API, for the search and the filter.
  expect((await createViaApi(page, "Penthouse in Príncipe Real", "Real Estate")).status()).toBe(201);

  await page.goto("/dashboard");
  await expect(page.getByRole("definition").filter({ hasText: /^2$/ }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /Hermès Birkin 25 in Gold Togo/ })).toBeVisible();
  await screenshots(page, "dashboard");
  await page.getByRole("link", { name: "Manage Requests" }).click();

  await expect(page).toHaveURL(/\/requests$/);
  await expect(page.getByRole("heading", { name: "My Requests" })).toBeVisible();
  const rows = page.getByRole("table", { name: "My requests" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "requests-list");
  await page.getByRole("searchbox", { name: "Search requests" }).fill("real estate");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Penthouse in Príncipe Real");
  await page.getByRole("searchbox", { name: "Search requests" }).fill("");
  await expect(rows).toHaveCount(2);
  await chooseOption(page, "Filter by status", "Delivered");
  await expect(page.getByText("No requests match your filters").filter({ visible: true })).toBeVisible();
  await chooseOption(page, "Filter by status", "New");
  await expect(rows).toHaveCount(2);

  // /messages: one conversation per request, newest activity first.
  await page.goto("/messages");
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  const conversations = page.getByRole("main").getByRole("listitem");
  await expect(conversations).toHaveCount(2);
  await expect(conversations.filter({ hasText: "Penthouse in Príncipe Real" })).toContainText("No messages yet");
  await expect(conversations.filter({ hasText: "Hermès Birkin" })).toContainText("2 messages");
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "messages");

  // Deleting the second request, from its page.
  await conversations.filter({ hasText: "Penthouse in Príncipe Real" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Penthouse in Príncipe Real" })).toBeVisible();
  await page.getByRole("button", { name: "Delete Request" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this request?" });
  await expect(dialog).toContainText("all of its messages");
  await dialog.getByRole("button", { name: "Delete Request" }).click();
  await expect(page.getByText("Request deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/requests$/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Hermès Birkin 25 in Gold Togo");
});

test("the sixth request of the month is refused, and another member cannot open these", async ({ page }) => {
  await newMember(page, "silver");
  const ids: string[] = [];
  for (let i = 1; i <= 5; i++) {
    const created = await createViaApi(page, `Request number ${i}`);
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }

  // The form is closed at the limit (forms.spec.ts); the server refuses the sixth all the same.
  const sixth = await createViaApi(page, "One request too many");
  expect(sixth.status()).toBe(403);
  expect((await sixth.json()).error).toBe(LIMIT_MESSAGE);
  await page.goto("/new-request");
  await expect(page.getByText("0 of 5 requests remaining this month.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Request" })).toBeDisabled();

  // Another member, with a link to one of them.
  await page.context().clearCookies();
  await newMember(page, "free");
  await page.goto(`/requests/${ids[0]}`);
  await expect(page.getByText("You do not have permission to view this request")).toBeVisible();
  await expect(page).toHaveURL(/\/requests$/);
});

test("a Basic member meets 'Paid Plan Required', empty states, and a missing request", async ({ page }) => {
  await newMember(page, "free");
  await page.goto("/new-request");
  const dialog = page.getByRole("dialog", { name: "Paid Plan Required" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "new-request-paid-plan-required");
  await dialog.getByRole("button", { name: "Maybe Later" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Paid Plan Required" })).toBeVisible();
  await page.getByRole("link", { name: "View Pricing Plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);

  await page.goto("/messages");
  await expect(page.getByText("No conversations yet")).toBeVisible();
  await page.goto("/requests");
  await expect(page.getByText("No requests yet")).toBeVisible();

  // A request that does not exist answers as another member's does (decision 038): the spec's words, then the list.
  await page.goto("/requests/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("You do not have permission to view this request")).toBeVisible();
  await expect(page).toHaveURL(/\/requests$/);
});

test("an admin opening /new-request is sent to the admin area, which says 'Access Restricted'", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/new-request");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, "access-restricted");
  await page.getByRole("button", { name: "Go to Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toHaveCount(0);
});
