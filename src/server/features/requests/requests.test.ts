/** Sourcing requests through the API: validation, the plan gate, the monthly limit, threads, staff actions. */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ERRORS, MESSAGES } from "@/shared/contracts/common-texts";
import type { requestListQuery } from "@/shared/contracts/requests";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import type { RequestStatus } from "@/shared/requests";
import type { NewRequestInput } from "@/shared/schemas";
import { resolveViewer } from "../../auth/viewer";
import {
  activityLogs,
  executiveConciergeMessages,
  messageReads,
  messages,
  notifications,
  outbox,
  requests,
  salesInquiries,
} from "../../db/schema";
import { allowance, createRequest } from "./service";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OWNER_EMAILS: "owner@maison.test" }, deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const VALID: NewRequestInput = {
  title: "A vintage Rolex Daytona",
  category: "Fashion",
  budget_eur: 25000,
  urgency: "High",
  notes: "Box and papers, please.",
  phone_number: "+351912345678",
};
const create = (user: TestUser | null, body: NewRequestInput = VALID) =>
  call(ctx, "POST /requests", { body }, as(user));
const viewerOf = async (user: TestUser) =>
  (await resolveViewer({ auth: ctx.app.ctx.auth, db: ctx.database.db }, user.cookie)).viewer!;

describe("creating a request", () => {
  it("refuses each invalid field with the spec's message, and creates nothing", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const cases: Array<[object, string]> = [
      [{ title: "ab" }, MESSAGES.titleTooShort],
      [{ title: "x".repeat(201) }, MESSAGES.titleTooLong],
      [{ category: "Boats" }, MESSAGES.categoryRequired],
      [{ budget_eur: 0 }, MESSAGES.budgetTooLow],
      [{ budget_eur: -5 }, MESSAGES.budgetTooLow],
      [{ notes: "x".repeat(2001) }, MESSAGES.notesTooLong],
      [{ phone_number: "+35191" }, MESSAGES.phoneTooShort],
      [{ phone_number: "+35191234567890123456" }, MESSAGES.phoneTooLong],
    ];
    for (const [change, message] of cases) {
      const res = await call(ctx, "POST /requests", unchecked({ body: { ...VALID, ...change } }), as(member));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error).toBe(message);
    }
    // At the boundaries: accepted.
    const ok = await create(member, { ...VALID, title: "abc", budget_eur: 1, notes: "x".repeat(2000) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await ctx.database.db.select().from(requests).where(eq(requests.userId, member.id))).length).toBe(1);
  });

  it("lets only active Silver, Gold and Black members create; Basic, no plan and staff are refused", async () => {
    for (const plan of ["silver", "gold", "black"] as const) {
      expect((await create(await createUser(ctx, { plan }))).statusCode).toBe(201);
    }
    for (const user of [await createUser(ctx), await createUser(ctx, { plan: "free" })]) {
      const res = await create(user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(REQUEST_ERRORS.requestsPlanRequired);
    }
    for (const role of ["staff", "admin"] as const) {
      const res = await create(await createUser(ctx, { role, plan: "black" }));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/^Access Restricted/);
    }
    expect((await create(null)).statusCode).toBe(401);
  });

  it("writes the activity entry and one email to the owners, with every value escaped", async () => {
    const member = await createUser(ctx, { plan: "gold", name: "Ana <b>Sousa</b>" });
    const res = await create(member, { ...VALID, title: "<script>alert(1)</script> watch" });
    const { id } = res.json();
    const activity = await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.requestId, id));
    expect(activity.map((a) => a.action)).toEqual(["created"]);
    const mails = await ctx.database.db
      .select()
      .from(outbox)
      .where(
        and(
          sql`${outbox.payload}->>'reason' = 'request_created'`,
          sql`${outbox.payload}->>'html' like ${`%${id}%`}`,
          sql`${outbox.payload}->>'to' = 'owner@maison.test'`,
        ),
      );
    // One to the owners' mailbox (each staff member is also told, by their preferences: notifications.test.ts).
    expect(mails).toHaveLength(1);
    expect(mails[0].payload.to).toBe("owner@maison.test");
    expect(mails[0].payload.html).not.toContain("<script>");
    expect(mails[0].payload.html).toContain("&lt;script&gt;");
  });
});

