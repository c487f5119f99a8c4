/**
 * Assignment and reply times (issue 22, items 1 and 5): staff take a request from the pipeline and filter to
 * their own, the request's page shows its owner and times, the settings page has the round-robin switch, the
 * dashboard shows times by staff member, and a Gold member sees the team's median reply.
 */

import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { E2E_ADMIN, newMember } from "./support/users";

test("staff assign a request to themselves from the pipeline, filter to it, and see owners and times", async ({
  page,
  staff: admin,
}) => {
  const title = `Lalique vase ${Date.now().toString(36)}`;
  await newMember(page, "gold", { name: "Inês Prata" });
  const created = await api(page.request, "POST /requests", {
    body: { title, category: "Other", budget_eur: 18000, urgency: "Medium", notes: "", phone_number: "+351912345678" },
  });
  expect(created.status()).toBe(201);

  // Demo data: requests picked up by the admin, with replies and deliveries, for owners and times.
  await api(admin.request, "POST /admin/qa/seed");

  await admin.goto("/admin/requests?assignee=none");
  await expect(admin.getByRole("combobox", { name: "Filter by owner" })).toHaveText("Unassigned");
  await admin.getByRole("searchbox", { name: "Search requests" }).fill(title);
  await expect(admin).toHaveURL(/q=Lalique/);
  await admin.getByRole("combobox", { name: `Owner of ${title}` }).click();
  await admin.getByRole("option", { name: E2E_ADMIN.name }).click();
  await expect(admin.getByText(`Assigned to ${E2E_ADMIN.name}`)).toBeVisible();
  // Assigned now: gone from Unassigned, there under Assigned to me.
  await expect(admin.getByText("No requests match these filters").first()).toBeVisible();
  await admin.getByRole("combobox", { name: "Filter by owner" }).click();
  await admin.getByRole("option", { name: "Assigned to me" }).click();
  await expect(admin).toHaveURL(/assignee=me/);
  await expect(admin.getByRole("combobox", { name: `Owner of ${title}` })).toHaveText("Ada");

  // The pipeline with its owners, unfiltered.
  await admin.goto("/admin/requests");
  await expect(admin.getByRole("combobox", { name: `Owner of ${title}` })).toBeVisible();
  await screenshots(admin, "admin-requests-owners");
  await expectNoSeriousA11yViolations(admin);

  // The request's page: its owner, and no reply yet.
  await admin
    .getByRole("link", { name: new RegExp(title) })
    .first()
    .click();
  await expect(admin.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const aside = admin.getByRole("complementary", { name: "Owner, client, payment and activity" });
  await expect(aside.getByRole("combobox", { name: `Owner of ${title}` })).toHaveText(E2E_ADMIN.name);
  await expect(aside.getByText("First reply")).toBeVisible();
  await expect(admin.getByRole("list", { name: "Activity" })).toContainText(/assigned/i);

  // Round robin is each staff member's own setting.
  await admin.goto("/admin/settings");
  const roundRobin = admin.getByRole("switch", { name: "Assign new requests to me in turn" });
  await expect(roundRobin).not.toBeChecked();
  await roundRobin.click();
  await expect(admin.getByText("Preference updated")).toBeVisible();
  await expect(roundRobin).toBeChecked();
  await roundRobin.click();
  await expect(roundRobin).not.toBeChecked();

  // The dashboard: times by staff member.
  await admin.goto("/admin");
  const table = admin.getByRole("table", { name: "Times by staff member" });
  await expect(table.getByRole("rowheader", { name: E2E_ADMIN.name })).toBeVisible();
  await table.scrollIntoViewIfNeeded();
  await screenshots(admin, "admin-dashboard-staff-times");
  await expectNoSeriousA11yViolations(admin);

  // The member: the team's median reply (the demo data holds enough replies), and the promise of minutes only
  // when the median bears it out (issue 34 item 7).
  await page.goto("/messages?view=concierge");
  const median = page.getByText(/^Median reply this month: \d+ (min|hours?|days?)$/);
  await expect(median).toBeVisible();
  const inMinutes = / min$/.test((await median.textContent()) ?? "");
  await expect(page.getByText("Usually replies within minutes")).toHaveCount(inMinutes ? 1 : 0);
  await screenshots(page, "concierge-reply-time");
});
