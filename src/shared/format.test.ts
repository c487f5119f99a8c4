import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatBadgeCount,
  formatCardDate,
  formatCount,
  formatDate,
  formatEuro,
  formatLongDate,
  formatMessageTime,
  formatReplyTime,
  formatTimeAgo,
  formatUtcTime,
  formatWeek,
  initials,
} from "./format";
import { interfaceLocale, setInterfaceLocale } from "./interface-locale";
import { digitsOnly, REQUEST_COUNTRY_CODES, SIGNUP_COUNTRY_CODES, splitPhone } from "./phone";

describe("formatting", () => {
  it("shows euro with the symbol", () => {
    expect(formatEuro(25000)).toBe("€25,000");
    expect(formatEuro(1499.5)).toBe("€1,499.50");
  });

  it("writes dates as Europe does, day before month (decision 045): English", () => {
    const d = new Date(2026, 10, 27, 5, 27);
    expect(formatLongDate(d, "en")).toBe("27 Nov 2026");
    expect(formatMessageTime(d, "en")).toBe("27 Nov, 05:27");
    expect(formatCardDate(d, "en")).toBe("27 Nov");
    expect(formatWeek("2026-11-23", "en")).toBe("23 Nov");
    expect(formatLongDate(new Date(2026, 4, 7), "en")).toBe("7 May 2026");
    expect(formatCardDate(new Date(2026, 8, 28), "en")).toBe("28 Sep");
    // Wire values (ISO strings, epoch milliseconds) read as the same instant, shown in local time.
    expect(formatMessageTime(d.toISOString(), "en")).toBe("27 Nov, 05:27");
    expect(formatMessageTime(d.getTime(), "en")).toBe("27 Nov, 05:27");
  });

  it("writes dates as Europe does in Portuguese: Portugal's abbreviated months, with their full stop", () => {
    const d = new Date(2026, 10, 27, 5, 27);
    expect(formatLongDate(d, "pt-PT")).toBe("27 nov. 2026");
    expect(formatMessageTime(d, "pt-PT")).toBe("27 nov., 05:27");
    expect(formatCardDate(d, "pt-PT")).toBe("27 nov.");
    expect(formatWeek("2026-11-23", "pt-PT")).toBe("23 nov.");
    const months = Array.from({ length: 12 }, (_, m) => formatCardDate(new Date(2026, m, 1), "pt-PT"));
    expect(months).toEqual(
      ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."].map(
        (month) => `1 ${month}`,
      ),
    );
    expect(formatUtcTime(new Date(Date.UTC(2026, 10, 27, 5, 27)), "pt-PT")).toBe("27 nov. 2026, 05:27 UTC");
  });

  it("has one date helper, which takes the interface language (English until the client sets another)", () => {
    const d = new Date(2026, 11, 23, 18, 49);
    expect(interfaceLocale()).toBe("en");
    expect(formatDate(d, "card")).toBe("23 Dec");
    expect(formatDate(d, "long", "en")).toBe("23 Dec 2026");
    expect(formatDate(d, "message", "en")).toBe("23 Dec, 18:49");
    expect(formatDate(d, "long", "pt-PT")).toBe("23 dez. 2026");
  });

  it("follows the interface's language once the client sets it: Portuguese months, numbers and euro", () => {
    const d = new Date(2026, 8, 28, 9, 5);
    setInterfaceLocale("pt-PT");
    try {
      expect(formatCardDate(d)).toBe("28 set.");
      expect(formatLongDate(d)).toBe("28 set. 2026");
      expect(formatMessageTime(d)).toBe("28 set., 09:05");
      expect(formatWeek("2026-09-28")).toBe("28 set.");
      expect(formatEuro(25000)).toBe("25\u00a0000\u00a0€");
      expect(formatEuro(1499.5)).toBe("1499,50\u00a0€");
      expect(formatCount(12345)).toBe("12\u00a0345");
      expect(formatReplyTime(120)).toBe("2 horas");
      expect(formatTimeAgo(new Date(2026, 10, 23, 11, 55), new Date(2026, 10, 23, 12, 0), "agora mesmo")).toBe(
        "há 5 minutos",
      );
      expect(formatUtcTime(new Date(Date.UTC(2026, 11, 1, 14, 7)))).toBe("1 dez. 2026, 14:07 UTC");
    } finally {
      setInterfaceLocale("en");
    }
    expect(formatEuro(25000)).toBe("€25,000");
  });

  it("reads a calendar day (YYYY-MM-DD) as that day wherever the viewer is", () => {
    // new Date("2026-12-01") would be midnight UTC: 30 November west of Greenwich.
    expect(formatDate("2026-12-01", "long")).toBe("1 Dec 2026");
    expect(formatDate("2026-09-28", "card")).toBe("28 Sep");
  });

  it("is the only place that formats a date for people: no locale, toLocale…String or Intl.DateTimeFormat elsewhere", () => {
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) return sources(file);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
      });
    const formatsDates =
      /date-fns\/locale|toLocale(Date|Time)?String\(|Intl\.DateTimeFormat|import\s*{[^}]*\bformat\b[^}]*}\s*from\s*"date-fns"/;
    const offenders = sources("src").filter(
      (file) =>
        // format.ts formats; dates.ts only reads a time zone's calendar (the month the request count follows).
        !["format.ts", "dates.ts"].some((own) => file === path.join("src", "shared", own)) &&
        formatsDates.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("says an instant in UTC for emails, and how long ago for 'Last seen'", () => {
    expect(formatUtcTime(new Date(Date.UTC(2026, 10, 23, 14, 7)))).toBe("23 Nov 2026, 14:07 UTC");
    const now = new Date(2026, 10, 23, 12, 0);
    expect(formatTimeAgo(new Date(now.getTime() - 30_000), now)).toBe("just now");
    expect(formatTimeAgo(new Date(now.getTime() - 5 * 60_000), now)).toBe("5 minutes ago");
    expect(formatTimeAgo(new Date(now.getTime() - 3 * 86_400_000), now)).toBe("3 days ago");
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

describe("formatReplyTime", () => {
  it("says minutes, hours past the hour and days past two days", () => {
    expect(formatReplyTime(0.2)).toBe("1 min");
    expect(formatReplyTime(6.4)).toBe("6 min");
    expect(formatReplyTime(59)).toBe("59 min");
    expect(formatReplyTime(60)).toBe("1 hour");
    expect(formatReplyTime(150)).toBe("3 hours");
    expect(formatReplyTime(47 * 60)).toBe("47 hours");
    expect(formatReplyTime(3 * 1440)).toBe("3 days");
  });
});