describe("the monthly limit", () => {
  it("allows Silver five requests a month: the sixth is refused", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await create(member)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 403]);
    const refused = await create(member);
    expect(refused.json().error).toBe(REQUEST_ERRORS.limitReached);
    expect((await call(ctx, "GET /requests/allowance", {}, as(member))).json()).toEqual({
      canCreate: false,
      limit: 5,
      usedThisMonth: 5,
      remainingThisMonth: 0,
      renewsOn: expect.stringMatching(/^\d{4}-\d{2}-01$/),
    });
  });

  it("counts a deleted request for the month it was created in: deleting cannot free a slot", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(member)).json().id);
    for (const id of ids) {
      const del = await call(ctx, "DELETE /requests/:id", { params: { id } }, as(member));
      expect(del.statusCode).toBe(200);
    }
    const refused = await create(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(REQUEST_ERRORS.limitReached);
    const left = (await call(ctx, "GET /requests/allowance", {}, as(member))).json();
    expect(left).toMatchObject({ canCreate: false, usedThisMonth: 5, remainingThisMonth: 0 });
    expect(await ctx.database.db.select().from(requests).where(eq(requests.userId, member.id))).toHaveLength(0);
  });

  it("creates exactly five of twenty simultaneous submissions", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const results = await Promise.all(Array.from({ length: 20 }, () => create(member)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(15);
    expect(await ctx.database.db.select().from(requests).where(eq(requests.userId, member.id))).toHaveLength(5);
  });

  it("counts calendar months in Lisbon time", async () => {
    const fill = async (at: string) => {
      const viewer = await viewerOf(await createUser(ctx, { plan: "silver" }));
      for (let i = 0; i < 5; i++) await createRequest(ctx.app.ctx, viewer, VALID as never, { now: new Date(at) });
      return viewer;
    };
    // 22:00 UTC on 31 July is 23:00 in Lisbon (summer time, UTC+1): July is full. At 23:30 UTC it is already
    // 1 August in Lisbon, though still 31 July in UTC: a new month.
    const summer = await fill("2026-07-31T22:00:00Z");
    await expect(
      createRequest(ctx.app.ctx, summer, VALID as never, { now: new Date("2026-07-31T22:59:00Z") }),
    ).rejects.toThrow(REQUEST_ERRORS.limitReached);
    expect((await allowance(ctx.app.ctx, summer, new Date("2026-07-31T23:30:00Z"))).usedThisMonth).toBe(0);
    await createRequest(ctx.app.ctx, summer, VALID as never, { now: new Date("2026-07-31T23:30:00Z") });
    // In winter Lisbon is on UTC: 23:30 UTC on 31 January is still January there.
    const winter = await fill("2027-01-31T22:00:00Z");
    await expect(
      createRequest(ctx.app.ctx, winter, VALID as never, { now: new Date("2027-01-31T23:30:00Z") }),
    ).rejects.toThrow(REQUEST_ERRORS.limitReached);
    expect((await allowance(ctx.app.ctx, winter, new Date("2027-02-01T00:30:00Z"))).usedThisMonth).toBe(0);
  });
});

describe("when the allowance renews", () => {
  it("answers renewsOn: the first day of the next month in Lisbon, the month the count follows", async () => {
    const viewer = await viewerOf(await createUser(ctx, { plan: "silver" }));
    const renewsOn = async (at: string) => (await allowance(ctx.app.ctx, viewer, new Date(at))).renewsOn;
    // 22:30 UTC on 31 July is still July in Lisbon (UTC+1 in summer); at 23:30 UTC it is August there.
    expect(await renewsOn("2026-07-31T22:30:00Z")).toBe("2026-08-01");
    expect(await renewsOn("2026-07-31T23:30:00Z")).toBe("2026-09-01");
    // In winter Lisbon is on UTC; December rolls over into the next year.
    expect(await renewsOn("2027-01-31T23:30:00Z")).toBe("2027-02-01");
    expect(await renewsOn("2026-12-31T23:59:59Z")).toBe("2027-01-01");
    expect(await renewsOn("2026-02-01T00:00:00Z")).toBe("2026-03-01");
    // Over HTTP as well, for a member at the limit and for one without a limit.
    const member = await createUser(ctx, { plan: "silver" });
    const body = (await call(ctx, "GET /requests/allowance", {}, as(member))).json();
    expect(body.renewsOn).toMatch(/^\d{4}-\d{2}-01$/);
    expect(new Date(`${body.renewsOn}T12:00:00Z`).getTime()).toBeGreaterThan(Date.now());
    expect(
      (await call(ctx, "GET /requests/allowance", {}, as(await createUser(ctx, { plan: "gold" })))).json().renewsOn,
    ).toBe(body.renewsOn);
  });
});

