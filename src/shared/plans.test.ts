import { describe, expect, it } from "vitest";
import { BILLING_ERROR_TEXTS } from "./contracts/billing-texts";
import { checkPlanChange } from "./plan-change";
import {
  canCreateRequests,
  effectivePlan,
  hasConcierge,
  hasReachedMonthlyLimit,
  monthlyRequestLimit,
  planLabel,
  type SubscriptionState,
} from "./plans";

const active = (plan: SubscriptionState["plan"]): SubscriptionState => ({ plan, status: "active" });

describe("plans", () => {
  it("shows the free plan as Basic", () => {
    expect(planLabel("free")).toBe("Basic");
    expect(planLabel("black")).toBe("Black");
  });

  it("limits requests per month by plan, and to 0 without an active subscription", () => {
    expect(monthlyRequestLimit(null)).toBe(0);
    expect(monthlyRequestLimit(active("free"))).toBe(0);
    expect(monthlyRequestLimit(active("silver"))).toBe(5);
    expect(monthlyRequestLimit(active("gold"))).toBeNull();
    expect(monthlyRequestLimit(active("black"))).toBeNull();
    expect(monthlyRequestLimit({ plan: "gold", status: "past_due" })).toBe(0);
    expect(monthlyRequestLimit({ plan: "gold", status: "canceled" })).toBe(0);
  });

  it("lets silver submit four then five, never a sixth; gold without end", () => {
    expect(hasReachedMonthlyLimit(active("silver"), 4)).toBe(false);
    expect(hasReachedMonthlyLimit(active("silver"), 5)).toBe(true);
    expect(hasReachedMonthlyLimit(active("gold"), 10_000)).toBe(false);
    expect(hasReachedMonthlyLimit(active("free"), 0)).toBe(true);
    expect(canCreateRequests(active("silver"))).toBe(true);
    expect(canCreateRequests(active("free"))).toBe(false);
  });

  it("gives concierge to active gold and black only", () => {
    expect(hasConcierge(active("gold"))).toBe(true);
    expect(hasConcierge(active("black"))).toBe(true);
    expect(hasConcierge(active("silver"))).toBe(false);
    expect(hasConcierge({ plan: "black", status: "canceled" })).toBe(false);
  });

  it("treats anything but active as Basic", () => {
    expect(effectivePlan({ plan: "gold", status: "canceled" })).toBe("free");
    expect(effectivePlan(active("gold"))).toBe("gold");
  });

  it("allows upgrades only, in the order free < silver < gold < black", () => {
    expect(checkPlanChange(null, "silver")).toEqual({ kind: "allowed" });
    expect(checkPlanChange(active("free"), "silver")).toEqual({ kind: "allowed" });
    expect(checkPlanChange(active("silver"), "gold")).toEqual({ kind: "allowed" });
    expect(checkPlanChange(active("silver"), "silver")).toEqual({
      kind: "same",
      message: "You already have the Silver membership.",
      text: { ...BILLING_ERROR_TEXTS.planSame, values: { plan: "Silver" } },
    });
    expect(checkPlanChange(active("gold"), "silver")).toEqual({
      kind: "downgrade",
      message: "You cannot downgrade from Gold to Silver. Please manage your subscription in your profile.",
      text: { ...BILLING_ERROR_TEXTS.planDowngrade, values: { from: "Gold", to: "Silver" } },
    });
    expect(checkPlanChange(active("silver"), "free")).toMatchObject({ kind: "downgrade" });
    expect(checkPlanChange({ plan: "gold", status: "canceled" }, "silver")).toEqual({ kind: "allowed" });
    expect(checkPlanChange(null, "black")).toEqual({ kind: "invitation-only" });
  });
});
