import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { REFUND_MESSAGES } from "@/shared/contracts/quotes-texts";
import type { Refund } from "../api";
import { expectRefused, submitAmount } from "../test-dialogs";
import { fakeApi, hold, REQUEST_ID, refund, renderWithApp, requestQuotes } from "../test-fixtures";
import { PaymentPanels } from "./admin-payment";
import { MemberRefunds } from "./refund-list";

const base = `/api/admin/requests/${REQUEST_ID}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** €450 captured, €100 of it already refunded: €350 left. */
const captured = (refunds: Refund[] = [refund()], extra = {}) =>
  renderWithApp(
    <PaymentPanels
      requestId={REQUEST_ID}
      requestQuotes={requestQuotes({
        requestStatus: "Found",
        hold: hold({ status: "captured", capturedCents: 45_000, refundedCents: 10_000, ...extra }),
        refunds,
      })}
    />,
  );

describe("the staff's refund", () => {
  it("starts from what is left, checks what the server checks, confirms, then refunds with the dialog's key", async () => {
    const api = fakeApi({ [`POST ${base}/refunds`]: { body: refund({ id: "88888888-8888-4888-8888-888888888888" }) } });
    const { user } = captured();
    expect(screen.getByRole("list", { name: "Refunds" }).textContent).toContain("€100 refunded");
    await user.click(screen.getByRole("button", { name: "Refund" }));
    const dialog = screen.getByRole("alertdialog", { name: "Refund the payment" });
    expect((within(dialog).getByLabelText("Amount (€)") as HTMLInputElement).value).toBe("350");

    await submitAmount(user, dialog, "400", "Review refund");
    expect(within(dialog).getByRole("alert").textContent).toBe(REFUND_MESSAGES.tooHigh);
    await user.type(within(dialog).getByLabelText("Reason"), "ab");
    await submitAmount(user, dialog, "200", "Review refund");
    expectRefused(dialog, REFUND_MESSAGES.reasonRequired, api);

    await user.type(within(dialog).getByLabelText("Reason"), "c: returned in its box");
    await user.click(within(dialog).getByRole("button", { name: "Review refund" }));
    // The confirm step says what will happen; nothing is sent before it.
    const confirm = screen.getByRole("alertdialog", { name: "Refund €200 to the member?" });
    expect(within(confirm).getByText("abc: returned in its box")).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Confirm refund of €200" }));
    expect(await screen.findByText(REFUND_MESSAGES.refundSent)).toBeTruthy();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0].key).toBe(`POST ${base}/refunds`);
    expect(api.calls[0].body).toEqual({
      amountCents: 20_000,
      reason: "abc: returned in its box",
      idempotencyKey: expect.stringMatching(UUID),
      source: "hold",
    });
  });

  it("shows the server's refusal, and a retry in the same dialog is the same refund (the same key)", async () => {
    let answers = 0;
    const api = fakeApi({
      [`POST ${base}/refunds`]: () =>
        ++answers === 1
          ? { status: 502, body: { error: "The payment provider did not answer. Please try again." } }
          : { body: refund({ amountCents: 35_000 }) },
    });
    const { user } = captured();
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await user.type(screen.getByLabelText("Reason"), "Returned");
    await user.click(screen.getByRole("button", { name: "Review refund" }));
    await user.click(screen.getByRole("button", { name: "Confirm refund of €350" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The payment provider did not answer. Please try again.",
    );
    await user.click(screen.getByRole("button", { name: "Confirm refund of €350" }));
    // (The previous test's toast may still be leaving.)
    expect((await screen.findAllByText(REFUND_MESSAGES.refundSent)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const keys = api.calls.map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // A new dialog is a new refund: a new key.
    await user.click(screen.getByRole("button", { name: "Refund" }));
    await user.type(screen.getByLabelText("Reason"), "Returned");
    await user.click(screen.getByRole("button", { name: "Review refund" }));
    await user.click(screen.getByRole("button", { name: /Confirm refund of/ }));
    await waitFor(() => expect(api.calls).toHaveLength(3));
    expect((api.calls[2].body as { idempotencyKey: string }).idempotencyKey).not.toBe(keys[0]);
  });

  it("offers no refund when nothing is left, or nothing was captured; lists failed refunds to staff", () => {
    fakeApi();
    const first = captured([refund({ amountCents: 45_000 })], { status: "refunded", refundedCents: 45_000 });
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    first.unmount();
    const second = captured([refund({ amountCents: 35_000, status: "pending" })]);
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(screen.getByText("Processing")).toBeTruthy();
    second.unmount();
    renderWithApp(
      <PaymentPanels requestId={REQUEST_ID} requestQuotes={requestQuotes({ requestStatus: "Found", hold: hold() })} />,
    );
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
  });
});

describe("the member's refunds", () => {
  it("shows what was refunded or is being refunded, with the reason; never a failed one", () => {
    fakeApi();
    renderWithApp(
      <MemberRefunds
        refunds={[
          refund(),
          refund({ id: "2", amountCents: 5_000, status: "pending", reason: "Strap" }),
          refund({ id: "3", amountCents: 9_900, status: "failed", failure: "expired_or_canceled_card" }),
        ]}
      />,
    );
    const list = screen.getByRole("list", { name: "Refunds" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(list.textContent).toContain("€100 refunded");
    expect(list.textContent).toContain("A scuff on the clasp");
    expect(list.textContent).not.toContain("€99");
    expect(list.textContent).not.toContain("expired_or_canceled_card");
  });

  it("shows nothing when nothing was refunded", () => {
    fakeApi();
    const { container } = renderWithApp(<MemberRefunds refunds={[refund({ status: "failed" })]} />);
    expect(container.querySelector("ul")).toBeNull();
  });
});
