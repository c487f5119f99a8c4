/**
 * Service levels (issue 31 item 3, decision 049): the admins' settings, each conversation's clock, the 30-day
 * report and the breach warnings. The arithmetic is src/shared/service-levels.ts; the conversations come from
 * their owners' ports (requests, concierge); this domain writes only its own two tables.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { NoticeReader } from "@/shared/contracts/notifications";
import type {
  clockSchema,
  ServiceLevelSettingsInput,
  serviceLevelReportSchema,
  serviceLevelSettingsSchema,
} from "@/shared/contracts/service-levels";
import { type Plan, planLabel } from "@/shared/plans";
import {
  BREACH_WARNING_MINUTES,
  type ConversationTimeline,
  clockOf,
  defaultSettings,
  parseConversationKey,
  SERVICE_TIERS,
  type ServiceLevelSettings,
  type ServiceTier,
  type TargetInstance,
  type TargetKind,
  type TimelineSelection,
  targetInstances,
} from "@/shared/service-levels";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { type Queryable, rowsOf } from "../../db";
import { serviceLevelSettings, serviceLevelWarnings, subscriptions } from "../../db/schema";
import { BREACH_TEXTS as T } from "./texts";

export type ServiceLevelsContext = Pick<AppContext, "db" | "write" | "domains" | "payments">;
type Settings = Served<typeof serviceLevelSettingsSchema>;
export type ConversationClock = Served<typeof clockSchema>;

/** How often the breach warnings are looked for (app.ts): warnings go out within a minute of their time. */
export const SWEEP_EVERY_MS = 60_000;
/** A target overdue longer than this is not warned about any more (a first run after a long stop stays quiet). */
const WARN_GRACE_MS = 24 * 3_600_000;
const REPORT_DAYS = 30;

/** Now, as the house's clocks read it: the test payment provider's clock in test mode (QA moves it). */
export async function nowOf(ctx: Pick<AppContext, "payments">): Promise<Date> {
  return (await ctx.payments.test?.now()) ?? new Date();
}

// Settings ---------------------------------------------------------------------------------------------------

export async function readSettings(db: Queryable, now = new Date()): Promise<Settings> {
  const [row] = await db.select().from(serviceLevelSettings).limit(1);
  if (!row) return { ...defaultSettings(now), updatedAt: null };
  return {
    timeZone: row.timeZone,
    hours: row.hours,
    holidays: row.holidays,
    targets: row.targets,
    updatedAt: row.updatedAt,
  };
}

export async function saveSettings(
  ctx: ServiceLevelsContext,
  viewer: Viewer,
  input: ServiceLevelSettingsInput & { holidays: ServiceLevelSettings["holidays"] },
): Promise<Settings> {
  const values = {
    timeZone: input.timeZone,
    hours: input.hours,
    holidays: input.holidays,
    targets: input.targets,
    updatedBy: viewer.userId,
    updatedAt: new Date(),
  };
  await ctx.write(async (tx) => {
    await tx
      .insert(serviceLevelSettings)
      .values({ id: true, ...values })
      .onConflictDoUpdate({ target: serviceLevelSettings.id, set: values });
  });
  return readSettings(ctx.db);
}

// Conversations ----------------------------------------------------------------------------------------------

async function timelinesOf(ctx: ServiceLevelsContext, db: Queryable, select: TimelineSelection) {
  if ("ids" in select) {
    const requests: string[] = [];
    const chats: string[] = [];
    for (const key of select.ids) {
      const parsed = parseConversationKey(key);
      if (parsed?.kind === "request") requests.push(parsed.id);
      else if (parsed?.kind === "concierge") chats.push(parsed.id);
    }
    const [a, b] = await Promise.all([
      ctx.domains.requests.clockTimelines(db, { ids: requests }),
      ctx.domains.concierge.clockTimelines(db, { ids: chats }),
    ]);
    return [...a, ...b];
  }
  const [a, b] = await Promise.all([
    ctx.domains.requests.clockTimelines(db, select),
    ctx.domains.concierge.clockTimelines(db, select),
  ]);
  return [...a, ...b];
}

