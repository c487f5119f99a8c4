/**
 * Snooze presets (issue 31, item 2): 3 hours from now, tomorrow at 9:00 and next Monday at 9:00 on the house's
 * calendar (Europe/Lisbon, whatever the staff member's own clock says). Pure: the client offers them, the tests
 * pin them to a fixed clock.
 */
import { lisbonDate, REQUEST_MONTH_TIME_ZONE, zoneOffsetMs } from "./dates";

export const SNOOZE_PRESETS = ["3h", "tomorrow", "monday"] as const;
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number];

/** The house's calendar for snoozes. */
export const SNOOZE_TIME_ZONE = REQUEST_MONTH_TIME_ZONE;
/** The morning hour the day presets wake at. */
export const SNOOZE_MORNING_HOUR = 9;

/** The instant a wall-clock time ("YYYY-MM-DD", hour) happens in `timeZone`. */
export function wallTimeIn(day: string, hour: number, timeZone: string = SNOOZE_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d, hour);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}

/** The calendar day `days` after "YYYY-MM-DD". */
function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** When a preset wakes a conversation snoozed at `now`. */
export function snoozeUntil(preset: SnoozePreset, now: Date): Date {
  if (preset === "3h") return new Date(now.getTime() + 3 * 60 * 60 * 1000);
  const today = lisbonDate(now);
  if (preset === "tomorrow") return wallTimeIn(addDays(today, 1), SNOOZE_MORNING_HOUR);
  // Next Monday: the coming one, never today (a Monday's "next Monday" is a week on).
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const ahead = (8 - weekday) % 7 || 7;
  return wallTimeIn(addDays(today, ahead), SNOOZE_MORNING_HOUR);
}
