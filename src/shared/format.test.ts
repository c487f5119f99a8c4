import { describe, expect, it } from "vitest";
import { formatBadgeCount, formatCardDate, formatEuro, formatLongDate, formatMessageTime, initials } from "./format";
import { digitsOnly, REQUEST_COUNTRY_CODES, SIGNUP_COUNTRY_CODES, splitPhone } from "./phone";

describe("formatting", () => {
  it("shows euro with the symbol", () => {
    expect(formatEuro(25000)).toBe("€25,000");
    expect(formatEuro(1499.5)).toBe("€1,499.50");
  });

  it("formats dates in the Portuguese locale", () => {
    const d = new Date(2026, 4, 7, 9, 5);
    expect(formatCardDate(d)).toBe("mai 7");
    expect(formatLongDate(d)).toBe("mai 7, 2026");
    expect(formatMessageTime(d)).toBe("mai 7, 09:05");
  });

  it("caps badges at 99+", () => {
    expect(formatBadgeCount(99)).toBe("99");
    expect(formatBadgeCount(100)).toBe("99+");
  });

  it("makes avatar initials", () => {
    expect(initials("Ana Sousa")).toBe("AS");
    expect(initials("john.doe@example.com")).toBe("JD");
  });
});

describe("phones", () => {
  it("offers 15 codes on sign-up and 20 on the request form", () => {
    expect(SIGNUP_COUNTRY_CODES).toHaveLength(15);
    expect(REQUEST_COUNTRY_CODES).toHaveLength(20);
  });

  it("keeps only digits and splits a stored number", () => {
    expect(digitsOnly("91 234-567a")).toBe("91234567");
    expect(splitPhone("+351912345678")).toEqual({ countryCode: "+351", digits: "912345678" });
    expect(splitPhone("+4479460000")).toEqual({ countryCode: "+44", digits: "79460000" });
  });
});
