/**
 * The staff's inbox (issue 31, items 1 and 2): staff open a member's request thread beside the list and reply
 * without leaving /admin/inbox, and the member sees the reply live; staff snooze the conversation, it leaves the
 * list, the member writes, and it comes back at once. Screenshots at 1440 and 390 px, in English and Portuguese.
 */
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { E2E_ADMIN, newMember, portugueseAdmin } from "./support/users";

test("staff answer from the inbox's pane, snooze the conversation, and it comes back when the member writes", async ({
  page,
  staff,
  browser,
}) => {
  const name = `Inês Caixa ${Date.now().toString(36)}`;
  const title = "Vintage Rolex Daytona";
  await newMember(page, "gold", { name });
  const created = await api(page.request, "POST /requests", {
    body: { title, category: "Other", budget_eur: 30000, urgency: "High", notes: "", phone_number: "+351912345678" },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const asked = await api(page.request, "POST /requests/:id/messages", {
    params: { id },
    body: { body: "Any news on the Daytona?" },
  });
  expect(asked.ok()).toBe(true);
  await page.goto(`/requests/${id}`);

  // The newest conversations first, so this one is on the first page whatever other journeys left.
  await staff.goto("/admin/inbox?sort=recent");
  await expect(staff.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  const row = staff.getByRole("listitem", { name: `${name}: ${title}` });
  await expect(row.getByText("Any news on the Daytona?")).toBeVisible();
  await expect(row.getByText(/^Waiting /)).toBeVisible();
  await screenshots(staff, "inbox/inbox-list-en");
  await row.getByRole("button").click();

  // The thread opens beside the list, with its composer; the reply is sent from there.
  const pane = staff.getByRole("region", { name: `Conversation with ${name}` });
  await expect(pane.getByText("Any news on the Daytona?").last()).toBeVisible();
  await expect(staff).toHaveURL(new RegExp(`open=request%3A${id}`));
  await pane.getByRole("textbox", { name: "Reply" }).fill("Two candidates in Geneva; photographs tomorrow.");
  await pane.getByRole("button", { name: /^Send/ }).click();
  await expect(staff.getByText("Message sent")).toBeVisible();
  await expect(staff).toHaveURL(/\/admin\/inbox\?/);
  await expect(row.getByText(/^Waiting /)).toHaveCount(0);
  await expectNoSeriousA11yViolations(staff);
  await screenshots(staff, "inbox/inbox-pane-en");

  // The member sees it without reloading.
  await expect(page.getByText("Two candidates in Geneva; photographs tomorrow.")).toBeVisible({ timeout: 15_000 });

  // Snooze: it leaves the list (and is there under Snoozed).
  await pane.getByRole("button", { name: "Snooze" }).click();
  const dialog = staff.getByRole("dialog", { name: "Snooze" });
  await dialog.getByLabel("Note (optional)").fill("Waiting for the Geneva photographs");
  await screenshots(staff, "inbox/inbox-snooze-en");
  await dialog.getByRole("button", { name: /In 3 hours/ }).click();
  await expect(staff.getByText(/^Snoozed until/).first()).toBeVisible();
  await expect(
    staff.getByRole("list", { name: "Conversations" }).getByRole("listitem", { name: `${name}: ${title}` }),
  ).toHaveCount(0);
  await staff.getByRole("combobox", { name: "Show" }).click();
  await staff.getByRole("option", { name: "Snoozed" }).click();
  await expect(staff).toHaveURL(/show=snoozed/);
  await expect(row.getByText(/Until \d/)).toBeVisible();
  await staff.getByRole("combobox", { name: "Show" }).click();
  await staff.getByRole("option", { name: "All open" }).click();
  await expect(row).toHaveCount(0);

  // The member writes: the conversation is back at once, live.
  const again = await api(page.request, "POST /requests/:id/messages", {
    params: { id },
    body: { body: "And the box and papers?" },
  });
  expect(again.ok()).toBe(true);
  await expect(row.getByText("And the box and papers?")).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText(/^Waiting /)).toBeVisible();

  // The keys, listed with ?.
  await staff.keyboard.press("Escape");
  await staff.locator("body").click({ position: { x: 5, y: 5 } });
  await staff.keyboard.press("?");
  await expect(staff.getByRole("dialog", { name: "Keyboard" })).toBeVisible();
  await staff.keyboard.press("Escape");

  // Bulk: selected, and assigned to me.
  await row.getByRole("checkbox").check();
  const bar = staff.getByRole("toolbar", { name: "Selected conversations" });
  await expect(bar.getByText("1 selected")).toBeVisible();
  await bar.getByRole("button", { name: "Assign to me" }).click();
  await expect(row.getByText(`Owner: ${E2E_ADMIN.name}`)).toBeVisible();
  await expect(bar).toHaveCount(0);

  // The same screens in Portuguese.
  // (A Portuguese browser of the admin's own: the shared account's saved language stays as it is.)
  const { context, page: staffPt } = await portugueseAdmin(browser);
  try {
    await staffPt.goto("/admin/inbox?sort=recent");
    await expect(staffPt.locator("html")).toHaveAttribute("lang", "pt-PT");
    await expect(staffPt.getByRole("heading", { level: 1, name: "Caixa de entrada" })).toBeVisible();
    const linha = staffPt.getByRole("listitem", { name: `${name}: ${title}` });
    await expect(linha.getByText(/^À espera há /)).toBeVisible();
    await screenshots(staffPt, "inbox/inbox-list-pt");
    await linha.getByRole("button").click();
    await expect(staffPt.getByRole("region", { name: `Conversa com ${name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(staffPt);
    await screenshots(staffPt, "inbox/inbox-pane-pt");
    await staffPt
      .getByRole("region", { name: `Conversa com ${name}` })
      .getByRole("button", { name: "Adiar" })
      .click();
    await expect(staffPt.getByRole("dialog", { name: "Adiar" })).toBeVisible();
    await screenshots(staffPt, "inbox/inbox-snooze-pt");
  } finally {
    await context.close();
  }
});
