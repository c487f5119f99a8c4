import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { lisbonDate } from "@/shared/dates";
import { fakeApi, hold, option, quote, REQUEST_ID, renderWithApp, requestQuotes } from "../test-fixtures";
import { PaymentPanels } from "./admin-payment";
import { QuotesBody } from "./admin-quotes";
import { QuoteEditor } from "./quote-editor";

const base = `/api/admin/requests/${REQUEST_ID}`;
const NEW_ID = "66666666-6666-4666-8666-666666666666";

describe("the staff's quote editor", () => {
  it("refuses what the server would refuse, with the shared texts, and sends nothing", async () => {
    const api = fakeApi();
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    await user.clear(screen.getByLabelText("Valid until"));
    await user.click(screen.getByRole("button", { name: "Send quote" }));
    expect(await screen.findByText(QUOTE_MESSAGES.optionTitleRequired)).toBeTruthy();
    expect(screen.getByText(QUOTE_MESSAGES.priceFormat)).toBeTruthy();
    expect(screen.getByText("Choose until when the quote is valid")).toBeTruthy();

    await user.type(screen.getByLabelText("Price (€)"), "0.50");
    await user.type(screen.getByLabelText("Valid until"), "2020-01-01");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(QUOTE_MESSAGES.priceTooLow)).toBeTruthy();
    expect(screen.getByText(QUOTE_MESSAGES.validUntilPast)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("starts a new quote valid for 14 days, which staff may change (issue 34 item 17)", async () => {
    const api = fakeApi({ [`POST ${base}/quotes`]: { status: 201, body: { id: NEW_ID } } });
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    const inFortnight = lisbonDate(new Date(Date.now() + 14 * 86_400_000));
    const validUntil = screen.getByLabelText("Valid until") as HTMLInputElement;
    expect(validUntil.value).toBe(inFortnight);
    await user.type(screen.getByLabelText("Title"), "Kelly 28");
    await user.type(screen.getByLabelText("Price (€)"), "9000");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(QUOTE_MESSAGES.quoteSaved)).toBeTruthy();
    expect(api.calls[0].body).toMatchObject({ validUntil: inFortnight });
    await user.clear(validUntil);
    await user.type(validUntil, "2099-12-31");
    expect(validUntil.value).toBe("2099-12-31");
  });

  it("shows each price against the member's budget, and previews the quote as the member will see it (issue 34 item 2)", async () => {
    const api = fakeApi();
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    await user.type(screen.getByLabelText("Title"), "Kelly 28, Noir");
    await user.type(screen.getByLabelText("Price (€)"), "27500");
    expect(screen.getByText("€7,500 over the member's budget")).toBeTruthy();
    await user.clear(screen.getByLabelText("Price (€)"));
    await user.type(screen.getByLabelText("Price (€)"), "18000");
    expect(screen.getByText("Within the member's budget")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Preview as member" }));
    const preview = screen.getByRole("dialog", { name: "Preview as member" });
    const card = within(preview).getByRole("article", { name: "Kelly 28, Noir" });
    expect(within(card).getByText("€18,000")).toBeTruthy();
    expect(within(card).getByText("Within your budget")).toBeTruthy();
    expect((within(card).getByRole("button", { name: "Accept" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(preview).queryByRole("button", { name: "Decline quote" })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("has one to three options", async () => {
    fakeApi();
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    const remove = () => screen.getByRole("button", { name: "Remove option 1" }) as HTMLButtonElement;
    const add = () => screen.getByRole("button", { name: "Add option" }) as HTMLButtonElement;
    expect(remove().disabled).toBe(true);
    await user.click(add());
    await user.click(add());
    expect(screen.getAllByRole("group", { name: /Option \d/ })).toHaveLength(3);
    expect(add().disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Remove option 2" }));
    expect(screen.getAllByRole("group", { name: /Option \d/ })).toHaveLength(2);
    expect(add().disabled).toBe(false);
  });

  it("saves the price in integer cents, then sends", async () => {
    const api = fakeApi({ [`POST ${base}/quotes`]: { status: 201, body: { id: NEW_ID } } });
    let done = false;
    const { user } = renderWithApp(
      <QuoteEditor
        requestId={REQUEST_ID}
        budgetCents={2_000_000}
        onDone={() => {
          done = true;
        }}
      />,
    );
    await user.type(screen.getByLabelText("Title"), "Birkin 25, Gold Togo");
    await user.type(screen.getByLabelText("Price (€)"), "4,500.50");
    expect(screen.getByText("€4,500.50 · hold €450.05")).toBeTruthy();
    await user.clear(screen.getByLabelText("Valid until"));
    await user.type(screen.getByLabelText("Valid until"), "2099-12-31");
    await user.type(screen.getByLabelText("Message to the member"), "Secured until Friday.");
    await user.click(screen.getByRole("button", { name: "Send quote" }));
    expect(await screen.findByText(QUOTE_MESSAGES.quoteSent)).toBeTruthy();
    expect(done).toBe(true);
    expect(api.calls.map((call) => call.key)).toEqual([`POST ${base}/quotes`, `POST ${base}/quotes/${NEW_ID}/send`]);
    expect(api.calls[0].body).toEqual({
      options: [
        {
          title: "Birkin 25, Gold Togo",
          description: "",
          priceCents: 450_050,
          supplierTerms: "",
          estimatedDelivery: null,
          photoIds: [],
          vatRate: "23",
        },
      ],
      validUntil: "2099-12-31",
      message: "Secured until Friday.",
    });
  });

  it("warns, without refusing, when an option's delivery is later than the card hold can last", async () => {
    const api = fakeApi({ [`POST ${base}/quotes`]: { status: 201, body: { id: NEW_ID } } });
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    const warning = /Delivery is expected after the card hold would lapse \(7 days\)/;
    const delivery = screen.getByLabelText("Estimated delivery");
    // Within the hold's 7 days: nothing to say.
    await user.type(delivery, lisbonDate(new Date(Date.now() + 3 * 86_400_000)));
    expect(screen.queryByText(warning)).toBeNull();
    // Later: a visible warning on that option.
    await user.clear(delivery);
    await user.type(delivery, lisbonDate(new Date(Date.now() + 30 * 86_400_000)));
    const shown = await screen.findByText(warning);
    expect(shown.closest('[role="status"]')).toBeTruthy();
    expect(within(screen.getByRole("group", { name: "Option 1" })).getByText(warning)).toBeTruthy();
    // A second option without a date has none.
    await user.click(screen.getByRole("button", { name: "Add option" }));
    expect(screen.getAllByText(warning)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Remove option 2" }));
    // It does not stop the quote being saved.
    await user.type(screen.getByLabelText("Title"), "Kelly 28");
    await user.type(screen.getByLabelText("Price (€)"), "9000");
    await user.clear(screen.getByLabelText("Valid until"));
    await user.type(screen.getByLabelText("Valid until"), "2099-12-31");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(QUOTE_MESSAGES.quoteSaved)).toBeTruthy();
    expect(api.calls.map((call) => call.key)).toEqual([`POST ${base}/quotes`]);
  });

  it("shows the server's refusal in the form", async () => {
    fakeApi({ [`POST ${base}/quotes`]: { status: 409, body: { error: QUOTE_MESSAGES.cannotQuoteNow } } });
    const { user } = renderWithApp(<QuoteEditor budgetCents={2_000_000} requestId={REQUEST_ID} onDone={() => {}} />);
    await user.type(screen.getByLabelText("Title"), "Kelly 28");
    await user.type(screen.getByLabelText("Price (€)"), "9000");
    await user.clear(screen.getByLabelText("Valid until"));
    await user.type(screen.getByLabelText("Valid until"), "2099-12-31");
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect((await screen.findByRole("alert")).textContent).toBe(QUOTE_MESSAGES.cannotQuoteNow);
  });

  it("lists drafts, and after a decline offers a revision with the declined options", async () => {
    fakeApi();
    const declined = quote({ status: "declined", declineReason: "Too dear" });
    const draft = quote({ id: NEW_ID, status: "draft", sentAt: null, options: [option(2)] });
    const first = renderWithApp(
      <QuotesBody requestId={REQUEST_ID} requestQuotes={requestQuotes({ quotes: [draft, declined] })} />,
    );
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
    expect(screen.getByText(/Too dear/)).toBeTruthy();
    // With a draft open, the revision is that draft: no second one.
    expect(screen.queryByRole("button", { name: "Revise quote" })).toBeNull();
    first.unmount();

    const { user } = renderWithApp(
      <QuotesBody requestId={REQUEST_ID} requestQuotes={requestQuotes({ quotes: [declined] })} />,
    );
    await user.click(screen.getByRole("button", { name: "Revise quote" }));
    expect((screen.getAllByLabelText("Title")[0] as HTMLInputElement).value).toBe("Birkin 25, Gold Togo");
    expect((screen.getAllByLabelText("Price (€)")[1] as HTMLInputElement).value).toBe("5500");
    expect((screen.getByLabelText("Valid until") as HTMLInputElement).value).toBe(
      lisbonDate(new Date(Date.now() + 14 * 86_400_000)),
    );
  });
});

describe("what the staff see of the member's answer (issue 30 item 4)", () => {
  it("lists a declined quote with its reason and an expired one as Expired", () => {
    fakeApi();
    const expired = quote({ id: NEW_ID, expired: true, options: [option(2)] });
    const declined = quote({ status: "declined", declineReason: "Too dear", answeredAt: "2026-11-20T10:00:00.000Z" });
    renderWithApp(<QuotesBody requestId={REQUEST_ID} requestQuotes={requestQuotes({ quotes: [expired, declined] })} />);
    const [first, second] = screen.getAllByRole("article");
    expect(within(first).getByText("Expired")).toBeTruthy();
    expect(within(second).getByText("Declined")).toBeTruthy();
    expect(within(second).getByText("Declined 20 Nov 2026: Too dear")).toBeTruthy();
  });
});

describe("the quick action 'Write a quote' (decision 030)", () => {
  it("opens the editor at #quote-editor, on the draft if there is one, and leaves the address clean", async () => {
    fakeApi();
    const first = renderWithApp(
      <QuotesBody requestId={REQUEST_ID} requestQuotes={requestQuotes({ requestStatus: "Sourcing", quotes: [] })} />,
    );
    expect(screen.queryByRole("button", { name: "Send quote" })).toBeNull();
    await act(() => first.router.navigate("/admin/requests/1#quote-editor"));
    expect(await screen.findByRole("button", { name: "Send quote" })).toBeTruthy();
    expect(document.activeElement?.id).toBe("quote-editor");
    expect(first.router.state.location.hash).toBe("");
    expect(first.router.state.location.pathname).toBe("/admin/requests/1");
    first.unmount();

    const draft = quote({ id: NEW_ID, status: "draft", sentAt: null, options: [option(2)] });
    const second = renderWithApp(
      <QuotesBody
        requestId={REQUEST_ID}
        requestQuotes={requestQuotes({ requestStatus: "Sourcing", quotes: [draft] })}
      />,
    );
    await act(() => second.router.navigate("/admin/requests/1#quote-editor"));
    expect(((await screen.findAllByLabelText("Title"))[0] as HTMLInputElement).value).toBe(option(2).title);
  });
});

describe("the staff's payment panel", () => {
  const panel = (extra: Parameters<typeof requestQuotes>[0]) =>
    renderWithApp(
      <PaymentPanels requestId={REQUEST_ID} requestQuotes={requestQuotes({ requestStatus: "Found", ...extra })} />,
    );
  const card = () => screen.getByText("Payment").closest('[data-slot="card"]') as HTMLElement;

  it("with no hold says what will happen", () => {
    fakeApi();
    panel({ requestStatus: "Quoted" });
    expect(within(card()).getByText(/No card hold yet/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Capture Payment" })).toBeNull();
  });

  it("awaiting the card", () => {
    fakeApi();
    panel({ requestStatus: "Quoted", hold: hold({ status: "pending", expiresAt: null }) });
    expect(within(card()).getByText("Awaiting card")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Capture Payment" })).toBeNull();
  });

  it("held: the expiry, flagged under 24 h, and both actions", () => {
    fakeApi();
    const expiresAt = new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString();
    panel({ hold: hold({ expiresAt }) });
    expect(within(card()).getByText("Held")).toBeTruthy();
    expect(within(card()).getByText("Hold expires in 5 h")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Capture Payment" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Release Hold" })).toBeTruthy();
  });

  it("captures less than the hold only with a reason", async () => {
    const api = fakeApi({
      [`POST ${base}/hold/capture`]: { body: hold({ status: "captured", capturedCents: 30_000 }) },
    });
    const { user } = panel({ hold: hold() });
    await user.click(screen.getByRole("button", { name: "Capture Payment" }));
    const dialog = screen.getByRole("alertdialog", { name: "Capture the payment?" });
    const amount = within(dialog).getByLabelText("Amount (€)");
    expect((amount as HTMLInputElement).value).toBe("450");
    await user.clear(amount);
    await user.type(amount, "500");
    await user.click(within(dialog).getByRole("button", { name: "Capture €500" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(QUOTE_MESSAGES.captureTooHigh);
    await user.clear(amount);
    await user.type(amount, "300");
    await user.click(within(dialog).getByRole("button", { name: "Capture €300" }));
    expect(within(dialog).getByRole("alert").textContent).toBe(QUOTE_MESSAGES.captureReasonRequired);
    expect(api.calls).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/Reason/), "Strap replaced by the supplier");
    await user.click(within(dialog).getByRole("button", { name: "Capture €300" }));
    expect(await screen.findByText(QUOTE_MESSAGES.holdCaptured)).toBeTruthy();
    expect(api.calls[0]).toEqual({
      key: `POST ${base}/hold/capture`,
      body: { amountCents: 30_000, reason: "Strap replaced by the supplier" },
    });
  });

  it("captures the whole hold without an amount, and releases after a confirm", async () => {
    const api = fakeApi();
    const { user } = panel({ hold: hold() });
    await user.click(screen.getByRole("button", { name: "Capture Payment" }));
    await user.click(screen.getByRole("button", { name: "Capture €450" }));
    // (The previous test's toast may still be leaving.)
    expect((await screen.findAllByText(QUOTE_MESSAGES.holdCaptured)).length).toBeGreaterThan(0);
    expect(api.calls[0].body).toEqual({ reason: "" });

    await user.click(screen.getByRole("button", { name: "Release Hold" }));
    const dialog = screen.getByRole("alertdialog", { name: "Release the hold?" });
    await user.click(within(dialog).getByRole("button", { name: "Release Hold" }));
    expect(await screen.findByText(QUOTE_MESSAGES.holdReleased)).toBeTruthy();
    expect(api.calls[1].key).toBe(`POST ${base}/hold/release`);
  });

  it("says a 409 as the server words it", async () => {
    fakeApi({ [`POST ${base}/hold/release`]: { status: 409, body: { error: QUOTE_MESSAGES.holdNotHeld } } });
    const { user } = panel({ hold: hold() });
    await user.click(screen.getByRole("button", { name: "Release Hold" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Release Hold" }));
    expect(await screen.findByText(QUOTE_MESSAGES.holdNotHeld)).toBeTruthy();
  });

  it("captured in part, released, and expired with a way to ask again", async () => {
    const api = fakeApi();
    const first = panel({
      hold: hold({ status: "captured", capturedCents: 30_000, receiptUrl: "https://pay.example/r" }),
    });
    expect(within(card()).getByText("€300")).toBeTruthy();
    expect(within(card()).getByText("€150 of the €450 hold was released.")).toBeTruthy();
    first.unmount();

    const reasoned = panel({
      hold: hold({ status: "captured", capturedCents: 30_000, captureReason: "a scuff on the clasp" }),
    });
    expect(within(card()).getByText(/The member reads the reason: a scuff on the clasp/)).toBeTruthy();
    reasoned.unmount();
    const again = panel({
      hold: hold({ status: "captured", capturedCents: 30_000, receiptUrl: "https://pay.example/r" }),
    });
    expect(screen.getByRole("link", { name: "View receipt" })).toBeTruthy();
    again.unmount();

    const second = panel({ hold: hold({ status: "released" }) });
    expect(within(card()).getByText("Released")).toBeTruthy();
    second.unmount();

    const { user } = panel({ hold: hold({ status: "expired" }) });
    expect(within(card()).getByText("Expired")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ask the member to authorise again" }));
    expect(await screen.findByText(QUOTE_MESSAGES.reauthorizationRequested)).toBeTruthy();
    expect(api.calls[0].key).toBe(`POST ${base}/hold/request-reauthorization`);
  });

  it("marks a Found request delivered with a note, and shows the member's answer", async () => {
    const api = fakeApi();
    const { user, unmount } = panel({ hold: hold({ status: "captured", capturedCents: 45_000 }) });
    await user.click(screen.getByRole("button", { name: "Mark as delivered" }));
    const dialog = screen.getByRole("alertdialog", { name: "Mark as delivered?" });
    await user.type(within(dialog).getByLabelText(/Note/), "Handed over at the Chiado boutique.");
    await user.click(within(dialog).getByRole("button", { name: "Mark as delivered" }));
    expect(await screen.findByText(QUOTE_MESSAGES.markedDelivered)).toBeTruthy();
    expect(api.calls[0]).toEqual({
      key: `POST ${base}/delivery`,
      body: { note: "Handed over at the Chiado boutique.", photoIds: [] },
    });
    unmount();

    const delivery = {
      status: "problem" as const,
      note: "",
      photos: [],
      deliveredAt: "2026-11-20T10:00:00.000Z",
      answeredAt: "2026-11-21T10:00:00.000Z",
      problem: "The strap is scratched.",
      disputeUntil: "2026-12-20T10:00:00.000Z",
    };
    panel({ requestStatus: "Delivered", delivery });
    expect(screen.getByText("The member reported a problem on 21 Nov 2026")).toBeTruthy();
    expect(screen.getByText("The strap is scratched.")).toBeTruthy();
  });
});
