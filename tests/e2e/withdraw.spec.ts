/**
 * Issue 22, item 7: a member changes a request's budget while staff watch its activity live, then withdraws it;
 * the request stays, Withdrawn, read-only, and the staff's pipeline filter finds it.
 */

import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots, viewportScreenshot } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage, newMember } from "./support/users";

test("a member edits a request's budget (staff see it live), then withdraws it and the pipeline filter shows it", async ({
  page,
  browser,
}) => {
  const title = `Cartier Crash ${Date.now().toString(36)}`;
  await newMember(page, "silver", { name: "Leonor Antunes" });
  const created = await api(page.request, "POST /requests", {
    body: {
      title,
      category: "Fashion",
      budget_eur: 18000,
      urgency: "Medium",
      notes: "Yellow gold, London edition if possible.",
      phone_number: "+351912345678",
    },
  });
  const { id } = (await created.json()) as { id: string };
  const posted = await api(page.request, "POST /requests/:id/messages", {
    params: { id },
    body: { body: "If the London edition is out of reach, a Paris one would do." },
  });
  expect(posted.ok()).toBe(true);

  const admin = await adminPage(browser);
  try {
    await admin.goto(`/admin/requests/${id}`);
    const activity = admin.getByRole("list", { name: "Activity" });
    await expect(activity).toContainText("Created the request");

    // The member edits the budget in the dialog.
    await page.goto(`/requests/${id}`);
    await page.getByRole("button", { name: "Edit Request" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit request" });
    await expect(dialog.getByLabel("Budget (€)")).toHaveValue("18000");
    await dialog.getByLabel("Budget (€)").fill("21000");
    await expectNoSeriousA11yViolations(page);
    // A dialog is fixed: filed as the window shows it, at both widths.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await viewportScreenshot(page, "member-edit-request");
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your request is updated. The team has been told.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("€21,000")).toBeVisible();

    // Staff see it in the activity without reloading.
    await expect(activity).toContainText("Changed the budget from €18,000 to €21,000");

    // The member withdraws it: it stays, Withdrawn, read-only.
    await page.getByRole("button", { name: "Withdraw Request" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Withdraw Request" }).click();
    await expect(page.getByText("Your request is withdrawn. Its history stays here.")).toBeVisible();
    await expect(
      page.getByText("You withdrew this request. Its details and messages stay here to read."),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Edit Request" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Withdraw Request" })).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Your message" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Messages" })).toContainText("a Paris one would do");
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "member-withdrawn-request");

    // Staff: the activity says so live, the thread is closed, no status action is left.
    await expect(activity).toContainText("Changed the status from New to Withdrawn");
    await expect(admin.getByText("No further status changes.")).toBeVisible();
    await expect(admin.getByRole("textbox", { name: "Reply" })).toHaveCount(0);

    // The pipeline's status filter shows it.
    await admin.goto("/admin/requests");
    await admin.getByRole("combobox", { name: "Filter by status" }).click();
    await admin.getByRole("option", { name: "Withdrawn" }).click();
    await expect(admin).toHaveURL(/status=Withdrawn/);
    await expect(admin.getByText(title).first()).toBeVisible();
  } finally {
    await admin.context().close();
  }
});
