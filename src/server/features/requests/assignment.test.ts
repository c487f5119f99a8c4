/**
 * Assignment (issue 22, item 1) and reply times (item 5): who may be assigned (400 otherwise), 404 on an unknown
 * request or member, the owner filters of the pipeline and the concierge inbox, the activity entry and the
 * "assigned" notice, round robin's fairness (two creations at once included), and the reply-time figures on a
 * fixed data set.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { newRequestBody } from "#tests/helpers/requests";
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

const NEW_REQUEST = newRequestBody({ title: "A vintage Rolex", budget_eur: 12000 });

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
    const res = await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      { params: { id }, body: { userId: other.id } },
      as(staff),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, assignee: { id: other.id, name: "Olga Other" } });

    const row = (await call(ctx, "GET /admin/requests", {}, as(staff))).json().items.find((r) => r.id === id);
    expect(row?.assignee).toEqual({ id: other.id, name: "Olga Other" });
    const activity = (await call(ctx, "GET /admin/requests/:id/activity", { params: { id } }, as(staff))).json().items;
    expect(activity.at(-1)).toMatchObject({ action: "assigned", details: { to: "Olga Other" }, actor: "Sofia Staff" });
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), eq(notifications.requestId, id)));
    expect(notes).toMatchObject([
      { type: "assigned", title: "Assigned to you: Hermès Birkin", body: "By Sofia Staff" },
    ]);
    // Nobody else is told; the member sees their concierge's card (issue 34 item 1), never their email.
    const toOthers = await ctx.database.db.select().from(notifications).where(eq(notifications.requestId, id));
    expect(toOthers).toHaveLength(1);
    const seen = (await call(ctx, "GET /requests/:id", { params: { id } }, as(ana))).json();
    expect(seen.concierge).toEqual({ id: other.id, name: "Olga Other", headline: null, photoUrl: null });
    expect(JSON.stringify(seen)).not.toContain(other.email);

    const handling = (await call(ctx, "GET /admin/requests/:id/handling", { params: { id } }, as(staff))).json();
    expect(handling).toEqual({
      assignee: { id: other.id, name: "Olga Other" },
      firstReplyMinutes: null,
      resolutionMinutes: null,
    });

    const unassigned = await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      { params: { id }, body: { userId: null } },
      as(staff),
    );
    expect(unassigned.json()).toEqual({ id, assignee: null });
    const last = (await call(ctx, "GET /admin/requests/:id/activity", { params: { id } }, as(staff)))
      .json()
      .items.at(-1);
    expect(last).toMatchObject({ action: "unassigned" });
  });

  it("taking a request oneself tells nobody; an admin can be assigned", async () => {
    const id = await request(ana, "Cartier Tank");
    await call(ctx, "POST /admin/requests/:id/assignee", { params: { id }, body: { userId: staff.id } }, as(staff));
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.requestId, id))).toEqual([]);
    const res = await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      { params: { id }, body: { userId: admin.id } },
      as(staff),
    );
    expect(res.json().assignee).toEqual({ id: admin.id, name: "Alex Admin" });
  });

  it("refuses a member or an unknown user (400) and an unknown request (404), changing nothing", async () => {
    const id = await request(ana, "Patek Nautilus");
    for (const userId of [ana.id, "no-such-user"]) {
      const res = await call(ctx, "POST /admin/requests/:id/assignee", { params: { id }, body: { userId } }, as(staff));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("Only staff can be assigned.");
    }
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(row.assigneeUserId).toBeNull();
    const missing = await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      {
        params: { id: crypto.randomUUID() },
        body: {
          userId: staff.id,
        },
      },
      as(staff),
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (await call(ctx, "POST /admin/requests/:id/assignee", { params: { id }, body: { userId: staff.id } }, as(ana)))
        .statusCode,
    ).toBe(403);
  });

  it("filters the pipeline to 'Assigned to me' and 'Unassigned'", async () => {
    const mine = await request(rui, "Mine only");
    const theirs = await request(rui, "Theirs only");
    const nobody = await request(rui, "Nobody's");
    await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      { params: { id: mine }, body: { userId: staff.id } },
      as(staff),
    );
    await call(
      ctx,
      "POST /admin/requests/:id/assignee",
      { params: { id: theirs }, body: { userId: other.id } },
      as(staff),
    );
    const ids = async (user: TestUser, assignee: "me" | "all") =>
      (await call(ctx, "GET /admin/requests", { query: { q: "only", assignee } }, as(user)))
        .json()
        .items.map((r) => r.id);
    expect(await ids(staff, "me")).toEqual([mine]);
    expect(await ids(other, "me")).toEqual([theirs]);
    expect(await ids(staff, "all")).toEqual([theirs, mine]);
    const none = (
      await call(ctx, "GET /admin/requests", { query: { assignee: "none", pageSize: 100 } }, as(staff))
    ).json().items;
    expect(none.map((r: { id: string }) => r.id)).toContain(nobody);
    expect(none.every((r: { assignee: unknown }) => r.assignee === null)).toBe(true);
    expect(
      (await call(ctx, "GET /admin/requests", unchecked({ query: { assignee: "someone" } }), as(staff))).statusCode,
    ).toBe(400);
  });

  it("lists staff and admins as assignees, never members", async () => {
    const items = (await call(ctx, "GET /admin/assignees", {}, as(staff))).json().items as Array<{ id: string }>;
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
    const res = await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(user));
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, res.json().id));
    return row.assigneeUserId;
  };

  it("leaves new requests unassigned while nobody opted in", async () => {
    expect((await call(ctx, "GET /admin/assignment/round-robin", {}, as(staff))).json()).toEqual({ enabled: false });
    expect(await create(ana)).toBeNull();
  });

  it("gives new requests in turn to those who opted in, least recently given first, and tells them", async () => {
    expect(
      (await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: true } }, as(staff))).json(),
    ).toEqual({
      enabled: true,
    });
    await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: true } }, as(other));
    expect((await call(ctx, "GET /admin/assignment/round-robin", {}, as(staff))).json()).toEqual({ enabled: true });
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
    await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: false } }, as(other));
    expect([await create(ana), await create(rui)]).toEqual([staff.id, staff.id]);
  });

  it("gives two requests created at the same moment to two different people", async () => {
    await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: true } }, as(staff));
    await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: true } }, as(other));
    const given = await Promise.all([create(ana), create(rui)]);
    expect(new Set(given)).toEqual(new Set([staff.id, other.id]));
    // And with a single person in turn, both go to them.
    await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: false } }, as(other));
    expect(await Promise.all([create(ana), create(rui)])).toEqual([staff.id, staff.id]);
  });

  it("skips someone who is no longer staff", async () => {
    await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: true } }, as(staff));
    await ctx.database.db.insert(staffAssignmentSettings).values({ userId: ana.id, roundRobin: true });
    expect(await create(rui)).toBe(staff.id);
    expect(await create(rui)).toBe(staff.id);
  });

  it("is staff's own setting: members are refused", async () => {
    expect(
      (await call(ctx, "PUT /admin/assignment/round-robin", { body: { enabled: true } }, as(ana))).statusCode,
    ).toBe(403);
  });
});

describe("the concierge inbox", () => {
  it("assigns a conversation, filters by owner and tells the new owner; 400 for a member, 404 for no one", async () => {
    await ctx.database.db.insert(executiveConciergeMessages).values([
      { userId: ana.id, senderRole: "user", message: "Hello" },
      { userId: rui.id, senderRole: "user", message: "Bonjour" },
    ]);
    const res = await call(
      ctx,
      "POST /admin/concierge/:userId/assignee",
      { params: { userId: ana.id }, body: { userId: other.id } },
      as(staff),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: ana.id, assignee: { id: other.id, name: "Olga Other" } });
    const list = async (user: TestUser, assignee: "me" | "none") =>
      (await call(ctx, "GET /admin/concierge", { query: { assignee } }, as(user))).json().items.map((i) => i.userId);
    expect(await list(other, "me")).toEqual([ana.id]);
    expect(await list(staff, "me")).toEqual([]);
    expect(await list(staff, "none")).toEqual([rui.id]);
    const all = (await call(ctx, "GET /admin/concierge", {}, as(staff))).json().items;
    expect(all.find((i) => i.userId === ana.id)?.assignee).toEqual({
      id: other.id,
      name: "Olga Other",
    });
    const note = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, other.id), eq(notifications.conciergeMemberId, ana.id)));
    expect(note).toMatchObject([{ type: "assigned" }]);

    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId/assignee",
          { params: { userId: ana.id }, body: { userId: rui.id } },
          as(staff),
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId/assignee",
          { params: { userId: "no-such-member" }, body: { userId: staff.id } },
          as(staff),
        )
      ).statusCode,
    ).toBe(404);
    await call(
      ctx,
      "POST /admin/concierge/:userId/assignee",
      { params: { userId: ana.id }, body: { userId: null } },
      as(staff),
    );
    expect(await list(other, "me")).toEqual([]);
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
      const replyTime = async () => (await call(fresh, "GET /concierge/reply-time", {}, as(member))).json();

      // Four answered: not enough to show members a figure.
      await seed(10, s2, 240);
      expect(await replyTime()).toEqual({ medianMinutes: null });
      await seed(12, s2);
      expect(await replyTime()).toEqual({ medianMinutes: 8 });
      await seed(60, s1);
      expect(await replyTime()).toEqual({ medianMinutes: 9 });

      const handling = (
        await call(fresh, "GET /admin/requests/:id/handling", { params: { id: ids[0] } }, as(s1))
      ).json();
      expect(handling).toEqual({
        assignee: { id: s1.id, name: "First Staff" },
        firstReplyMinutes: 4,
        resolutionMinutes: 120,
      });

      const stats = (await call(fresh, "GET /admin/stats", {}, as(s1))).json();
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
