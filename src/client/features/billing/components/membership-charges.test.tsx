import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MembershipCharge } from "../api";
import { MembershipChargesView } from "./membership-charges";

const charges: MembershipCharge[] = [
  {
    id: "in_2",
    paidAt: "2026-11-20T10:00:00.000Z",
    amountCents: 29_900,
    plan: "gold",
    reason: "renewal",
    card: { brand: "visa", last4: "4242" },
    receiptUrl: "https://pay.example/receipts/2",
  },
  {
    id: "in_1",
    paidAt: "2026-10-20T10:00:00.000Z",
    amountCents: 9_900,
    plan: null,
    reason: "first",
    card: null,
    receiptUrl: null,
  },
];

describe("the membership's charges in Payments", () => {
  it("lists each charge with its date, plan, reason, card, amount and receipt", () => {
    render(<MembershipChargesView charges={charges} />);
    expect(screen.getByRole("heading", { name: "Membership" })).toBeTruthy();
    const rows = within(screen.getByRole("list", { name: "Membership payments" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain("Gold membership");
    expect(rows[0].textContent).toContain("20 Nov 2026");
    expect(rows[0].textContent).toContain("Renewal");
    expect(rows[0].textContent).toContain("VISA ·· 4242");
    expect(rows[0].textContent).toContain("€299");
    const receipt = within(rows[0]).getByRole("link", { name: /^View receipt/ });
    expect(receipt.textContent).toBe("View receipt for Gold membership");
    expect(receipt.getAttribute("href")).toBe("https://pay.example/receipts/2");
    expect(rows[1].textContent).toContain("First month");
    expect(rows[1].textContent).toContain("€99");
    expect(within(rows[1]).queryByRole("link")).toBeNull();
  });
});
