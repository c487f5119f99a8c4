/**
 * Service levels in business hours (issue 31 item 3, decision 049): the calendar arithmetic and the clocks, pure.
 *
 * A calendar is business hours per weekday (split shifts allowed) in a time zone, less its holidays. Clocks run
 * only inside it, less any paused intervals (waiting on the member; a snooze, fed in by the caller), and stop when
 * the conversation is resolved. Instants are `Date`s; wall-clock times are read in the calendar's zone with Intl
 * (the platform's tz database), so DST changes are the zone's own.
 */
import { wallClock } from "./dates";
import type { Plan } from "./plans";

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A shift on one day, "HH:MM" to "HH:MM" (end after start, "24:00" allowed as the end). */
export interface Shift {
  start: string;
  end: string;
}

export interface Holiday {
  /** "YYYY-MM-DD", in the calendar's zone. */
  date: string;
  name: string;
}

export interface BusinessCalendar {
  timeZone: string;
  hours: Record<Weekday, Shift[]>;
  holidays: Holiday[];
}

/** The tiers with service levels: Basic members have none. */
export const SERVICE_TIERS = ["silver", "gold", "black"] as const satisfies readonly Plan[];
export type ServiceTier = (typeof SERVICE_TIERS)[number];

/** A tier's targets, in business minutes. */
export interface TierTargets {
  firstReplyMinutes: number;
  nextReplyMinutes: number;
  resolutionMinutes: number;
}

export const TARGET_KINDS = ["first_reply", "next_reply", "resolution"] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface ServiceLevelSettings extends BusinessCalendar {
  targets: Record<ServiceTier, TierTargets>;
}

export const DEFAULT_TIME_ZONE = "Europe/Lisbon";
/** A breach warning is sent this long (wall-clock) before the due time; the state is "due soon" from then. */
export const BREACH_WARNING_MINUTES = 15;
/** One business day, for targets shown in days: 8 business hours. */
export const BUSINESS_DAY_MINUTES = 8 * 60;

const weekdayHours = (shifts: Shift[]): Record<Weekday, Shift[]> => ({
  mon: shifts,
  tue: shifts,
  wed: shifts,
  thu: shifts,
  fri: shifts,
  sat: [],
  sun: [],
});

/** Monday to Friday, 9:00–13:00 and 14:00–18:00. */
export const DEFAULT_HOURS = weekdayHours([
  { start: "09:00", end: "13:00" },
  { start: "14:00", end: "18:00" },
]);

export const DEFAULT_TARGETS: Record<ServiceTier, TierTargets> = {
  black: { firstReplyMinutes: 15, nextReplyMinutes: 30, resolutionMinutes: 3 * BUSINESS_DAY_MINUTES },
  gold: { firstReplyMinutes: 60, nextReplyMinutes: 120, resolutionMinutes: 5 * BUSINESS_DAY_MINUTES },
  silver: { firstReplyMinutes: 4 * 60, nextReplyMinutes: 8 * 60, resolutionMinutes: 10 * BUSINESS_DAY_MINUTES },
};

// Dates ------------------------------------------------------------------------------------------------------

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const isoDate = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Easter Sunday of a year (Gregorian; Meeus/Jones/Butcher), as "YYYY-MM-DD". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** A calendar date moved by whole days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const moved = new Date(Date.UTC(y, m - 1, d + days));
  return isoDate(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** Portugal's national holidays of a year (Código do Trabalho, art. 234), with their Portuguese names, by date. */
export function portugueseHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const fixed = (m: number, d: number, name: string): Holiday => ({ date: isoDate(year, m, d), name });
  return [
    fixed(1, 1, "Ano Novo"),
    { date: addDays(easter, -2), name: "Sexta-feira Santa" },
    { date: easter, name: "Páscoa" },
    fixed(4, 25, "Dia da Liberdade"),
    fixed(5, 1, "Dia do Trabalhador"),
    fixed(6, 10, "Dia de Portugal"),
    { date: addDays(easter, 60), name: "Corpo de Deus" },
    fixed(8, 15, "Assunção de Nossa Senhora"),
    fixed(10, 5, "Implantação da República"),
    fixed(11, 1, "Todos os Santos"),
    fixed(12, 1, "Restauração da Independência"),
    fixed(12, 8, "Imaculada Conceição"),
    fixed(12, 25, "Natal"),
  ].sort((x, y) => x.date.localeCompare(y.date));
}

