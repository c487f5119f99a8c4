/** Calendar arithmetic for the house's rules (not for display: dates people read go through format.ts). */

/** The monthly request count follows calendar months in Lisbon time (the server's `lisbonMonthStart`). */
export const REQUEST_MONTH_TIME_ZONE = "Europe/Lisbon";

/** The first day of the month after the one `now` falls in, in `timeZone`, as "YYYY-MM-DD". */
export function firstDayOfNextMonth(now: Date, timeZone: string = REQUEST_MONTH_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric" }).formatToParts(now);
  const year = Number(parts.find((part) => part.type === "year")?.value);
  const month = Number(parts.find((part) => part.type === "month")?.value);
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${String(nextYear).padStart(4, "0")}-${String(nextMonth).padStart(2, "0")}-01`;
}

/** Today's date in Lisbon (the house's calendar), "YYYY-MM-DD". */
export function lisbonDate(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: REQUEST_MONTH_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds (whole seconds). */
export function zoneOffsetMs(instant: number, timeZone: string): number {
  const { year, month, day, hour, minute, second } = wallClock(instant, timeZone);
  return Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day ("YYYY-MM-DD") begins in `timeZone` (midnight there), as a UTC epoch in ms. */
export function startOfDayIn(day: string, timeZone: string = REQUEST_MONTH_TIME_ZONE): number {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - zoneOffsetMs(wall, timeZone);
  // The offset at the guess may differ from the offset at midnight itself (a day that changes clocks).
  const second = wall - zoneOffsetMs(first, timeZone);
  return second;
}

/**
 * The last second of a calendar day in `timeZone`, as Unix seconds: 23:59:59 there (22:59:59 UTC in Lisbon's
 * summer, 23:59:59 UTC in its winter). A due date "by 15 January" is paid in time until then.
 */
export function endOfDaySecondsIn(day: string, timeZone: string = REQUEST_MONTH_TIME_ZONE): number {
  const [y, m, d] = day.split("-").map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  return Math.floor(startOfDayIn(next, timeZone) / 1000) - 1;
}

// Wall clocks in a zone (the service levels' business hours, decision 049) ---------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether Intl knows the zone (an IANA name such as "Europe/Lisbon"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What a zone's wall clock shows at an instant (ms since the epoch). */
export function wallClock(instant: number, timeZone: string): WallClock {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}
