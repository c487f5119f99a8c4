import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { listeningTestApp, openEventStream } from "#tests/helpers/stream";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ERRORS, MESSAGES } from "@/shared/contracts/common-texts";
import { REQUEST_CHANGE_MESSAGES, REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { lisbonDate } from "@/shared/dates";
import type { RequestStatus } from "@/shared/requests";
import type { NewRequestInput } from "@/shared/schemas";
import { activityLogs, messages, notifications, requests } from "../../db/schema";

let ctx: TestContext;
let base: string;
let staff: TestUser;
beforeAll(async () => {
  ({ ctx, base } = await listeningTestApp());
  staff = await createUser(ctx, { role: "staff", name: "Sofia Staff" });
});
afterAll(() => ctx.close());

const VALID: NewRequestInput = {
  title: "A vintage Rolex Daytona",
  category: "Fashion",
  budget_eur: 25000,
  urgency: "Medium",
  notes: "Box and papers, please.",
  phone_number: "+351912345678",
};

async function newRequest(member: TestUser, status: RequestStatus = "New") {
  const res = await call(ctx, "POST /requests", { body: VALID }, as(member));
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json() as { id: string };
  if (status !== "New") await ctx.database.db.update(requests).set({ status }).where(eq(requests.id, id));
  return id;
}
const rowOf = async (id: string) => (await ctx.database.db.select().from(requests).where(eq(requests.id, id)))[0];
const changesOf = (id: string) =>
  ctx.database.db
    .select({ action: activityLogs.action, details: activityLogs.details, actor: activityLogs.actorUserId })
    .from(activityLogs)
    .where(and(eq(activityLogs.requestId, id)))
    .orderBy(asc(activityLogs.createdAt));
const noticesOf = (id: string, type: string) =>
  ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.requestId, id), eq(notifications.type, type)));

const inDays = (days: number) => lisbonDate(new Date(Date.now() + days * 86_400_000));

