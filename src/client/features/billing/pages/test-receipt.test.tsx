import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TestReceipt } from "../api";
import { ReceiptView } from "./test-receipt-page";

const receipt = (extra: Partial<TestReceipt> = {}): TestReceipt => ({
  id: "ch_test_abc",
  kind: "payment",
  date: "2026-11-20T10:00:00.000Z",
  amountCents: 250_000,
  refundedCents: 50_000,
  description: "Hold for Kelly 28",
  card: { brand: "visa", last4: "4242" },
  method: "card",
  email: "ana@example.com",
  ...extra,
});

describe("the test-mode receipt", () => {
  it("says what was paid, when, for what, with which card, and what was refunded since", () => {
    render(<ReceiptView receipt={receipt()} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("€2,500");
    expect(screen.getByText("Hold for Kelly 28")).toBeTruthy();
    expect(screen.getByText("VISA ·· 4242")).toBeTruthy();
    expect(screen.getByText("20 Nov 2026")).toBeTruthy();
    expect(screen.getByText("−€500")).toBeTruthy();
    expect(screen.getByText("ana@example.com")).toBeTruthy();
  });

  it("a refund reads as one; a bank transfer names no card", () => {
    render(
      <ReceiptView receipt={receipt({ kind: "refund", refundedCents: 0, card: null, method: "bank_transfer" })} />,
    );
    expect(screen.getByText("Refund receipt")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("−€2,500");
    expect(screen.getByText("Bank transfer")).toBeTruthy();
    expect(screen.queryByText("Refunded since")).toBeNull();
  });
});
