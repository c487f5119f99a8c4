import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { QuotesOverview, ReconciliationRun } from "../api";
import { fakeApi, REQUEST_ID, renderWithApp } from "../test-fixtures";
import { MoneySection } from "./admin-quotes-overview";

const RUN: ReconciliationRun = {
  id: "22222222-2222-4222-8222-222222222222",
  provider: "test",
  startedAt: "2026-11-20T10:00:00.000Z",
  finishedAt: "2026-11-20T10:00:02.000Z",
  checked: 12,
  repaired: 1,
  error: null,
  differences: [
    {
      kind: "orphan_authorisation",
      paymentIntentId: "pi_test_orphan",
      holdId: "33333333-3333-4333-8333-333333333333",
      requestId: REQUEST_ID,
      requestTitle: "Hermès Kelly 28",
      providerStatus: "requires_capture",
      ourStatus: "released",
      providerAmountCents: 250_000,
      ourAmountCents: 250_000,
      repaired: true,
    },
    {
      kind: "amount_mismatch",
      paymentIntentId: "pi_test_amount",
      holdId: null,
      requestId: null,
      requestTitle: "",
      providerStatus: "requires_capture",
      ourStatus: "held",
      providerAmountCents: 199_999,
      ourAmountCents: 250_000,
      repaired: false,
    },
  ],
};

function overview(reconciliation: ReconciliationRun | null): QuotesOverview {
  return {
    cards: { heldCents: 0, capturedCents: 0, releasedCents: 0, expiringSoon: 0 },
    weekly: [],
    expiring: [],
    reconciliation,
    ledger: {
      balanceDueCents: 0,
      openInvoices: 0,
      overdueInvoices: 0,
      refundedCents: 0,
      openDisputes: 0,
      disputedCents: 0,
    },
  };
}

const me = (role: "staff" | "admin") => ({
  body: { user: { id: "u1", email: "ops@maison.test", name: "Ops" }, role, profile: null, subscription: null },
});

describe("the money overview's reconciliation", () => {
  it("shows the last run's differences, repaired or left to a person, each with its request", async () => {
    fakeApi({ "GET /api/admin/quotes/overview": { body: overview(RUN) }, "GET /api/me": me("staff") });
    renderWithApp(<MoneySection />);
    const panel = await screen.findByRole("region", { name: "Reconciliation with the payment provider" });
    expect(await within(panel).findByText(/: 2 differences, 1 repaired\.$/)).toBeTruthy();
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText("A card authorisation for a hold the app does not hold")).toBeTruthy();
    expect(within(items[0]).getByRole("link", { name: "Hermès Kelly 28" }).getAttribute("href")).toBe(
      `/admin/requests/${REQUEST_ID}`,
    );
    expect(within(items[0]).getByText("Repaired")).toBeTruthy();
    expect(within(items[1]).getByText("The amounts differ")).toBeTruthy();
    expect(within(items[1]).getByText(/Provider €1,999\.99 · Maison €2,500/)).toBeTruthy();
    expect(within(items[1]).getByText("Needs a person")).toBeTruthy();
    // Staff see it; only an admin may run one.
    expect(within(panel).queryByRole("button", { name: "Reconcile now" })).toBeNull();
  });

  it("an admin reconciles now; before any run it says so", async () => {
    const api = fakeApi({
      "GET /api/admin/quotes/overview": { body: overview(null) },
      "GET /api/me": me("admin"),
      "POST /api/admin/quotes/reconcile": { body: { ...RUN, differences: [], repaired: 0 } },
    });
    const { user } = renderWithApp(<MoneySection />);
    expect(await screen.findByText("No reconciliation has run yet.")).toBeTruthy();
    await user.click(await screen.findByRole("button", { name: "Reconcile now" }));
    expect(await screen.findByText("Reconciled: no differences.")).toBeTruthy();
    expect(api.calls.map((c) => c.key)).toContain("POST /api/admin/quotes/reconcile");
  });

  it("a run that could not read the provider says so, with the provider's words", async () => {
    fakeApi({
      "GET /api/admin/quotes/overview": {
        body: overview({ ...RUN, differences: [], repaired: 0, error: "connect ECONNREFUSED" }),
      },
      "GET /api/me": me("staff"),
    });
    renderWithApp(<MoneySection />);
    expect(await screen.findByText(/could not read the payment provider\.$/)).toBeTruthy();
    expect(screen.getByText("connect ECONNREFUSED")).toBeTruthy();
  });
});
