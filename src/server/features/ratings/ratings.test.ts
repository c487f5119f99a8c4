/**
 * Satisfaction ratings (issue 31 item 5, decision 051) through the app: only the request's member, only after
 * confirming receipt, once (409 after, and 20 at once write one row), 1–5, a comment of at most 1,000
 * characters; a low score tells the owner and the admins (notification and email); the dashboard's scores per
 * staff member and tier over 30 days. Runs on PGlite and on PostgreSQL (DRIVER_SUITES).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { insertRequest } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { RATING_ERRORS } from "@/shared/contracts/ratings-texts";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { deliveries, notifications, outbox, ratings } from "../../db/schema";

let ctx: TestContext;
let owner: TestUser;
let otherStaff: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  owner = await createUser(ctx, { role: "staff", name: "Rita Owner" });
  otherStaff = await createUser(ctx, { role: "staff", name: "Beatriz Other" });
  admin = await createUser(ctx, { role: "admin", name: "Bruno Admin" });
});
afterAll(() => ctx.close());

/** A gold member's request, delivered (owned by Rita), and optionally confirmed by the member through the app. */
async function delivered(options: { confirm?: boolean; plan?: "gold" | "black" } = {}) {
  const member = await createUser(ctx, { plan: options.plan ?? "gold", name: "Ana Sousa" });
  const id = await insertRequest(ctx, member.id, { status: "Delivered", assigneeUserId: owner.id, title: "Kelly 28" });
  await ctx.database.db.insert(deliveries).values({ requestId: id, deliveredBy: owner.id });
  if (options.confirm !== false) {
    const confirmed = await call(ctx, "POST /requests/:id/delivery/confirm", { params: { id } }, as(member));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return { member, id };
}

const rate = (user: TestUser, id: string, body: { score: number; comment?: string }) =>
  call(ctx, "POST /requests/:id/rating", { params: { id }, body }, as(user));
const stateOf = (user: TestUser, id: string) => call(ctx, "GET /requests/:id/rating", { params: { id } }, as(user));
const rowsOf = (id: string) => ctx.database.db.select().from(ratings).where(eq(ratings.requestId, id));

describe("rating a delivery", () => {
  it("is asked once receipt is confirmed, given once, and kept with the owner and the tier of the moment", async () => {
    const { member, id } = await delivered({ confirm: false });
    expect((await stateOf(member, id)).json()).toEqual({ state: "unavailable", rating: null });
    const early = await rate(member, id, { score: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(RATING_ERRORS.notYet);

    await call(ctx, "POST /requests/:id/delivery/confirm", { params: { id } }, as(member));
    expect((await stateOf(member, id)).json()).toEqual({ state: "open", rating: null });

    const given = await rate(member, id, { score: 5, comment: "  Impeccable, thank you.  " });
    expect(given.statusCode, given.body).toBe(201);
    expect(given.json()).toMatchObject({ state: "given", rating: { score: 5, comment: "Impeccable, thank you." } });
    expect((await stateOf(member, id)).json()).toMatchObject({ state: "given", rating: { score: 5 } });

    const again = await rate(member, id, { score: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: RATING_ERRORS.alreadyRated, code: "already_rated" });
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ score: 5, ownerUserId: owner.id, tier: "gold", memberUserId: member.id });
  });

  it("is the request's member's only: another member and staff are told it does not exist", async () => {
    const { id } = await delivered();
    const stranger = await createUser(ctx, { plan: "gold" });
    for (const user of [stranger]) {
      const read = await stateOf(user, id);
      expect(read.statusCode).toBe(404);
      expect(read.json().error).toBe(REQUEST_ERRORS.noPermission);
      expect((await rate(user, id, { score: 4 })).statusCode).toBe(404);
    }
    expect((await rate(owner, id, { score: 4 })).statusCode).toBe(404);
    expect((await stateOf(admin, id)).statusCode).toBe(404);
    expect((await call(ctx, "POST /requests/:id/rating", { params: { id }, body: { score: 4 } })).statusCode).toBe(401);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it("takes a whole score from 1 to 5 and a comment of at most 1,000 characters, else changes nothing", async () => {
    const { member, id } = await delivered();
    const bad: Array<[unknown, string]> = [
      [{ score: 0 }, RATING_ERRORS.scoreInvalid],
      [{ score: 6 }, RATING_ERRORS.scoreInvalid],
      [{ score: 2.5 }, RATING_ERRORS.scoreInvalid],
      [{ score: "5" }, RATING_ERRORS.scoreInvalid],
      [{}, RATING_ERRORS.scoreInvalid],
      [{ score: 4, comment: "x".repeat(1001) }, RATING_ERRORS.commentTooLong],
    ];
    for (const [body, error] of bad) {
      const res = await call(ctx, "POST /requests/:id/rating", unchecked({ params: { id }, body }), as(member));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe(error);
    }
    expect(await rowsOf(id)).toHaveLength(0);
    expect((await rate(member, id, { score: 4, comment: "y".repeat(1000) })).statusCode).toBe(201);
  });

  it("20 submissions at once write one rating: one is taken, the others are told it was rated", async () => {
    const { member, id } = await delivered();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => rate(member, id, { score: (i % 5) + 1 })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await rowsOf(id)).toHaveLength(1);
  });
});

describe("a low rating", () => {
  const noticesOf = (userId: string, requestId: string) =>
    ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, "rating_low"),
          eq(notifications.requestId, requestId),
        ),
      );

  it("alerts the owner and the admins, in the app and by email, and no one else", async () => {
    const { member, id } = await delivered();
    const res = await rate(member, id, { score: 2, comment: "The box was damaged." });
    expect(res.statusCode, res.body).toBe(201);
    const [notice] = await noticesOf(owner.id, id);
    expect(notice).toMatchObject({ title: "Rated 2/5: Kelly 28", link: `/admin/requests/${id}` });
    expect(notice.body).toContain("The box was damaged.");
    expect(await noticesOf(admin.id, id)).toHaveLength(1);
    expect(await noticesOf(otherStaff.id, id)).toHaveLength(0);
    expect(await noticesOf(member.id, id)).toHaveLength(0);
    const mails = (await ctx.database.db.select().from(outbox)).filter(
      (m) => (m.payload as { reason?: string }).reason === "rating_low",
    );
    const to = mails.map((m) => (m.payload as { to: string }).to);
    expect(to).toEqual(expect.arrayContaining([owner.email, admin.email]));
    expect(to).not.toContain(otherStaff.email);
  });

  it("of 3 or more alerts no one", async () => {
    const { member, id } = await delivered();
    await rate(member, id, { score: 3 });
    expect(await noticesOf(owner.id, id)).toHaveLength(0);
    expect(await noticesOf(admin.id, id)).toHaveLength(0);
  });
});

