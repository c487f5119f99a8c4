/** Sales inquiries through the API: the member's form and list, the staff's replies and closing. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { outboxMails } from "#tests/helpers/mail";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { MESSAGES } from "@/shared/schemas";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
});
afterAll(() => ctx.close());

const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: "GET", url, headers: as(user) });
const post = (user: TestUser | null, url: string, payload: object = {}) =>
  ctx.app.inject({ method: "POST", url, headers: as(user), payload });
const mails = (reason: string, text: string) => outboxMails(ctx, reason, text);

describe("sales inquiries", () => {
  it("goes open, responded, closed; a second close and a reply after closing are refused", async () => {
    const [member, staff] = [await createUser(ctx, { plan: "free" }), await createUser(ctx, { role: "staff" })];
    expect((await post(member, "/api/sales/inquiries", { subject: "", message: "x" })).json().error).toBe(
      MESSAGES.subjectRequired,
    );
    expect((await post(member, "/api/sales/inquiries", { subject: "x", message: " " })).json().error).toBe(
      MESSAGES.messageRequired,
    );
    const { id } = (await post(member, "/api/sales/inquiries", { subject: "A yacht", message: "For August" })).json();
    const mine = async () => (await get(member, "/api/sales/inquiries")).json().items[0];
    expect(await mine()).toMatchObject({ id, status: "open", adminReply: null });
    expect((await post(staff, `/api/admin/sales/${id}/reply`, { reply: "" })).json().error).toBe(MESSAGES.enterMessage);
    expect((await post(staff, `/api/admin/sales/${id}/reply`, { reply: "We have <three>." })).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ status: "responded", adminReply: "We have <three>." });
    const replyMail = (await mails("sales_reply", "We have")).filter((m) => m.payload.to === member.email);
    expect(replyMail).toHaveLength(1);
    expect(replyMail[0].payload.html).toContain("We have &lt;three&gt;.");
    expect((await post(staff, `/api/admin/sales/${id}/close`)).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ status: "closed" });
    expect((await post(staff, `/api/admin/sales/${id}/close`)).statusCode).toBe(409);
    expect((await post(staff, `/api/admin/sales/${id}/reply`, { reply: "Again" })).statusCode).toBe(409);
    const all = (await get(staff, "/api/admin/sales")).json().items;
    expect(all.find((i: { id: string }) => i.id === id).member.email).toBe(member.email);
  });
});

describe("who may use sales", () => {
  it("lets members with a membership write and read their own; another member sees none; only staff reply", async () => {
    const [ana, rui, staff] = [
      await createUser(ctx, { plan: "silver" }),
      await createUser(ctx, { plan: "gold" }),
      await createUser(ctx, { role: "staff" }),
    ];
    const { id } = (await post(ana, "/api/sales/inquiries", { subject: "Corporate", message: "Six partners" })).json();
    expect((await get(rui, "/api/sales/inquiries")).json().items).toEqual([]);
    expect((await post(rui, `/api/admin/sales/${id}/reply`, { reply: "Mine now" })).statusCode).toBe(403);
    expect((await post(ana, `/api/admin/sales/${id}/close`)).statusCode).toBe(403);
    expect((await get(await createUser(ctx), "/api/sales/inquiries")).statusCode).toBe(403);
    expect((await post(staff, `/api/admin/sales/${id}/reply`, { reply: "Of course" })).statusCode).toBe(200);
    expect((await get(ana, "/api/sales/inquiries")).json().items[0]).toMatchObject({ id, adminReply: "Of course" });
  });
});
