import { describe, expect, it } from "vitest";
import {
  addBusinessMinutes,
  type BusinessCalendar,
  businessMinutesBetween,
  clockOf,
  DEFAULT_HOURS,
  DEFAULT_TARGETS,
  defaultSettings,
  easterSunday,
  parseConversationKey,
  portugueseHolidays,
  type Shift,
  targetInstances,
  type Weekday,
  zonedInstant,
} from "./service-levels";

const nineToSix: Shift[] = [{ start: "09:00", end: "18:00" }];
const weekdays = (shifts: Shift[]): Record<Weekday, Shift[]> => ({
  mon: shifts,
  tue: shifts,
  wed: shifts,
  thu: shifts,
  fri: shifts,
  sat: [],
  sun: [],
});
const lisbon = (hours = weekdays(nineToSix), holidays: string[] = []): BusinessCalendar => ({
  timeZone: "Europe/Lisbon",
  hours,
  holidays: holidays.map((date) => ({ date, name: "Feriado" })),
});
const at = (iso: string) => new Date(iso);

describe("Portugal's holidays", () => {
  it("puts Easter, Good Friday and Corpus Christi where the church calendar does", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
    const y2026 = portugueseHolidays(2026);
    expect(y2026.find((h) => h.name === "Sexta-feira Santa")?.date).toBe("2026-04-03");
    expect(y2026.find((h) => h.name === "Corpo de Deus")?.date).toBe("2026-06-04");
    expect(portugueseHolidays(2027).find((h) => h.name === "Corpo de Deus")?.date).toBe("2027-05-27");
    expect(y2026).toHaveLength(13);
    expect(y2026.map((h) => h.date)).toEqual([...y2026.map((h) => h.date)].sort());
  });

  it("preloads this year's and next year's", () => {
    const settings = defaultSettings(at("2026-12-31T23:30:00Z")); // still 2026 in Lisbon (UTC+0 in winter)
    expect(settings.holidays[0]?.date).toBe("2026-01-01");
    expect(settings.holidays.at(-1)?.date).toBe("2027-12-25");
    expect(settings.timeZone).toBe("Europe/Lisbon");
    expect(settings.hours).toEqual(DEFAULT_HOURS);
  });
});

