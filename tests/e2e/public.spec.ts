/**
 * The public site (spec sections 1 and 2): every page's texts and links, the category dialogs, the Black inquiry,
 * the legal tabs, the cookie banner, the 404 page, the header in all its variants and the mobile menu, plus an
 * axe-core check of each page.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test } from "./support/test";

/** CONTACT_EMAIL as playwright.config.ts starts the server. */
const CONTACT_EMAIL = "concierge@maison.example";

const CATEGORIES = ["Fashion", "Autos", "Real Estate", "Experiences"] as const;

/** Most journeys start with the privacy notice already accepted, so it never sits over what they click. */
async function acceptPrivacyUpFront(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem("privacyAccepted", "true"));
}

type Role = "client" | "staff" | "admin";
type Plan = "free" | "silver" | "gold" | "black";

/** Stands in for GET /api/me as a signed-in user (the header only reads this answer). */
async function signInAs(page: Page, role: Role, plan: Plan | null) {
  await page.route("**/api/me", (route) =>
    route.fulfill({
      json: {
        user: { id: "u-1", email: "ana@example.com", name: "Ana Sousa", twoFactorEnabled: false },
        profile: { name: "Ana Sousa", email: "ana@example.com", phone: null },
        role,
        subscription: plan
          ? { plan, status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false, complimentary: true }
          : null,
      },
    }),
  );
}

