/** The admin area at work (issue 13): demo data, the pipeline, a request's detail, the dashboard, the sidebar. */

import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newMember, signInAsAdmin } from "./support/users";

test("an admin seeds demo data, starts a member's request from the pipeline, quotes it and replies; the member sees it live", async ({
  page,
  staff: admin,
}) => {
  // A member with a request open in their own browser.
  const title = `Bugatti Type 57 ${Date.now().toString(36)}`;
  await newMember(page, "silver", { name: "Marta Lopes" });
  const created = await api(page.request, "POST /requests", {
    body: { title, category: "Autos", budget_eur: 250000, urgency: "High", notes: "", phone_number: "+351912345678" },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await admin.goto("/admin/qa");
  await admin.getByRole("button", { name: "Seed demo data" }).click();
  await expect(admin.getByText(/Demo data seeded/)).toBeVisible({ timeout: 15_000 });

  // The pipeline, filtered to New and searched for the member's request.
  await admin.goto("/admin/requests");
  await expect(admin.getByRole("button", { name: /^Start / }).first()).toBeVisible();
  await screenshots(admin, "admin-requests");
  await expectNoSeriousA11yViolations(admin);
  await admin.getByRole("combobox", { name: "Filter by status" }).click();
  await admin.getByRole("option", { name: "New", exact: true }).click();
  await expect(admin).toHaveURL(/status=New/);
  await admin.getByRole("searchbox", { name: "Search requests" }).fill(title);
  await expect(admin).toHaveURL(/q=Bugatti/);
  await admin.getByRole("button", { name: `Start ${title}` }).click();
  await expect(admin.getByText("Status updated")).toBeVisible();

  // The request itself: Sourcing now; on to Quoted by sending a quote (decision 030), and a reply.
  await admin.goto(`/admin/requests/${id}`);
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Write a quote" })).toBeVisible();
  await expect(admin.getByRole("button", { name: "Move to Sourcing" })).toHaveCount(0);
  await admin.getByRole("button", { name: "Write a quote" }).click();
  const option = admin.getByRole("group", { name: "Option 1" });
  await expect(option.getByLabel("Title")).toBeVisible();
  await option.getByLabel("Title").fill("Type 57 Atalante, 1937");
  await option.getByLabel("Price (€)").fill("240000");
  await admin.getByLabel("Valid until").fill("2099-12-31");
  await admin.getByRole("button", { name: "Send quote" }).click();
  await expect(admin.getByText("Quote sent").first()).toBeVisible();
  await expect(admin.getByRole("button", { name: "Mark Found" })).toBeVisible();
  await admin.getByRole("textbox", { name: "Reply" }).fill("We have found two candidates in Molsheim.");
  await admin.getByRole("button", { name: /^Send/ }).click();
  await expect(admin.getByText("Message sent")).toBeVisible();
  await expect(admin.getByRole("list", { name: "Activity" })).toContainText("Quoted");
  // No hold until the member accepts a quote (issue 21): the payment panel says so.
  await expect(admin.getByText(/No card hold yet/)).toBeVisible();
  await screenshots(admin, "admin-request-detail");
  await expectNoSeriousA11yViolations(admin);

  // The member's open page shows the new status and the reply without a reload.
  await expect(page.getByText("We have found two candidates in Molsheim.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Quoted", { exact: true }).first()).toBeVisible();
});

test("the dashboard shows its cards and charts, and the sidebar stays collapsed after Ctrl+B and a reload", async ({
  page,
}) => {
  await signInAsAdmin(page);
  await api(page.request, "POST /admin/qa/seed");
  await page.goto("/admin");
  for (const card of ["Total", "New", "Sourcing", "Delivered", "Clients", "Messages"]) {
    await expect(page.getByRole("term").filter({ hasText: new RegExp(`^${card} `) })).toBeVisible();
  }
  // Three of requests, two of service levels (decision 049), one of money (issue 21).
  await expect(page.getByRole("figure")).toHaveCount(6);
  await screenshots(page, "admin-dashboard");
  await expectNoSeriousA11yViolations(page);

  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByText("Requests", { exact: true })).not.toHaveClass(/sr-only/);
  await page.keyboard.press("Control+b");
  await expect(nav.getByText("Requests", { exact: true })).toHaveClass(/sr-only/);
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByText("Requests", { exact: true })).toHaveClass(
    /sr-only/,
  );
  await page.keyboard.press("Control+b");
  await expect(page.getByRole("navigation", { name: "Admin" }).getByText("Requests", { exact: true })).not.toHaveClass(
    /sr-only/,
  );
});
