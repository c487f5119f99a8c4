/**
 * Service levels through the API and the sweep (decision 049), on fixed calendars: the settings and their
 * refusals, each conversation's clock (Friday 17:55 before a Monday holiday; a reply; a resolution; a chat), the
 * breach warning sent once however many sweeps run, and the 30-day report.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { insertRequest } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import type { ServiceLevelSettingsInput } from "@/shared/contracts/service-levels";
import { SERVICE_LEVEL_TEXTS as T } from "@/shared/contracts/service-levels-texts";
import { DEFAULT_TARGETS } from "@/shared/service-levels";
import { activityLogs, executiveConciergeMessages, messages, notifications, requests } from "../../db/schema";
import { clocksOf, report, sweep, warningsOf } from "./service";

let ctx: TestContext;
let admin: TestUser;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  admin = await createUser(ctx, { role: "admin" });
  staff = await createUser(ctx, { role: "staff", name: "Rita Staff" });
});
afterAll(() => ctx.close());

const nineToSix = [{ start: "09:00", end: "18:00" }];
const fixedSettings = (): ServiceLevelSettingsInput => ({
  timeZone: "Europe/Lisbon",
  hours: { mon: nineToSix, tue: nineToSix, wed: nineToSix, thu: nineToSix, fri: nineToSix, sat: [], sun: [] },
  // Monday 2026-06-08 is made a holiday.
  holidays: [{ date: "2026-06-08", name: "Feriado municipal" }],
  targets: DEFAULT_TARGETS,
});
const put = (body: unknown, user = admin) =>
  call(ctx, "PUT /admin/service-levels/settings", { body: body as ServiceLevelSettingsInput }, as(user));
const at = (iso: string) => new Date(iso);
const app = () => ctx.app.ctx;

describe("settings", () => {
  it("starts with Lisbon, split shifts and Portugal's holidays for this year and next", async () => {
    const res = await call(ctx, "GET /admin/service-levels/settings", {}, as(admin));
    expect(res.statusCode).toBe(200);
    const settings = res.json();
    expect(settings).toMatchObject({ timeZone: "Europe/Lisbon", updatedAt: null });
    expect(settings.hours.mon).toEqual([
      { start: "09:00", end: "13:00" },
      { start: "14:00", end: "18:00" },
    ]);
    const year = new Date().getUTCFullYear();
    const names = settings.holidays.map((h) => h.name);
    expect(names.filter((n) => n === "Sexta-feira Santa")).toHaveLength(2);
    expect(settings.holidays.some((h) => h.date === `${year + 1}-12-25`)).toBe(true);
    expect(settings.targets.black).toEqual({ firstReplyMinutes: 15, nextReplyMinutes: 30, resolutionMinutes: 1440 });
  });

  it("refuses bad settings with a clear message and changes nothing", async () => {
    const good = fixedSettings();
    const cases: Array<[unknown, string]> = [
      [{ ...good, timeZone: "Mars/Olympus" }, T.timeZoneUnknown],
      [{ ...good, hours: { ...good.hours, mon: [{ start: "25:00", end: "26:00" }] } }, T.shiftTime],
      [{ ...good, hours: { ...good.hours, mon: [{ start: "18:00", end: "09:00" }] } }, T.shiftOrder],
      [
        {
          ...good,
          hours: {
            ...good.hours,
            mon: [
              { start: "09:00", end: "13:00" },
              { start: "12:00", end: "18:00" },
            ],
          },
        },
        T.shiftsOverlap,
      ],
      [{ ...good, hours: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] } }, T.noHours],
      [{ ...good, holidays: [{ date: "2026-02-30", name: "Nope" }] }, T.holidayDate],
      [{ ...good, holidays: [{ date: "2026-12-25", name: "  " }] }, T.holidayName],
      [
        {
          ...good,
          holidays: [
            { date: "2026-12-25", name: "Natal" },
            { date: "2026-12-25", name: "Christmas" },
          ],
        },
        T.holidayTwice,
      ],
      [{ ...good, targets: { ...good.targets, gold: { ...good.targets.gold, firstReplyMinutes: 0 } } }, T.targetRange],
      [{ ...good, targets: { ...good.targets, gold: { ...good.targets.gold, nextReplyMinutes: 1.5 } } }, T.targetRange],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await call(ctx, "GET /admin/service-levels/settings", {}, as(admin))).json().updatedAt).toBeNull();
  });

  it("saves what an admin sends, holidays in date order; staff may not", async () => {
    expect((await put(fixedSettings(), staff)).statusCode).toBe(403);
    const body = { ...fixedSettings(), holidays: [{ date: "2026-12-25", name: "Natal" }, ...fixedSettings().holidays] };
    const res = await put(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().holidays.map((h) => h.date)).toEqual(["2026-06-08", "2026-12-25"]);
    expect(res.json().updatedAt).not.toBeNull();
    expect((await put(fixedSettings())).statusCode).toBe(200);
  });
});

describe("clocks on a fixed calendar", () => {
  // Friday 2026-06-05 at 17:55 in Lisbon (UTC+1); Monday is a holiday; hours 9:00–18:00.
  const friday = at("2026-06-05T16:55:00Z");

  it("a Black member's Friday 17:55 request is due Tuesday 9:10; a reply stops it; delivery stops all", async () => {
    const member = await createUser(ctx, { plan: "black" });
    const id = await insertRequest(ctx, member.id, { createdAt: friday });
    const key = `request:${id}`;
    const clock = async (now: string) => (await clocksOf(app(), ctx.database.db, [key], at(now)))[0];

    expect(await clock("2026-06-05T16:56:00Z")).toMatchObject({
      key,
      tier: "black",
      state: "on_time",
      target: "first_reply",
      dueAt: at("2026-06-09T08:10:00Z"),
    });
    expect((await clock("2026-06-09T08:00:00Z"))?.state).toBe("due_soon");
    expect((await clock("2026-06-09T08:11:00Z"))?.state).toBe("breached");

    // The staff's reply on Tuesday 9:05: the first reply is met, the member's turn pauses the clock.
    await ctx.database.db
      .insert(messages)
      .values({ requestId: id, senderUserId: staff.id, body: "We are on it", createdAt: at("2026-06-09T08:05:00Z") });
    expect(await clock("2026-06-09T09:00:00Z")).toMatchObject({ state: "paused", target: "resolution" });
    // The member writes again at 10:00: the next reply runs, 30 business minutes.
    await ctx.database.db
      .insert(messages)
      .values({ requestId: id, senderUserId: member.id, body: "Thank you", createdAt: at("2026-06-09T09:00:00Z") });
    expect(await clock("2026-06-09T09:01:00Z")).toMatchObject({
      state: "on_time",
      target: "next_reply",
      dueAt: at("2026-06-09T09:30:00Z"),
    });

    // Delivered: the clock stops.
    await ctx.database.db.update(requests).set({ status: "Delivered" }).where(eq(requests.id, id));
    await ctx.database.db.insert(activityLogs).values({
      requestId: id,
      actorUserId: staff.id,
      action: "status_changed",
      details: { from: "Found", to: "Delivered" },
      createdAt: at("2026-06-09T09:10:00Z"),
    });
    expect((await clock("2026-06-09T10:00:00Z"))?.state).toBe("stopped");
  });

  it("a concierge chat has reply targets; a Basic member has no clock running", async () => {
    const gold = await createUser(ctx, { plan: "gold" });
    await ctx.database.db.insert(executiveConciergeMessages).values({
      userId: gold.id,
      senderRole: "user",
      message: "A table for two",
      createdAt: at("2026-06-10T09:00:00Z"),
    });
    const basic = await createUser(ctx, { plan: "free" });
    const basicRequest = await insertRequest(ctx, basic.id, { createdAt: friday });
    const clocks = await clocksOf(
      app(),
      ctx.database.db,
      [`concierge:${gold.id}`, `request:${basicRequest}`, "request:00000000-0000-4000-8000-000000000000"],
      at("2026-06-10T09:30:00Z"),
    );
    expect(clocks).toHaveLength(2);
    expect(clocks[0]).toMatchObject({
      tier: "gold",
      target: "first_reply",
      dueAt: at("2026-06-10T10:00:00Z"),
      state: "on_time",
    });
    expect(clocks[1]).toMatchObject({ tier: "free", state: "stopped" });
  });

  it("answers staff through the API, and refuses malformed keys", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const id = await insertRequest(ctx, member.id);
    const res = await call(ctx, "GET /admin/service-levels/clocks", { query: { keys: `request:${id}` } }, as(staff));
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ key: `request:${id}`, tier: "silver", target: "first_reply" });
    const bad = await call(ctx, "GET /admin/service-levels/clocks", { query: { keys: "invoice:1" } }, as(staff));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(T.conversationKeys);
    const asMember = await call(
      ctx,
      "GET /admin/service-levels/clocks",
      { query: { keys: `request:${id}` } },
      as(member),
    );
    expect(asMember.statusCode).toBe(403);
  });
});

describe("breach warnings", () => {
  const breachNotices = (requestId: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, "service_level_breach"), eq(notifications.requestId, requestId)));

  it("warns the admins of an unowned conversation 15 minutes before, once for 20 sweeps at once", async () => {
    const member = await createUser(ctx, { plan: "black", name: "Beatriz Black" });
    const id = await insertRequest(ctx, member.id, { createdAt: at("2026-06-05T16:55:00Z") });
    // 20 minutes before Tuesday 9:10: nothing yet.
    await sweep(app(), at("2026-06-09T07:50:00Z"));
    expect(await breachNotices(id)).toHaveLength(0);
    // 14 minutes before: twenty sweeps at once, one warning.
    const runs = await Promise.all(Array.from({ length: 20 }, () => sweep(app(), at("2026-06-09T07:56:00Z"))));
    const warnedHere = (await warningsOf(ctx.database.db, `request:${id}`)).length;
    expect(warnedHere).toBe(1);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const notices = await breachNotices(id);
    expect(notices.map((n) => n.userId)).toContain(admin.id);
    expect(notices.map((n) => n.userId)).not.toContain(staff.id);
    expect(new Set(notices.map((n) => n.userId)).size).toBe(notices.length);
    expect(notices[0]?.title).toContain("Beatriz Black");
    expect(notices[0]?.link).toBe(`/admin/requests/${id}`);
    // Later sweeps send nothing more.
    await sweep(app(), at("2026-06-09T08:20:00Z"));
    expect(await breachNotices(id)).toHaveLength(notices.length);
  });

  it("warns the owner alone when someone owns it, and not a conversation waiting on the member", async () => {
    const member = await createUser(ctx, { plan: "black" });
    const owned = await insertRequest(ctx, member.id, {
      createdAt: at("2026-06-05T16:55:00Z"),
      assigneeUserId: staff.id,
    });
    const answered = await insertRequest(ctx, member.id, { createdAt: at("2026-06-05T16:55:00Z") });
    await ctx.database.db
      .insert(messages)
      .values({ requestId: answered, senderUserId: staff.id, body: "Hello", createdAt: at("2026-06-05T16:58:00Z") });
    await sweep(app(), at("2026-06-09T08:00:00Z"));
    expect((await breachNotices(owned)).map((n) => n.userId)).toEqual([staff.id]);
    expect(await breachNotices(answered)).toHaveLength(0);
  });

  it("sweeps on an admin's demand through the API", async () => {
    expect((await call(ctx, "POST /admin/service-levels/sweep", {}, as(staff))).statusCode).toBe(403);
    const res = await call(ctx, "POST /admin/service-levels/sweep", {}, as(admin));
    expect(res.statusCode).toBe(200);
    expect(typeof res.json().warned).toBe("number");
  });
});

describe("the 30-day report", () => {
  it("counts met and missed targets per owner and per tier", async () => {
    // 24/7 hours, so the report's own "now" (today) has targets that have ended.
    const always = [{ start: "00:00", end: "24:00" }];
    expect(
      (
        await put({
          ...fixedSettings(),
          hours: { mon: always, tue: always, wed: always, thu: always, fri: always, sat: always, sun: always },
        })
      ).statusCode,
    ).toBe(200);
    const owner = await createUser(ctx, { role: "staff", name: "Zé Report" });
    const member = await createUser(ctx, { plan: "gold" });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // Met: answered after 10 minutes (Gold: 60). Missed: answered after 3 hours.
    const quick = await insertRequest(ctx, member.id, { createdAt: hoursAgo(10), assigneeUserId: owner.id });
    await ctx.database.db.insert(messages).values({
      requestId: quick,
      senderUserId: owner.id,
      body: "Quick",
      createdAt: new Date(hoursAgo(10).getTime() + 600_000),
    });
    const slow = await insertRequest(ctx, member.id, { createdAt: hoursAgo(10), assigneeUserId: owner.id });
    await ctx.database.db
      .insert(messages)
      .values({ requestId: slow, senderUserId: owner.id, body: "Slow", createdAt: hoursAgo(7) });
    const res = await call(ctx, "GET /admin/service-levels/report", {}, as(staff));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toBe(30);
    expect(body.staff.find((s) => s.id === owner.id)).toMatchObject({ name: "Zé Report", met: 1, total: 2 });
    expect(body.tiers.find((t) => t.tier === "gold")?.total).toBeGreaterThanOrEqual(2);
    const direct = await report(app());
    expect(direct.staff.find((s) => s.id === owner.id)).toMatchObject({ met: 1, total: 2 });
  });
});