describe("changing a request", () => {
  it("changes each field while New or Sourcing, one activity entry per field, and tells staff", async () => {
    const member = await createUser(ctx, { plan: "gold", name: "Marta Member" });
    for (const status of ["New", "Sourcing"] as const) {
      const id = await newRequest(member, status);
      const deadline = inDays(10);
      const res = await call(
        ctx,
        "PATCH /requests/:id",
        {
          params: { id },
          body: {
            budget_eur: 30000,
            urgency: "High",
            notes: "Any year from 1990.",
            deadline,
          },
        },
        as(member),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().changed).toEqual(["budget", "urgency", "notes", "deadline"]);
      const row = await rowOf(id);
      expect(row).toMatchObject({
        budgetEur: 30000,
        urgency: "High",
        notes: "Any year from 1990.",
        deadline,
        status,
      });
      const entries = (await changesOf(id)).filter((e) => e.action === "request_changed");
      expect(entries.map((e) => e.details)).toEqual([
        { field: "budget", from: 25000, to: 30000 },
        { field: "urgency", from: "Medium", to: "High" },
        { field: "notes", from: "Box and papers, please.", to: "Any year from 1990." },
        { field: "deadline", from: null, to: deadline },
      ]);
      expect(entries.every((e) => e.actor === member.id)).toBe(true);
      const [notice] = await noticesOf(id, "request_changed");
      expect(notice.userId).toBe(staff.id);
      expect(notice.title).toBe("Request changed: A vintage Rolex Daytona");
      expect(notice.body).toContain("Budget: €25,000 → €30,000");
      expect(notice.link).toBe(`/admin/requests/${id}`);
      // The member's detail shows the deadline.
      expect((await call(ctx, "GET /requests/:id", { params: { id } }, as(member))).json().deadline).toBe(deadline);
    }
  });

  it("changes one field alone, clears the deadline with null, and writes nothing when nothing differs", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const id = await newRequest(member);
    expect(
      (await call(ctx, "PATCH /requests/:id", { params: { id }, body: { budget_eur: 26000 } }, as(member))).json()
        .changed,
    ).toEqual(["budget"]);
    const today = lisbonDate();
    expect(
      (await call(ctx, "PATCH /requests/:id", { params: { id }, body: { deadline: today } }, as(member))).json()
        .changed,
    ).toEqual(["deadline"]);
    expect(
      (await call(ctx, "PATCH /requests/:id", { params: { id }, body: { deadline: null } }, as(member))).json().changed,
    ).toEqual(["deadline"]);
    expect((await rowOf(id)).deadline).toBeNull();
    // An emptied date field clears it too.
    await call(ctx, "PATCH /requests/:id", { params: { id }, body: { deadline: today } }, as(member));
    expect(
      (await call(ctx, "PATCH /requests/:id", { params: { id }, body: { deadline: "" } }, as(member))).json().changed,
    ).toEqual(["deadline"]);
    expect((await rowOf(id)).deadline).toBeNull();
    const before = (await changesOf(id)).length;
    const same = await call(
      ctx,
      "PATCH /requests/:id",
      { params: { id }, body: { budget_eur: 26000, urgency: "Medium" } },
      as(member),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().changed).toEqual([]);
    expect((await changesOf(id)).length).toBe(before);
    expect((await noticesOf(id, "request_changed")).length).toBe(5);
  });

  it("refuses invalid values with a clear message and changes nothing", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const id = await newRequest(member);
    const cases: Array<[object, string]> = [
      [{ budget_eur: 0 }, MESSAGES.budgetTooLow],
      [{ notes: "x".repeat(2001) }, MESSAGES.notesTooLong],
      [{ deadline: inDays(-1) }, REQUEST_CHANGE_MESSAGES.deadlinePast],
      [{ deadline: "tomorrow" }, "Please choose a valid date."],
      [{}, REQUEST_CHANGE_MESSAGES.nothingToChange],
    ];
    for (const [body, message] of cases) {
      const res = await call(ctx, "PATCH /requests/:id", { params: { id }, body }, as(member));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(
      (await call(ctx, "PATCH /requests/:id", unchecked({ params: { id }, body: { urgency: "Urgent" } }), as(member)))
        .statusCode,
    ).toBe(400);
    expect(await rowOf(id)).toMatchObject({ budgetEur: 25000, urgency: "Medium", deadline: null });
    expect((await changesOf(id)).map((e) => e.action)).toEqual(["created"]);
  });

  it("refuses with 409 once Quoted, Found, Delivered or Failed, and once withdrawn", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    for (const status of ["Quoted", "Found", "Delivered", "Failed", "Withdrawn"] as const) {
      const id = await newRequest(member, status);
      const message = status === "Withdrawn" ? REQUEST_CHANGE_MESSAGES.withdrawn : REQUEST_CHANGE_MESSAGES.locked;
      const edit = await call(ctx, "PATCH /requests/:id", { params: { id }, body: { budget_eur: 99 } }, as(member));
      expect(edit.statusCode, status).toBe(409);
      expect(edit.json().error).toBe(message);
      const withdraw = await call(ctx, "POST /requests/:id/withdraw", { params: { id } }, as(member));
      expect(withdraw.statusCode, status).toBe(409);
      expect(withdraw.json().error).toBe(message);
      expect(await rowOf(id)).toMatchObject({ budgetEur: 25000, status });
    }
  });

  it("answers 404 to another member and to staff, and 401 to no one signed in", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const other = await createUser(ctx, { plan: "black" });
    const id = await newRequest(member);
    for (const user of [other, staff]) {
      const edit = await call(ctx, "PATCH /requests/:id", { params: { id }, body: { budget_eur: 99 } }, as(user));
      expect(edit.statusCode).toBe(404);
      // A member reads the spec's words, staff "Request not found" (decision 038).
      expect(edit.json().error).toBe(user === staff ? ERRORS.requestNotFound : REQUEST_ERRORS.noPermission);
      expect((await call(ctx, "POST /requests/:id/withdraw", { params: { id } }, as(user))).statusCode).toBe(404);
    }
    expect((await call(ctx, "PATCH /requests/:id", { params: { id }, body: { budget_eur: 99 } }, {})).statusCode).toBe(
      401,
    );
    expect(
      (
        await call(
          ctx,
          "PATCH /requests/:id",
          { params: { id: crypto.randomUUID() }, body: { budget_eur: 99 } },
          as(member),
        )
      ).statusCode,
    ).toBe(404);
    expect(await rowOf(id)).toMatchObject({ budgetEur: 25000, status: "New" });
  });
});

