import { describe, expect, it } from "vitest";
import { centsToEuroInput, formatCents, moneyAxisTicks, parseEuroToCents } from "./money";

describe("parseEuroToCents", () => {
  it.each([
    ["4500", 450_000],
    ["4,500", 450_000],
    ["4 500", 450_000],
    ["4500.5", 450_050],
    ["4500,50", 450_050],
    ["€4,500.00", 450_000],
    ["4.500,25", 450_025],
    ["1", 100],
    ["0.99", 99],
  ])("reads %s as %i cents", (text, cents) => {
    expect(parseEuroToCents(text)).toBe(cents);
  });

  it.each(["", "abc", "-5", "4500.123", "4,50,0", "1e3"])("refuses %j", (text) => {
    expect(parseEuroToCents(text)).toBeNull();
  });

  it("gives back what the editor shows", () => {
    expect(centsToEuroInput(450_050)).toBe("4500.50");
    expect(centsToEuroInput(450_000)).toBe("4500");
    expect(formatCents(45_000)).toBe("€450");
    expect(formatCents(45_050)).toBe("€450.50");
  });
});

describe("moneyAxisTicks", () => {
  it("steps an empty chart's axis in round hundreds of euro, not €1 to €4 (issue 34 item 14)", () => {
    expect(moneyAxisTicks(0)).toEqual([0, 250, 500, 750, 1000]);
    expect(moneyAxisTicks(40)).toEqual([0, 250, 500, 750, 1000]);
  });

  it("reaches the largest figure in about four round steps", () => {
    expect(moneyAxisTicks(3200)).toEqual([0, 1000, 2000, 3000, 4000]);
    expect(moneyAxisTicks(9000)).toEqual([0, 2500, 5000, 7500, 10000]);
    expect(moneyAxisTicks(48_500)).toEqual([0, 20000, 40000, 60000]);
  });
});
