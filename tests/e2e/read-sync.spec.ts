/**
 * The bell, the thread and the chat button agree (issue 19, items 12 and 13): reading a thread reads its
 * notifications on every tab, following a notification reads its thread, and the chat button counts the
 * concierge's replies (decision 014).
 */
import type { Browser, Page } from "@playwright/test";
import { api } from "./support/api";
import { expect, test } from "./support/test";
import { E2E_ADMIN, newMember, signInViaApi } from "./support/users";

const unique = () => Math.random().toString(36).slice(2, 7);

/** Staff, signed in through the API in a browser context of their own, answer through the API as the inbox does. */
async function asStaff(browser: Browser, work: (staff: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const staff = await context.newPage();
    await signInViaApi(staff, E2E_ADMIN);
    await work(staff);
  } finally {
    await context.close();
  }
}

async function newRequest(page: Page, title: string) {
  const created = await api(page.request, "POST /requests", {
    body: {
      title,
      category: "Fashion",
      budget_eur: 24000,
      urgency: "Medium",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function reply(staff: Page, requestId: string, body: string) {
  expect(
    (await api(staff.request, "POST /requests/:id/messages", { params: { id: requestId }, body: { body } })).status(),
  ).toBe(201);
}

const bell = (page: Page, unread?: number) =>
  unread
    ? page.getByRole("button", { name: `Notifications, ${unread} unread`, exact: true })
    : page.getByRole("button", { name: "Notifications", exact: true });
const chatButton = (page: Page, unread?: number) =>
  page.getByRole("link", { name: unread ? `Open messages, ${unread} unread` : "Open messages", exact: true });

test("a member reads the staff's reply on the request page: the bell drops to zero on every tab, without a reload", async ({
  page,
  context,
  browser,
}) => {
  await newMember(page, "silver", { name: "Clara Matos" });
  const title = `Hermès Kelly ${unique()}`;
  const id = await newRequest(page, title);
  await asStaff(browser, (staff) => reply(staff, id, "We found a Kelly 28 in Gold."));

  await page.goto("/requests");
  const second = await context.newPage();
  await second.goto("/dashboard");
  for (const tab of [page, second]) {
    await expect(bell(tab, 1)).toBeVisible();
    await expect(chatButton(tab, 1)).toBeVisible();
  }

  await page.getByRole("link", { name: new RegExp(title) }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("We found a Kelly 28 in Gold.")).toBeVisible();
  for (const tab of [page, second]) {
    await expect(bell(tab)).toBeVisible();
    await expect(chatButton(tab)).toBeVisible();
  }
  await expect(second).toHaveTitle(/^[^(]/);
});

test("a member follows a reply's notification from the bell: the thread opens, and the bell and the badge drop", async ({
  page,
  browser,
}) => {
  await newMember(page, "silver", { name: "Duarte Lima" });
  const title = `Patek Calatrava ${unique()}`;
  const id = await newRequest(page, title);
  await page.goto("/dashboard");
  // Two replies: one notification while unread that says how many (issue 19, item 5); following it reads the
  // thread, and the thread read reads the notification.
  await asStaff(browser, async (staff) => {
    await reply(staff, id, "There is one in Geneva.");
    await reply(staff, id, "Shall we reserve it?");
  });
  await expect(bell(page, 1)).toBeVisible();
  await expect(chatButton(page, 2)).toBeVisible();

  await bell(page, 1).click();
  const newest = page.getByRole("list", { name: "Newest notifications" });
  await newest.getByRole("link", { name: new RegExp(`2 new replies on your request: ${title}`) }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${id}$`));
  await expect(page.getByText("Shall we reserve it?")).toBeVisible();
  await expect(bell(page)).toBeVisible();
  await expect(chatButton(page)).toBeVisible();

  // The notification is shown read.
  await bell(page).click();
  await expect(newest.getByRole("link", { name: new RegExp(`2 new replies on your request: ${title}`) })).toHaveCount(
    1,
  );
  await expect(newest.getByText("Unread:")).toHaveCount(0);
});

test("a Gold member sees the concierge's reply on the chat button; opening the concierge clears it", async ({
  page,
  browser,
}) => {
  await newMember(page, "gold", { name: "Eva Gomes" });
  const me = (await (await api(page.request, "GET /me")).json()) as { user: { id: string } };
  expect(
    (await api(page.request, "POST /concierge/messages", { body: { message: "A table for two?" } })).status(),
  ).toBe(201);
  await page.goto("/dashboard");
  // The privacy notice sits over the button until it is answered, as for any visitor.
  await page.getByRole("region", { name: "Privacy notice" }).getByRole("button", { name: "Accept" }).click();
  await expect(chatButton(page)).toBeVisible();
  await asStaff(browser, async (staff) => {
    const answered = await api(staff.request, "POST /admin/concierge/:userId", {
      params: { userId: me.user.id },
      body: { reply: "Belcanto, Friday at 20:30." },
    });
    expect(answered.status()).toBe(201);
  });

  // Live: the button's badge, the tab's title and the bell.
  await expect(chatButton(page, 1)).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);
  await expect(bell(page, 1)).toBeVisible();

  await chatButton(page, 1).click();
  await expect(page).toHaveURL(/\/messages$/);
  const card = page.getByRole("link", { name: /Your Executive Concierge/ });
  await expect(card.getByText("1 new")).toBeVisible();
  await card.click();
  await expect(page.getByRole("heading", { name: "Executive Concierge", level: 1 })).toBeVisible();
  await expect(page.getByText("Belcanto, Friday at 20:30.")).toBeVisible();
  await expect(chatButton(page)).toBeVisible();
  await expect(page).toHaveTitle(/^[^(]/);
  await expect(bell(page)).toBeVisible();
});
