/**
 * VAT per quote option (issue 30, decision 034): the staff's editor chooses it (23 % unless changed), and the
 * member's option card and the staff's list say what the VAT-inclusive price includes.
 */
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "@/client/lib/i18n";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { fakeApi, option, quote, REQUEST_ID, renderWithApp, requestQuotes } from "../test-fixtures";
import { QuotesBody } from "./admin-quotes";
import { MemberQuotesView } from "./member-quotes";
import { QuoteEditor } from "./quote-editor";

const base = `/api/admin/requests/${REQUEST_ID}`;
const NEW_ID = "66666666-6666-4666-8666-666666666666";
const vatSelect = (index = 0) => screen.getAllByRole("combobox", { name: "VAT included in the price" })[index];

describe("the quote editor's VAT", () => {
  afterEach(() => setActiveLocale("en"));

  it("is 23 % unless staff choose another, and is sent with each option", async () => {
    const api = fakeApi({ [`POST ${base}/quotes`]: { status: 201, body: { id: NEW_ID } } });
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    expect(vatSelect().textContent).toContain("23 % (standard)");
    await user.type(screen.getByLabelText("Title"), "Rolex Daytona, 1988");
    await user.type(screen.getByLabelText("Price (€)"), "95000");
    await user.click(screen.getByRole("button", { name: "Add option" }));
    await user.type(screen.getAllByLabelText("Title")[1], "Rolex Daytona, new");
    await user.type(screen.getAllByLabelText("Price (€)")[1], "42000");
    await user.click(vatSelect(0));
    const choices = (await screen.findAllByRole("option", {}, { timeout: 5_000 })).map((o) => o.textContent);
    expect(choices).toEqual([
      "23 % (standard)",
      "13 % (intermediate)",
      "6 % (reduced)",
      "Margin scheme (second-hand goods)",
    ]);
    await user.click(screen.getByRole("option", { name: "Margin scheme (second-hand goods)" }));
    expect(vatSelect(0).textContent).toContain("Margin scheme (second-hand goods)");
    // "Valid until" starts 14 days ahead.
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    // Under CI load the save can take longer than findBy's default second.
    expect(await screen.findByText(QUOTE_MESSAGES.quoteSaved, {}, { timeout: 5_000 })).toBeTruthy();
    expect(api.calls.map((call) => call.key)).toEqual([`POST ${base}/quotes`]);
    const sent = api.calls[0].body as { options: Array<{ title: string; vatRate: string }> };
    expect(sent.options.map((o) => [o.title, o.vatRate])).toEqual([
      ["Rolex Daytona, 1988", "margin"],
      ["Rolex Daytona, new", "23"],
    ]);
  });

  it("shows a draft's chosen rate again", () => {
    fakeApi();
    const draft = quote({ status: "draft", options: [option(0, { vatRate: "6" })] });
    renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} quote={draft} onDone={() => {}} />);
    expect(vatSelect().textContent).toContain("6 % (reduced)");
  });

  it("is offered in Portuguese", () => {
    setActiveLocale("pt-PT");
    fakeApi();
    renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    const select = screen.getByRole("combobox", { name: "IVA incluído no preço" });
    expect(select.textContent).toContain("23 % (normal)");
  });
});

describe("what an option's price includes", () => {
  afterEach(() => setActiveLocale("en"));
  const withRates = () =>
    requestQuotes({
      quotes: [quote({ options: [option(0), option(1, { priceCents: 9_500_000, vatRate: "margin" })] })],
    });

  it("is said under the price on the member's card: the VAT and its amount, or the margin scheme", () => {
    fakeApi();
    renderWithApp(<MemberQuotesView requestId={REQUEST_ID} requestQuotes={withRates()} />);
    // €4,500 incl. 23 %: 450 000 × 23 / 123 = 84 146.34 → €841.46
    const first = screen.getByRole("article", { name: "Birkin 25, Gold Togo" });
    expect(within(first).getByText("incl. VAT 23 % (€841.46)")).toBeTruthy();
    const second = screen.getByRole("article", { name: "Birkin 25, Etoupe Clemence" });
    expect(within(second).getByText("Margin scheme — VAT not shown separately")).toBeTruthy();
    expect(within(second).queryByText(/incl\. VAT/)).toBeNull();
  });

  it("is on the staff's list of quotes", () => {
    fakeApi();
    renderWithApp(<QuotesBody requestId={REQUEST_ID} requestQuotes={withRates()} />);
    expect(screen.getByText("incl. VAT 23 % (€841.46)")).toBeTruthy();
    expect(screen.getByText("Margin scheme — VAT not shown separately")).toBeTruthy();
  });

  it("is said in Portuguese", () => {
    setActiveLocale("pt-PT");
    fakeApi();
    renderWithApp(<MemberQuotesView requestId={REQUEST_ID} requestQuotes={withRates()} />);
    expect(screen.getByText("IVA incluído à taxa de 23 % (841,46 €)")).toBeTruthy();
    expect(screen.getByText("Regime da margem — IVA não discriminado")).toBeTruthy();
  });
});
