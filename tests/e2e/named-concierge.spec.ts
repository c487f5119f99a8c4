/**
 * A named concierge (issue 34 item 1): a staff member sets the line and photo members see on /profile; once they
 * own a member's request, the member's request page shows them (photo, name, line) instead of the team, and
 * their reply carries their name and photo; in Portuguese too. The shared admin's name is left as it is (other
 * journeys read it); only its line and photo are set.
 */
import type { Browser, Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { E2E_ADMIN, newMember, waitingForReady } from "./support/users";

const LINE = "Watches and jewellery, Lisbon";

/** A portrait-like PNG drawn in the page: a gold disc on a dark ground. */
async function photo(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 160;
    const g = canvas.getContext("2d") as CanvasRenderingContext2D;
    const ground = g.createLinearGradient(0, 0, 160, 160);
    ground.addColorStop(0, "#2b2622");
    ground.addColorStop(1, "#6b5a3e");
    g.fillStyle = ground;
    g.fillRect(0, 0, 160, 160);
    g.fillStyle = "#d8c08a";
    g.beginPath();
    g.arc(80, 64, 30, 0, Math.PI * 2);
    g.arc(80, 160, 56, Math.PI, 0);
    g.fill();
    return canvas.toDataURL("image/png");
  });
  return { name: "rita.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1], "base64") };
}

/** A member's request, assigned to the admin through the API; answers its id. */
async function ownedRequest(member: Page, admin: Page, title: string) {
  const created = await api(member.request, "POST /requests", {
    body: {
      title,
      category: "Fashion",
      budget_eur: 30000,
      urgency: "Medium",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id;
  const me = (await (await api(admin.request, "GET /me")).json()).user?.id;
  const assigned = await api(admin.request, "POST /admin/requests/:id/assignee", {
    params: { id },
    body: { userId: me ?? null },
  });
  expect(assigned.status()).toBe(200);
  return id as string;
}

async function portugueseMember(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "pt-PT" });
  const page = waitingForReady(await context.newPage());
  await newMember(page, "gold", { name: "Beatriz Lobo", locale: "pt-PT" });
  return { context, page };
}

test("a staff member's card reaches the member whose request they own, in English and Portuguese", async ({
  page,
  staff: admin,
  browser,
}) => {
  // Three people, two languages.
  test.slow();
  // From a blank card (a retry finds the last run's).
  await api(admin.request, "PUT /admin/profile/card", { body: { publicName: "", headline: "" } });
  await admin.goto("/profile");
  const card = admin.getByRole("region", { name: "How members see you" });
  await expect(card.getByText(E2E_ADMIN.name)).toBeVisible();
  await admin.locator('input[type="file"]').setInputFiles(await photo(admin));
  await expect(admin.getByText("Your photo is saved")).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove photo" })).toBeVisible();
  await admin.getByLabel("Your line").fill(LINE);
  await admin.getByRole("button", { name: "Save card" }).click();
  await expect(admin.getByText("Your card is saved")).toBeVisible();
  await expect(card.getByText(LINE, { exact: true })).toBeVisible();
  await screenshots(admin, "named-concierge/staff-card");
  await expectNoSeriousA11yViolations(admin);

  // The member: the owner's card on the request, then their reply with their name and photo.
  await newMember(page, "gold", { name: "Inês Prata" });
  const title = `Patek Nautilus ${Date.now().toString(36)}`;
  const id = await ownedRequest(page, admin, title);
  await page.goto(`/requests/${id}`);
  const concierge = page.getByText("Your concierge").locator("..");
  await expect(concierge.getByText(E2E_ADMIN.name)).toBeVisible();
  await expect(concierge.getByText(LINE, { exact: true })).toBeVisible();
  await expect(page.locator('img[src^="/api/team/"]').first()).toBeVisible();
  await api(admin.request, "POST /requests/:id/messages", { params: { id }, body: { body: "Two in Lisbon." } });
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages.getByText("Two in Lisbon.")).toBeVisible();
  await expect(messages.getByText(E2E_ADMIN.name)).toBeVisible();
  await expect(messages.locator('img[src^="/api/team/"]')).toBeVisible();
  await screenshots(page, "named-concierge/request");
  await expectNoSeriousA11yViolations(page);

  // In Portuguese.
  const pt = await portugueseMember(browser);
  const ptId = await ownedRequest(pt.page, admin, `Cartier Tank ${Date.now().toString(36)}`);
  await pt.page.goto(`/requests/${ptId}`);
  await expect(pt.page.getByText("O seu concierge")).toBeVisible();
  await expect(pt.page.getByText(LINE, { exact: true })).toBeVisible();
  await screenshots(pt.page, "named-concierge/request-pt");
  await expectNoSeriousA11yViolations(pt.page);
  await pt.context.close();
});
