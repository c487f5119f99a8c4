/** A hold's time left, as staff read it (the pipeline, the money panel): minutes, hours, then days. */
import { describe, expect, it } from "vitest";
import { holdTimeLeft } from "./quotes";

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
