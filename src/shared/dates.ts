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