/** The settings before an admin saves any: the default hours and targets, this year's and next year's holidays. */
export function defaultSettings(now: Date = new Date()): ServiceLevelSettings {
  const year = Number(zonedDate(now, DEFAULT_TIME_ZONE).slice(0, 4));
  return {
    timeZone: DEFAULT_TIME_ZONE,
    hours: DEFAULT_HOURS,
    holidays: [...portugueseHolidays(year), ...portugueseHolidays(year + 1)],
    targets: DEFAULT_TARGETS,
  };
}

// Time zones -------------------------------------------------------------------------------------------------

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000;
}

/** The calendar date of an instant in a zone, "YYYY-MM-DD". */
export function zonedDate(instant: Date, timeZone: string): string {
  const w = wallClock(instant.getTime(), timeZone);
  return isoDate(w.year, w.month, w.day);
}

/**
 * The instant a zone's wall clock shows `minutes` after midnight on `date` ("24:00" is the next midnight). A wall
 * time skipped by a DST change is read with the offset before it (so it falls just after the change).
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  if (first === second) return first;
  // Around a change: keep the reading whose wall clock matches, else (a skipped time) the later instant.
  return offsetAt(second, timeZone) === wall - second ? second : Math.max(first, second);
}

function weekdayOf(date: string): Weekday {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const sundayFirst = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7] as Weekday;
}

/** "HH:MM" as minutes after midnight (null when malformed); "24:00" is 1440. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

// Business time ----------------------------------------------------------------------------------------------

/** An interval of time, [from, to) in ms since the epoch. */
export interface Interval {
  from: number;
  to: number;
}

/** A paused stretch as callers give it: `to` null means "still paused". */
export interface Pause {
  from: Date;
  to: Date | null;
}

/** How far ahead (in calendar days) arithmetic looks before giving up: a calendar with no hours has no due time. */
const HORIZON_DAYS = 800;

/** The business intervals of one calendar date (none on a holiday), in order. */
function dayIntervals(date: string, calendar: BusinessCalendar, holidays: Set<string>): Interval[] {
  if (holidays.has(date)) return [];
  const out: Interval[] = [];
  for (const shift of calendar.hours[weekdayOf(date)] ?? []) {
    const start = minutesOf(shift.start);
    const end = minutesOf(shift.end);
    if (start === null || end === null || end <= start) continue;
    out.push({ from: zonedInstant(date, start, calendar.timeZone), to: zonedInstant(date, end, calendar.timeZone) });
  }
  return out.sort((a, b) => a.from - b.from);
}

/** The business intervals from `from` on (clipped to it), day by day, for at most HORIZON_DAYS days. */
function* businessIntervals(from: number, calendar: BusinessCalendar): Generator<Interval> {
  const holidays = new Set(calendar.holidays.map((h) => h.date));
  // The day before too: a shift ending after midnight UTC is still the zone's previous day.
  let date = addDays(zonedDate(new Date(from), calendar.timeZone), -1);
  for (let i = 0; i < HORIZON_DAYS; i += 1, date = addDays(date, 1)) {
    for (const interval of dayIntervals(date, calendar, holidays)) {
      if (interval.to <= from) continue;
      yield { from: Math.max(interval.from, from), to: interval.to };
    }
  }
}

/** Intervals merged and sorted; open pauses run to `openUntil`. */
function normalisePauses(pauses: readonly Pause[], openUntil: number): Interval[] {
  const list = pauses
    .map((p) => ({ from: p.from.getTime(), to: p.to ? p.to.getTime() : openUntil }))
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
  const merged: Interval[] = [];
  for (const p of list) {
    const last = merged.at(-1);
    if (last && p.from <= last.to) last.to = Math.max(last.to, p.to);
    else merged.push({ ...p });
  }
  return merged;
}

/** An interval less the (sorted, merged) pauses. */
function withoutPauses(interval: Interval, pauses: Interval[]): Interval[] {
  const out: Interval[] = [];
  let start = interval.from;
  for (const p of pauses) {
    if (p.to <= start) continue;
    if (p.from >= interval.to) break;
    if (p.from > start) out.push({ from: start, to: Math.min(p.from, interval.to) });
    start = Math.max(start, p.to);
    if (start >= interval.to) break;
  }
  if (start < interval.to) out.push({ from: start, to: interval.to });
  return out;
}

const MINUTE = 60_000;

/**
 * The instant `minutes` business minutes after `start` (paused stretches do not count); null when the calendar
 * has no business time within the horizon. Zero minutes from inside business time is `start` itself; from
 * outside it, the next opening.
 */
