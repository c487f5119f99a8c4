import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BALANCE_MESSAGES, REFUND_MESSAGES } from "@/shared/contracts/quotes-texts";
import type { BalanceInvoice } from "../api";
import { expectRefused, expectSent, submitAmount } from "../test-dialogs";
import { fakeApi, hold, option, quote, REQUEST_ID, refund, renderWithApp, requestQuotes } from "../test-fixtures";
import { BalanceInvoicePanel, MemberBalance } from "./balance-invoice-panel";

const at = "2099-11-01T10:00:00.000Z";
const balance = (extra: Partial<BalanceInvoice> = {}): BalanceInvoice => ({
  id: "55555555-5555-4555-8555-555555555555",
  amountCents: 405_000,
  reason: null,
  dueDate: "2099-12-15",
  status: "open",
  amountPaidCents: 0,
  refundedCents: 0,
  hostedUrl: "/checkout/test/invoices/in_test_1",
  pdfUrl: null,
  overdue: false,
  paidInFull: false,
  paidAt: null,
  createdAt: at,
  ...extra,
});
/** A captured hold of €450 on the €4,500 option: the balance is €4,050 by default. */
const captured = (extra: Partial<ReturnType<typeof requestQuotes>> = {}) =>
  requestQuotes({
    requestStatus: "Found",
    quotes: [quote({ status: "accepted", acceptedOptionId: option(0).id })],
    hold: hold({ status: "captured", capturedCents: 45_000 }),
    ...extra,
  });
const sendPath = `POST /api/admin/requests/${REQUEST_ID}/balance`;

describe("the staff's balance panel", () => {
  it("sends the default balance after a confirm step, and asks a reason when the amount changes", async () => {
    const api = fakeApi({ [sendPath]: { body: balance() } });
    const { user } = renderWithApp(<BalanceInvoicePanel requestId={REQUEST_ID} requestQuotes={captured()} />);
    await user.click(screen.getByRole("button", { name: "Send balance invoice" }));
    const dialog = screen.getByRole("alertdialog", { name: "Send the balance invoice?" });
    expect((within(dialog).getByLabelText("Amount (€)") as HTMLInputElement).value).toBe("4050");
    expect(within(dialog).queryByLabelText("Reason for the change")).toBeNull();
    expect(api.calls).toHaveLength(0);

    await submitAmount(user, dialog, "4000", "Send €4,000");
    expectRefused(dialog, BALANCE_MESSAGES.reasonRequired, api);
    await user.type(within(dialog).getByLabelText("Reason for the change"), "Supplier discount");
    await user.click(within(dialog).getByRole("button", { name: "Send €4,000" }));
    expect(await screen.findByText(BALANCE_MESSAGES.sent)).toBeTruthy();
    const dueDate = expect.stringMatching(/^\d{4}-\d\d-\d\d$/);
    expectSent(api, sendPath, { amountCents: 400_000, reason: "Supplier discount", dueDate });
  });

  it("shows an open invoice's state, its page and Void; nothing to send before the capture", () => {
    fakeApi();
    renderWithApp(
      <BalanceInvoicePanel
        requestId={REQUEST_ID}
        requestQuotes={captured({ balance: balance({ amountPaidCents: 0 }) })}
      />,
    );
    expect(screen.getByText("Due by 15 Dec 2099. Paid so far: €0.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Invoice page" }).getAttribute("href")).toBe(
      "/checkout/test/invoices/in_test_1",
    );
    expect(screen.getByRole("button", { name: "Void" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send balance invoice" })).toBeNull();
  });
});

describe("the staff's refund of a paid balance", () => {
  it("starts from what is left of the balance paid, confirms, then refunds the invoice with the dialog's key", async () => {
    const refundPath = `POST /api/admin/requests/${REQUEST_ID}/refunds`;
    const answer = refund({
      id: "88888888-8888-4888-8888-888888888888",
      source: "invoice",
      amountCents: 100_000,
      reason: "Returned in its box",
    });
    const api = fakeApi({ [refundPath]: { body: answer } });
    const paid = balance({ status: "paid", paidInFull: true, amountPaidCents: 405_000, refundedCents: 5_000 });
    const { user } = renderWithApp(
      <BalanceInvoicePanel
        requestId={REQUEST_ID}
        requestQuotes={captured({
          balance: paid,
          refunds: [{ ...answer, amountCents: 5_000 }],
        })}
      />,
    );
    expect(screen.getByText("Refunded: €50.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = screen.getByRole("alertdialog", { name: "Refund the balance payment" });
    expect((within(dialog).getByLabelText("Amount (€)") as HTMLInputElement).value).toBe("4000");
    await user.type(within(dialog).getByLabelText("Reason"), "Returned in its box");
    await submitAmount(user, dialog, "4001", "Review refund");
    expect(within(dialog).getByRole("alert").textContent).toBe(REFUND_MESSAGES.invoiceTooHigh);
    await submitAmount(user, dialog, "1000", "Review refund");
    await user.click(screen.getByRole("button", { name: "Confirm refund of €1,000" }));
    expect(await screen.findByText(REFUND_MESSAGES.refundSent)).toBeTruthy();
    const idempotencyKey = expect.any(String);
    expectSent(api, refundPath, {
      amountCents: 100_000,
      reason: "Returned in its box",
      idempotencyKey,
      source: "invoice",
    });
  });

  it("offers no refund on an open invoice", () => {
    fakeApi();
    renderWithApp(<BalanceInvoicePanel requestId={REQUEST_ID} requestQuotes={captured({ balance: balance() })} />);
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
  });
});

describe("the member's balance line", () => {
  it("says what is due and by when, and Pay now opens the invoice's page in the same tab", async () => {
    fakeApi();
    const { user } = renderWithApp(<MemberBalance balance={balance({ amountPaidCents: 5_000 })} />);
    expect(screen.getByText("Balance due €4,000 by 15 Dec 2099")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Pay now" }));
    expect(screen.getByTestId("location").textContent).toBe("/checkout/test/invoices/in_test_1");
  });

  it("flags an overdue balance, and reads 'Paid in full' only when paid", () => {
    fakeApi();
    const open = renderWithApp(<MemberBalance balance={balance({ overdue: true })} />);
    expect(screen.getByText("Overdue: the due date has passed.")).toBeTruthy();
    expect(screen.getAllByText("Overdue")).toHaveLength(1);
    expect(screen.queryByText(/Paid in full/)).toBeNull();
    open.unmount();
    renderWithApp(<MemberBalance balance={balance({ status: "paid", paidInFull: true, amountPaidCents: 405_000 })} />);
    expect(screen.getAllByText(/Paid in full/).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Pay now" })).toBeNull();
  });
});