describe("withdrawing a request", () => {
  it("keeps the request and its history as Withdrawn, tells staff, and closes the thread both ways", async () => {
    const member = await createUser(ctx, { plan: "gold", name: "Marta Member" });
    const id = await newRequest(member, "Sourcing");
    expect(
      (await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Hello" } }, as(member)))
        .statusCode,
    ).toBe(201);
    const res = await call(ctx, "POST /requests/:id/withdraw", { params: { id } }, as(member));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, status: "Withdrawn" });
    expect((await rowOf(id)).status).toBe("Withdrawn");
    expect((await changesOf(id)).at(-1)).toMatchObject({
      action: "status_changed",
      details: { from: "Sourcing", to: "Withdrawn" },
      actor: member.id,
    });
    const [notice] = await noticesOf(id, "request_withdrawn");
    expect(notice).toMatchObject({ userId: staff.id, title: "Request withdrawn: A vintage Rolex Daytona" });
    // The member is not told of their own act.
    expect((await noticesOf(id, "status_changed")).length).toBe(0);

    // Messages stay readable; sending is closed for both sides.
    expect(
      (await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(member))).json().messages,
    ).toHaveLength(1);
    for (const user of [member, staff]) {
      const sent = await call(
        ctx,
        "POST /requests/:id/messages",
        { params: { id }, body: { body: "One more thing" } },
        as(user),
      );
      expect(sent.statusCode).toBe(409);
      expect(sent.json().error).toBe(REQUEST_CHANGE_MESSAGES.threadClosed);
    }
    expect((await ctx.database.db.select().from(messages).where(eq(messages.requestId, id))).length).toBe(1);

    // Staff cannot move it; it stays in the lists and the filter finds it; it is not Active.
    const move = await call(
      ctx,
      "POST /admin/requests/:id/status",
      { params: { id }, body: { status: "Failed" } },
      as(staff),
    );
    expect(move.statusCode).toBe(409);
    const pipeline = (
      await call(ctx, "GET /admin/requests", { query: { status: "Withdrawn", pageSize: 100 } }, as(staff))
    ).json();
    expect(pipeline.items.map((r: { id: string }) => r.id)).toContain(id);
    const mine = (await call(ctx, "GET /requests", { query: { status: "Withdrawn" } }, as(member))).json();
    expect(mine.items.map((r: { id: string }) => r.id)).toEqual([id]);
    const dashboard = (await call(ctx, "GET /dashboard", {}, as(member))).json();
    expect(dashboard.counts).toEqual({ total: 1, active: 0, delivered: 0 });
    const stats = (await call(ctx, "GET /admin/stats", {}, as(staff))).json();
    expect(stats.funnel.map((f: { status: string }) => f.status).at(-1)).toBe("Withdrawn");
    expect(stats.funnel.find((f) => f.status === "Withdrawn")?.count).toBeGreaterThanOrEqual(1);
  });

  it("cannot be quoted once withdrawn: no new draft, and a draft written before cannot be sent", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const id = await newRequest(member, "Sourcing");
    const quote = { validUntil: inDays(7), options: [{ title: "Daytona 1992", priceCents: 2_400_000 }] };
    const draft = await call(ctx, "POST /admin/requests/:id/quotes", { params: { id }, body: quote }, as(staff));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await call(ctx, "POST /requests/:id/withdraw", { params: { id } }, as(member))).statusCode).toBe(200);
    expect(
      (await call(ctx, "POST /admin/requests/:id/quotes", { params: { id }, body: quote }, as(staff))).statusCode,
    ).toBe(409);
    const send = await call(
      ctx,
      "POST /admin/requests/:id/quotes/:quoteId/send",
      { params: { id, quoteId: draft.json().id } },
      as(staff),
    );
    expect(send.statusCode).toBe(409);
    expect((await rowOf(id)).status).toBe("Withdrawn");
  });

  it("tells the staff's streams live: the request lists and its activity", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const id = await newRequest(member);
    const tab = await openStream(staff);
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await call(ctx, "PATCH /requests/:id", { params: { id }, body: { budget_eur: 27000 } }, as(member));
      await expect.poll(() => tab.events).toContain("activity");
      await expect.poll(() => tab.events).toContain("requests");
      tab.events.length = 0;
      await call(ctx, "POST /requests/:id/withdraw", { params: { id } }, as(member));
      await expect.poll(() => tab.events).toContain("activity");
      await expect.poll(() => tab.events).toContain("notifications");
    } finally {
      tab.close();
    }
  });
});

/** The event stream as a browser tab opens it. */
const openStream = (user: TestUser) => openEventStream(base, user.cookie);