/** Members' plans (identity, readable by any domain): a canceled membership has no tier. */
async function plansOf(db: Queryable, memberIds: string[]): Promise<Map<string, Plan>> {
  const ids = [...new Set(memberIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: subscriptions.userId, plan: subscriptions.plan, status: subscriptions.status })
    .from(subscriptions)
    .where(inArray(subscriptions.userId, ids));
  return new Map(rows.filter((r) => r.status !== "canceled").map((r) => [r.userId, r.plan]));
}

const isTier = (plan: Plan | undefined): plan is ServiceTier =>
  plan !== undefined && (SERVICE_TIERS as readonly string[]).includes(plan);

/**
 * The clocks of the named conversations ("request:<id>", "concierge:<member id>"), in the order asked; a key
 * naming nothing is left out. A member without a tier with service levels (Basic) has a stopped clock.
 */
export async function clocksOf(
  ctx: ServiceLevelsContext,
  db: Queryable,
  keys: string[],
  now?: Date,
): Promise<ConversationClock[]> {
  const at = now ?? (await nowOf(ctx));
  const [settings, timelines] = await Promise.all([readSettings(db, at), timelinesOf(ctx, db, { ids: keys })]);
  const plans = await plansOf(
    db,
    timelines.map((t) => t.memberId),
  );
  const byKey = new Map(timelines.map((t) => [t.key, t]));
  return keys.flatMap((key): ConversationClock[] => {
    const timeline = byKey.get(key);
    if (!timeline) return [];
    const plan = plans.get(timeline.memberId);
    if (!isTier(plan)) {
      return [{ key, tier: plan ?? null, state: "stopped", target: null, dueAt: null, remainingMinutes: null }];
    }
    return [{ key, tier: plan, ...clockOf(timeline, settings.targets[plan], settings, at) }];
  });
}

// The report -------------------------------------------------------------------------------------------------

/** Whether a target ended (met, or missed: met late or overdue unmet) within the window. */
function endedWithin(instance: TargetInstance, since: Date, now: Date): boolean | null {
  if (instance.metAt) return instance.metAt >= since ? instance.met === true : null;
  if (instance.dueAt && instance.dueAt < now && instance.dueAt >= since) return false;
  return null;
}

/** % met over the last 30 days, per staff member (the conversation's owner) and per tier. */
export async function report(ctx: ServiceLevelsContext): Promise<Served<typeof serviceLevelReportSchema>> {
  const now = await nowOf(ctx);
  const since = new Date(now.getTime() - REPORT_DAYS * 86_400_000);
  const [settings, timelines] = await Promise.all([
    readSettings(ctx.db, now),
    timelinesOf(ctx, ctx.db, { activeSince: since }),
  ]);
  const plans = await plansOf(
    ctx.db,
    timelines.map((t) => t.memberId),
  );
  const staff = new Map<string | null, { met: number; total: number }>();
  const tiers = new Map<ServiceTier, { met: number; total: number }>(
    SERVICE_TIERS.map((t) => [t, { met: 0, total: 0 }]),
  );
  for (const timeline of timelines) {
    const plan = plans.get(timeline.memberId);
    if (!isTier(plan)) continue;
    for (const instance of targetInstances(timeline, settings.targets[plan], settings)) {
      const met = endedWithin(instance, since, now);
      if (met === null) continue;
      const tier = tiers.get(plan) as { met: number; total: number };
      const owner = staff.get(timeline.ownerId) ?? { met: 0, total: 0 };
      for (const row of [tier, owner]) {
        row.total += 1;
        if (met) row.met += 1;
      }
      staff.set(timeline.ownerId, owner);
    }
  }
  const names = await staffNames(
    ctx.db,
    [...staff.keys()].filter((id): id is string => id !== null),
  );
  return {
    days: REPORT_DAYS,
    staff: [...staff.entries()]
      .map(([id, row]) => ({ id, name: id ? (names.get(id) ?? "") : "", ...row }))
      .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name))),
    tiers: [...tiers.entries()].map(([tier, row]) => ({ tier, ...row })),
  };
}