/** Lets entrance animations finish, so axe measures contrast on the settled page rather than mid-fade. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY),
  );
  await expectNoSeriousA11yViolations(page);
}

async function expectMeta(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{60,}/);
}

test.describe("signed out, notice accepted", () => {
  test.beforeEach(async ({ context }) => acceptPrivacyUpFront(context));

  test("landing page: hero, steps, trust, closing call to action and footer", async ({ page }) => {
    await page.goto("/");
    await expectMeta(page, /Maison · Luxury Procurement Redefined/);
    await expect(page.getByRole("heading", { level: 1, name: "Luxury Procurement Redefined" })).toBeVisible();

    await expect(page.getByRole("link", { name: "Explore Membership" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByRole("link", { name: "Learn More" })).toHaveAttribute("href", "/about");

    const how = page.getByRole("region", { name: "How It Works" });
    await expect(how.getByRole("heading", { level: 3 })).toHaveText([
      "Submit Your Request",
      "We Source It",
      "Delivered with Care",
    ]);

    const trust = page.getByRole("region", { name: "Why Trust Maison" });
    await expect(trust.getByRole("heading", { level: 3 })).toHaveText([
      "Verified Suppliers",
      "White-Glove Service",
      "Global Network",
    ]);

    const closing = page.getByRole("region", { name: "Whatever you are looking for, begin with a request." });
    await expect(closing.getByRole("link", { name: "Become a Member" })).toHaveAttribute("href", "/pricing");

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: CONTACT_EMAIL })).toHaveAttribute("href", `mailto:${CONTACT_EMAIL}`);
    await expect(footer.getByText("Designed in Portugal")).toBeVisible();

    await page.getByRole("link", { name: "Explore Membership" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goBack();
    await page.getByRole("link", { name: "Learn More" }).click();
    await expect(page).toHaveURL(/\/about$/);
  });

  test("each category card opens a dialog with a title, a description and six details", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Four worlds, one address" });
    await expect(section.getByRole("heading", { level: 3 })).toHaveText([...CATEGORIES]);

    for (const name of CATEGORIES) {
      const trigger = page.getByRole("button", { name: `Discover ${name}` });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name })).toBeVisible();
      await expect(dialog).toHaveAccessibleDescription(/.{80,}/);
      await expect(dialog.getByRole("list", { name: `${name} details` }).getByRole("listitem")).toHaveCount(6);
      await expect(dialog.getByRole("link", { name: "View Membership" })).toHaveAttribute("href", "/pricing");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
    }
  });

  test("a category dialog works by keyboard and keeps focus inside until closed", async ({ page }) => {
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Discover Autos" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Autos" });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("pricing: four plans with their prices, allowances and concierge, and the hold policy", async ({ page }) => {
    await page.goto("/pricing");
    await expectMeta(page, /^Membership · Maison$/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Membership" })).toBeVisible();

    const plans = [
      { name: "Basic", price: "€1", requests: "0", concierge: "Not included" },
      { name: "Silver", price: "€99", requests: "5", concierge: "Not included" },
      { name: "Gold", price: "€499", requests: "Unlimited", concierge: "Included" },
      { name: "Black", price: "By invitation", requests: "Unlimited", concierge: "Included" },
    ];
    await expect(page.getByRole("region", { name: "Membership plans" }).getByRole("article")).toHaveCount(4);
    for (const plan of plans) {
      const card = page.getByRole("article", { name: plan.name, exact: true });
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(plan.name);
      await expect(card.getByText(plan.price, { exact: true })).toBeVisible();
      const terms = card.getByRole("term");
      const values = card.getByRole("definition");
      await expect(terms).toHaveText(["Monthly requests", "Executive Concierge"]);
      await expect(values.nth(0)).toHaveText(plan.requests);
      await expect(values.nth(1)).toHaveText(plan.concierge);
    }

    const hold = page.getByRole("region", { name: "Authorization Hold Policy" });
    await expect(hold).toContainText(
      "When you accept a quote, we place a refundable authorization hold of 10% of the price",
    );
    await expect(hold).toContainText("released if we cannot fulfil your request within the agreed window");
    await expect(hold).toContainText("captured in full or in part, and any balance is invoiced");
    await expect(hold).toContainText("within 30 days");
  });

  test("pricing: a plan button asks a signed-out visitor to sign in first", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("article", { name: "Silver" }).getByRole("button", { name: "Choose Silver" }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Fpricing$/);
  });

  test("the Black inquiry validates its fields, then thanks the visitor with a toast", async ({ page }) => {
    await page.goto("/pricing");
    const trigger = page.getByRole("button", { name: "Request an Invitation" });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Black Membership Inquiry" });
    await expect(dialog).toBeVisible();

    await dialog.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(dialog.getByRole("alert")).toHaveText([
      "Name is required",
      "Invalid email address",
      "Message is required",
    ]);
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Name").fill("Ana Sousa");
    await dialog.getByLabel("Email").fill("ana@example");
    await dialog.getByLabel("Message").fill("I was introduced by a Gold member and would like to know more.");
    await dialog.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(["Invalid email address"]);
    await expect(dialog.getByLabel("Email")).toBeFocused();

    await dialog.getByLabel("Email").fill("ana@example.com");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(page.getByText("Thank you for your interest! Our team will contact you shortly.")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("the Black inquiry closes with Escape and keeps focus inside while open", async ({ page }) => {
    await page.goto("/pricing");
    const trigger = page.getByRole("button", { name: "Request an Invitation" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Black Membership Inquiry" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press("Tab");
      await expect(dialog.locator(":focus")).toHaveCount(1);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("about: the story, four value cards and the Why Choose list", async ({ page }) => {
    await page.goto("/about");
    await expectMeta(page, /^About · Maison$/);
    await expect(page.getByRole("heading", { level: 1, name: "About Maison" })).toBeVisible();
    const story = page.getByRole("region", { name: "A private house for exceptional things" });
    await expect(story).toContainText("global network of verified suppliers");
    await expect(story).toContainText("personal concierge service");
    await expect(page.getByRole("region", { name: "Our Values" }).getByRole("heading", { level: 3 })).toHaveText([
      "Discretion",
      "Authenticity",
      "Excellence",
      "Personal Service",
    ]);
    const why = page.getByRole("region", { name: "Why Choose Maison" });
    await expect(why.getByRole("listitem")).toHaveCount(6);
    await expect(why.getByRole("link", { name: "Explore Membership" })).toHaveAttribute("href", "/pricing");
  });

  test("legal: Terms by default, the tab follows the URL, the Terms state the pricing page's fees", async ({
    page,
  }) => {
    await page.goto("/legal");
    await expectMeta(page, /^Legal · Maison$/);
    const tabs = page.getByRole("tablist", { name: "Legal documents" });
    await expect(tabs.getByRole("tab")).toHaveText(["Terms of Service", "Privacy Policy", "Refund Policy"]);
    await expect(page.getByRole("tab", { name: "Terms of Service" })).toHaveAttribute("aria-selected", "true");
    const terms = page.getByRole("tabpanel", { name: "Terms of Service" });
    await expect(terms).toContainText("Silver membership: €99 per month");
    await expect(terms).toContainText("Gold membership: €499 per month");

    await page.getByRole("tab", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/legal\?tab=privacy$/);
    await expect(page.getByRole("tabpanel", { name: "Privacy Policy" })).toContainText("What we collect");
    await page.reload();
    await expect(page.getByRole("tab", { name: "Privacy Policy" })).toHaveAttribute("aria-selected", "true");

    // Arrow keys move between tabs, and the URL follows.
    await page.getByRole("tab", { name: "Privacy Policy" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Refund Policy" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/legal\?tab=refund$/);

    await page.goto("/legal?tab=refund");
    await expect(page.getByRole("tabpanel", { name: "Refund Policy" })).toContainText("within 30 days");
    await page.goto("/legal?tab=nonsense");
    await expect(page.getByRole("tab", { name: "Terms of Service" })).toHaveAttribute("aria-selected", "true");
  });

  test("privacy: a short policy with a Back to Home button", async ({ page }) => {
    await page.goto("/privacy");
    await expectMeta(page, /^Privacy Policy · Maison$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: CONTACT_EMAIL })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Luxury Procurement Redefined" })).toBeVisible();
  });

  test("an unknown path shows the 404 page with a link home", async ({ page }) => {
    await page.goto("/this/does/not/exist");
    await expect(page).toHaveTitle(/^Page not found · Maison$/);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("signed-out header: Home, Pricing, About and Sign In, with the current page marked", async ({ page }) => {
    await page.goto("/pricing");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Pricing", "About", "Sign In"]);
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("signed-in member header: Home goes to the dashboard, plus Requests, Pricing, Profile and the plan", async ({
    page,
  }) => {
    await signInAs(page, "client", "gold");
    await page.goto("/pricing");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Requests", "Pricing", "Profile"]);
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/dashboard");
    await expect(nav.getByRole("link", { name: "Requests" })).toHaveAttribute("href", "/requests");
    await expect(nav.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile");
    await expect(nav.getByText("Plan: Gold")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Gold" }).getByText("Your plan")).toBeVisible();
  });

  test("staff and admins also see Admin Dashboard and Admin Settings; the admin area has no site header", async ({
    page,
  }) => {
    await signInAs(page, "staff", null);
    await page.goto("/pricing");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Home",
      "Requests",
      "Pricing",
      "Profile",
      "Admin Dashboard",
      "Admin Settings",
    ]);
    await expect(nav.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
    await expect(nav.getByRole("link", { name: "Admin Settings" })).toHaveAttribute("href", "/admin/settings");

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.locator("main")).toBeVisible();
    // The site header's Main navigation and the site footer are not rendered in the admin area.
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Footer" })).toHaveCount(0);
    await expect(page.getByText("Designed in Portugal")).toHaveCount(0);
  });
});

test.describe("the privacy notice", () => {
  test("shows Accept and Read Policy, and stays hidden after Accept and a reload", async ({ page }) => {
    await page.goto("/");
    const notice = page.getByRole("region", { name: "Privacy notice" });
    await expect(notice).toBeVisible();
    await notice.getByRole("link", { name: "Read Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(notice).toBeVisible();

    await notice.getByRole("button", { name: "Accept" }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem("privacyAccepted"))).toBe("true");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Luxury Procurement Redefined" })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
});

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
  test.beforeEach(async ({ context }) => acceptPrivacyUpFront(context));

  test("the menu mirrors the header, closes with Escape and after choosing a page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" })).toBeHidden();
    const menuButton = page.getByRole("button", { name: "Menu", exact: true, includeHidden: true });
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveText(["Home", "Pricing", "About", "Sign In"]);
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Choose Your Membership" })).toBeVisible();
  });

  test("the menu mirrors the signed-in staff header, plan included", async ({ page }) => {
    await signInAs(page, "admin", "black");
    await page.goto("/about");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      "Requests",
      "Pricing",
      "Profile",
      "Admin Dashboard",
      "Admin Settings",
    ]);
    await expect(menu.getByText("Plan: Black")).toBeVisible();
    await expectAccessible(page);
  });

  test("pages fit the screen without sideways scrolling", async ({ page }) => {
    for (const path of ["/", "/pricing", "/about", "/legal", "/privacy", "/missing"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});

test.describe("accessibility (axe-core: no serious or critical violation)", () => {
  for (const path of ["/", "/pricing", "/about", "/legal", "/legal?tab=refund", "/privacy", "/missing"]) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: "Privacy notice" })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("with a category dialog open", async ({ page, context }) => {
    await acceptPrivacyUpFront(context);
    await page.goto("/");
    await page.getByRole("button", { name: "Discover Real Estate" }).click();
    await expect(page.getByRole("dialog", { name: "Real Estate" })).toBeVisible();
    await expectAccessible(page);
  });

  test("with the Black inquiry open and showing its errors", async ({ page, context }) => {
    await acceptPrivacyUpFront(context);
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Request an Invitation" }).click();
    const dialog = page.getByRole("dialog", { name: "Black Membership Inquiry" });
    await dialog.getByRole("button", { name: "Send Inquiry" }).click();
    await expect(dialog.getByRole("alert")).toHaveCount(3);
    await expectAccessible(page);
  });
});
