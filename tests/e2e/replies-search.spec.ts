/**
 * Issue 22, items 3 and 4: staff keep saved replies, insert one with "/" in a request's thread (placeholders
 * filled for that member and request) and send it; then search a word across conversations and open the thread
 * at the message.
 */

import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { adminPage, newMember } from "./support/users";

/** A word no other journey writes: letters only, so the search reads it as one word. */
const uniqueWord = (prefix: string) =>
  prefix + Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

test("staff save a reply, insert it with '/' in a request thread with its placeholders filled, send it, then find a message by search and open it", async ({
  page,
  browser,
}) => {
  const word = uniqueWord("vermeil");
  const replyTitle = `Sourcing update ${uniqueWord("")}`;
  const title = `Hermès Kelly 28 ${Date.now().toString(36)}`;
  await newMember(page, "silver", { name: "Inês Carvalho" });
  const created = await api(page.request, "POST /requests", {
    body: {
      title,
      category: "Fashion",
      budget_eur: 18000,
      urgency: "Medium",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  const { id } = (await created.json()) as { id: string };
  const posted = await api(page.request, "POST /requests/:id/messages", {
    params: { id },
    body: { body: `Could you find one in ${word} gold, with its box?` },
  });
  expect(posted.ok()).toBe(true);

  const admin = await adminPage(browser);
  try {
    // The settings page: the form says what is wrong, then the reply is saved and listed.
    await admin.goto("/admin/replies");
    await expect(admin.getByRole("heading", { level: 1, name: "Saved replies" })).toBeVisible();
    await admin.getByRole("button", { name: "New saved reply" }).first().click();
    const dialog = admin.getByRole("dialog", { name: "New saved reply" });
    await dialog.getByRole("button", { name: "Save reply" }).click();
    await expect(dialog.getByText("Please give the reply a title")).toBeVisible();
    await dialog.getByLabel("Title").fill(replyTitle);
    await dialog.getByLabel("Text").fill("Dear {member}, we are sourcing it.");
    await dialog.getByRole("button", { name: "Save reply" }).click();
    await expect(
      dialog.getByText("Unknown placeholder {member}. Use {member_name}, {first_name} or {request_title}."),
    ).toBeVisible();
    await dialog.getByLabel("Text").fill("Dear {member_name}, we are sourcing {request_title} for you.");
    await dialog.getByRole("button", { name: "Save reply" }).click();
    await expect(admin.getByText("Saved reply added")).toBeVisible();
    await expect(admin.getByRole("listitem", { name: replyTitle })).toBeVisible();
    await screenshots(admin, "admin-saved-replies");
    await expectNoSeriousA11yViolations(admin);

    // The request's thread: "/" opens the picker, a search narrows it, Enter inserts the filled text.
    await admin.goto(`/admin/requests/${id}`);
    const reply = admin.getByRole("textbox", { name: "Reply" });
    await reply.click();
    await reply.press("/");
    const search = admin.getByRole("combobox", { name: "Saved replies" });
    await expect(search).toBeFocused();
    await search.pressSequentially(replyTitle.slice(-8));
    // The picker's own options (the language switch's select has options of its own).
    const picked = admin.getByRole("listbox", { name: "Saved replies" });
    await expect(picked.getByRole("option")).toHaveCount(1);
    await expect(picked.getByRole("option", { name: new RegExp(replyTitle) })).toHaveAttribute("aria-selected", "true");
    await expectNoSeriousA11yViolations(admin);
    await screenshots(admin, "admin-reply-picker");
    await search.press("Enter");
    const filled = `Dear Inês Carvalho, we are sourcing ${title} for you.`;
    await expect(reply).toHaveValue(filled);
    await expect(reply).toBeFocused();
    await reply.press("Enter");
    await expect(admin.getByText("Message sent")).toBeVisible();
    await expect(admin.getByRole("list", { name: "Messages" })).toContainText(filled);

    // The search: the member's word, from the sidebar; the result opens the thread at the message.
    await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Search" }).click();
    await admin.getByRole("searchbox", { name: "Search messages" }).fill(word);
    await admin.getByRole("searchbox", { name: "Search messages" }).press("Enter");
    await expect(admin).toHaveURL(new RegExp(`/admin/search\\?q=${word}`));
    const results = admin.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results.locator("mark")).toHaveText(word);
    await expect(results).toContainText(title);
    await expect(admin.getByText("1 message matches")).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
    await screenshots(admin, "admin-search");
    await results.getByRole("link").click();
    await expect(admin).toHaveURL(new RegExp(`/admin/requests/${id}#message-`));
    const anchored = admin.locator("[data-anchored]");
    await expect(anchored).toContainText(`one in ${word} gold`);
    await expect(anchored).toBeInViewport();
    await expect(anchored).toBeFocused();

    // Nothing found says so.
    await admin.goto(`/admin/search?q=${uniqueWord("nothing")}`);
    await expect(admin.getByText("No messages found")).toBeVisible();
  } finally {
    await admin.context().close();
  }

  // The member reads the reply as sent, and never reaches the staff's pages.
  await page.goto(`/requests/${id}`);
  await expect(page.getByText(`Dear Inês Carvalho, we are sourcing ${title} for you.`)).toBeVisible();
  expect((await api(page.request, "GET /admin/search", { query: { q: word } })).status()).toBe(403);
  expect((await api(page.request, "GET /admin/replies")).status()).toBe(403);
});
