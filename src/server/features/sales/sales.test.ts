/** Sales inquiries through the API: the member's form and list, the staff's replies and closing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { outboxMails } from "#tests/helpers/mail";
import { as, createUser } from "#tests/helpers/users";
import { MESSAGES } from "@/shared/contracts/common-texts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const mails = (reason: string, text: string) => outboxMails(ctx, reason, text);

describe("sales inquiries", () => {
  it("goes open, responded, closed; a second close and a reply after closing are refused", async () => {
    const [member, staff] = [await createUser(ctx, { plan: "free" }), await createUser(ctx, { role: "staff" })];
    expect(
      (await call(ctx, "POST /sales/inquiries", { body: { subject: "", message: "x" } }, as(member))).json().error,
    ).toBe(MESSAGES.subjectRequired);
    expect(
      (await call(ctx, "POST /sales/inquiries", { body: { subject: "x", message: " " } }, as(member))).json().error,
    ).toBe(MESSAGES.messageRequired);
    const { id } = (
      await call(ctx, "POST /sales/inquiries", { body: { subject: "A yacht", message: "For August" } }, as(member))
    ).json();
    const mine = async () => (await call(ctx, "GET /sales/inquiries", {}, as(member))).json().items[0];
    expect(await mine()).toMatchObject({ id, status: "open", adminReply: null });
    expect(
      (await call(ctx, "POST /admin/sales/:id/reply", { params: { id }, body: { reply: "" } }, as(staff))).json().error,
    ).toBe(MESSAGES.enterMessage);
    expect(
      (
        await call(
          ctx,
          "POST /admin/sales/:id/reply",
          { params: { id }, body: { reply: "We have <three>." } },
          as(staff),
        )
      ).statusCode,
    ).toBe(200);
    expect(await mine()).toMatchObject({ status: "responded", adminReply: "We have <three>." });
    const replyMail = (await mails("sales_reply", "We have")).filter((m) => m.payload.to === member.email);
    expect(replyMail).toHaveLength(1);
    expect(replyMail[0].payload.html).toContain("We have &lt;three&gt;.");
    expect((await call(ctx, "POST /admin/sales/:id/close", { params: { id } }, as(staff))).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ status: "closed" });
    expect((await call(ctx, "POST /admin/sales/:id/close", { params: { id } }, as(staff))).statusCode).toBe(409);
    expect(
      (await call(ctx, "POST /admin/sales/:id/reply", { params: { id }, body: { reply: "Again" } }, as(staff)))
        .statusCode,
    ).toBe(409);
    const all = (await call(ctx, "GET /admin/sales", {}, as(staff))).json().items;
    expect(all.find((i) => i.id === id)!.member.email).toBe(member.email);
  });
});

describe("who may use sales", () => {
  it("lets members with a membership write and read their own; another member sees none; only staff reply", async () => {
    const [ana, rui, staff] = [
      await createUser(ctx, { plan: "silver" }),
      await createUser(ctx, { plan: "gold" }),
      await createUser(ctx, { role: "staff" }),
    ];
    const { id } = (
      await call(ctx, "POST /sales/inquiries", { body: { subject: "Corporate", message: "Six partners" } }, as(ana))
    ).json();
    expect((await call(ctx, "GET /sales/inquiries", {}, as(rui))).json().items).toEqual([]);
    expect(
      (await call(ctx, "POST /admin/sales/:id/reply", { params: { id }, body: { reply: "Mine now" } }, as(rui)))
        .statusCode,
    ).toBe(403);
    expect((await call(ctx, "POST /admin/sales/:id/close", { params: { id } }, as(ana))).statusCode).toBe(403);
    expect((await call(ctx, "GET /sales/inquiries", {}, as(await createUser(ctx)))).statusCode).toBe(403);
    expect(
      (await call(ctx, "POST /admin/sales/:id/reply", { params: { id }, body: { reply: "Of course" } }, as(staff)))
        .statusCode,
    ).toBe(200);
    expect((await call(ctx, "GET /sales/inquiries", {}, as(ana))).json().items[0]).toMatchObject({
      id,
      adminReply: "Of course",
    });
  });
});
