import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "@/client/lib/i18n";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import type { RequestQuotes } from "../api";
import { expectRefused, expectSent } from "../test-dialogs";
import { fakeApi, hold, option, quote, REQUEST_ID, renderWithApp, requestQuotes } from "../test-fixtures";
import { MemberQuotesView } from "./member-quotes";

const acceptPath = (quoteId: string) => `POST /api/requests/${REQUEST_ID}/quotes/${quoteId}/accept`;
const optionCard = (name: string) => screen.getByRole("article", { name });
/** The member's quotes of the request, as the server would answer them (`extra` over the fixture's). */
const renderQuotes = (extra: Partial<RequestQuotes> = {}) =>
  renderWithApp(<MemberQuotesView requestId={REQUEST_ID} requestQuotes={requestQuotes(extra)} />);
/** The declined quote sits among the earlier proposals, with its reason. */
function expectDeclinedAmongEarlier() {
  const earlier = screen.getByRole("region", { name: "Earlier proposals" });
  expect(within(earlier).getByText("Declined")).toBeTruthy();
  expect(within(earlier).getByText("Too dear")).toBeTruthy();
}

describe("the member's quote cards", () => {
  it("shows each option with its price, terms, delivery estimate and the quote's validity", () => {
    fakeApi();
    renderQuotes();
    expect(screen.getByText("Valid until 31 Dec 2099", { exact: false })).toBeTruthy();
    expect(screen.getByText("Two pieces we can secure this week.")).toBeTruthy();
    const first = optionCard("Birkin 25, Gold Togo");
    expect(within(first).getByText("€4,500")).toBeTruthy();
    expect(within(first).getByText("Non-refundable once shipped.")).toBeTruthy();
    expect(within(first).getByText("10 Dec 2099")).toBeTruthy();
    expect(within(first).getByText("€450")).toBeTruthy();
    expect(within(optionCard("Birkin 25, Etoupe Clemence")).getByText("€5,500")).toBeTruthy();
  });

  it("opens the option's photos full screen, one after another (issue 34 item 2)", async () => {
    fakeApi();
    const photos = [
      { id: "44444444-4444-4444-8444-444444444444", name: "front.jpg", type: "image/jpeg", size: 10 },
      { id: "55555555-5555-4555-8555-555555555555", name: "clasp.jpg", type: "image/jpeg", size: 10 },
    ];
    const { user } = renderQuotes({ quotes: [quote({ options: [option(0, { photos })] })] });
    // The thumbnail is a button named on itself (issue 34 item 12).
    expect(screen.getByRole("button", { name: "View clasp.jpg" }).getAttribute("aria-label")).toBe("View clasp.jpg");
    await user.click(screen.getByRole("button", { name: "View clasp.jpg" }));
    const gallery = await screen.findByRole("dialog", { name: "Photos of Birkin 25, Gold Togo" });
    // The photo in view: its neighbours are there too, inert.
    const shown = () => {
      const current = within(gallery)
        .getAllByRole("group", { name: /of 2/ })
        .find((slide) => !slide.hasAttribute("inert"));
      if (!current) throw new Error("no photo in view");
      return current;
    };
    await waitFor(() => expect(shown().getAttribute("aria-label")).toBe("2 of 2"));
    expect(within(shown()).getByRole("img", { name: "clasp.jpg" }).getAttribute("src")).toBe(
      `/api/requests/${REQUEST_ID}/quotes/files/${photos[1].id}`,
    );
    await user.click(within(gallery).getByRole("button", { name: "Previous photo" }));
    await waitFor(() => expect(shown().getAttribute("aria-label")).toBe("1 of 2"));
    expect(within(gallery).getByRole("button", { name: "Zoom in" })).toBeTruthy();
    await user.click(within(gallery).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Photos of Birkin 25, Gold Togo" })).toBeNull());
  });

  it("sets three options side by side, each against the member's budget, and asks about one (issue 34 item 2)", async () => {
    fakeApi();
    const three = quote({ options: [option(0), option(1), option(2, { priceCents: 2_750_000 })] });
    const { user, router } = renderQuotes({ quotes: [three], budgetCents: 2_000_000 });
    // Three columns from a laptop up, stacked below: never two and one alone.
    const list = screen.getByRole("list", { name: "Options" });
    expect(list.className).toContain("lg:grid-cols-3");
    expect(list.className).not.toContain("md:grid-cols-2");
    expect(within(optionCard("Birkin 25, Gold Togo")).getByText("Within your budget")).toBeTruthy();
    expect(within(optionCard("Kelly 28, Noir")).getByText("€7,500 over your budget")).toBeTruthy();
    await user.click(
      within(optionCard("Kelly 28, Noir")).getByRole("button", { name: "Ask about this option: Kelly 28, Noir" }),
    );
    expect(router.state.location.search).toBe(`?about=${option(2).id}`);
  });

  it("accepts an option after a confirm step stating the hold, then goes to the card page", async () => {
    const api = fakeApi({ [acceptPath(quote().id)]: { body: { url: "/checkout/test/holds/hs_test_1" } } });
    const { user } = renderQuotes();
    await user.click(within(optionCard("Birkin 25, Gold Togo")).getByRole("button", { name: /Accept/ }));
    const dialog = screen.getByRole("alertdialog", { name: "Accept Birkin 25, Gold Togo?" });
    expect(within(dialog).getByText("We will hold €450 on your card; nothing is charged now.")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Continue to card" }));
    expect(await screen.findByText("/checkout/test/holds/hs_test_1")).toBeTruthy();
    expectSent(api, acceptPath(quote().id), { optionId: option(0).id });
  });

  it("says the server's refusal and stays", async () => {
    fakeApi({ [acceptPath(quote().id)]: { status: 409, body: { error: QUOTE_MESSAGES.quoteNotCurrent } } });
    const { user } = renderQuotes();
    await user.click(within(optionCard("Birkin 25, Gold Togo")).getByRole("button", { name: /Accept/ }));
    await user.click(screen.getByRole("button", { name: "Continue to card" }));
    expect(await screen.findByText(QUOTE_MESSAGES.quoteNotCurrent)).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/");
  });

  it("declines the quote with an optional reason", async () => {
    const api = fakeApi();
    const { user } = renderQuotes();
    await user.click(screen.getByRole("button", { name: "Decline quote" }));
    const dialog = screen.getByRole("alertdialog", { name: "Decline this quote?" });
    await user.type(within(dialog).getByLabelText(/Reason/), "  Too dear  ");
    await user.click(within(dialog).getByRole("button", { name: "Decline quote" }));
    expect(await screen.findByText(QUOTE_MESSAGES.quoteDeclined)).toBeTruthy();
    expect(api.calls[0]).toEqual({
      key: `POST /api/requests/${REQUEST_ID}/quotes/${quote().id}/decline`,
      body: { reason: "Too dear" },
    });
  });

  it("cannot accept an expired quote, and says why", () => {
    fakeApi();
    renderQuotes({ quotes: [quote({ expired: true })] });
    expect(screen.getByRole("alert").textContent).toBe(QUOTE_MESSAGES.quoteExpired);
    for (const button of screen.getAllByRole("button", { name: "Accept" })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it("shows superseded and declined quotes apart, quieter, with the reason", () => {
    fakeApi();
    const current = quote({ id: "55555555-5555-4555-8555-555555555555", options: [option(2)] });
    const declined = quote({ status: "declined", declineReason: "Too dear" });
    renderQuotes({ quotes: [current, declined] });
    expect(screen.getAllByRole("article")).toHaveLength(1);
    expectDeclinedAmongEarlier();
  });

  it("says why less was charged, in the team's words (issue 30 item 4)", () => {
    fakeApi();
    const accepted = quote({ status: "accepted", acceptedOptionId: option(0).id });
    const captured = hold({ status: "captured", capturedCents: 20_000, captureReason: "a scuff on the clasp" });
    renderQuotes({ quotes: [accepted], hold: captured });
    expect(
      screen.getByText("€200 charged — €250 off: a scuff on the clasp. The rest of the hold was released."),
    ).toBeTruthy();
  });

  it("shows an expired proposal as Expired, and a declined one among the earlier ones with the reason", () => {
    fakeApi();
    const expired = quote({ id: "55555555-5555-4555-8555-555555555555", expired: true, options: [option(2)] });
    const declined = quote({ status: "declined", declineReason: "Too dear" });
    renderQuotes({ quotes: [expired, declined] });
    expect(screen.getAllByText("Expired").length).toBeGreaterThan(0);
    expectDeclinedAmongEarlier();
  });

  it("shows an accepted quote's chosen option and the hold until its expiry", () => {
    fakeApi();
    const accepted = quote({ status: "accepted", acceptedOptionId: option(0).id });
    renderQuotes({ quotes: [accepted], hold: hold() });
    expect(within(optionCard("Birkin 25, Gold Togo")).getByText("Accepted")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Accept/ })).toBeNull();
    expect(screen.getByText("Held")).toBeTruthy();
    expect(
      screen.getByText(/€450 is held on your card until 1 Dec, \d\d:00\. Nothing has been charged\./),
    ).toBeTruthy();
  });

  it("shows a card failure, and after an expired hold the team asked about, Authorise again", async () => {
    const api = fakeApi({
      [`POST /api/requests/${REQUEST_ID}/hold/reauthorize`]: { body: { url: "/checkout/test/holds/hs_test_2" } },
    });
    const expired = hold({ status: "expired", reauthorizationRequested: true, failure: "Your card was declined." });
    const { user } = renderQuotes({
      requestStatus: "Found",
      quotes: [quote({ status: "accepted" })],
      hold: expired,
      canAuthoriseAgain: true,
    });
    expect(screen.getByRole("alert").textContent).toBe("Your card was declined.");
    await user.click(screen.getByRole("button", { name: "Authorise again" }));
    expect(await screen.findByText("/checkout/test/holds/hs_test_2")).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });

  it("after a lapse, without the team asking, offers Authorise again on the member's own", async () => {
    const reauthorize = `POST /api/requests/${REQUEST_ID}/hold/reauthorize`;
    const api = fakeApi({ [reauthorize]: { body: { url: "/checkout/test/holds/hs_test_3" } } });
    const accepted = quote({ status: "accepted", acceptedOptionId: option(0).id });
    const lapsed = hold({ status: "expired", reauthorizationRequested: false });
    const { user } = renderQuotes({
      requestStatus: "Found",
      quotes: [accepted],
      hold: lapsed,
      canAuthoriseAgain: true,
    });
    expect(screen.getByText("The hold of €450 lapsed before it was used. Nothing was charged.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Authorise again" }));
    expect(await screen.findByText("/checkout/test/holds/hs_test_3")).toBeTruthy();
    expect(api.calls.map((call) => call.key)).toEqual([reauthorize]);
  });

  it("a card page opened to authorise again is continued the same way (not by accepting the quote again)", async () => {
    const reauthorize = `POST /api/requests/${REQUEST_ID}/hold/reauthorize`;
    const api = fakeApi({ [reauthorize]: { body: { url: "/checkout/test/holds/hs_test_4" } } });
    const accepted = quote({ status: "accepted", acceptedOptionId: option(0).id });
    const { user } = renderQuotes({
      requestStatus: "Found",
      quotes: [accepted],
      hold: hold({ status: "pending", expiresAt: null }),
    });
    await user.click(screen.getByRole("button", { name: "Continue to card authorisation" }));
    expect(await screen.findByText("/checkout/test/holds/hs_test_4")).toBeTruthy();
    expect(api.calls.map((call) => call.key)).toEqual([reauthorize]);
  });

  it("does not offer Authorise again when the server says it is closed (delivered)", () => {
    fakeApi();
    const accepted = quote({ status: "accepted", acceptedOptionId: option(0).id });
    const lapsed = hold({ status: "expired" });
    renderQuotes({
      requestStatus: "Delivered",
      quotes: [accepted],
      hold: lapsed,
      canAuthoriseAgain: false,
    });
    expect(screen.queryByRole("button", { name: "Authorise again" })).toBeNull();
  });

  it("in the 48 hours before the hold lapses, shows its date prominently", () => {
    fakeApi();
    const accepted = quote({ status: "accepted", acceptedOptionId: option(0).id });
    const soon = new Date(Date.now() + 20 * 3_600_000).toISOString();
    const first = renderQuotes({ requestStatus: "Found", quotes: [accepted], hold: hold({ expiresAt: soon }) });
    const notice = screen.getByText(/Your hold of €450 lapses on/).closest('[role="status"]') as HTMLElement;
    expect(notice.textContent).toMatch(/^Your hold of €450 lapses on \d{1,2} \w{3}, \d\d:\d\d\./);
    expect(notice.textContent).toContain("you can authorise the hold again here");
    first.unmount();
    // Further out: the usual sentence, no warning.
    renderQuotes({ requestStatus: "Found", quotes: [accepted], hold: hold() });
    expect(screen.queryByText(/lapses on/)).toBeNull();
  });

  it("confirms receipt, or reports a problem (which needs a description) within 30 days", async () => {
    const api = fakeApi();
    const delivery = {
      status: "delivered" as const,
      note: "Handed over in Lisbon.",
      photos: [],
      deliveredAt: new Date().toISOString(),
      answeredAt: null,
      problem: null,
      disputeUntil: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    };
    const { user } = renderQuotes({ requestStatus: "Delivered", quotes: [], delivery });
    await user.click(screen.getByRole("button", { name: "Report a problem" }));
    const dialog = screen.getByRole("alertdialog", { name: "Report a problem" });
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expectRefused(dialog, QUOTE_MESSAGES.problemRequired, api);
    await user.type(within(dialog).getByLabelText("What happened?"), "The strap is scratched.");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await screen.findByText(QUOTE_MESSAGES.problemReported)).toBeTruthy();
    expect(api.calls[0]).toEqual({
      key: `POST /api/requests/${REQUEST_ID}/delivery/problem`,
      body: { description: "The strap is scratched." },
    });
    await user.click(screen.getByRole("button", { name: "Confirm receipt" }));
    expect(await screen.findByText(QUOTE_MESSAGES.receiptConfirmed)).toBeTruthy();
  });

  it("after the 30 days offers no answer", () => {
    fakeApi();
    const delivery = {
      status: "delivered" as const,
      note: "",
      photos: [],
      deliveredAt: "2020-01-01T10:00:00.000Z",
      answeredAt: null,
      problem: null,
      disputeUntil: "2020-01-31T10:00:00.000Z",
    };
    renderQuotes({ quotes: [], delivery });
    expect(screen.queryByRole("button", { name: "Report a problem" })).toBeNull();
  });
});

describe("in Portuguese", () => {
  afterEach(() => setActiveLocale("en"));

  it("says the quote, its amounts and dates, and the confirm step in European Portuguese", async () => {
    setActiveLocale("pt-PT");
    fakeApi();
    const { user } = renderQuotes();
    expect(screen.getByText("Válido até 31 dez. 2099", { exact: false })).toBeTruthy();
    const first = optionCard("Birkin 25, Gold Togo");
    expect(within(first).getByText("Opção 1")).toBeTruthy();
    expect(within(first).getByText("4500 €")).toBeTruthy();
    expect(within(first).getByText("Pré-autorização ao aceitar")).toBeTruthy();
    await user.click(within(first).getByRole("button", { name: "Aceitar Birkin 25, Gold Togo" }));
    const dialog = screen.getByRole("alertdialog", { name: "Aceitar Birkin 25, Gold Togo?" });
    expect(
      within(dialog).getByText("Faremos uma pré-autorização de 450 € no seu cartão; nada é cobrado agora."),
    ).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Continuar para o cartão" })).toBeTruthy();
  });
});
