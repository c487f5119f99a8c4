/**
 * Assignment (issue 22, item 1) and reply times (item 5): who may be assigned (400 otherwise), 404 on an unknown
 * request or member, the owner filters of the pipeline and the concierge inbox, the activity entry and the
 * "assigned" notice, round robin's fairness (two creations at once included), and the reply-time figures on a
 * fixed data set.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import {
  activityLogs,
  executiveConciergeMessages,
  messages,
  notifications,
  requests,
  staffAssignmentSettings,
} from "../../db/schema";

let ctx: TestContext;
let staff: TestUser;
let admin: TestUser;
let other: TestUser;
let ana: TestUser;
let rui: TestUser;

const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: "GET", url, headers: as(user) });
const send = (user: TestUser | null, method: "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: as(user), payload });

const NEW_REQUEST = {
  title: "A vintage Rolex",
  category: "Fashion",
  budget_eur: 12000,
  urgency: "High",
  notes: "",
  phone_number: "+351912345678",
};

async function request(user: TestUser, title: string, createdAt = new Date()) {
  const [row] = await ctx.database.db
    .insert(requests)
    .values({ userId: user.id, title, category: "Fashion", budgetEur: 1000, phoneNumber: "+351912345678", createdAt })
    .returning({ id: requests.id });
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff", name: "Sofia Staff" });
  admin = await createUser(ctx, { role: "admin", name: "Alex Admin" });
  other = await createUser(ctx, { role: "staff", name: "Olga Other" });
  ana = await createUser(ctx, { plan: "black", name: "Ana Sousa" });
  rui = await createUser(ctx, { plan: "black", name: "Rui Costa" });
});
afterAll(() => ctx.close());

describe("assigning a request", () => {
  it("gives it to a staff member: the row shows them, the activity says so, and they are told", async () => {
    const id = await request(ana, "Hermès Birkin");
    const res = await send(staff, "POST", `/api/admin/requests/${id}/assignee`, { userId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, assignee: { id: other.id, name: "Olga Other" } });

    const row = (await get(staff, "/api/admin/requests")).json().items.find((r: { id: string }) => r.id === id);
    expect(row.assignee).toEqual({ id: other.id, name: "Olga Other" });
    const activity = (await get(staff, `/api/admin/requests/${id}/activity`)).json().items;
    expect(activity.at(-1)).toMatchObject({ action: "assigned", details: { to: "Olga Other" }, actor: "Sofia Staff" });
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), eq(notifications.requestId, id)));
    expect(notes).toMatchObject([
      { type: "assigned", title: "Assigned to you: Hermès Birkin", body: "By Sofia Staff" },
    ]);
    // Nobody else is told, and the member never sees who owns it.
    const toOthers = await ctx.database.db.select().from(notifications).where(eq(notifications.requestId, id));
    expect(toOthers).toHaveLength(1);
    expect(JSON.stringify((await get(ana, `/api/requests/${id}`)).json())).not.toContain(other.id);

    const handling = (await get(staff, `/api/admin/requests/${id}/handling`)).json();
    expect(handling).toEqual({
      assignee: { id: other.id, name: "Olga Other" },
      firstReplyMinutes: null,
      resolutionMinutes: null,
    });

    const unassigned = await send(staff, "POST", `/api/admin/requests/${id}/assignee`, { userId: null });
    expect(unassigned.json()).toEqual({ id, assignee: null });
    const last = (await get(staff, `/api/admin/requests/${id}/activity`)).json().items.at(-1);
    expect(last).toMatchObject({ action: "unassigned" });
  });

  it("taking a request oneself tells nobody; an admin can be assigned", async () => {
    const id = await request(ana, "Cartier Tank");
    await send(staff, "POST", `/api/admin/requests/${id}/assignee`, { userId: staff.id });
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.requestId, id))).toEqual([]);
    const res = await send(staff, "POST", `/api/admin/requests/${id}/assignee`, { userId: admin.id });
    expect(res.json().assignee).toEqual({ id: admin.id, name: "Alex Admin" });
  });

  it("refuses a member or an unknown user (400) and an unknown request (404), changing nothing", async () => {
    const id = await request(ana, "Patek Nautilus");
    for (const userId of [ana.id, "no-such-user"]) {
      const res = await send(staff, "POST", `/api/admin/requests/${id}/assignee`, { userId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Only staff can be assigned.");
    }
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(row.assigneeUserId).toBeNull();
    const missing = await send(staff, "POST", `/api/admin/requests/${crypto.randomUUID()}/assignee`, {
      userId: staff.id,
    });
    expect(missing.statusCode).toBe(404);
    expect((await send(ana, "POST", `/api/admin/requests/${id}/assignee`, { userId: staff.id })).statusCode).toBe(403);
  });

  it("filters the pipeline to 'Assigned to me' and 'Unassigned'", async () => {
    const mine = await request(rui, "Mine only");
    const theirs = await request(rui, "Theirs only");
    const nobody = await request(rui, "Nobody's");
    await send(staff, "POST", `/api/admin/requests/${mine}/assignee`, { userId: staff.id });
    await send(staff, "POST", `/api/admin/requests/${theirs}/assignee`, { userId: other.id });
    const ids = async (user: TestUser, q: string) =>
      (await get(user, `/api/admin/requests?q=only&${q}`)).json().items.map((r: { id: string }) => r.id);
    expect(await ids(staff, "assignee=me")).toEqual([mine]);
    expect(await ids(other, "assignee=me")).toEqual([theirs]);
    expect(await ids(staff, "assignee=all")).toEqual([theirs, mine]);
    const none = (await get(staff, "/api/admin/requests?assignee=none&pageSize=100")).json().items;
    expect(none.map((r: { id: string }) => r.id)).toContain(nobody);
    expect(none.every((r: { assignee: unknown }) => r.assignee === null)).toBe(true);
    expect((await get(staff, "/api/admin/requests?assignee=someone")).statusCode).toBe(400);
  });

  it("lists staff and admins as assignees, never members", async () => {
    const items = (await get(staff, "/api/admin/assignees")).json().items as Array<{ id: string }>;
    const ids = items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining([staff.id, admin.id, other.id]));
    expect(ids).not.toContain(ana.id);
  });
});

describe("round robin", () => {
  beforeEach(async () => {
    await ctx.database.db.delete(staffAssignmentSettings);
  });

  const create = async (user: TestUser) => {
    const res = await send(user, "POST", "/api/requests", NEW_REQUEST);
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, res.json().id));
    return row.assigneeUserId;
  };

  it("leaves new requests unassigned while nobody opted in", async () => {
    expect((await get(staff, "/api/admin/assignment/round-robin")).json()).toEqual({ enabled: false });
    expect(await create(ana)).toBeNull();
  });

  it("gives new requests in turn to those who opted in, least recently given first, and tells them", async () => {
    expect((await send(staff, "PUT", "/api/admin/assignment/round-robin", { enabled: true })).json()).toEqual({
      enabled: true,
    });
    await send(other, "PUT", "/api/admin/assignment/round-robin", { enabled: true });
    expect((await get(staff, "/api/admin/assignment/round-robin")).json()).toEqual({ enabled: true });
    const given = [await create(ana), await create(rui), await create(ana), await create(rui)];
    // Sofia joined first, so she is first in turn; then they alternate.
    expect(given).toEqual([staff.id, other.id, staff.id, other.id]);
    const [last] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), eq(notifications.type, "assigned")))
      .orderBy(desc(notifications.createdAt))
      .limit(1);
    expect(last).toMatchObject({ title: "Assigned to you: A vintage Rolex", body: "In turn, as a new request" });

    // Opting out takes one out of the turn at once.
    await send(other, "PUT", "/api/admin/assignment/round-robin", { enabled: false });
    expect([await create(ana), await create(rui)]).toEqual([staff.id, staff.id]);
  });

  it("gives two requests created at the same moment to two different people", async () => {
    await send(staff, "PUT", "/api/admin/assignment/round-robin", { enabled: true });
    await send(other, "PUT", "/api/admin/assignment/round-robin", { enabled: true });
    const given = await Promise.all([create(ana), create(rui)]);
    expect(new Set(given)).toEqual(new Set([staff.id, other.id]));
    // And with a single person in turn, both go to them.
    await send(other, "PUT", "/api/admin/assignment/round-robin", { enabled: false });
    expect(await Promise.all([create(ana), create(rui)])).toEqual([staff.id, staff.id]);
  });

  it("skips someone who is no longer staff", async () => {
    await send(staff, "PUT", "/api/admin/assignment/round-robin", { enabled: true });
    await ctx.database.db.insert(staffAssignmentSettings).values({ userId: ana.id, roundRobin: true });
    expect(await create(rui)).toBe(staff.id);
    expect(await create(rui)).toBe(staff.id);
  });

  it("is staff's own setting: members are refused", async () => {
    expect((await send(ana, "PUT", "/api/admin/assignment/round-robin", { enabled: true })).statusCode).toBe(403);
  });
});

describe("the concierge inbox", () => {
  it("assigns a conversation, filters by owner and tells the new owner; 400 for a member, 404 for no one", async () => {
    await ctx.database.db.insert(executiveConciergeMessages).values([
      { userId: ana.id, senderRole: "user", message: "Hello" },
      { userId: rui.id, senderRole: "user", message: "Bonjour" },
    ]);
    const res = await send(staff, "POST", `/api/admin/concierge/${ana.id}/assignee`, { userId: other.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: ana.id, assignee: { id: other.id, name: "Olga Other" } });
    const list = async (user: TestUser, q = "") =>
      (await get(user, `/api/admin/concierge${q}`)).json().items.map((i: { userId: string }) => i.userId);
    expect(await list(other, "?assignee=me")).toEqual([ana.id]);
    expect(await list(staff, "?assignee=me")).toEqual([]);
    expect(await list(staff, "?assignee=none")).toEqual([rui.id]);
    const all = (await get(staff, "/api/admin/concierge")).json().items;
    expect(all.find((i: { userId: string }) => i.userId === ana.id).assignee).toEqual({
      id: other.id,
      name: "Olga Other",
    });
    const note = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), eq(notifications.conciergeMemberId, ana.id)));
    expect(note).toMatchObject([{ type: "assigned" }]);

    expect((await send(staff, "POST", `/api/admin/concierge/${ana.id}/assignee`, { userId: rui.id })).statusCode).toBe(
      400,
    );
    expect(
      (await send(staff, "POST", `/api/admin/concierge/no-such-member/assignee`, { userId: staff.id })).statusCode,
    ).toBe(404);
    await send(staff, "POST", `/api/admin/concierge/${ana.id}/assignee`, { userId: null });
    expect(await list(other, "?assignee=me")).toEqual([]);
  });
});

describe("reply times", () => {
  it("measures first reply and resolution per request, per staff member, and the team's median for members", async () => {
    // A fixed set, on a fresh app: six requests answered 4, 6, 8, 10, 12 and 60 minutes after creation.
    const fresh = await createTestApp({ deps: { startWorkers: false } });
    try {
      const s1 = await createUser(fresh, { role: "staff", name: "First Staff" });
      const s2 = await createUser(fresh, { role: "staff", name: "Second Staff" });
      const member = await createUser(fresh, { plan: "gold", name: "Member" });
      const now = Date.now();
      const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
      const waits: Array<[number, TestUser]> = [
        [4, s1],
        [6, s1],
        [8, s2],
      ];
      const ids: string[] = [];
      const seed = async (wait: number, by: TestUser, resolvedAfter?: number) => {
        const [row] = await fresh.database.db
          .insert(requests)
          .values({
            userId: member.id,
            title: `Request ${wait}`,
            category: "Fashion",
            budgetEur: 1000,
            phoneNumber: "+351912345678",
            createdAt: at(600),
            assigneeUserId: by.id,
          })
          .returning({ id: requests.id });
        await fresh.database.db.insert(messages).values([
          { requestId: row.id, senderUserId: member.id, body: "Any news?", createdAt: at(599) },
          { requestId: row.id, senderUserId: by.id, body: "On it", createdAt: at(600 - wait) },
        ]);
        if (resolvedAfter !== undefined) {
          await fresh.database.db.insert(activityLogs).values({
            requestId: row.id,
            actorUserId: by.id,
            action: "status_changed",
            details: { from: "Found", to: "Delivered" },
            createdAt: at(600 - resolvedAfter),
          });
        }
        ids.push(row.id);
      };
      for (const [wait, by] of waits) await seed(wait, by, wait === 4 ? 120 : undefined);
      const replyTime = async () =>
        (await fresh.app.inject({ url: "/api/concierge/reply-time", headers: as(member) })).json();

      // Four answered: not enough to show members a figure.
      await seed(10, s2, 240);
      expect(await replyTime()).toEqual({ medianMinutes: null });
      await seed(12, s2);
      expect(await replyTime()).toEqual({ medianMinutes: 8 });
      await seed(60, s1);
      expect(await replyTime()).toEqual({ medianMinutes: 9 });

      const handling = (
        await fresh.app.inject({ url: `/api/admin/requests/${ids[0]}/handling`, headers: as(s1) })
      ).json();
      expect(handling).toEqual({
        assignee: { id: s1.id, name: "First Staff" },
        firstReplyMinutes: 4,
        resolutionMinutes: 120,
      });

      const stats = (await fresh.app.inject({ url: "/api/admin/stats", headers: as(s1) })).json();
      expect(stats.firstReply).toMatchObject({ medianMinutes: 9, replied: 6 });
      expect(stats.byStaff).toEqual([
        { id: s1.id, name: "First Staff", firstReplyMinutes: 6, replied: 3, resolutionMinutes: 120, resolved: 1 },
        { id: s2.id, name: "Second Staff", firstReplyMinutes: 10, replied: 3, resolutionMinutes: 240, resolved: 1 },
      ]);
    } finally {
      await fresh.close();
    }
  });
});
