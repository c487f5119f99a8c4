/** Live changes, as members and staff see them: no reload, one stream shared by many tabs (issue 11). */

import { api } from "./support/api";
import { expect, test } from "./support/test";
import { E2E_ADMIN, newMember, signInViaApi } from "./support/users";

const NEW_REQUEST = {
  category: "Autos",
  budget_eur: 90000,
  urgency: "Medium",
  notes: "",
  phone_number: "+351912345678",
} as const;

test("eight tabs of the app stay responsive and all see a new request appear", async ({ page, context }) => {
  await newMember(page, "silver", { name: "Ana Sousa" });
  const tabs = [page];
  for (let i = 1; i < 8; i++) tabs.push(await context.newPage());
  for (const tab of tabs) {
    await tab.goto("/requests");
    await expect(tab.getByText("No requests yet")).toBeVisible();
  }
  const created = await api(page.request, "POST /requests", {
    body: { ...NEW_REQUEST, title: "Porsche 911 Sport Classic" },
  });
  expect(created.status()).toBe(201);
  for (const tab of tabs) {
    await expect(tab.getByRole("link", { name: /Porsche 911 Sport Classic/ }).first()).toBeVisible({ timeout: 15_000 });
  }
  // Still responsive: the last tab navigates at once.
  const last = tabs[7];
  await last.goto("/dashboard");
  await expect(last.getByRole("heading", { name: "Welcome back, Ana" })).toBeVisible();
});

test("a staff reply appears in the member's open thread without a reload", async ({ page, browser }) => {
  await newMember(page, "silver", { name: "Ana Sousa" });
  const created = await api(page.request, "POST /requests", { body: { ...NEW_REQUEST, title: "Ferrari Roma" } });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Ferrari Roma" })).toBeVisible();

  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const staff = await staffContext.newPage();
    await signInViaApi(staff, E2E_ADMIN);
    const reply = await api(staff.request, "POST /requests/:id/messages", {
      params: { id },
      body: { body: "We found one in Rosso." },
    });
    expect(reply.status()).toBe(201);
  } finally {
    await staffContext.close();
  }
  await expect(page.getByText("We found one in Rosso.")).toBeVisible({ timeout: 15_000 });
});

test("the unread count shows in the tab's title", async ({ page, browser }) => {
  await newMember(page, "silver", { name: "Ana Sousa" });
  const created = await api(page.request, "POST /requests", { body: { ...NEW_REQUEST, title: "Lamborghini Miura" } });
  const { id } = (await created.json()) as { id: string };
  await page.goto("/dashboard");
  await expect(page).toHaveTitle(/^Dashboard · Maison$|^[^(]/);
  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const staff = await staffContext.newPage();
    await signInViaApi(staff, E2E_ADMIN);
    await api(staff.request, "POST /requests/:id/messages", { params: { id }, body: { body: "News on the Miura." } });
  } finally {
    await staffContext.close();
  }
  await expect(page).toHaveTitle(/^\(1\) /, { timeout: 15_000 });
});

test("the member opens the thread and the staff view shows the reply read, without a reload", async ({
  page,
  browser,
}) => {
  await newMember(page, "silver", { name: "Ana Sousa" });
  const created = await api(page.request, "POST /requests", { body: { ...NEW_REQUEST, title: "Jaguar E-Type" } });
  const { id } = (await created.json()) as { id: string };

  const staffContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const staff = await staffContext.newPage();
    await signInViaApi(staff, E2E_ADMIN);
    await api(staff.request, "POST /requests/:id/messages", {
      params: { id },
      body: { body: "A Series 1 in Opalescent Grey." },
    });
    await staff.goto(`/admin/requests/${id}`);
    const reply = staff.getByRole("listitem").filter({ hasText: "A Series 1 in Opalescent Grey." });
    await expect(reply.getByText("Sent", { exact: true })).toBeVisible();

    await page.goto(`/requests/${id}`);
    await expect(page.getByText("A Series 1 in Opalescent Grey.")).toBeVisible();
    await expect(reply.getByText("Read", { exact: true })).toBeVisible({ timeout: 15_000 });
  } finally {
    await staffContext.close();
  }
});
