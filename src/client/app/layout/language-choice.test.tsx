/**
 * The language switch (issue 24, decision 028): a real select with a label, both languages named in their own
 * language; choosing changes every text at once (no reload), the <html lang>, dates and amounts, keeps the choice
 * in the cookie, and a signed-in member's profile keeps it too. Tested in both languages.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { memberSession, renderWithQueries, stubServer } from "#tests/helpers/components";
import { PasswordCard } from "@/client/features/account/components/password-card";
import { setActiveLocale } from "@/client/lib/i18n";
import { sessionQueryKey } from "@/client/lib/session";
import { formatEuro, formatLongDate } from "@/shared/format";
import { type SessionInfo, SIGNED_OUT } from "@/shared/session";
import { LanguageChoice } from "./language-choice";

const MEMBER = memberSession();

/** The switch beside a screen's texts, for `session`; the calls the server received. */
function renderWith(session: SessionInfo) {
  const calls = stubServer();
  const client = renderWithQueries(
    <>
      <LanguageChoice showLabel />
      <PasswordCard />
      <p data-testid="amount">{formatEuro(25000)}</p>
    </>,
    { session },
  );
  return { calls, client };
}

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: a test resets the one cookie the switch writes
  document.cookie = "lang=; path=/; max-age=0";
};
afterEach(() => {
  setActiveLocale("en");
  clearCookie();
});

describe("the language switch", () => {
  it("is a labelled select naming each language in itself", () => {
    renderWith(SIGNED_OUT);
    const select = screen.getByRole("combobox", { name: "Language" }) as HTMLSelectElement;
    expect([...select.options].map((option) => [option.value, option.text, option.lang])).toEqual([
      ["en", "English", "en"],
      ["pt-PT", "Português", "pt-PT"],
    ]);
    expect(select.value).toBe("en");
  });

  it("turns the screen into Portuguese at once, and keeps the choice in the cookie", async () => {
    renderWith(SIGNED_OUT);
    expect(screen.getByRole("button", { name: "Change Password" })).toBeTruthy();
    await userEvent.setup().selectOptions(screen.getByRole("combobox", { name: "Language" }), "pt-PT");

    expect(await screen.findByRole("button", { name: "Alterar palavra-passe" })).toBeTruthy();
    expect(screen.getByLabelText("Palavra-passe atual")).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Idioma" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("pt-PT");
    expect(document.cookie).toContain("lang=pt-PT");
    // Dates and amounts follow.
    expect(formatLongDate(new Date(2026, 11, 23))).toBe("23 dez. 2026");
    expect(formatEuro(25000)).toBe("25\u00a0000\u00a0€");
  });

  it("in Portuguese, shows validation messages in Portuguese, and turns back into English", async () => {
    setActiveLocale("pt-PT");
    renderWith(SIGNED_OUT);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Alterar palavra-passe" }));
    expect(await screen.findByText("Indique a sua palavra-passe atual.")).toBeTruthy();
    expect(screen.getByText("A palavra-passe deve ter pelo menos 6 caracteres")).toBeTruthy();

    await user.selectOptions(screen.getByRole("combobox", { name: "Idioma" }), "en");
    expect(await screen.findByText("Please enter your current password.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change Password" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("en");
  });

  it("saves a signed-in member's choice on their profile", async () => {
    const { calls, client } = renderWith(MEMBER);
    await userEvent.setup().selectOptions(screen.getByRole("combobox", { name: "Language" }), "pt-PT");
    await waitFor(() =>
      expect(calls).toContainEqual({ url: "/api/profile/language", method: "PUT", body: { language: "pt-PT" } }),
    );
    expect(client.getQueryData<SessionInfo>(sessionQueryKey)?.profile?.language).toBe("pt-PT");
  });

  it("in the header, is two buttons, EN and PT, each named in its own language and pressed when in use", async () => {
    vi.stubGlobal("fetch", vi.fn());
    const client = new QueryClient();
    client.setQueryData(sessionQueryKey, SIGNED_OUT);
    render(
      <QueryClientProvider client={client}>
        <LanguageChoice compact />
      </QueryClientProvider>,
    );
    const group = screen.getByRole("group", { name: "Language" });
    const english = within(group).getByRole("button", { name: "English, EN" });
    const portuguese = within(group).getByRole("button", { name: "Português, PT" });
    expect([english.textContent, portuguese.textContent]).toEqual(["EN", "PT"]);
    expect(portuguese.getAttribute("lang")).toBe("pt-PT");
    expect(english.getAttribute("aria-pressed")).toBe("true");
    await userEvent.setup().click(portuguese);
    expect(screen.getByRole("group", { name: "Idioma" })).toBeTruthy();
    expect(
      within(screen.getByRole("group")).getByRole("button", { name: "Português, PT" }).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("saves nothing for a visitor who is not signed in", async () => {
    const { calls } = renderWith(SIGNED_OUT);
    await userEvent.setup().selectOptions(screen.getByRole("combobox", { name: "Language" }), "pt-PT");
    await screen.findByRole("combobox", { name: "Idioma" });
    expect(calls).toEqual([]);
  });
});
