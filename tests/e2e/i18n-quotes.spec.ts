/**
 * The business loop in European Portuguese (issue 24, decision 028): a member browsing in Portuguese gets the
 * team's quote live, reads its amounts and dates as pt-PT says them, accepts an option and authorises the hold
 * on the test card page, all in Portuguese. The staff (in English, as in quotes.spec.ts) quote through the API.
 * SCREENSHOTS=1 also files the pricing page at 390 px in both languages (docs/screenshots/i18n).
 */
import { mkdirSync } from "node:fs";
import { api } from "./support/api";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expect, test } from "./support/test";
import { adminPage, newMember } from "./support/users";

/** Intl's pt-PT euro: the amount, a no-break space, the sign. */
const euro = (amount: string) => `${amount}\u00a0€`;

test.describe("in European Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("a member accepts a quote and authorises its hold in Portuguese", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await newMember(page, "silver", { name: "Inês Duarte", locale: "pt-PT" });
    const created = await api(page.request, "POST /requests", {
      body: {
        title: "Hermès Kelly 28",
        category: "Fashion",
        budget_eur: 9000,
        urgency: "Medium",
        notes: "",
        phone_number: "+351912345678",
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/requests/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Hermès Kelly 28" })).toBeVisible();

    // The team quotes one option (the staff's screens are English here; their journey is quotes.spec.ts).
    const staff = await adminPage(browser);
    try {
      expect(
        (
          await api(staff.request, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } })
        ).ok(),
      ).toBe(true);
      const saved = await api(staff.request, "POST /admin/requests/:id/quotes", {
        params: { id },
        body: { options: [{ title: "Kelly 28, Noir", priceCents: 800_000 }], validUntil: "2099-12-31" },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
      const { id: quoteId } = (await saved.json()) as { id: string };
      expect(
        (await api(staff.request, "POST /admin/requests/:id/quotes/:quoteId/send", { params: { id, quoteId } })).ok(),
      ).toBe(true);
    } finally {
      await staff.context().close();
    }

    // The quote arrives without a reload, in Portuguese: euro and dates as pt-PT writes them.
    const option = page.getByRole("article", { name: "Kelly 28, Noir" });
    await expect(option).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("heading", { name: "A sua proposta" })).toBeVisible();
    await expect(page.getByText(/Válido até 31 dez\. 2099/)).toBeVisible();
    await expect(option.getByText(euro("8000"), { exact: true })).toBeVisible();
    await expect(option.getByText("Pré-autorização ao aceitar")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await option.getByRole("button", { name: "Aceitar Kelly 28, Noir" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Aceitar Kelly 28, Noir?" });
    await expect(
      dialog.getByText(`Faremos uma pré-autorização de ${euro("800")} no seu cartão; nada é cobrado agora.`),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Continuar para o cartão" }).click();

    // The test card page, in Portuguese.
    await page.waitForURL(/\/checkout\/test\/holds\//);
    await expect(page.getByRole("heading", { name: "Autorizar com cartão" })).toBeVisible();
    await page.getByLabel("Número do cartão").fill("4242 4242 4242 4242");
    await page.getByLabel("Validade").fill("12/34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Nome no cartão").fill("Inês Duarte");
    await page.getByRole("button", { name: /^Autorizar 800\s€$/ }).click();

    // Back on the request: the hold is in place, said in Portuguese.
    await page.waitForURL(new RegExp(`/requests/${id}`));
    const hold = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole("heading", { name: "Pré-autorização no cartão" }) });
    await expect(hold.getByText("Pré-autorizado", { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(hold.getByText(new RegExp(`Estão pré-autorizados ${euro("800")} no seu cartão até`))).toBeVisible();
    await expect(option.getByText("Aceite", { exact: true })).toBeVisible();
  });
});

/** SCREENSHOTS=1 only: the pricing page at a phone's width, in each language, to look for overflow. */
for (const locale of ["en", "pt-PT"] as const) {
  test.describe(`the pricing page at 390 px (${locale})`, () => {
    test.use({ locale: locale === "en" ? "en-US" : "pt-PT", viewport: { width: 390, height: 844 } });

    test(`is filed as docs/screenshots/i18n/pricing-${locale}-390.png`, async ({ page }) => {
      test.skip(!process.env.SCREENSHOTS, "SCREENSHOTS=1 files the screenshots");
      await page.goto("/pricing");
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      mkdirSync("docs/screenshots/i18n", { recursive: true });
      await page.screenshot({
        path: `docs/screenshots/i18n/pricing-${locale}-390.png`,
        fullPage: true,
        style:
          '[data-sonner-toaster], [aria-label="Privacy notice"], [aria-label="Aviso de privacidade"] { display: none !important } .render-lazy { content-visibility: visible !important }',
      });
    });
  });
}
