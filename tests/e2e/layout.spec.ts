/**
 * Layout at 390 px and in the staff inbox (issue 19, item 15): the floating chat button leaves room for what the
 * member is doing, concierge bubbles use a phone's width, and the inbox lines up with the other admin pages with
 * its reply box in view at 1440 × 900. SCREENSHOTS=1 files what the window shows (…-view-<width>.png).
 */
import type { Locator, Page } from "@playwright/test";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { viewportScreenshot } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage, newMember } from "./support/users";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const unique = () => Math.random().toString(36).slice(2, 7);

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${locator} has a box`).not.toBeNull();
  return found as Box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The page at rest before anything is scrolled or measured: its web fonts loaded (a journey's first page loads
 * them; text set in them afterwards moves what was scrolled into place).
 */
async function fontsLoaded(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** The floating chat button does not cover `target` where the page now is. */
async function expectClearOfChatButton(page: Page, target: Locator) {
  const button = await box(page.getByRole("link", { name: "Open messages" }));
  const covered = await box(target);
  // Soft: one run reports every place the button covers.
  expect.soft(overlaps(button, covered), `${target} lies under the chat button`).toBe(false);
}

test("at 390 px the chat button leaves room for the phone input, requests, messages, the profile and the page's end", async ({
  page,
  browser,
}) => {
  const name = `Gabriela Ouro ${unique()}`;
  await page.setViewportSize(PHONE);
  await newMember(page, "gold", { name });
  const created = await api(page.request, "POST /requests", {
    body: {
      title: "Hermès Birkin 25 in Gold Togo",
      category: "Fashion",
      budget_eur: 25000,
      urgency: "High",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  const { id } = (await created.json()) as { id: string };
  for (const body of ["Is the 25 available in Etoupe as well?", "Gold hardware, please, and the full set."]) {
    expect((await api(page.request, "POST /requests/:id/messages", { params: { id }, body: { body } })).ok()).toBe(
      true,
    );
  }
  const asked = await api(page.request, "POST /concierge/messages", {
    body: { message: "Good evening. Could you secure a table at Belcanto on Friday?" },
  });
  expect(asked.ok()).toBe(true);

  // The new request form: the phone input, focused, is scrolled clear of the button (above a phone's keyboard).
  await page.goto("/new-request");
  await fontsLoaded(page);
  // Signed in as far as the page knows (the chat button is there): only then does focus keep a field clear of it.
  await expect(page.getByRole("link", { name: "Open messages" })).toBeVisible();
  await page.getByRole("button", { name: "Accept" }).click();
  const phone = page.getByLabel("Phone");
  await phone.focus();
  await expectClearOfChatButton(page, phone);
  await viewportScreenshot(page, "new-request-phone-view");

  // The last request card, scrolled to.
  await page.goto("/requests");
  await fontsLoaded(page);
  const card = page.getByRole("link", { name: /Hermès Birkin 25 in Gold Togo/ }).filter({ visible: true });
  await card.scrollIntoViewIfNeeded();
  await expectClearOfChatButton(page, card);
  await viewportScreenshot(page, "requests-list-view");

  // The dashboard's recent requests (issue 34 item 13): the title has a phone's width, its status is not under
  // the chat button.
  await page.goto("/dashboard");
  await fontsLoaded(page);
  const recent = page.getByRole("link", { name: /Hermès Birkin 25 in Gold Togo/ }).filter({ visible: true });
  await recent.scrollIntoViewIfNeeded();
  const title = await box(recent.getByText("Hermès Birkin 25 in Gold Togo"));
  expect.soft(title.width, "the recent request's title at 390 px").toBeGreaterThan(250);
  await expectClearOfChatButton(page, recent.getByText("New", { exact: true }));
  await viewportScreenshot(page, "dashboard-recent-view");

  // The request's newest message, scrolled to.
  await page.goto(`/requests/${id}`);
  await fontsLoaded(page);
  const newest = page.getByRole("list", { name: "Messages" }).getByRole("listitem").last();
  await newest.scrollIntoViewIfNeeded();
  await expectClearOfChatButton(page, newest);
  await viewportScreenshot(page, "request-detail-messages-view");
  const requestComposer = page.getByLabel("Your message");
  await requestComposer.focus();
  await expectClearOfChatButton(page, requestComposer);

  // The profile's membership card and its actions.
  await page.goto("/profile");
  await fontsLoaded(page);
  const upgrade = page.getByRole("button", { name: "Upgrade Plan" });
  await upgrade.scrollIntoViewIfNeeded();
  await expectClearOfChatButton(page, upgrade);
  await viewportScreenshot(page, "profile-view");

  // At the end of any page the footer's last line stays clear of the button (on a tablet it sits on the right).
  for (const width of [PHONE.width, 768]) {
    await page.setViewportSize({ width, height: PHONE.height });
    // To the end, again once the resized page has been laid out (its lazily painted sections take their height).
    await page.evaluate(async () => {
      for (let i = 0; i < 3; i++) {
        window.scrollTo(0, document.documentElement.scrollHeight);
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      }
    });
    await expectClearOfChatButton(page, page.getByText("Designed in Portugal"));
  }
  await page.setViewportSize(PHONE);

  // The concierge: the team's reply uses the phone's width, with its sender and time on one line.
  const admin = await adminPage(browser, DESKTOP);
  try {
    await admin.goto("/admin/inbox?tab=concierge");
    await admin.getByRole("button", { name: new RegExp(name) }).click();
    await admin.getByLabel(`Reply to ${name}`).fill("Of course. Friday at 20:30 for four is confirmed.");
    await admin.getByRole("button", { name: "Send Reply" }).click();
    await expect(admin.getByText("Reply sent successfully").first()).toBeVisible();
  } finally {
    await admin.context().close();
  }
  await page.goto("/messages?view=concierge");
  const thread = page.getByRole("list", { name: "Concierge messages" });
  const reply = thread.getByRole("listitem").filter({ hasText: "Of course. Friday at 20:30 for four is confirmed." });
  await expect(reply).toBeVisible();
  await fontsLoaded(page);
  // Measured once the reply's line has settled (the sender's card and photo arrive with the thread's data).
  const apart = async () =>
    Math.abs((await box(reply.getByText("Ada Admin", { exact: true }))).y - (await box(reply.locator("time"))).y);
  await expect.poll(apart, { message: "the sender and the time on one line" }).toBeLessThan(4);
  const bubble = await box(reply.getByText("Of course. Friday at 20:30 for four is confirmed."));
  expect.soft(bubble.width, "the bubble's width at 390 px").toBeGreaterThan(240);
  // The composer at the window's bottom edge, focused: brought up clear of the button, and so is Send.
  await page.evaluate(() => window.scrollTo(0, 0));
  const composer = page.getByLabel("Your message");
  await composer.focus();
  await expectClearOfChatButton(page, composer);
  await expectClearOfChatButton(page, page.getByRole("button", { name: "Send", exact: true }));
  await expectNoSeriousA11yViolations(page);
  await viewportScreenshot(page, "concierge-view");
});

test("the inbox lines up with the other admin pages, and at 1440 × 900 the reply box is in view", async ({
  page,
  browser,
}) => {
  const name = `Tomás Caixa ${unique()}`;
  const subject = `Corporate gifts ${unique()}`;
  await newMember(page, "gold", { name });
  const created = await api(page.request, "POST /requests", {
    body: {
      title: "Vintage Rolex Daytona",
      category: "Fashion",
      budget_eur: 9000,
      urgency: "Low",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  const { id } = (await created.json()) as { id: string };
  expect(
    (await api(page.request, "POST /requests/:id/messages", { params: { id }, body: { body: "Any news?" } })).ok(),
  ).toBe(true);
  expect(
    (await api(page.request, "POST /sales/inquiries", { body: { subject, message: "Forty hampers." } })).ok(),
  ).toBe(true);
  // Enough of a conversation to fill the thread.
  const conversation = [
    "A table for two at Belcanto, please.",
    "Friday at eight.",
    "Window seats if possible.",
    "My wife is vegetarian: could the kitchen know in advance?",
    "And a car from the Four Seasons at half past seven.",
    "It is our anniversary, so flowers on the table would be lovely.",
    "White peonies, if the season allows.",
    "Thank you!",
  ];
  for (const message of conversation) {
    expect((await api(page.request, "POST /concierge/messages", { body: { message } })).ok()).toBe(true);
  }

  const admin = await adminPage(browser, DESKTOP);
  try {
    // The same left edge as every other admin page.
    await admin.goto("/admin/requests");
    const pipelineEdge = (await box(admin.getByRole("heading", { level: 1 }))).x;
    await admin.goto("/admin");
    expect((await box(admin.getByRole("heading", { level: 1 }))).x).toBe(pipelineEdge);
    await admin.goto("/admin/inbox?tab=requests");
    expect.soft((await box(admin.getByRole("heading", { level: 1, name: "Inbox" }))).x).toBe(pipelineEdge);

    await expect(admin.getByRole("listitem", { name: `${name}: Vintage Rolex Daytona` })).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await viewportScreenshot(admin, "admin-inbox-requests-view");

    await admin.getByRole("tab", { name: /Sales/ }).click();
    const inquiry = admin.getByRole("listitem", { name: subject });
    await inquiry.getByRole("button", { name: "Reply to Customer" }).click();
    await expect(inquiry.getByRole("button", { name: "Send Reply" })).toBeInViewport();
    await expectNoSeriousA11yViolations(admin);
    await viewportScreenshot(admin, "admin-inbox-sales-view");

    // A conversation open: its reply box and Send Reply are in the window without scrolling.
    await admin.getByRole("tab", { name: /Concierge/ }).click();
    await admin.getByRole("button", { name: new RegExp(name) }).click();
    await expect(admin.getByRole("list", { name: "Concierge messages" }).getByRole("listitem")).toHaveCount(
      conversation.length,
    );
    await admin.evaluate(() => window.scrollTo(0, 0));
    await expect.soft(admin.getByLabel(`Reply to ${name}`)).toBeInViewport();
    const send = await box(admin.getByRole("button", { name: "Send Reply" }));
    expect.soft(send.y + send.height, "Send Reply above the fold").toBeLessThanOrEqual(DESKTOP.height);
    await expectNoSeriousA11yViolations(admin);
    await viewportScreenshot(admin, "admin-inbox-concierge-view");
  } finally {
    await admin.context().close();
  }
});
