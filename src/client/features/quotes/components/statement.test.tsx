import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Statement } from "../statement-api";
import { renderWithApp } from "../test-fixtures";
import { StatementView } from "./statement";

const at = "2026-11-20T10:00:00.000Z";
const card = { brand: "visa", last4: "4242" };

function statement(extra: Partial<Statement> = {}): Statement {
  return {
    priceCents: 2_500_000,
    optionTitle: "Kelly 28, Gold",
    vatRate: "23",
    lines: [
      { kind: "authorised", at, amountCents: 250_000, card, receiptUrl: null, note: null },
      { kind: "captured", at, amountCents: 200_000, card, receiptUrl: "https://pay.example/r/1", note: "A scuff" },
    ],
    capturedCents: 200_000,
    refundedCents: 0,
    invoicePaidCents: 0,
    balanceDueCents: 2_300_000,
    paidInFull: false,
    ...extra,
  };
}

describe("the statement", () => {
  it("lists each movement with its card, reason and receipt, and the balance due", () => {
    renderWithApp(<StatementView statement={statement()} />);
    const table = screen.getByRole("table", { name: "Every movement of money on this request" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1].textContent).toContain("Hold authorised");
    expect(rows[1].textContent).toContain("VISA ·· 4242");
    expect(rows[2].textContent).toContain("Charged");
    expect(rows[2].textContent).toContain("A scuff");
    expect(within(rows[2]).getByRole("link", { name: "Receipt" }).getAttribute("href")).toBe("https://pay.example/r/1");
    expect(screen.getByText(/Price agreed · Kelly 28, Gold \(incl. VAT 23 %\)/)).toBeTruthy();
    expect(screen.getAllByText("Balance due")).toHaveLength(2);
    expect(screen.getByText("€23,000")).toBeTruthy();
  });

  it("says 'Paid in full' only when the statement says so", () => {
    renderWithApp(
      <StatementView
        statement={statement({
          balanceDueCents: 0,
          invoicePaidCents: 2_300_000,
          paidInFull: true,
          lines: [
            ...statement().lines,
            { kind: "invoice_paid", at, amountCents: 2_300_000, card: null, receiptUrl: null, note: null },
          ],
        })}
      />,
    );
    expect(screen.getAllByText("Paid in full")).toHaveLength(2);
    expect(screen.queryByText("Balance due")).toBeNull();
    expect(screen.getByText("Balance paid")).toBeTruthy();
  });
});
