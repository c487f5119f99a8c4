import { describe, expect, it } from "vitest";
import { endOfDaySecondsIn, lisbonDate, startOfDayIn } from "./dates";

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("the end of a due day in Lisbon", () => {
  it("is 23:59:59 UTC in winter (Lisbon is on UTC)", () => {
    expect(iso(endOfDaySecondsIn("2026-01-15"))).toBe("2026-01-15T23:59:59.000Z");
    expect(lisbonDate(new Date(endOfDaySecondsIn("2026-01-15") * 1000))).toBe("2026-01-15");
    expect(lisbonDate(new Date((endOfDaySecondsIn("2026-01-15") + 1) * 1000))).toBe("2026-01-16");
  });

  it("is 22:59:59 UTC in summer (Lisbon is on UTC+1)", () => {
    expect(iso(endOfDaySecondsIn("2026-07-15"))).toBe("2026-07-15T22:59:59.000Z");
    expect(lisbonDate(new Date((endOfDaySecondsIn("2026-07-15") + 1) * 1000))).toBe("2026-07-16");
  });

  it("follows the days the clocks change", () => {
    // 29 March 2026: clocks go forward at 01:00 UTC; 25 October 2026: back at 01:00 UTC.
    expect(iso(endOfDaySecondsIn("2026-03-28"))).toBe("2026-03-28T23:59:59.000Z");
    expect(iso(endOfDaySecondsIn("2026-03-29"))).toBe("2026-03-29T22:59:59.000Z");
    expect(iso(endOfDaySecondsIn("2026-10-24"))).toBe("2026-10-24T22:59:59.000Z");
    expect(iso(endOfDaySecondsIn("2026-10-25"))).toBe("2026-10-25T23:59:59.000Z");
    expect(new Date(startOfDayIn("2026-10-25")).toISOString()).toBe("2026-10-24T23:00:00.000Z");
  });
});