async function staffNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; name: string }>(
    db,
    sql`select u.id, coalesce(nullif(p.name, ''), nullif(u.name, ''), u.email) as name
      from users u left join profiles p on p.id = u.id
      where u.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

async function memberNames(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  return staffNames(db, ids);
}

// Breach warnings --------------------------------------------------------------------------------------------

/**
 * Warns the owner (the admins when nobody owns it) of each conversation whose running target falls due within
 * BREACH_WARNING_MINUTES: one transaction per warning inserts its claim (conversation, target, the instant the
 * target started) and writes the notice, so however many instances sweep at once each target is warned once.
 * Returns how many were warned.
 */
export async function sweep(ctx: ServiceLevelsContext, now?: Date): Promise<number> {
  const at = now ?? (await nowOf(ctx));
  const [settings, timelines] = await Promise.all([
    readSettings(ctx.db, at),
    timelinesOf(ctx, ctx.db, { awaitingReply: true }),
  ]);
  const plans = await plansOf(
    ctx.db,
    timelines.map((t) => t.memberId),
  );
  const due: Array<{ timeline: ConversationTimeline; tier: ServiceTier; instance: TargetInstance & { dueAt: Date } }> =
    [];
  for (const timeline of timelines) {
    const plan = plans.get(timeline.memberId);
    if (!isTier(plan)) continue;
    const clock = clockOf(timeline, settings.targets[plan], settings, at);
    if (clock.state === "paused" || clock.state === "stopped" || !clock.dueAt) continue;
    const warnFrom = clock.dueAt.getTime() - BREACH_WARNING_MINUTES * 60_000;
    if (at.getTime() < warnFrom || at.getTime() > clock.dueAt.getTime() + WARN_GRACE_MS) continue;
    const instance = targetInstances(timeline, settings.targets[plan], settings).find(
      (i) => i.metAt === null && i.kind === clock.target && i.dueAt?.getTime() === clock.dueAt?.getTime(),
    );
    if (instance?.dueAt) due.push({ timeline, tier: plan, instance: { ...instance, dueAt: instance.dueAt } });
  }
  if (due.length === 0) return 0;
  const names = await memberNames(
    ctx.db,
    due.map((d) => d.timeline.memberId),
  );
  let warned = 0;
  for (const item of due) {
    if (await warnOne(ctx, item, names.get(item.timeline.memberId) ?? "")) warned += 1;
  }
  return warned;
}

const TARGET_LABELS: Record<TargetKind, (typeof T)["firstReply"]> = {
  first_reply: T.firstReply,
  next_reply: T.nextReply,
  resolution: T.resolution,
};

async function warnOne(
  ctx: ServiceLevelsContext,
  item: { timeline: ConversationTimeline; tier: ServiceTier; instance: TargetInstance & { dueAt: Date } },
  member: string,
): Promise<boolean> {
  const { timeline, tier, instance } = item;
  return ctx.write(async (tx, out) => {
    // The claim: a concurrent sweep waits on the same key, then inserts nothing and writes nothing.
    const [claimed] = await tx
      .insert(serviceLevelWarnings)
      .values({
        conversationKey: timeline.key,
        target: instance.kind,
        startedAt: instance.startedAt,
        dueAt: instance.dueAt,
      })
      .onConflictDoNothing()
      .returning({ key: serviceLevelWarnings.conversationKey });
    if (!claimed) return false;
    const facts = ({ t, date }: NoticeReader) => ({
      member,
      tier: planLabel(tier),
      target: t(TARGET_LABELS[instance.kind]),
      due: date(instance.dueAt, "utc"),
    });
    await out.notify({
      type: "service_level_breach",
      to: timeline.ownerId ?? "admins",
      requestId: timeline.requestId,
      conciergeMemberId: timeline.requestId ? null : timeline.memberId,
      link: timeline.link,
      texts: (reader) => {
        const { t } = reader;
        const f = facts(reader);
        const title = t(T.title, f);
        return {
          title,
          body: t(T.body, f),
          email: {
            reason: "service_level_breach",
            subject: title,
            heading: t(T.heading),
            paragraphs: [t(T.text, f), ...(timeline.ownerId ? [] : [t(T.unowned)])],
            actionLabel: t(T.action),
          },
        };
      },
    });
    return true;
  });
}

/** Warnings sent for a conversation (tests and the QA tools read them). */
export async function warningsOf(db: Queryable, key: string) {
  return db.select().from(serviceLevelWarnings).where(eq(serviceLevelWarnings.conversationKey, key));
}