describe("the dashboard's scores", () => {
  it("average and count per staff member and tier over the last 30 days, staff only", async () => {
    const fresh = await createTestApp({ deps: { startWorkers: false } });
    try {
      const rita = await createUser(fresh, { role: "staff", name: "Rita Owner" });
      const boss = await createUser(fresh, { role: "admin", name: "Bruno Admin" });
      const rated = async (plan: "gold" | "black", assignee: string | null, score: number, daysAgo = 0) => {
        const member = await createUser(fresh, { plan });
        const id = await insertRequest(fresh, member.id, { status: "Delivered", assigneeUserId: assignee });
        await fresh.database.db.insert(ratings).values({
          subject: `request:${id}`,
          requestId: id,
          memberUserId: member.id,
          ownerUserId: assignee,
          tier: plan,
          score,
          createdAt: new Date(Date.now() - daysAgo * 86_400_000),
        });
      };
      await rated("gold", rita.id, 5);
      await rated("black", rita.id, 4);
      await rated("black", boss.id, 2);
      await rated("gold", null, 3);
      await rated("gold", rita.id, 1, 31); // outside the window

      const res = await call(fresh, "GET /admin/ratings", {}, as(rita));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        days: 30,
        overall: { average: 3.5, count: 4 },
        byStaff: [
          { id: rita.id, name: "Rita Owner", average: 4.5, count: 2 },
          { id: null, name: null, average: 3, count: 1 },
          { id: boss.id, name: "Bruno Admin", average: 2, count: 1 },
        ],
        byTier: [
          { tier: "black", average: 3, count: 2 },
          { tier: "gold", average: 4, count: 2 },
        ],
      });
      const member = await createUser(fresh, { plan: "black" });
      expect((await call(fresh, "GET /admin/ratings", {}, as(member))).statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
