/**
 * The Executive Concierge in European Portuguese (issue 24, decision 028): a Gold member browsing in Portuguese
 * writes to the concierge; a staff member who chose Portuguese answers from the inbox's concierge tab; the
 * member sees the reply and the read ticks, every word around them in Portuguese. The English journey is
 * concierge.spec.ts.
 */
import type { Browser } from "@playwright/test";
import { api } from "./support/api";
import { expect, test } from "./support/test";
import { newMember, signInAsAdmin, waitingForReady } from "./support/users";

test.use({ locale: "pt-PT" });

const unique = () => Math.random().toString(36).slice(2, 7);

/**
 * The admin in a Portuguese browser of their own. Their profile says English (a signed-in member sees their
 * profile's language), so they choose Português in the sidebar, as staff would; the test puts English back.
 */
async function portugueseAdmin(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: "pt-PT" });
  const page = waitingForReady(await context.newPage());
  await signInAsAdmin(page);
  await page.goto("/admin/concierge");
  await page
    .getByRole("combobox", { name: /^(Language|Idioma)$/ })
    .first()
    .selectOption("pt-PT");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
  return page;
}

test("a Gold member writes to the concierge in Portuguese and staff answer from the inbox in Portuguese", async ({
  page,
  browser,
}) => {
  const name = `Inês Ouro ${unique()}`;
  // Browsing in Portuguese: the account keeps the language it was made in.
  await newMember(page, "gold", { name, locale: "pt-PT" });

  const admin = await portugueseAdmin(browser);
  try {
    await expect(admin).toHaveURL(/\/admin\/inbox\?tab=concierge$/);
    await expect(admin.getByRole("heading", { name: "Conversas" })).toBeVisible();
    await expect(admin.getByText("Escolha uma conversa para a ler e responder.")).toBeVisible();

    // The member's card and view, in Portuguese.
    await page.goto("/messages");
    const card = page.getByRole("link", { name: /O seu Executive Concierge/ });
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/messages\?view=concierge$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-PT");
    await expect(page.getByRole("heading", { name: "Executive Concierge", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Executive Concierge/);
    await expect(page.getByRole("link", { name: "Voltar às mensagens" })).toBeVisible();
    await expect(
      page.getByText("Como membro Gold/Black, tem acesso direto à nossa equipa de executive concierge."),
    ).toBeVisible();
    // The promise of minutes while this month's median bears it out, else the median (issue 34 item 7).
    await expect(
      page
        .getByText("Normalmente responde em minutos")
        .or(page.getByText(/^Resposta mediana este mês: /))
        .first(),
    ).toBeVisible();
    await expect(page.getByText(/^Ainda não há mensagens\. Diga-nos o que procura/)).toBeVisible();

    const composer = page.getByLabel("A sua mensagem");
    await expect(composer).toHaveAttribute("placeholder", "Escreva ao seu concierge…");
    await composer.fill("Boa noite. Conseguem reservar uma mesa no Belcanto para sexta-feira?");
    await page.getByRole("button", { name: "Enviar" }).click();
    await expect(page.getByText("Mensagem enviada à sua equipa de concierge").first()).toBeVisible();
    const thread = page.getByRole("list", { name: "Mensagens do concierge" });
    await expect(
      thread.getByText("Boa noite. Conseguem reservar uma mesa no Belcanto para sexta-feira?"),
    ).toBeVisible();
    await expect(thread.getByText("Eu", { exact: true })).toBeVisible();
    await expect(thread.getByText("Enviada", { exact: true })).toHaveCount(1);

    // Staff see it live, with its unread count in Portuguese, and open it.
    const conversation = admin.getByRole("button", { name: new RegExp(name) });
    await expect(conversation).toBeVisible();
    await expect(conversation.getByLabel("1 por ler")).toBeVisible();
    await conversation.click();
    const staffThread = admin.getByRole("list", { name: "Mensagens do concierge" });
    await expect(staffThread.getByText("Boa noite. Conseguem reservar uma mesa no Belcanto")).toBeVisible();
    await expect(admin.getByRole("region", { name: `Conversa com ${name}` })).toBeVisible();

    // The member sees the read tick, and staff see the member typing.
    await expect(thread.getByText("Lida", { exact: true })).toHaveCount(1);
    await composer.pressSequentially("Obrigada");
    await expect(admin.getByText(`${name} está a escrever…`)).toBeVisible();
    await composer.fill("");

    const reply = admin.getByLabel(`Responder a ${name}`);
    await expect(reply).toHaveAttribute("placeholder", "Escreva uma resposta…");
    await expect(admin.getByRole("button", { name: "Enviar resposta" })).toBeDisabled();
    await reply.fill("Com certeza. Sexta-feira às 20:30 para quatro pessoas, confirmado.");
    await admin.getByRole("button", { name: "Enviar resposta" }).click();
    await expect(admin.getByText("Resposta enviada").first()).toBeVisible();
    await expect(
      staffThread.getByText("Com certeza. Sexta-feira às 20:30 para quatro pessoas, confirmado."),
    ).toBeVisible();

    // The member sees the reply without reloading, from the concierge team.
    await expect(thread.getByText("Com certeza. Sexta-feira às 20:30 para quatro pessoas, confirmado.")).toBeVisible();
    await expect(thread.getByRole("listitem")).toHaveCount(2);
    await expect(thread.getByText("Concierge", { exact: true })).toBeVisible();
  } finally {
    // The shared admin account goes back to English for the other journeys.
    await api(admin.request, "PUT /profile/language", { body: { language: "en" } });
    await admin.context().close();
  }
});