export function addBusinessMinutes(
  start: Date,
  minutes: number,
  calendar: BusinessCalendar,
  pauses: readonly Pause[] = [],
): Date | null {
  let remaining = minutes * MINUTE;
  const paused = normalisePauses(pauses, Number.POSITIVE_INFINITY);
  for (const interval of businessIntervals(start.getTime(), calendar)) {
    for (const open of withoutPauses(interval, paused)) {
      const length = open.to - open.from;
      if (remaining < length || (remaining === 0 && length > 0)) return new Date(open.from + remaining);
      remaining -= length;
      if (remaining === 0) return new Date(open.to);
    }
  }
  return null;
}

/** Business minutes between two instants (0 when `to` is not after `from`), less the paused stretches. */
export function businessMinutesBetween(
  from: Date,
  to: Date,
  calendar: BusinessCalendar,
  pauses: readonly Pause[] = [],
): number {
  const end = to.getTime();
  if (end <= from.getTime()) return 0;
  const paused = normalisePauses(pauses, end);
  let total = 0;
  for (const interval of businessIntervals(from.getTime(), calendar)) {
    if (interval.from >= end) break;
    for (const open of withoutPauses({ from: interval.from, to: Math.min(interval.to, end) }, paused)) {
      total += open.to - open.from;
    }
  }
  return total / MINUTE;
}

// Clocks -----------------------------------------------------------------------------------------------------

/** One message of a conversation, as a clock needs it. */
export interface ClockMessage {
  at: Date;
  /** Written by staff (else by the member). */
  fromStaff: boolean;
}

/** A conversation as its clocks see it. */
export interface ClockConversation {
  /** When it began (a request's creation, the first message of a chat). */
  openedAt: Date;
  /** In time order. */
  messages: ClockMessage[];
  /** When it was resolved (delivered, closed, cancelled, marked done); null while open. */
  resolvedAt: Date | null;
  /** Stretches when the clocks stop besides waiting on the member (a snooze). */
  pauses?: Pause[];
  /** Whether resolution is measured (requests; a chat has no resolution). */
  resolves: boolean;
}

/** One target's measure: when it started, when it was due, and when (if) it was met. */
export interface TargetInstance {
  kind: TargetKind;
  startedAt: Date;
  /** Null when the calendar has no business time ahead. */
  dueAt: Date | null;
  metAt: Date | null;
  /** Met on time (metAt ≤ dueAt), or still open (null). */
  met: boolean | null;
}

export const CLOCK_STATES = ["on_time", "due_soon", "breached", "paused", "stopped"] as const;
export type ClockState = (typeof CLOCK_STATES)[number];

/** What a conversation's clock shows now. */
export interface Clock {
  state: ClockState;
  /** The running target (the one due first); null when paused or stopped. */
  target: TargetKind | null;
  dueAt: Date | null;
  /** Business minutes of the resolution target left when paused (null otherwise). */
  remainingMinutes: number | null;
}

/**
 * Every target a conversation met, missed or still runs: the first reply (from its first member message), each
 * next reply (from the first member message after a staff reply), and the resolution (from its opening, paused
 * while the last message is staff's). Reply clocks pause with the given pauses as well.
 */
export function targetInstances(
  conversation: ClockConversation,
  targets: TierTargets,
  calendar: BusinessCalendar,
): TargetInstance[] {
  const pauses = conversation.pauses ?? [];
  const resolvedAt = conversation.resolvedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const instances: TargetInstance[] = [];
  let waiting: { kind: TargetKind; startedAt: Date } | null = null;
  let staffReplied = false;
  for (const message of conversation.messages) {
    if (message.at.getTime() > resolvedAt) break;
    if (!message.fromStaff && !waiting) {
      waiting = { kind: staffReplied ? "next_reply" : "first_reply", startedAt: message.at };
    } else if (message.fromStaff) {
      staffReplied = true;
      if (waiting) {
        instances.push(replyInstance(waiting, message.at, targets, calendar, pauses));
        waiting = null;
      }
    }
  }
  if (waiting) instances.push(replyInstance(waiting, null, targets, calendar, pauses));

  if (conversation.resolves) {
    // Waiting on the member (the last message is staff's) pauses the resolution clock.
    const all = [...pauses, ...memberWaits(conversation.messages)];
    const dueAt = addBusinessMinutes(conversation.openedAt, targets.resolutionMinutes, calendar, all);
    const metAt = conversation.resolvedAt;
    instances.push({
      kind: "resolution",
      startedAt: conversation.openedAt,
      dueAt,
      metAt,
      met: metAt ? dueAt === null || metAt <= dueAt : null,
    });
  }
  return instances;
}

