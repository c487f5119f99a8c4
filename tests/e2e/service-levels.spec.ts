/**
 * Service levels (issue 31 item 3, decision 049): an admin edits the business hours and a holiday on the
 * settings page; a Gold member's request left unanswered past its first-reply target (the house's test clock
 * moved an hour on) gets its breach warning in the outbox, and its page shows the clock overdue; the dashboard
 * reports the share met with its table.
 */
import type { Page } from "@playwright/test";
import type { ServiceLevelSettingsInput } from "@/shared/contracts/service-levels";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { screenshots } from "./support/screenshots";
import { expect, test } from "./support/test";
import { newMember } from "./support/users";

const always = [{ start: "00:00", end: "24:00" }];

/** Files the page in English and, with the admin's language switched for a moment, in Portuguese. */
async function bothLanguages(admin: Page, name: string, ready: (pt: boolean) => Promise<void>) {
  if (!process.env.SCREENSHOTS) return;
  await screenshots(admin, `sla/${name}-en`);
  const url = admin.url();
  try {
    await api(admin.request, "PUT /profile/language", { body: { language: "pt-PT" } });
    await admin.context().addCookies([{ name: "lang", value: "pt-PT", url: new URL(url).origin }]);
    await admin.goto(url);
    await expect(admin.locator("html")).toHaveAttribute("lang", "pt-PT");
    await ready(true);
    await screenshots(admin, `sla/${name}-pt-PT`);
  } finally {
    await api(admin.request, "PUT /profile/language", { body: { language: "en" } });
    await admin.context().addCookies([{ name: "lang", value: "en", url: new URL(url).origin }]);
    await admin.goto(url);
  }
}

test("an admin sets business hours and a holiday; an unanswered request is warned about in the outbox", async ({
  page,
  staff: admin,
}) => {
  test.setTimeout(120_000);
  const { updatedAt: _, ...before } = (await (
    await api(admin.request, "GET /admin/service-levels/settings")
  ).json()) as ServiceLevelSettingsInput & { updatedAt: string | null };
  try {
    // The settings page: Monday's afternoon shift ends at 17:30, and a holiday is added.
    await admin.goto("/admin/settings");
    const card = admin.getByRole("form", { name: "Service levels" });
    await expect(card.getByRole("textbox", { name: "Time zone" })).toHaveValue("Europe/Lisbon");
    await expect(card.getByText("Sexta-feira Santa").first()).toBeVisible();
    await card.getByLabel("Monday, shift 2 ends").fill("17:30");
    await card.getByLabel("Date").fill("2027-06-13");
    await card.getByLabel("Name").fill("Santo António");
    await card.getByRole("button", { name: "Add holiday" }).click();
    await card.getByRole("button", { name: "Save service levels" }).click();
    await expect(admin.getByText("Service levels saved")).toBeVisible();
    const { updatedAt: __, ...saved } = (await (
      await api(admin.request, "GET /admin/service-levels/settings")
    ).json()) as ServiceLevelSettingsInput & { updatedAt: string | null };
    expect(saved.hours.mon[1]).toEqual({ start: "14:00", end: "17:30" });
    expect(saved.holidays).toContainEqual({ date: "2027-06-13", name: "Santo António" });

    // A refusal says why, and changes nothing.
    await card.getByLabel("Tuesday, shift 1 ends").fill("08:00");
    await card.getByRole("button", { name: "Save service levels" }).click();
    await expect(card.getByRole("alert")).toHaveText("A shift must end after it starts.");
    await card.locator("..").scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(admin);
    await admin.goto("/admin/settings");
    await admin.getByRole("form", { name: "Service levels" }).scrollIntoViewIfNeeded();
    await bothLanguages(admin, "settings", async (pt) => {
      await expect(admin.getByRole("form", { name: pt ? "Níveis de serviço" : "Service levels" })).toBeVisible();
    });

    // For a deterministic clock: open all week, round the clock (Gold's first reply: 60 business minutes).
    const open = await api(admin.request, "PUT /admin/service-levels/settings", {
      body: {
        ...saved,
        hours: { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always },
      },
    });
    expect(open.status()).toBe(200);

    // A Gold member's request, left unanswered.
    const title = `Lapis lazuli cufflinks ${Date.now().toString(36)}`;
    await newMember(page, "gold", { name: "Teresa Lápis" });
    const created = await api(page.request, "POST /requests", {
      body: { title, category: "Fashion", budget_eur: 4000, urgency: "High", notes: "", phone_number: "+351912345678" },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // An hour later on the house's test clock: past due. The sweep (the periodic job's run, on demand) warns once.
    expect((await api(admin.request, "POST /admin/qa/payment-clock", { body: { hours: 1 } })).status()).toBe(200);
    await admin.goto("/admin/settings");
    await admin.getByRole("button", { name: "Send due warnings now" }).click();
    await expect(admin.getByText(/Breach warnings sent: \d+/)).toBeVisible();
    const again = await api(admin.request, "POST /admin/service-levels/sweep");
    expect(((await again.json()) as { warned: number }).warned).toBe(0);

    // The outbox holds the email to the admins (nobody owns the request).
    await admin.goto("/admin/outbox");
    await expect(admin.getByText(/First reply due at .*: Teresa Lápis/).first()).toBeVisible();

    // The request's page shows its clock overdue.
    await admin.goto(`/admin/requests/${id}`);
    await expect(admin.getByText(/^(Overdue|Target missed)/)).toBeVisible();

    // The dashboard: the share met, with its table.
    await admin.goto("/admin");
    const byTier = admin.getByRole("figure", { name: "Service levels met, by tier" });
    await expect(byTier).toBeVisible();
    await byTier.getByRole("button", { name: "Show as table" }).click();
    await expect(byTier.getByRole("table").getByRole("rowheader", { name: "Gold" })).toBeVisible();
    await byTier.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(admin);
    await bothLanguages(admin, "dashboard", async (pt) => {
      await expect(
        admin.getByRole("figure", {
          name: pt ? "Níveis de serviço cumpridos, por escalão" : "Service levels met, by tier",
        }),
      ).toBeVisible();
    });
  } finally {
    await api(admin.request, "DELETE /admin/qa/payment-clock");
    await api(admin.request, "PUT /admin/service-levels/settings", { body: before });
  }
});
