/**
 * The QA tools (issue 13): staff only, and absent on a public deployment unless asked for; seeding marks what it
 * makes so one call removes it all and nothing else; the spec's two messages when there is nothing to use.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { staffTestApp } from "#tests/helpers/staff-app";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ERRORS } from "@/shared/contracts/common-texts";
import { QA_ERRORS } from "@/shared/contracts/qa-texts";
import { notifications, requests, users } from "../../db/schema";
import { qaLimitReached } from "./service";

let ctx: TestContext;
let staff: TestUser;
staffTestApp((started) => {
  ({ ctx, staff } = started);
});

describe("QA tools", () => {
  it("says what to do first when there is no client or no request", async () => {
    const fake = await call(ctx, "POST /admin/qa/fake-request", {}, as(staff));
    expect(fake.statusCode).toBe(409);
    expect(fake.json().error).toBe(QA_ERRORS.qaNoClient);
    const test = await call(ctx, "POST /admin/qa/test-notification", {}, as(staff));
    expect(test.statusCode).toBe(409);
    expect(test.json().error).toBe(QA_ERRORS.qaNoRequest);
  });

  it("seeds demo data, makes fake requests and test notifications, and removes only what it seeded", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const [own] = await ctx.database.db
      .insert(requests)
      .values({
        userId: member.id,
        title: "A real request",
        category: "Autos",
        budgetEur: 1000,
        phoneNumber: "+351912345678",
      })
      .returning({ id: requests.id });

    const seeded = await call(ctx, "POST /admin/qa/seed", {}, as(staff));
    expect(seeded.statusCode).toBe(201);
    expect(seeded.json()).toMatchObject({ clients: 5, requests: 16, inquiries: 1, conciergeMessages: 3 });
    expect((await call(ctx, "GET /admin/qa", {}, as(staff))).json()).toEqual({ seeded: { clients: 5, requests: 16 } });
    const pipeline = (await call(ctx, "GET /admin/requests", { query: { pageSize: "100" } }, as(staff))).json();
    expect(new Set(pipeline.items.map((r: { status: string }) => r.status))).toEqual(
      new Set(["New", "Sourcing", "Quoted", "Found", "Delivered", "Failed"]),
    );
    expect((await call(ctx, "GET /admin/stats", {}, as(staff))).json().firstReply.replied).toBeGreaterThan(0);

    const fake = await call(ctx, "POST /admin/qa/fake-request", {}, as(staff));
    expect(fake.statusCode).toBe(201);
    expect(fake.json().title).toMatch(/^\[QA\] /);
    // Through the real path: the staff are told of the new request.
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, staff.id));
    expect(told.map((n) => n.type)).toContain("request_created");

    const test = await call(ctx, "POST /admin/qa/test-notification", {}, as(staff));
    expect(test.statusCode).toBe(201);
    const [note] = await ctx.database.db.select().from(notifications).where(eq(notifications.id, test.json().id));
    expect(note).toMatchObject({ userId: staff.id, type: "test", read: false });

    const removed = await call(ctx, "DELETE /admin/qa/seed", {}, as(staff));
    expect(removed.json()).toEqual({ clients: 5, requests: 17 });
    expect((await call(ctx, "GET /admin/qa", {}, as(staff))).json()).toEqual({ seeded: { clients: 0, requests: 0 } });
    const left = await ctx.database.db.select({ id: requests.id }).from(requests);
    expect(left).toEqual([{ id: own.id }]);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
  });

  it("makes a fake request only for a member whose plan allows it, within their monthly limit, and counts it", async () => {
    const silver = await createUser(ctx, { plan: "silver", name: "Sara Silva" });
    for (let i = 0; i < 5; i++) {
      const made = await call(
        ctx,
        "POST /requests",
        { body: { title: "A watch", category: "Fashion", budget_eur: 100, phone_number: "+351912345678" } },
        as(silver),
      );
      expect(made.statusCode).toBe(201);
    }
    // A newer member on Basic cannot have requests: the Silver member, at their limit, is the one chosen.
    await createUser(ctx, { plan: "free" });
    const refused = await call(ctx, "POST /admin/qa/fake-request", {}, as(staff));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(qaLimitReached("Sara Silva"));
    expect(await ctx.database.db.select().from(requests).where(eq(requests.userId, silver.id))).toHaveLength(5);

    const gold = await createUser(ctx, { plan: "gold" });
    const fake = await call(ctx, "POST /admin/qa/fake-request", {}, as(staff));
    expect(fake.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(requests).where(eq(requests.id, fake.json().id));
    expect(row).toMatchObject({ userId: gold.id, seeded: true });
    expect((await call(ctx, "GET /requests/allowance", {}, as(gold))).json().usedThisMonth).toBe(1);
  });

  it("does not exist on a public deployment unless ENABLE_QA_TOOLS=true", async () => {
    const env = { APP_URL: "https://maison.example", PAYMENTS_MODE: "test" };
    const closed = await createTestApp({ env, deps: { startWorkers: false } });
    const open = await createTestApp({ env: { ...env, ENABLE_QA_TOOLS: "true" }, deps: { startWorkers: false } });
    try {
      const closedStaff = await createUser(closed, { role: "admin" });
      for (const key of [
        "GET /admin/qa",
        "POST /admin/qa/seed",
        "DELETE /admin/qa/seed",
        "POST /admin/qa/fake-request",
        "POST /admin/qa/test-notification",
      ] as const) {
        const res = await call(closed, key, {}, as(closedStaff));
        expect(res.statusCode, key).toBe(404);
        expect(res.json().error).toBe(ERRORS.qaDisabled);
      }
      expect(await closed.database.db.select().from(requests)).toEqual([]);
      const openStaff = await createUser(open, { role: "staff" });
      expect((await call(open, "GET /admin/qa", {}, as(openStaff))).statusCode).toBe(200);
    } finally {
      await closed.close();
      await open.close();
    }
  });
});