describe("seeing requests", () => {
  it("lists own requests with search, status filter and pages; another member sees none of them", async () => {
    const [ana, rui] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { plan: "gold" })];
    await create(ana, { ...VALID, title: "Porsche 911 GT3", category: "Autos" });
    await create(ana, { ...VALID, title: "Villa in Comporta", category: "Real Estate" });
    await create(ana, { ...VALID, title: "Hermès Birkin", category: "Fashion" });
    const list = async (user: TestUser, query: z.input<typeof requestListQuery> = {}) =>
      (await call(ctx, "GET /requests", { query }, as(user))).json();
    expect((await list(ana)).total).toBe(3);
    expect((await list(ana, { q: "porsche" })).items.map((r) => r.title)).toEqual(["Porsche 911 GT3"]);
    expect((await list(ana, { q: "real estate" })).items).toHaveLength(1);
    expect((await list(ana, { q: "%" })).items).toHaveLength(0);
    expect((await list(ana, { status: "Sourcing" })).total).toBe(0);
    const page = await list(ana, { pageSize: 2, page: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items).toHaveLength(1);
    expect((await list(rui)).total).toBe(0);
  });

  it("shows a request to its owner and staff; to another member it is as a missing one (404, the spec's words)", async () => {
    const [ana, rui, staff] = [
      await createUser(ctx, { plan: "gold" }),
      await createUser(ctx, { plan: "gold" }),
      await createUser(ctx, { role: "staff" }),
    ];
    const { id } = (await create(ana)).json();
    const mine = await call(ctx, "GET /requests/:id", { params: { id } }, as(ana));
    expect(mine.json()).toMatchObject({ id, title: VALID.title, status: "New", client: { id: ana.id } });
    expect((await call(ctx, "GET /requests/:id", { params: { id } }, as(staff))).statusCode).toBe(200);
    const theirs = await call(ctx, "GET /requests/:id", { params: { id } }, as(rui));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({
      error: REQUEST_ERRORS.noPermission,
      code: "not_found",
      key: "error.no_permission",
      requestId: expect.any(String),
    });
    // A missing one answers the same to a member (its existence is not revealed); staff read "Request not found".
    const missing = await call(
      ctx,
      "GET /requests/:id",
      { params: { id: "00000000-0000-4000-8000-000000000000" } },
      as(ana),
    );
    expect(missing.statusCode).toBe(404);
    expect({ ...missing.json(), requestId: null }).toEqual({ ...theirs.json(), requestId: null });
    const staffMissing = await call(
      ctx,
      "GET /requests/:id",
      { params: { id: "00000000-0000-4000-8000-000000000000" } },
      as(staff),
    );
    expect(staffMissing.json().error).toBe(ERRORS.requestNotFound);
    const staffList = (await call(ctx, "GET /admin/requests", { query: { q: "daytona" } }, as(staff))).json();
    expect(
      staffList.items.some(
        (r: { id: string; client: { email: string } }) => r.id === id && r.client.email === ana.email,
      ),
    ).toBe(true);
  });
});