function replyInstance(
  waiting: { kind: TargetKind; startedAt: Date },
  metAt: Date | null,
  targets: TierTargets,
  calendar: BusinessCalendar,
  pauses: Pause[],
): TargetInstance {
  const minutes = waiting.kind === "first_reply" ? targets.firstReplyMinutes : targets.nextReplyMinutes;
  const dueAt = addBusinessMinutes(waiting.startedAt, minutes, calendar, pauses);
  return { ...waiting, dueAt, metAt, met: metAt ? dueAt === null || metAt <= dueAt : null };
}

/** The clock a conversation shows at `now`: its open target due first, and whether it is on time. */
export function clockOf(
  conversation: ClockConversation,
  targets: TierTargets,
  calendar: BusinessCalendar,
  now: Date,
): Clock {
  if (conversation.resolvedAt && conversation.resolvedAt <= now) {
    return { state: "stopped", target: null, dueAt: null, remainingMinutes: null };
  }
  const open = targetInstances(conversation, targets, calendar).filter((i) => i.metAt === null);
  const last = conversation.messages.at(-1);
  const pausedNow = (conversation.pauses ?? []).some((p) => p.from <= now && (p.to === null || p.to > now));
  const waitingOnMember = !last || last.fromStaff;
  if (pausedNow || (waitingOnMember && !open.some((i) => i.kind !== "resolution"))) {
    const resolution = open.find((i) => i.kind === "resolution");
    const remaining =
      resolution && conversation.resolves
        ? Math.max(
            0,
            targets.resolutionMinutes -
              businessMinutesBetween(conversation.openedAt, now, calendar, [
                ...(conversation.pauses ?? []),
                ...memberWaits(conversation.messages),
              ]),
          )
        : null;
    return { state: "paused", target: resolution ? "resolution" : null, dueAt: null, remainingMinutes: remaining };
  }
  const running = open
    .filter((i) => i.dueAt !== null)
    .sort((a, b) => (a.dueAt as Date).getTime() - (b.dueAt as Date).getTime())[0];
  if (!running?.dueAt) return { state: "on_time", target: open[0]?.kind ?? null, dueAt: null, remainingMinutes: null };
  return { state: stateAt(running.dueAt, now), target: running.kind, dueAt: running.dueAt, remainingMinutes: null };
}

/** The stretches when the last message was staff's (the member's turn). */
function memberWaits(messages: ClockMessage[]): Pause[] {
  const out: Pause[] = [];
  let since: Date | null = null;
  for (const message of messages) {
    if (message.fromStaff && !since) since = message.at;
    else if (!message.fromStaff && since) {
      out.push({ from: since, to: message.at });
      since = null;
    }
  }
  if (since) out.push({ from: since, to: null });
  return out;
}

/** On time, due within BREACH_WARNING_MINUTES, or past due. */
export function stateAt(dueAt: Date, now: Date): "on_time" | "due_soon" | "breached" {
  const left = dueAt.getTime() - now.getTime();
  if (left < 0) return "breached";
  return left <= BREACH_WARNING_MINUTES * MINUTE ? "due_soon" : "on_time";
}

// Conversations ----------------------------------------------------------------------------------------------

/** What a conversation's owner domain gives the service levels (requests, the concierge): plain values. */
export interface ConversationTimeline extends ClockConversation {
  /** "request:<id>" or "concierge:<member id>". */
  key: string;
  memberId: string;
  /** The staff member who owns it; null while unassigned. */
  ownerId: string | null;
  /** What a notice about it links to, for staff. */
  link: string;
  /** The request it is, for a notice's link (null for a chat). */
  requestId: string | null;
}

/** Which conversations an owner domain lists: by id, those waiting on the team, or those active since a date. */
export type TimelineSelection = { ids: string[] } | { awaitingReply: true } | { activeSince: Date };

export const CONVERSATION_KINDS = ["request", "concierge"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];

/** A conversation key's kind and id, or null when it is not one. */
export function parseConversationKey(key: string): { kind: ConversationKind; id: string } | null {
  const match = /^(request|concierge):([A-Za-z0-9_-]{1,64})$/.exec(key);
  return match ? { kind: match[1] as ConversationKind, id: match[2] as string } : null;
}
