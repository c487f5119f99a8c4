/** Notifications (issue 14): preferences, the member's menu and the staff centre, live; the outbox's retry. */
import type { Page } from "@playwright/test";
import { api, endpointUrl } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newMember, signInAsAdmin } from "./support/users";

/** The staff's own settings and outbox, on the test's page: the admin signed in through the API. */
const signInAdmin = (page: Page) => signInAsAdmin(page);

test("a staff member turns Slack off and back on, and sees each change confirmed", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/settings");
  const slack = page.getByRole("switch", { name: "Slack notifications" });
  await expect(slack).toBeChecked();
  await slack.click();
  await expect(page.getByText("Preference updated").first()).toBeVisible();
  await expect(slack).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Slack notifications" })).not.toBeChecked();
  await page.getByRole("switch", { name: "Slack notifications" }).click();
  await expect(page.getByRole("switch", { name: "Slack notifications" })).toBeChecked();
  await expect(page.getByText(/No SMS provider/)).toBeVisible();
  await screenshots(page, "admin-settings");
  await expectNoSeriousA11yViolations(page);
});

test("a status change reaches the member's menu and a new request the staff centre, both live; mark all read clears them", async ({
  page,
  staff: admin,
}) => {
  await newMember(page, "silver", { name: "Rita Neves" });
  await page.goto("/dashboard");

  await api(admin.request, "POST /notifications/read-all");
  // The staff's live stream open before the member asks (its answer's headers come once it is subscribed).
  const live = admin.waitForResponse((response) => new URL(response.url()).pathname === endpointUrl("GET /events"));
  await admin.goto("/admin/notifications");
  await live;
  await expect(admin.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();

  // The member asks for something: the staff centre shows it without a reload.
  const title = `Leica M3 ${Date.now().toString(36)}`;
  const created = await api(page.request, "POST /requests", {
    body: { title, category: "Other", budget_eur: 9000, urgency: "Low", notes: "", phone_number: "+351912345678" },
  });
  const { id } = (await created.json()) as { id: string };
  await expect(admin.getByText(`New request: ${title}`)).toBeVisible({ timeout: 15_000 });
  const sidebar = admin.getByRole("navigation", { name: "Admin" });
  await expect(sidebar.getByRole("link", { name: /^Notifications\W+\d+ new$/ })).toBeVisible();
  await screenshots(admin, "admin-notifications");
  await expectNoSeriousA11yViolations(admin);

  // Staff move it on: the member's menu shows it without a reload.
  expect(
    (
      await api(admin.request, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } })
    ).ok(),
  ).toBe(true);
  const bell = page.getByRole("button", { name: /^Notifications, 1 unread$/ });
  await expect(bell).toBeVisible({ timeout: 15_000 });
  await bell.click();
  await expect(page.getByText("Your request is now Sourcing")).toBeVisible();
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  // Mark all read in the centre: the sidebar badge goes.
  await admin.getByRole("button", { name: "Mark all read" }).click();
  await expect(sidebar.getByRole("link", { name: /^Notifications\W+\d+ new$/ })).toHaveCount(0);
});

test("an admin sees a failed delivery in the outbox and sends it again", async ({ page }) => {
  await signInAdmin(page);
  await page.goto("/admin/settings");
  // The e2e webhook answers nobody: the test message fails, and says why.
  await page.getByRole("button", { name: "Send test Slack message" }).click();
  await expect(page.getByText(/could not be reached/).first()).toBeVisible({ timeout: 20_000 });

  await page.goto("/admin/outbox");
  await page.getByRole("combobox", { name: "Filter by status" }).click();
  await page.getByRole("option", { name: /failed/i }).click();
  const retry = page.getByRole("button", { name: /^Retry: / }).first();
  await expect(retry).toBeVisible();
  await screenshots(page, "admin-outbox");
  await expectNoSeriousA11yViolations(page);
  await retry.click();
  await expect(page.getByText("Delivery queued again")).toBeVisible();
});