describe("threads", () => {
  it("posts messages, emails the other side once, marks reads idempotently and counts unread", async () => {
    const [ana, staff] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { role: "staff" })];
    const { id } = (await create(ana)).json();
    expect(
      (await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "   " } }, as(ana))).json().error,
    ).toBe(MESSAGES.enterMessage);
    expect(
      (await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Any news?\nThanks" } }, as(ana)))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/messages",
          { params: { id }, body: { body: "Found one <b>today</b>." } },
          as(staff),
        )
      ).statusCode,
    ).toBe(201);

    const thread = (await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(ana))).json().messages;
    expect(thread.map((m: { body: string; mine: boolean }) => [m.body, m.mine])).toEqual([
      ["Any news?\nThanks", true],
      ["Found one <b>today</b>.", false],
    ]);
    expect(thread[1].sender).toMatchObject({ isStaff: true });

    const reasons = async (reason: string) =>
      (await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'reason' = ${reason}`)).filter((m) =>
        String(m.payload.text).includes(VALID.title),
      );
    const toOwners = (await reasons("client_message")).filter(
      (m) => String(m.payload.text).includes("Any news?") && m.payload.to === "owner@maison.test",
    );
    expect(toOwners).toHaveLength(1);
    const replies = (await reasons("admin_reply")).filter((m) => m.payload.to === ana.email);
    expect(replies).toHaveLength(1);
    expect(replies[0].payload.html).toContain("Found one &lt;b&gt;today&lt;/b&gt;.");

    expect((await call(ctx, "GET /messages/unread", {}, as(ana))).json().unread).toBe(1);
    await call(ctx, "POST /requests/:id/read", { params: { id } }, as(ana));
    await call(ctx, "POST /requests/:id/read", { params: { id } }, as(ana));
    expect((await call(ctx, "GET /messages/unread", {}, as(ana))).json().unread).toBe(0);
    const reads = await ctx.database.db.select().from(messageReads).where(eq(messageReads.userId, ana.id));
    expect(reads).toHaveLength(1);

    const conversations = (await call(ctx, "GET /messages/conversations", {}, as(ana))).json().items;
    expect(conversations[0]).toMatchObject({ id, lastMessage: "Found one <b>today</b>.", messageCount: 2, unread: 0 });
  });
});

describe("members' message throttle", () => {
  it("takes 20 messages a minute from a member across threads, concierge and sales, then answers 429; staff are not limited", async () => {
    const [member, staff] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { role: "staff" })];
    const id = (await create(member)).json().id;
    const sends = [
      ...Array.from(
        { length: 10 },
        (_, i) => () =>
          call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: `M${i}` } }, as(member)),
      ),
      ...Array.from(
        { length: 5 },
        (_, i) => () => call(ctx, "POST /concierge/messages", { body: { message: `C${i}` } }, as(member)),
      ),
      ...Array.from(
        { length: 5 },
        (_, i) => () =>
          call(ctx, "POST /sales/inquiries", { body: { subject: `S${i}`, message: "Hello" } }, as(member)),
      ),
    ];
    for (const send of sends) expect((await send()).statusCode).toBe(201);
    const { db } = ctx.database;
    const count = async () =>
      (
        await Promise.all([
          db.select().from(messages).where(eq(messages.senderUserId, member.id)),
          db.select().from(executiveConciergeMessages).where(eq(executiveConciergeMessages.userId, member.id)),
          db.select().from(salesInquiries).where(eq(salesInquiries.userId, member.id)),
        ])
      ).flat().length;
    expect(await count()).toBe(20);
    for (const refused of [
      await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "One more" } }, as(member)),
      await call(ctx, "POST /concierge/messages", { body: { message: "One more" } }, as(member)),
      await call(ctx, "POST /sales/inquiries", { body: { subject: "One more", message: "Hello" } }, as(member)),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: ERRORS.messagesTooFast, code: "rate_limited" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect(await count()).toBe(20);
    for (let i = 0; i < 25; i++) {
      expect(
        (await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: `Reply ${i}` } }, as(staff)))
          .statusCode,
      ).toBe(201);
    }
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("a message racing a deletion", () => {
  it("answers 404 and writes nothing when the request is deleted between the read and the write", async () => {
    const { raceWithOpenChange } = await import("#tests/helpers/database");
    const [ana, staff] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { role: "staff" })];
    const { id } = (await create(ana)).json();
    // The reply still reads the request (its deletion is not committed), then its insert meets the deletion.
    const res = await raceWithOpenChange(
      ctx,
      (tx) => tx.delete(requests).where(eq(requests.id, id)),
      () => call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Too late" } }, as(staff)),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(ERRORS.requestNotFound);
    expect(await ctx.database.db.select().from(notifications).where(eq(notifications.userId, ana.id))).toEqual([]);
    const replies = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'to' = ${ana.email} and ${outbox.payload}->>'reason' = 'admin_reply'`);
    expect(replies).toEqual([]);
  });
});

