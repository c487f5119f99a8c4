/**
 * Portuguese and English (issue 24, decision 028): a Portuguese browser gets the site in European Portuguese
 * from the first byte (the prerendered page, <html lang>), signs up in Portuguese with the validation messages and
 * the server's refusals in Portuguese, and its confirmation email too; the switch turns the site into English at
 * once, and the choice holds on the next visit. The other journeys run in English, Chromium's default here.
 */

import { api } from "./support/api";
import { MAIL_SUBJECT, waitForMail } from "./support/mail";
import { expect, test } from "./support/test";
import { newEmail } from "./support/users";

test("Chromium's default here is English: the journeys' interface", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/");
  expect(await page.evaluate(() => navigator.language)).toMatch(/^en/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luxury Procurement Redefined");
  await context.close();
});

test.describe("in European Portuguese", () => {
  test.use({ locale: "pt-PT" });

  test("a visitor is welcomed in Portuguese, signs up with Portuguese messages and mail, and can switch to English", async ({
    page,
  }) => {
    // The prerendered landing page, in Portuguese before any script runs.
    const landing = await page.goto("/");
    expect(await landing?.text()).toContain('<html lang="pt-PT"');
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A aquisição de luxo, reinventada");
    await expect(page).toHaveTitle(/A aquisição de luxo, reinventada/);

    // Sign-up: the form and its validation messages in Portuguese.
    await page.goto("/auth?mode=sign-up");
    await expect(page.getByRole("heading", { name: "Crie a sua conta" })).toBeVisible();
    await page.getByLabel("E-mail").fill("nao-e-um-email");
    await page.getByLabel("Palavra-passe").fill("123");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Endereço de e-mail inválido")).toBeVisible();
    await expect(page.getByText("A palavra-passe deve ter pelo menos 6 caracteres")).toBeVisible();
    await expect(page.getByText("O nome é obrigatório")).toBeVisible();
    await expect(page.getByText("O telemóvel é obrigatório")).toBeVisible();

    const email = newEmail("pt");
    await page.getByLabel("Nome completo").fill("Inês Duarte");
    await page.getByLabel("Telemóvel", { exact: true }).fill("912345678");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Palavra-passe").fill("segredo-seguro");
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByText("Conta criada! Adquira uma adesão para aceder à plataforma.")).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { name: "Escolha a sua adesão" })).toBeVisible();
    await expect(page.getByText("99\u00a0€").first()).toBeVisible();

    // The confirmation email is written in the language the account was made in.
    const mail = await waitForMail(email, /^Subject: Confirme o seu e-mail para Maison\r?$/m);
    expect(mail).toContain("Confirmar o meu e-mail");
    expect(mail).not.toMatch(MAIL_SUBJECT.verification);

    // The member's profile keeps Portuguese; the switch turns the site into English at once.
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Perfil e definições" })).toBeVisible();
    const headerSwitch = page.getByRole("navigation", { name: "Principal" }).getByRole("group", { name: "Idioma" });
    await expect(headerSwitch.getByRole("button", { name: "Português" })).toHaveAttribute("aria-pressed", "true");
    await headerSwitch.getByRole("button", { name: "English" }).click();
    await expect(page.getByRole("heading", { name: "Profile and Settings" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // The choice holds: the next visit's pages come in English from the server, and the profile says English.
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { name: "Choose Your Membership" })).toBeVisible();
    const me = await api(page.request, "GET /me");
    expect((await me.json()).profile!.language).toBe("en");
    const pricing = await page.request.get("/pricing");
    expect(await pricing.text()).toContain('<html lang="en"');
  });

  test("the server's refusals are shown in Portuguese", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("E-mail").fill(newEmail("ninguem"));
    await page.getByLabel("Palavra-passe").fill("palavra-errada");
    await page.getByRole("button", { name: "Iniciar sessão" }).click();
    await expect(page.getByText("E-mail ou palavra-passe inválidos")).toBeVisible();
  });
});
