/**
 * The operations dashboard's formats: days as 'd MMM' ("23 Nov", "23 nov.") and counts in the interface's language (the shared
 * helpers), and the time to a first reply as "2 h 15 min", "45 min" or "—".
 */
import { formatCount, formatWeek } from "@/shared/format";

export { formatCount };

/** A calendar day sent as "YYYY-MM-DD" (a week's Monday, a day of the last 30), read as that local day. */
export function formatDay(day: string): string {
  return formatWeek(day);
}

/** A duration in minutes: "45 min", "2 h 15 min", "2 h", "1 d 4 h"; "< 1 min" below a minute; null is "—". */
export function formatDuration(minutes: number | null): string {
  if (minutes === null || !Number.isFinite(minutes)) return "—";
  const total = Math.round(minutes);
  if (total < 1) return "< 1 min";
  if (total < 60) return `${total} min`;
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const rest = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
}

const TICK_STEPS = [5, 10, 15, 30, 60, 120, 180, 240, 360, 480, 720, 1440, 2880, 4320, 10080];

/**
 * A duration axis: about four round ticks from 0 to at least `max` minutes, and their labels in one unit, the
 * step's ("90 min", "24 h", "2 d"): no tick reads "1 h 30 min".
 */
export function durationAxis(max: number): { ticks: number[]; format: (minutes: number) => string } {
  const target = Math.max(max, 1) / 3;
  const step = TICK_STEPS.find((candidate) => candidate >= target) ?? Math.ceil(target / 10080) * 10080;
  const ticks = [0];
  while (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] + step);
  if (ticks.length === 1) ticks.push(step);
  return {
    ticks,
    format: (minutes) =>
      minutes === 0
        ? "0"
        : step < 60
          ? `${formatCount(minutes)} min`
          : step < 1440
            ? `${formatCount(minutes / 60)} h`
            : `${formatCount(minutes / 1440)} d`,
  };
}
