import { describe, expect, it } from "vitest";
import { snoozeUntil } from "./snooze";

describe("snooze presets on Lisbon's calendar (issue 31, item 2)", () => {
  it("3 hours is three hours on", () => {
    expect(snoozeUntil("3h", new Date("2026-11-27T22:30:00Z")).toISOString()).toBe("2026-11-28T01:30:00.000Z");
  });

  it("tomorrow 9:00 is Lisbon's 9:00: 09:00 UTC in winter, 08:00 UTC in summer", () => {
    expect(snoozeUntil("tomorrow", new Date("2026-11-27T22:30:00Z")).toISOString()).toBe("2026-11-28T09:00:00.000Z");
    expect(snoozeUntil("tomorrow", new Date("2026-07-10T23:30:00Z")).toISOString()).toBe("2026-07-12T08:00:00.000Z");
  });

  it("next Monday 9:00 is the coming Monday, a week on from a Monday, across a change of clocks", () => {
    // Friday 27 November 2026 → Monday 30 November.
    expect(snoozeUntil("monday", new Date("2026-11-27T15:00:00Z")).toISOString()).toBe("2026-11-30T09:00:00.000Z");
    // A Monday → the next one.
    expect(snoozeUntil("monday", new Date("2026-11-30T10:00:00Z")).toISOString()).toBe("2026-12-07T09:00:00.000Z");
    // Friday 23 October 2026 → Monday 26 October, after the clocks go back on the 25th.
    expect(snoozeUntil("monday", new Date("2026-10-23T12:00:00Z")).toISOString()).toBe("2026-10-26T09:00:00.000Z");
    // Friday 27 March 2026 → Monday 30 March, after the clocks go forward on the 29th.
    expect(snoozeUntil("monday", new Date("2026-03-27T12:00:00Z")).toISOString()).toBe("2026-03-30T08:00:00.000Z");
  });
});
