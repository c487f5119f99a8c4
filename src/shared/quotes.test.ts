/** A hold's time left, as staff read it (the pipeline, the money panel): minutes, hours, then days. */
import { describe, expect, it } from "vitest";
import { budgetGap, deliveryOutlastsHold, HOLD_VALIDITY_DAYS, holdTimeLeft, isHoldLapsingSoon } from "./quotes";

describe("a hold's time left", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const inMs = (ms: number) => new Date(now.getTime() + ms);
  it("counts minutes under an hour (at least one), hours under a day, then whole days", () => {
    expect(holdTimeLeft(inMs(10_000), now)).toEqual({ unit: "minutes", count: 1 });
    expect(holdTimeLeft(inMs(59 * 60_000), now)).toEqual({ unit: "minutes", count: 59 });
    expect(holdTimeLeft(inMs(5.5 * 3_600_000), now)).toEqual({ unit: "hours", count: 5 });
    expect(holdTimeLeft(inMs(3.9 * 86_400_000), now)).toEqual({ unit: "days", count: 3 });
  });
  it("says expired at and after the moment", () => {
    expect(holdTimeLeft(now, now)).toEqual({ unit: "expired" });
    expect(holdTimeLeft(inMs(-1), now)).toEqual({ unit: "expired" });
  });
});

describe("a delivery later than the hold can last (issue 30, item 6)", () => {
  const today = "2026-11-27";
  it("warns when the estimated delivery is after the day a hold authorised today lapses (7 days)", () => {
    expect(HOLD_VALIDITY_DAYS).toBe(7);
    expect(deliveryOutlastsHold("2026-12-05", today)).toBe(true);
    expect(deliveryOutlastsHold("2027-03-01", today)).toBe(true);
  });
  it("does not warn for a delivery within the hold's 7 days, on its last day, or without a date", () => {
    expect(deliveryOutlastsHold("2026-11-27", today)).toBe(false);
    expect(deliveryOutlastsHold("2026-12-01", today)).toBe(false);
    expect(deliveryOutlastsHold("2026-12-04", today)).toBe(false);
    expect(deliveryOutlastsHold(null, today)).toBe(false);
    expect(deliveryOutlastsHold("", today)).toBe(false);
    expect(deliveryOutlastsHold("not a date", today)).toBe(false);
  });
  it("counts calendar days across a month and a year", () => {
    expect(deliveryOutlastsHold("2027-01-07", "2026-12-31")).toBe(false);
    expect(deliveryOutlastsHold("2027-01-08", "2026-12-31")).toBe(true);
  });
});

describe("a hold lapsing within 48 hours", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000);
  it("is true from 48 hours before the lapse until it lapses", () => {
    expect(isHoldLapsingSoon(inHours(48), now)).toBe(true);
    expect(isHoldLapsingSoon(inHours(1), now)).toBe(true);
    expect(isHoldLapsingSoon(inHours(48.1), now)).toBe(false);
    expect(isHoldLapsingSoon(inHours(0), now)).toBe(false);
    expect(isHoldLapsingSoon(null, now)).toBe(false);
  });
});

describe("an option's price against the member's budget (issue 34 item 2)", () => {
  it("says how far over, to the cent, and within at or under the budget", () => {
    expect(budgetGap(2_000_000, 1_250_000)).toEqual({ over: true, cents: 750_000 });
    expect(budgetGap(1_250_001, 1_250_000)).toEqual({ over: true, cents: 1 });
    expect(budgetGap(1_250_000, 1_250_000)).toEqual({ over: false });
    expect(budgetGap(100, 1_250_000)).toEqual({ over: false });
  });
});
