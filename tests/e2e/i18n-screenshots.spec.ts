/**
 * Screenshots of the landing page and the Executive Concierge at a phone's width (390 px), in English and in
 * European Portuguese, for reviewing the translations' fit (issue 24): docs/screenshots/i18n/<page>-<lang>-390.png.
 * Not a check, and not run in CI: only with SCREENSHOTS=1
 * (`npm run build && SCREENSHOTS=1 E2E_PORT=4300 npx playwright test tests/e2e/i18n-screenshots.spec.ts`).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { api } from "./support/api";
import { expect, test } from "./support/test";
import { adminPage, newEmail, subscribeViaTestCheckout } from "./support/users";

test.skip(!process.env.SCREENSHOTS, "screenshots only with SCREENSHOTS=1");

const DIR = "docs/screenshots/i18n";
const PHONE = { width: 390, height: 844 };
/**
 * Fixed notices out of the way (as in support/screenshots.ts), and the sections the browser paints only near the
 * viewport (`render-lazy`) painted, for a full-page capture.
 */
const STYLE = [
  '[data-sonner-toaster], [aria-label="Privacy notice"], [aria-label="Aviso de privacidade"] { display: none !important }',
  ".render-lazy { content-visibility: visible !important }",
].join("\n");

const TEXTS = {
  en: {
    heading: "Luxury Procurement Redefined",
    message: "Good evening. Could you secure a table at Belcanto on Friday, for four at 20:30?",
    reply: "Of course. Friday at 20:30 for four is confirmed; the table is by the window.",
  },
  "pt-PT": {
    heading: "A aquisição de luxo, reinventada",
    message: "Boa noite. Conseguem reservar uma mesa no Belcanto para sexta-feira, para quatro às 20:30?",
    reply: "Com certeza. Sexta-feira às 20:30 para quatro pessoas, confirmado; a mesa fica junto à janela.",
  },
} as const;

const LABELS = {
  en: { name: "Full name", phone: "Phone", email: "Email", password: "Password", create: "Create Account" },
  "pt-PT": {
    name: "Nome completo",
    phone: "Telemóvel",
    email: "E-mail",
    password: "Palavra-passe",
    create: "Criar conta",
  },
} as const;

async function shoot(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${DIR}/${name}-390.png`, fullPage: true, style: STYLE });
}

for (const locale of ["en", "pt-PT"] as const) {
  test.describe(locale, () => {
    test.use({ locale: locale === "en" ? "en-US" : "pt-PT", viewport: PHONE });

    test(`landing and concierge at 390 px (${locale})`, async ({ page, browser }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXTS[locale].heading);
      await shoot(page, `landing-${locale}`);

      // A Gold member (signed up through the form, in this browser's language) with one exchange.
      await page.goto("/auth?mode=sign-up");
      const labels = LABELS[locale];
      await page.getByLabel(labels.name).fill(locale === "en" ? "Gabriela Ouro" : "Inês Duarte");
      await page.getByLabel(labels.phone, { exact: true }).fill("912345678");
      await page.getByLabel(labels.email).fill(newEmail(`shot-${locale}`));
      await page.getByLabel(labels.password).fill("secret-pass");
      await page.getByRole("button", { name: labels.create }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await subscribeViaTestCheckout(page, "gold");
      const sent = await api(page.request, "POST /concierge/messages", { body: { message: TEXTS[locale].message } });
      expect(sent.ok(), await sent.text()).toBe(true);
      const me = (await (await api(page.request, "GET /me")).json()) as { user: { id: string } };
      const admin = await adminPage(browser);
      const replied = await api(admin.request, "POST /admin/concierge/:userId", {
        params: { userId: me.user.id },
        body: { reply: TEXTS[locale].reply, fileIds: [] },
      });
      expect(replied.ok(), await replied.text()).toBe(true);
      await admin.context().close();

      await page.goto("/messages?view=concierge");
      await expect(page.getByText(TEXTS[locale].reply)).toBeVisible();
      await shoot(page, `concierge-${locale}`);
    });
  });
}
