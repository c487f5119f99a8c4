import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLAN_DEFINITIONS } from "@/shared/plans";
import { TermsOfService } from "./legal";
import { formatPrice } from "./price";

describe("the Terms of Service", () => {
  it("state the plans' prices the pricing page charges, from shared/plans.ts (issue 34 item 15)", () => {
    render(<TermsOfService />);
    const terms = document.body.textContent ?? "";
    for (const plan of ["free", "silver", "gold"] as const) {
      expect(terms).toContain(`${formatPrice(PLAN_DEFINITIONS[plan].monthlyPriceEur ?? 0)} per month`);
    }
    expect(terms).not.toMatch(/€500|€2,000/);
    expect(screen.getByText("Silver membership").closest("li")?.textContent).toBe(
      `Silver membership: ${formatPrice(99)} per month, with five sourcing requests a month.`,
    );
  });
});
