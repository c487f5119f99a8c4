/**
 * Service levels (issue 31 item 3, decision 049): the admins' settings (business hours, time zone, holidays, each
 * tier's targets), each conversation's clock, the 30-day report, and the breach warnings' sweep. Staff only.
 */
import { z } from "zod";
import { isTimeZone } from "../dates";
import { PLANS } from "../plans";
import { CLOCK_STATES, minutesOf, SERVICE_TIERS, type Shift, TARGET_KINDS, WEEKDAYS } from "../service-levels";
import { timestamp } from "./common";
import { endpoints } from "./endpoint";
import {
  CLOCK_KEYS_MAX,
  HOLIDAY_NAME_MAX,
  MAX_HOLIDAYS,
  MAX_SHIFTS_PER_DAY,
  SERVICE_LEVEL_TEXTS as T,
  TARGET_MINUTES_MAX,
} from "./service-levels-texts";

const time = z.string(T.shiftTime).refine((value) => minutesOf(value) !== null, T.shiftTime);
const shiftSchema = z
  .object({ start: time, end: time })
  .refine((s) => (minutesOf(s.end) ?? 0) > (minutesOf(s.start) ?? 0), { message: T.shiftOrder, path: ["end"] });

const dayShifts = z
  .array(shiftSchema, T.shiftTime)
  .max(MAX_SHIFTS_PER_DAY, T.tooManyShifts)
  .superRefine((shifts, check) => {
    const sorted = [...shifts].sort((a, b) => (minutesOf(a.start) ?? 0) - (minutesOf(b.start) ?? 0));
    for (let i = 1; i < sorted.length; i += 1) {
      if ((minutesOf((sorted[i] as Shift).start) ?? 0) < (minutesOf((sorted[i - 1] as Shift).end) ?? 0)) {
        check.addIssue({ code: "custom", message: T.shiftsOverlap });
        return;
      }
    }
  });

const hoursSchema = z
  .object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, dayShifts])) as Record<(typeof WEEKDAYS)[number], typeof dayShifts>,
  )
  .refine((hours) => Object.values(hours).some((shifts) => shifts.length > 0), T.noHours);

const realDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};
const holidaySchema = z.object({
  date: z.string(T.holidayDate).refine(realDate, T.holidayDate),
  name: z.string(T.holidayName).trim().min(1, T.holidayName).max(HOLIDAY_NAME_MAX, T.holidayName),
});

const minutes = z.number(T.targetRange).int(T.targetRange).min(1, T.targetRange).max(TARGET_MINUTES_MAX, T.targetRange);
const tierTargetsSchema = z.object({
  firstReplyMinutes: minutes,
  nextReplyMinutes: minutes,
  resolutionMinutes: minutes,
});

export const serviceLevelSettingsInputSchema = z.object({
  timeZone: z.string(T.timeZoneUnknown).refine(isTimeZone, T.timeZoneUnknown),
  hours: hoursSchema,
  holidays: z
    .array(holidaySchema, T.holidayDate)
    .max(MAX_HOLIDAYS, T.tooManyHolidays)
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, T.holidayTwice)
    .transform((list) => [...list].sort((a, b) => a.date.localeCompare(b.date))),
  targets: z.object(
    Object.fromEntries(SERVICE_TIERS.map((tier) => [tier, tierTargetsSchema])) as Record<
      (typeof SERVICE_TIERS)[number],
      typeof tierTargetsSchema
    >,
  ),
});
export type ServiceLevelSettingsInput = z.input<typeof serviceLevelSettingsInputSchema>;

export const serviceLevelSettingsSchema = serviceLevelSettingsInputSchema.extend({
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
  /** Null until an admin first saves (the defaults hold). */
  updatedAt: timestamp.nullable(),
});

/** A conversation's clock: its running target, due time and state. */
export const clockSchema = z.object({
  key: z.string(),
  /** The member's plan; clocks run for Silver, Gold and Black. */
  tier: z.enum(PLANS).nullable(),
  state: z.enum(CLOCK_STATES),
  target: z.enum(TARGET_KINDS).nullable(),
  dueAt: timestamp.nullable(),
  remainingMinutes: z.number().nullable(),
});
export const clockListSchema = z.object({ items: z.array(clockSchema) });

/** ?keys=request:<id>,concierge:<member id> */
export const clockQuery = z.object({
  keys: z
    .string(T.conversationKeys)
    .transform((value) => value.split(",").filter(Boolean))
    .refine(
      (keys) =>
        keys.length <= CLOCK_KEYS_MAX &&
        keys.every((key) => /^(request:[0-9a-fA-F-]{36}|concierge:[A-Za-z0-9_-]{1,64})$/.test(key)),
      T.conversationKeys,
    ),
});

const metSchema = z.object({ met: z.number(), total: z.number() });
/** The last 30 days: targets met of those that ended (met, or missed), per staff member (owner) and per tier. */
export const serviceLevelReportSchema = z.object({
  days: z.number(),
  staff: z.array(metSchema.extend({ id: z.string().nullable(), name: z.string() })),
  tiers: z.array(metSchema.extend({ tier: z.enum(SERVICE_TIERS) })),
});

export const sweepResultSchema = z.object({ warned: z.number() });

export const serviceLevelsAdminApi = endpoints({
  "GET /admin/service-levels/settings": { access: "admin", answer: serviceLevelSettingsSchema },
  "PUT /admin/service-levels/settings": {
    access: "admin",
    body: serviceLevelSettingsInputSchema,
    answer: serviceLevelSettingsSchema,
  },
  /** The clocks of the named conversations (the inbox's rows, a request's page). */
  "GET /admin/service-levels/clocks": { access: "staff", query: clockQuery, answer: clockListSchema },
  /** % of targets met over 30 days, per staff member and per tier (the dashboard). */
  "GET /admin/service-levels/report": { access: "staff", answer: serviceLevelReportSchema },
  /** Sends the breach warnings due now (the periodic job's run, on demand); each is sent once. */
  "POST /admin/service-levels/sweep": { access: "admin", answer: sweepResultSchema },
});
