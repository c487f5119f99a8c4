/**
 * Dates as Europe writes them, in both languages (issue 34 item 4, decision 045): the day before the month,
 * '27 Nov 2026' and '27 Nov, 05:27' in English, '27 nov. 2026' and '27 nov., 05:27' in Portuguese, on a
 * member's request page and on the operations dashboard's weekly chart. The expected dates are worked out here,
 * from Lisbon's calendar, not with the app's helpers.
 */
import type { Page } from "@playwright/test";
import { api } from "./support/api";
import { expect, test } from "./support/test";
import { newMember, portugueseAdmin } from "./support/users";

const MONTHS = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  "pt-PT": ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
};
type Language = keyof typeof MONTHS;

/** Today's day, month (0–11) and year in Lisbon (the browsers below run in Lisbon's time zone). */
function lisbonToday(at = new Date()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Lisbon", year: "numeric", month: "numeric", day: "numeric" })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as { year: number; month: number; day: number };
  return { day: parts.day, month: parts.month - 1, year: parts.year };
}

const longDate = (language: Language, d = lisbonToday()) => `${d.day} ${MONTHS[language][d.month]} ${d.year}`;

/** The Monday this week began on in Lisbon, as the weekly chart names its last week ("23 Nov", "23 nov."). */
function thisWeek(language: Language) {
  const { day, month, year } = lisbonToday();
  const date = new Date(Date.UTC(year, month, day));
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return `${date.getUTCDate()} ${MONTHS[language][date.getUTCMonth()]}`;
}

/** A date and time in the order Europe writes it, in either language: "27 Nov, 05:27", "27 nov., 05:27". */
const DATE_TIME = { en: /^\d{1,2} [A-Z][a-z]{2}, \d\d:\d\d$/, "pt-PT": /^\d{1,2} [a-z]{3}\., \d\d:\d\d$/ };
const WEEK = { en: /^\d{1,2} [A-Z][a-z]{2}$/, "pt-PT": /^\d{1,2} [a-z]{3}\.$/ };

/** The weekly chart on the dashboard: its axis's week labels (the chart), and its table's row headers. */
async function weeklyChart(page: Page, title: string) {
  const figure = page.getByRole("figure", { name: title });
  await expect(figure).toHaveAttribute("aria-busy", "false");
  const ticks = figure.locator(".recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value");
  await expect(ticks.first()).toBeVisible();
  return { figure, ticks: await ticks.allTextContents() };
}

test.use({ timezoneId: "Europe/Lisbon" });

test("a member's request page writes its dates as Europe does, in English and then in Portuguese", async ({ page }) => {
  await newMember(page, "silver", { name: "Beatriz Lobo" });
  const title = `Cartier Tank ${Date.now().toString(36)}`;
  const created = await api(page.request, "POST /requests", {
    body: { title, category: "Fashion", budget_eur: 9000, urgency: "Medium", notes: "", phone_number: "+351912345678" },
  });
  const { id } = (await created.json()) as { id: string };
  await api(page.request, "POST /requests/:id/messages", { params: { id }, body: { body: "Steel, the large model." } });

  await page.goto(`/requests/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Submitted ${longDate("en")}`, { exact: true })).toBeVisible();
  await expect(page.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toHaveCount(0);
  const message = page.getByText("Steel, the large model.").locator("xpath=ancestor::li[1]");
  await expect(message.locator("time").first()).toHaveText(DATE_TIME.en);

  // The header's switch: the same page in Portuguese at once, its dates too.
  const headerSwitch = page.getByRole("navigation", { name: "Main" }).getByRole("group", { name: "Language" });
  await headerSwitch.getByRole("button", { name: "Português" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  await expect(page.getByText(`Enviado a ${longDate("pt-PT")}`, { exact: true })).toBeVisible();
  await expect(message.locator("time").first()).toHaveText(DATE_TIME["pt-PT"]);
});

test("the dashboard's weekly chart names its weeks as Europe does, in English and in Portuguese", async ({
  page,
  staff,
  browser,
}) => {
  // A request this week, so the charts have something to show.
  await newMember(page, "silver", { name: "Rui Matos" });
  const created = await api(page.request, "POST /requests", {
    body: {
      title: "Porsche 911 S/T",
      category: "Autos",
      budget_eur: 325000,
      urgency: "Low",
      notes: "",
      phone_number: "+351912345678",
    },
  });
  expect(created.ok()).toBe(true);

  // The shared admin's saved language may be another journey's Portuguese meanwhile: this browser reads English.
  await staff.context().route("**/api/me", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.profile) body.profile.language = "en";
    await route.fulfill({ response, json: body });
  });
  await staff.goto("/admin");
  const english = await weeklyChart(staff, "Requests per week");
  expect(english.ticks.length).toBeGreaterThan(0);
  for (const tick of english.ticks) expect(tick).toMatch(WEEK.en);
  await english.figure.getByRole("button", { name: "Show as table" }).click();
  const englishRows = english.figure.getByRole("table").getByRole("rowheader");
  await expect(englishRows.last()).toHaveText(thisWeek("en"));

  const portugueseStaff = await portugueseAdmin(browser);
  try {
    await portugueseStaff.page.goto("/admin");
    const portuguese = await weeklyChart(portugueseStaff.page, "Pedidos por semana");
    expect(portuguese.ticks).toHaveLength(english.ticks.length);
    for (const tick of portuguese.ticks) expect(tick).toMatch(WEEK["pt-PT"]);
    await portuguese.figure.getByRole("button", { name: "Ver como tabela" }).click();
    const rows = portuguese.figure.getByRole("table").getByRole("rowheader");
    await expect(rows.last()).toHaveText(thisWeek("pt-PT"));
  } finally {
    await portugueseStaff.context.close();
  }
});