describe("read marks", () => {
  it("shows each side when the other has read its messages", async () => {
    const [ana, staff] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { role: "staff" })];
    const { id } = (await create(ana)).json();
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Any news?" } }, as(ana));
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Soon." } }, as(staff));
    const reads = async (user: TestUser) =>
      (await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(user)))
        .json()
        .messages.map((m: { read: boolean }) => m.read);
    expect(await reads(ana)).toEqual([false, false]);
    await call(ctx, "POST /requests/:id/read", { params: { id } }, as(ana));
    expect(await reads(staff)).toEqual([false, true]);
    await call(ctx, "POST /requests/:id/read", { params: { id } }, as(staff));
    expect(await reads(ana)).toEqual([true, true]);
  });
});

describe("staff actions", () => {
  it("moves a request along the spec's transitions only, with activity and a notification", async () => {
    const [ana, staff] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { role: "staff" })];
    const { id } = (await create(ana)).json();
    const status = (to: RequestStatus) =>
      call(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: to } }, as(staff));
    expect((await status("Quoted")).statusCode).toBe(409);
    expect((await status("Sourcing")).statusCode).toBe(200);
    expect((await status("New")).statusCode).toBe(409);
    // Quoted is reached by sending a quote, never by hand (decision 030): a clear 409, nothing changes.
    const quoted = await status("Quoted");
    expect(quoted.statusCode).toBe(409);
    expect(quoted.json()).toMatchObject({ error: REQUEST_ERRORS.quotedBySending, key: "quotes.quoted_by_sending" });
    expect((await ctx.database.db.select().from(requests).where(eq(requests.id, id)))[0].status).toBe("Sourcing");
    // As a sent quote would leave it (quotes.test.ts sends them).
    await ctx.database.db.update(requests).set({ status: "Quoted" }).where(eq(requests.id, id));
    expect((await status("Found")).statusCode).toBe(200);
    expect((await status("Failed")).statusCode).toBe(200);
    expect((await status("Sourcing")).statusCode).toBe(409);
    const activity = (await call(ctx, "GET /admin/requests/:id/activity", { params: { id } }, as(staff))).json().items;
    expect(activity.map((a: { action: string }) => a.action)).toEqual([
      "created",
      "status_changed",
      "status_changed",
      "status_changed",
    ]);
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, id), eq(notifications.userId, ana.id)));
    expect(notes.map((n) => n.type)).toEqual(Array(3).fill("status_changed"));
    expect(notes.map((n) => n.link)).toEqual(Array(3).fill(`/requests/${id}`));
  });

  it("deletes a request with its messages, reads and activity (its owner, or staff)", async () => {
    const [ana, rui, staff] = [
      await createUser(ctx, { plan: "gold" }),
      await createUser(ctx, { plan: "gold" }),
      await createUser(ctx, { role: "staff" }),
    ];
    const { id } = (await create(ana)).json();
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Hello" } }, as(staff));
    await call(ctx, "POST /requests/:id/read", { params: { id } }, as(ana));
    expect((await call(ctx, "DELETE /requests/:id", { params: { id } }, as(rui))).statusCode).toBe(404);
    expect((await call(ctx, "DELETE /requests/:id", { params: { id } }, as(ana))).statusCode).toBe(200);
    for (const table of [requests, messages, activityLogs] as const) {
      const column =
        table === requests ? requests.id : table === messages ? messages.requestId : activityLogs.requestId;
      expect(await ctx.database.db.select().from(table).where(eq(column, id))).toHaveLength(0);
    }
    expect(await ctx.database.db.select().from(messageReads).where(eq(messageReads.userId, ana.id))).toHaveLength(0);
    const second = (await create(ana)).json().id;
    expect((await call(ctx, "DELETE /requests/:id", { params: { id: second } }, as(staff))).statusCode).toBe(200);
  });
});
