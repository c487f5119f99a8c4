/**
 * Issue 22, items 2 and 8: staff write an internal note on a request (shown in the thread in its own style,
 * never on the member's page, which stays open meanwhile), reply, and move the request; the member's timeline
 * follows live, with no note and no staff name in it.
 */

import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage, newMember } from "./support/users";

test("staff add an internal note the member never sees; the member's timeline follows the request live", async ({
  page,
  browser,
}) => {
  const marker = `Ring the Paris boutique ${Date.now().toString(36)}`;
  const title = `Cartier Tank ${Date.now().toString(36)}`;
  await newMember(page, "silver", { name: "Inês Carvalho" });
  const created = await api(page.request, "POST /requests", {
    body: { title, category: "Fashion", budget_eur: 9000, urgency: "Medium", notes: "", phone_number: "+351912345678" },
  });
  const { id } = (await created.json()) as { id: string };
  await api(page.request, "POST /requests/:id/messages", {
    params: { id },
    body: { body: "Is a 2019 piece possible?" },
  });

  // The member's page stays open throughout.
  await page.goto(`/requests/${id}`);
  const timeline = page.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveText([/You submitted your request/]);

  const admin = await adminPage(browser);
  try {
    await admin.goto(`/admin/requests/${id}`);
    await admin.getByRole("button", { name: "Internal note" }).click();
    const note = admin.getByRole("textbox", { name: "Internal note" });
    await note.fill(marker);
    await note.press("Enter");
    await expect(admin.getByRole("region", { name: /Notifications/ }).getByText("Note added")).toBeVisible();
    const thread = admin.getByRole("list", { name: "Messages" });
    const noteItem = thread.locator("[data-internal-note]");
    await expect(noteItem).toContainText("Internal note · only staff see this");
    await expect(noteItem).toContainText(marker);

    await admin.getByRole("button", { name: "Reply", exact: true }).click();
    const reply = admin.getByRole("textbox", { name: "Reply" });
    await reply.fill("We have a lead in Paris.");
    await reply.press("Enter");
    await expect(admin.getByText("Message sent")).toBeVisible();

    // Staff move the request: the member's timeline and thread follow live; the note never appears.
    await admin.getByRole("button", { name: "Move to Sourcing" }).click();
    await expect(timeline).toContainText("The Maison team picked up your request: Sourcing");
    await expect(timeline).toContainText("The Maison team ·");
    await expect(page.getByText("We have a lead in Paris.")).toBeVisible();
    await expect(page.getByText(marker)).toHaveCount(0);
    await expect(page.getByText("Internal note")).toHaveCount(0);
    await expect(timeline).not.toContainText("Ada Admin");
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "member-request-timeline");

    await expect(noteItem).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await screenshots(admin, "admin-thread-internal-note");
  } finally {
    await admin.context().close();
  }

  await page.reload();
  await expect(page.getByRole("list", { name: "Timeline" })).toContainText("Sourcing");
  await expect(page.getByText(marker)).toHaveCount(0);
});
