import { describe, expect, it } from "vitest";
import { centsToEuroInput, formatCents, parseEuroToCents } from "./money";

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
