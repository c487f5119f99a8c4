/**
 * Quotes made to be compared (issue 34 item 2): staff see each price against the member's budget and preview the
 * quote as the member will read it before sending; the member reads three options side by side on a laptop and
 * stacked on a phone, opens an option's photos full screen and moves between them, sees how far an option is
 * over their budget, and asks about one option: the question reaches the team named with it. Then the same
 * comparison in Portuguese (the team quotes through the API).
 */
import type { Locator, Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { solidPng } from "./support/images";
import { memberWithRequest } from "./support/quote-steps";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage, newMember } from "./support/users";

const OPTIONS = [
  {
    title: "Kelly 28, Gold",
    price: "38000",
    photos: [solidPng(320, 240, [176, 141, 87]), solidPng(320, 240, [90, 70, 40])],
  },
  { title: "Kelly 28, Etoupe", price: "44500", photos: [] },
  { title: "Kelly 25, Noir Togo", price: "52500", photos: [] },
];

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not laid out");
  return found;
};

/** The three option cards' top edges and left edges, in order. */
async function layoutOf(page: Page) {
  const boxes = await Promise.all(OPTIONS.map((option) => box(page.getByRole("article", { name: option.title }))));
  return { tops: boxes.map((b) => Math.round(b.y)), lefts: boxes.map((b) => Math.round(b.x)) };
}

test("staff preview three options against the budget; the member compares them, zooms the photos and asks about one", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The member's budget: €45,000 (support/quote-steps.ts).
  const id = await memberWithRequest(page, "Hermès Kelly");
  const staff = await adminPage(browser, { width: 1440, height: 900 });
  try {
    await staff.goto(`/admin/requests/${id}`);
    await staff.getByRole("button", { name: "Move to Sourcing" }).click();
    await staff.getByRole("button", { name: "New quote" }).click();
    for (const [index, option] of OPTIONS.entries()) {
      if (index > 0) await staff.getByRole("button", { name: "Add option" }).click();
      const group = staff.getByRole("group", { name: `Option ${index + 1}` });
      await group.getByLabel("Title").fill(option.title);
      await group.getByLabel("Price (€)").fill(option.price);
      for (const [n, photo] of option.photos.entries()) {
        await group.locator('input[type="file"]').setInputFiles({
          name: `${option.title} ${n + 1}.png`,
          mimeType: "image/png",
          buffer: photo,
        });
        await expect(group.getByRole("button", { name: `Remove ${option.title} ${n + 1}.png` })).toBeVisible();
      }
    }
    // Before sending: the budget beside each price, and the member's view.
    await expect(
      staff.getByRole("group", { name: "Option 3" }).getByText("€7,500 over the member's budget"),
    ).toBeVisible();
    await expect(staff.getByRole("group", { name: "Option 1" }).getByText("Within the member's budget")).toBeVisible();
    await staff.getByRole("button", { name: "Preview as member" }).click();
    const preview = staff.getByRole("dialog", { name: "Preview as member" });
    await expect(
      preview.getByRole("article", { name: "Kelly 25, Noir Togo" }).getByText("€7,500 over your budget"),
    ).toBeVisible();
    await expect(preview.getByRole("button", { name: "Accept" }).first()).toBeDisabled();
    await expectNoSeriousA11yViolations(staff);
    await screenshots(staff, "quotes-compare/staff-preview");
    await staff.keyboard.press("Escape");
    await staff.getByRole("button", { name: "Send quote" }).click();
    await expect(staff.getByText("Quote sent").first()).toBeVisible();

    // The member: three side by side on a laptop, live.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole("article", { name: "Kelly 25, Noir Togo" })).toBeVisible({ timeout: 15_000 });
    const wide = await layoutOf(page);
    expect(new Set(wide.tops).size, "one row").toBe(1);
    await expect(
      page.getByRole("article", { name: "Kelly 25, Noir Togo" }).getByText("€7,500 over your budget"),
    ).toBeVisible();
    await expect(page.getByRole("article", { name: "Kelly 28, Etoupe" }).getByText("Within your budget")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-compare/member-options");
    // On a phone, one above the other.
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = await layoutOf(page);
    expect(new Set(narrow.lefts).size, "one column").toBe(1);
    expect(narrow.tops[0]).toBeLessThan(narrow.tops[1]);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The photos full screen: the second with the arrow key, then closed with Escape.
    await page.getByRole("button", { name: "View Kelly 28, Gold 1.png" }).click();
    const gallery = page.getByRole("dialog", { name: "Photos of Kelly 28, Gold" });
    await expect(gallery).toBeVisible();
    await expect(gallery.getByRole("group", { name: "1 of 2" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(gallery.locator('[aria-label="2 of 2"]:not([inert])')).toBeVisible();
    await expect(gallery.getByRole("button", { name: "Zoom in" })).toBeVisible();
    await screenshots(page, "quotes-compare/member-gallery");
    await page.keyboard.press("Escape");
    await expect(gallery).toBeHidden();

    // Asking about the second option: the composer names it, and so does the thread on both sides.
    await page.getByRole("button", { name: /^Ask about this option ?: Kelly 28, Etoupe$/ }).click();
    const composer = page.getByLabel("Your message");
    await expect(composer).toBeFocused();
    await expect(page.getByText("option 2: Kelly 28, Etoupe", { exact: true })).toBeVisible();
    await composer.fill("Is the Etoupe new, or pre-owned?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const thread = page.getByRole("list", { name: "Messages" });
    await expect(thread.getByText("About option 2: Kelly 28, Etoupe")).toBeVisible();
    await expect(page.getByRole("button", { name: "Stop asking about this option" })).toBeHidden();
    await staff.reload();
    await expect(staff.getByText("About option 2: Kelly 28, Etoupe")).toBeVisible();
  } finally {
    await staff.context().close();
  }
});

test.describe("in European Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("the member compares three options against the budget in Portuguese", async ({ page, browser }) => {
    await newMember(page, "gold", { name: "Inês Duarte", locale: "pt-PT" });
    const created = await api(page.request, "POST /requests", {
      body: {
        title: "Hermès Kelly",
        category: "Fashion",
        budget_eur: 45000,
        urgency: "Medium",
        notes: "",
        phone_number: "+351912345678",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const staff = await adminPage(browser);
    try {
      const moved = await api(staff.request, "POST /admin/requests/:id/status", {
        params: { id },
        body: { status: "Sourcing" },
      });
      expect(moved.ok()).toBe(true);
      const saved = await api(staff.request, "POST /admin/requests/:id/quotes", {
        params: { id },
        body: {
          options: OPTIONS.map((option) => ({ title: option.title, priceCents: Number(option.price) * 100 })),
          validUntil: "2099-12-31",
        },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      const { id: quoteId } = (await saved.json()) as { id: string };
      const sent = await api(staff.request, "POST /admin/requests/:id/quotes/:quoteId/send", {
        params: { id, quoteId },
      });
      expect(sent.ok()).toBe(true);
    } finally {
      await staff.context().close();
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/requests/${id}`);
    const noir = page.getByRole("article", { name: "Kelly 25, Noir Togo" });
    await expect(noir.getByText("7500\u00a0€ acima do seu orçamento")).toBeVisible();
    await expect(
      page.getByRole("article", { name: "Kelly 28, Gold" }).getByText("Dentro do seu orçamento"),
    ).toBeVisible();
    await expect(
      noir.getByRole("button", { name: /^Perguntar sobre esta opção ?: Kelly 25, Noir Togo$/ }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, "quotes-compare/member-options-pt");
  });
});
