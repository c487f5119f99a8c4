/**
 * The service-levels domain's texts both sides say, keyed (decision 028; how a keyed text works: ../texts.ts),
 * beside its contract (./service-levels.ts): the server answers with them, the client shows their translation.
 * Zod-free, so a page can import it without zod.
 */
import { type Keyed, keyed } from "../texts";

/** Most shifts in one day, holidays kept, and the longest target (a year of business minutes). */
export const MAX_SHIFTS_PER_DAY = 4;
export const MAX_HOLIDAYS = 200;
export const HOLIDAY_NAME_MAX = 80;
export const TARGET_MINUTES_MAX = 60 * 24 * 365;
export const CLOCK_KEYS_MAX = 200;

/** What the server answers when settings or a question are refused (decision 049). */
export const SERVICE_LEVEL_TEXT_DESCRIPTORS = {
  timeZoneUnknown: /*i18n*/ {
    id: "service_levels.time_zone_unknown",
    message: "Choose a known time zone, such as Europe/Lisbon.",
  },
  shiftTime: /*i18n*/ {
    id: "service_levels.shift_time",
    message: "Write times as HH:MM, from 00:00 to 24:00.",
  },
  shiftOrder: /*i18n*/ { id: "service_levels.shift_order", message: "A shift must end after it starts." },
  shiftsOverlap: /*i18n*/ {
    id: "service_levels.shifts_overlap",
    message: "Shifts on the same day must not overlap.",
  },
  tooManyShifts: /*i18n*/ {
    id: "service_levels.too_many_shifts",
    message: "A day can have at most {max} shifts.",
    values: { max: MAX_SHIFTS_PER_DAY },
  },
  noHours: /*i18n*/ {
    id: "service_levels.no_hours",
    message: "Open at least one shift in the week, or no clock could ever run.",
  },
  holidayDate: /*i18n*/ {
    id: "service_levels.holiday_date",
    message: "A holiday needs a real date (YYYY-MM-DD).",
  },
  holidayName: /*i18n*/ {
    id: "service_levels.holiday_name",
    message: "Give the holiday a name of up to {max} characters.",
    values: { max: HOLIDAY_NAME_MAX },
  },
  holidayTwice: /*i18n*/ {
    id: "service_levels.holiday_twice",
    message: "A date can be a holiday only once.",
  },
  tooManyHolidays: /*i18n*/ {
    id: "service_levels.too_many_holidays",
    message: "Keep at most {max} holidays.",
    values: { max: MAX_HOLIDAYS },
  },
  targetRange: /*i18n*/ {
    id: "service_levels.target_range",
    message: "A target is a whole number of minutes, from 1 to {max}.",
    values: { max: TARGET_MINUTES_MAX },
  },
  conversationKeys: /*i18n*/ {
    id: "service_levels.conversation_keys",
    message: "Name up to {max} conversations, as request:<id> or concierge:<member id>, separated by commas.",
    values: { max: CLOCK_KEYS_MAX },
  },
} satisfies Record<string, Keyed>;
export const SERVICE_LEVEL_TEXTS = keyed(SERVICE_LEVEL_TEXT_DESCRIPTORS);
