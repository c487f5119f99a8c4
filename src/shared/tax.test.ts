/** The NIF's check digit and the VAT a VAT-inclusive price holds (issue 30, decision 034). */
import { describe, expect, it } from "vitest";
import { isValidNif, normalizeNif, vatOf } from "./tax";

describe("a Portuguese NIF", () => {
  it("accepts known valid numbers, as 9 digits", () => {
    for (const nif of ["123456789", "501964843", "500697256", "980405319", "245000020"]) {
      expect(normalizeNif(nif), nif).toBe(nif);
    }
  });

  it("accepts a PT prefix, spaces, dots and hyphens, and gives the 9 digits", () => {
    expect(normalizeNif("PT123456789")).toBe("123456789");
    expect(normalizeNif("pt 501 964 843")).toBe("501964843");
    expect(normalizeNif(" 123.456.789 ")).toBe("123456789");
    expect(normalizeNif("501-964-843")).toBe("501964843");
  });

  it("refuses a wrong check digit", () => {
    expect(isValidNif("123456780")).toBe(false);
    expect(isValidNif("501964842")).toBe(false);
    expect(isValidNif("123456788")).toBe(false);
  });

  it("refuses the wrong length, letters, and a start no NIF has", () => {
    expect(normalizeNif("12345678")).toBeNull();
    expect(normalizeNif("1234567890")).toBeNull();
    expect(normalizeNif("12345678a")).toBeNull();
    expect(normalizeNif("ES123456789")).toBeNull();
    expect(normalizeNif("")).toBeNull();
    // 4 alone, 0 and 7 followed by a digit no prefix has: valid check digits, but no such NIF.
    expect(normalizeNif("400000008")).toBeNull();
    expect(normalizeNif("000000000")).toBeNull();
    expect(normalizeNif("730000001")).toBeNull();
  });

  it("takes a check digit of 0 when the remainder is 0 or 1", () => {
    expect(isValidNif("100000010")).toBe(true); // 9 + 2 = 11, remainder 0 → 0
    expect(isValidNif("100000011")).toBe(false);
  });
});

describe("the VAT a VAT-inclusive price holds", () => {
  it("is price × rate / (100 + rate), in cents", () => {
    expect(vatOf(12_300, "23")).toBe(2_300); // €123 incl. 23 % → €23
    expect(vatOf(11_300, "13")).toBe(1_300);
    expect(vatOf(10_600, "6")).toBe(600);
    expect(vatOf(9_500_000_00, "23")).toBe(177_642_276); // €9.5 m: 177 642 276.42… → .42 down
  });

  it("rounds to the nearest cent (half up)", () => {
    // 100 × 23 / 123 = 18.699… → 19; 50 × 6 / 106 = 2.83 → 3; 1 × 23 / 123 = 0.187 → 0; 1007 × 13 / 113 = 115.85 → 116.
    expect(vatOf(100, "23")).toBe(19);
    expect(vatOf(50, "6")).toBe(3);
    expect(vatOf(1, "23")).toBe(0);
    expect(vatOf(1007, "13")).toBe(116);
    expect(vatOf(565, "13")).toBe(65);
    // An exact half cent never occurs at 23, 13 or 6 % (2 × price × rate is even, 100 + rate odd or twice an
    // odd number), so half up and half even never differ; every price up to €1,000 stays within half a cent.
    for (const rate of ["23", "13", "6"] as const) {
      const percent = Number(rate);
      for (let price = 0; price <= 100_000; price += 37) {
        const exact = (price * percent) / (100 + percent);
        expect(Math.abs((vatOf(price, rate) as number) - exact)).toBeLessThan(0.5);
      }
    }
  });

  it("is null under the margin scheme", () => {
    expect(vatOf(12_300, "margin")).toBeNull();
  });
});
