/** The Executive Concierge through the API. */
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { outboxMails } from "#tests/helpers/mail";
import { as, createUser, grantPlan } from "#tests/helpers/users";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { CONCIERGE_ERRORS } from "@/shared/contracts/concierge-texts";
import { executiveConciergeMessages, users } from "../../db/schema";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { OWNER_EMAILS: "owner@maison.test" }, deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const mails = (reason: string, text: string) => outboxMails(ctx, reason, text);

describe("the concierge", () => {
  it("is for Gold and Black members; Silver, Basic, no plan and staff cannot write", async () => {
    for (const plan of ["gold", "black"] as const) {
      const member = await createUser(ctx, { plan });
      expect((await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(member))).statusCode).toBe(
        201,
      );
      expect((await call(ctx, "GET /concierge/messages", {}, as(member))).json().canSend).toBe(true);
    }
    for (const user of [
      await createUser(ctx, { plan: "silver" }),
      await createUser(ctx, { plan: "free" }),
      await createUser(ctx),
      await createUser(ctx, { role: "staff" }),
    ]) {
      const res = await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(user));
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(CONCIERGE_ERRORS.conciergePlanRequired);
      expect((await call(ctx, "GET /concierge/messages", {}, as(user))).statusCode).toBe(403);
    }
    expect((await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, {})).statusCode).toBe(401);
  });

  it("marks reads each way, emails each side once with values escaped, and keeps history after a downgrade", async () => {
    const [member, staff] = [
      await createUser(ctx, { plan: "gold", name: "Ana" }),
      await createUser(ctx, { role: "staff" }),
    ];
    expect((await call(ctx, "POST /concierge/messages", { body: { message: "  " } }, as(member))).json().error).toBe(
      MESSAGES.enterMessage,
    );
    await call(
      ctx,
      "POST /concierge/messages",
      { body: { message: "A table at <b>Belcanto</b> tonight?" } },
      as(member),
    );
    const list = (await call(ctx, "GET /admin/concierge", {}, as(staff))).json().items;
    expect(list.find((c: { userId: string }) => c.userId === member.id)).toMatchObject({ unread: 1, name: "Ana" });
    expect((await call(ctx, "GET /messages/unread", {}, as(staff))).json().unread).toBeGreaterThanOrEqual(1);

    // Staff open the conversation: reading it is a write of its own; the member's message is then read.
    expect(
      (await call(ctx, "GET /admin/concierge/:userId", { params: { userId: member.id } }, as(staff))).json(),
    ).toMatchObject({ unread: 1 });
    expect(
      (await call(ctx, "POST /admin/concierge/:userId/read", { params: { userId: member.id } }, as(staff))).statusCode,
    ).toBe(200);
    const thread = (
      await call(ctx, "GET /admin/concierge/:userId", { params: { userId: member.id } }, as(staff))
    ).json();
    expect(thread.messages.map((m: { read: boolean }) => m.read)).toEqual([true]);
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Booked for <i>eight</i>." } },
      as(staff),
    );
    expect((await call(ctx, "GET /concierge/messages", {}, as(member))).json()).toMatchObject({ unread: 1 });
    await call(ctx, "POST /concierge/read", {}, as(member));
    expect((await call(ctx, "GET /concierge/messages", {}, as(member))).json()).toMatchObject({ unread: 0 });

    const toOwner = (await mails("concierge_message", "Belcanto")).filter((m) => m.payload.to === "owner@maison.test");
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0].payload.html).toContain("&lt;b&gt;Belcanto&lt;/b&gt;");
    const toMember = (await mails("concierge_reply", "eight")).filter((m) => m.payload.to === member.email);
    expect(toMember).toHaveLength(1);

    // Downgraded to Silver: reads the history, cannot write.
    await grantPlan(ctx, member.id, "silver");
    const after = await call(ctx, "GET /concierge/messages", {}, as(member));
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ canSend: false });
    expect(after.json().messages).toHaveLength(2);
    expect((await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(member))).statusCode).toBe(
      403,
    );
  });

  it("lets staff open and write only a thread that can exist: a Gold or Black member's, or one with history", async () => {
    const staff = await createUser(ctx, { role: "staff" });
    const [silver, basic, noPlan, otherStaff, admin] = [
      await createUser(ctx, { plan: "silver" }),
      await createUser(ctx, { plan: "free" }),
      await createUser(ctx),
      await createUser(ctx, { role: "staff" }),
      await createUser(ctx, { role: "admin", plan: "black" }),
    ];
    for (const user of [silver, basic, noPlan, otherStaff, admin, { id: "no-such-user" }]) {
      const params = { userId: user.id };
      for (const [key, res] of [
        ["reply", await call(ctx, "POST /admin/concierge/:userId", { params, body: { reply: "Hello" } }, as(staff))],
        ["open", await call(ctx, "GET /admin/concierge/:userId", { params }, as(staff))],
        ["read", await call(ctx, "POST /admin/concierge/:userId/read", { params }, as(staff))],
        ["typing", await call(ctx, "POST /admin/concierge/:userId/typing", { params }, as(staff))],
      ] as const) {
        expect(res.statusCode, `${key} ${user.id}`).toBe(404);
        expect(res.json().error).toBe(CONCIERGE_ERRORS.memberNotFound);
      }
    }
    expect(await mails("concierge_reply", "Hello")).toEqual([]);
    const written = await ctx.database.db
      .select()
      .from(executiveConciergeMessages)
      .where(inArray(executiveConciergeMessages.userId, [silver.id, basic.id, noPlan.id, otherStaff.id, admin.id]));
    expect(written).toEqual([]);

    // A Gold member's thread, even empty, can be written; after a downgrade its history can still be answered.
    const gold = await createUser(ctx, { plan: "gold" });
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId",
          { params: { userId: gold.id }, body: { reply: "Welcome" } },
          as(staff),
        )
      ).statusCode,
    ).toBe(201);
    await grantPlan(ctx, gold.id, "silver");
    expect(
      (await call(ctx, "GET /admin/concierge/:userId", { params: { userId: gold.id } }, as(staff))).statusCode,
    ).toBe(200);
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId",
          { params: { userId: gold.id }, body: { reply: "Still here" } },
          as(staff),
        )
      ).statusCode,
    ).toBe(201);
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === "postgres")("a concierge reply racing a deletion", () => {
  it("answers 404 and writes nothing when the member's account is deleted between the read and the write", async () => {
    const { raceWithOpenChange } = await import("#tests/helpers/database");
    const [member, staff] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { role: "staff" })];
    const res = await raceWithOpenChange(
      ctx,
      (tx) => tx.delete(users).where(eq(users.id, member.id)),
      () =>
        call(
          ctx,
          "POST /admin/concierge/:userId",
          { params: { userId: member.id }, body: { reply: "Too late" } },
          as(staff),
        ),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(CONCIERGE_ERRORS.memberNotFound);
    expect(await mails("concierge_reply", "Too late")).toEqual([]);
  });
});