describe("business time", () => {
  it("Friday 17:55 with a Monday holiday: 15 minutes fall due on Tuesday at 9:10", () => {
    // 2026-06-05 is a Friday; the Monday after, 2026-06-08, is made a holiday.
    const calendar = lisbon(undefined, ["2026-06-08"]);
    const due = addBusinessMinutes(at("2026-06-05T16:55:00Z"), 15, calendar); // 17:55 in Lisbon (UTC+1)
    expect(due?.toISOString()).toBe("2026-06-09T08:10:00.000Z"); // Tuesday 9:10 in Lisbon
    expect(businessMinutesBetween(at("2026-06-05T16:55:00Z"), at("2026-06-09T08:10:00Z"), calendar)).toBe(15);
  });

  it("skips the lunch break of split shifts", () => {
    const calendar = lisbon(DEFAULT_HOURS);
    // Wednesday 2026-01-14, 12:50 in Lisbon (UTC+0): 10 minutes before lunch, 20 after.
    expect(addBusinessMinutes(at("2026-01-14T12:50:00Z"), 30, calendar)?.toISOString()).toBe(
      "2026-01-14T14:20:00.000Z",
    );
    // Exactly to the end of the morning shift.
    expect(addBusinessMinutes(at("2026-01-14T12:50:00Z"), 10, calendar)?.toISOString()).toBe(
      "2026-01-14T13:00:00.000Z",
    );
    // From inside the break: starts at 14:00.
    expect(addBusinessMinutes(at("2026-01-14T13:30:00Z"), 0, calendar)?.toISOString()).toBe("2026-01-14T14:00:00.000Z");
    // A whole day counts 8 hours.
    expect(businessMinutesBetween(at("2026-01-14T00:00:00Z"), at("2026-01-15T00:00:00Z"), calendar)).toBe(480);
  });

  it("keeps wall-clock hours across the DST weekends", () => {
    const calendar = lisbon();
    // Clocks go forward on Sunday 2026-03-29: Friday 17:30 (UTC+0) + 60 minutes = Monday 9:30 (UTC+1).
    expect(addBusinessMinutes(at("2026-03-27T17:30:00Z"), 60, calendar)?.toISOString()).toBe(
      "2026-03-30T08:30:00.000Z",
    );
    // And back on Sunday 2026-10-25: Friday 17:30 (UTC+1) + 60 minutes = Monday 9:30 (UTC+0).
    expect(addBusinessMinutes(at("2026-10-23T16:30:00Z"), 60, calendar)?.toISOString()).toBe(
      "2026-10-26T09:30:00.000Z",
    );
    // A 24-hour-a-day calendar: the short Sunday has 23 hours, the long one 25.
    const always = lisbon({
      mon: [{ start: "00:00", end: "24:00" }],
      tue: [{ start: "00:00", end: "24:00" }],
      wed: [{ start: "00:00", end: "24:00" }],
      thu: [{ start: "00:00", end: "24:00" }],
      fri: [{ start: "00:00", end: "24:00" }],
      sat: [{ start: "00:00", end: "24:00" }],
      sun: [{ start: "00:00", end: "24:00" }],
    });
    expect(businessMinutesBetween(at("2026-03-29T00:00:00Z"), at("2026-03-29T23:00:00Z"), always)).toBe(23 * 60);
    expect(businessMinutesBetween(at("2026-10-24T23:00:00Z"), at("2026-10-26T00:00:00Z"), always)).toBe(25 * 60);
    expect(zonedInstant("2026-03-29", 90, "Europe/Lisbon")).toBe(Date.parse("2026-03-29T01:30:00Z"));
  });

  it("works in another zone", () => {
    const newYork: BusinessCalendar = { timeZone: "America/New_York", hours: weekdays(nineToSix), holidays: [] };
    // Monday 2026-01-12, 17:00 in New York is 22:00 UTC: 120 minutes end Tuesday 10:00 (15:00 UTC).
    expect(addBusinessMinutes(at("2026-01-12T22:00:00Z"), 120, newYork)?.toISOString()).toBe(
      "2026-01-13T15:00:00.000Z",
    );
  });

  it("does not count paused stretches, open ones to the end", () => {
    const calendar = lisbon();
    const from = at("2026-01-14T09:00:00Z");
    const pauses = [{ from: at("2026-01-14T10:00:00Z"), to: at("2026-01-14T11:00:00Z") }];
    expect(addBusinessMinutes(from, 90, calendar, pauses)?.toISOString()).toBe("2026-01-14T11:30:00.000Z");
    expect(businessMinutesBetween(from, at("2026-01-14T12:00:00Z"), calendar, pauses)).toBe(120);
    expect(
      businessMinutesBetween(from, at("2026-01-14T12:00:00Z"), calendar, [
        { from: at("2026-01-14T10:00:00Z"), to: null },
      ]),
    ).toBe(60);
    expect(addBusinessMinutes(from, 90, calendar, [{ from: at("2026-01-14T10:00:00Z"), to: null }])).toBeNull();
  });

  it("has no due time on a calendar with no hours", () => {
    const closed = lisbon({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
    expect(addBusinessMinutes(at("2026-01-14T09:00:00Z"), 15, closed)).toBeNull();
    expect(businessMinutesBetween(at("2026-01-14T09:00:00Z"), at("2026-02-14T09:00:00Z"), closed)).toBe(0);
  });
});

describe("clocks", () => {
  const calendar = lisbon(undefined, ["2026-06-08"]);
  const black = DEFAULT_TARGETS.black;
  const friday = at("2026-06-05T16:55:00Z");

  it("runs the first reply from the member's message and stops it at the staff's reply", () => {
    const open = { openedAt: friday, messages: [{ at: friday, fromStaff: false }], resolvedAt: null, resolves: true };
    const clock = clockOf(open, black, calendar, at("2026-06-05T16:56:00Z"));
    expect(clock).toMatchObject({ state: "on_time", target: "first_reply" });
    expect(clock.dueAt?.toISOString()).toBe("2026-06-09T08:10:00.000Z");
    expect(clockOf(open, black, calendar, at("2026-06-09T08:00:00Z")).state).toBe("due_soon");
    expect(clockOf(open, black, calendar, at("2026-06-09T08:11:00Z")).state).toBe("breached");

    const replied = { ...open, messages: [...open.messages, { at: at("2026-06-09T08:05:00Z"), fromStaff: true }] };
    const [first] = targetInstances(replied, black, calendar);
    expect(first).toMatchObject({ kind: "first_reply", met: true });
    // Waiting on the member now: the resolution clock is paused with what is left of its 3 days.
    const paused = clockOf(replied, black, calendar, at("2026-06-10T12:00:00Z"));
    expect(paused).toMatchObject({ state: "paused", target: "resolution", dueAt: null });
    expect(paused.remainingMinutes).toBe(black.resolutionMinutes - 10);
  });

  it("starts a next reply when the member writes again, and a late reply is a miss", () => {
    const conversation = {
      openedAt: at("2026-01-14T09:00:00Z"),
      messages: [
        { at: at("2026-01-14T09:00:00Z"), fromStaff: false },
        { at: at("2026-01-14T09:10:00Z"), fromStaff: true },
        { at: at("2026-01-14T10:00:00Z"), fromStaff: false },
        { at: at("2026-01-14T10:05:00Z"), fromStaff: false },
        { at: at("2026-01-14T11:00:00Z"), fromStaff: true },
      ],
      resolvedAt: null,
      resolves: false,
    };
    const instances = targetInstances(conversation, black, calendar);
    expect(instances.map((i) => [i.kind, i.met])).toEqual([
      ["first_reply", true],
      ["next_reply", false],
    ]);
    expect(instances[1]?.dueAt?.toISOString()).toBe("2026-01-14T10:30:00.000Z");
  });

  it("pauses the resolution while waiting on the member, and resolving stops the clock", () => {
    const conversation = {
      openedAt: at("2026-01-12T09:00:00Z"), // Monday
      messages: [
        { at: at("2026-01-12T09:00:00Z"), fromStaff: false },
        { at: at("2026-01-12T09:05:00Z"), fromStaff: true },
        // The member answers two days later: those two days do not count.
        { at: at("2026-01-14T09:00:00Z"), fromStaff: false },
      ],
      resolvedAt: null,
      resolves: true,
    };
    const resolution = targetInstances(conversation, black, calendar).find((i) => i.kind === "resolution");
    // 5 minutes on Monday, then 1435 from Wednesday 9:00: Wed 9h + Thu 9h = 1080, Fri 355 → Fri 14:55.
    expect(resolution?.dueAt?.toISOString()).toBe("2026-01-16T14:55:00.000Z");
    const resolved = { ...conversation, resolvedAt: at("2026-01-15T10:00:00Z") };
    expect(clockOf(resolved, black, calendar, at("2026-01-20T10:00:00Z")).state).toBe("stopped");
    expect(targetInstances(resolved, black, calendar).find((i) => i.kind === "resolution")?.met).toBe(true);
  });

  it("stops while snoozed", () => {
    const conversation = {
      openedAt: at("2026-01-14T09:00:00Z"),
      messages: [{ at: at("2026-01-14T09:00:00Z"), fromStaff: false }],
      resolvedAt: null,
      resolves: false,
      pauses: [{ from: at("2026-01-14T09:05:00Z"), to: at("2026-01-15T09:00:00Z") }],
    };
    expect(clockOf(conversation, black, calendar, at("2026-01-14T12:00:00Z")).state).toBe("paused");
    const after = clockOf(conversation, black, calendar, at("2026-01-15T09:01:00Z"));
    expect(after.dueAt?.toISOString()).toBe("2026-01-15T09:10:00.000Z");
    expect(after.state).toBe("due_soon");
  });
});

describe("conversation keys", () => {
  it("reads a request's and a chat's key, and nothing else", () => {
    expect(parseConversationKey("request:3f1c2b4a-0000-4000-8000-000000000001")).toEqual({
      kind: "request",
      id: "3f1c2b4a-0000-4000-8000-000000000001",
    });
    expect(parseConversationKey("concierge:Ab_9-x")).toEqual({ kind: "concierge", id: "Ab_9-x" });
    expect(parseConversationKey("sales:1")).toBeNull();
    expect(parseConversationKey("request:")).toBeNull();
  });
});
