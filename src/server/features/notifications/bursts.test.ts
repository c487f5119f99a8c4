/**
 * Bursts of messages (issue 19, item 5): while unread, the messages on one conversation are one notification per
 * reader that says how many; each address gets at most one email (and the team one Slack post) per burst window,
 * and a waiting email takes every message that arrives before it goes.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { notifications, outbox } from "../../db/schema";
import { deliverDue } from "../../outbox/outbox";
import { BURST_WINDOW_SECONDS } from "./engine";

let ctx: TestContext;
let staff: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({
    env: {
      OWNER_EMAILS: "owner@maison.test",
      SMTP_URL: "smtp://127.0.0.1:9",
      SLACK_WEBHOOK_URL: "https://hooks.example/T000/B000/secret",
    },
    deps: { startWorkers: false },
  });
  staff = await createUser(ctx, { role: "staff" });
});
afterAll(() => ctx.close());

const newRequest = async (member: TestUser, title: string) =>
  (
    await call(
      ctx,
      "POST /requests",
      {
        body: {
          title,
          category: "Fashion",
          budget_eur: 9000,
          phone_number: "+351912345678",
        },
      },
      as(member),
    )
  ).json().id as string;
const say = (member: TestUser, id: string, body: string) =>
  call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body } }, as(member));

const unreadAbout = (user: TestUser, requestId: string) =>
  ctx.database.db
    .select({ title: notifications.title, body: notifications.body, burst: notifications.burst })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        eq(notifications.requestId, requestId),
        eq(notifications.type, "message_received"),
        eq(notifications.read, false),
      ),
    );
const mailsAbout = (requestId: string, to: string) =>
  ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.burstKey, `request:${requestId}`), eq(outbox.burstTo, to)));
const sentNow = async () =>
  deliverDue(
    ctx.database.db,
    Object.assign(async () => {}, { maxAttempts: 3 }),
    1000,
  );

describe("a burst of messages", () => {
  it("is one notification per reader and one email per address, saying how many, with the latest quoted", async () => {
    const member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
    const id = await newRequest(member, "Kelly 28");
    await sentNow();
    for (const body of ["Hello", "Any news?", "Gold hardware, please."])
      expect((await say(member, id, body)).statusCode).toBe(201);

    expect(await unreadAbout(staff, id)).toEqual([
      { title: "3 new messages from Ana Sousa on: Kelly 28", body: "Ana Sousa: Gold hardware, please.", burst: 3 },
    ]);
    for (const to of ["owner@maison.test", staff.email.toLowerCase(), "slack"]) {
      const rows = await mailsAbout(id, to);
      expect(rows, to).toHaveLength(1);
      expect(rows[0]).toMatchObject({ burst: 3, status: "pending" });
    }
    const [mail] = await mailsAbout(id, "owner@maison.test");
    expect(mail.payload.subject).toBe("3 new messages from Ana Sousa on: Kelly 28");
    expect(mail.payload.text).toContain('wrote 3 messages on the request "Kelly 28". The latest:');
    expect(mail.payload.text).toContain("> Gold hardware, please.");
    const [slack] = await mailsAbout(id, "slack");
    expect(slack.payload.text).toContain("*3 new messages from Ana Sousa on: Kelly 28*");

    // Once the staff member reads the thread, the next message is news again.
    await call(ctx, "POST /requests/:id/read", { params: { id } }, as(staff));
    await say(member, id, "Thank you");
    expect(await unreadAbout(staff, id)).toEqual([
      { title: "New message on: Kelly 28", body: "Ana Sousa: Thank you", burst: 1 },
    ]);
  });

  it("sends the first email at once; what follows waits out the window in one email", async () => {
    const member = await createUser(ctx, { plan: "gold", name: "Rui Costa" });
    const id = await newRequest(member, "Speedmaster");
    await say(member, id, "First");
    expect(await sentNow()).toBeGreaterThanOrEqual(3); // owner, staff, Slack
    const [first] = await mailsAbout(id, "owner@maison.test");
    expect(first).toMatchObject({
      status: "sent",
      burst: 1,
      payload: expect.objectContaining({ subject: "New message on: Speedmaster" }),
    });

    await say(member, id, "Second");
    await say(member, id, "Third");
    const waiting = (await mailsAbout(id, "owner@maison.test")).filter((m) => m.status === "pending");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      burst: 2,
      payload: expect.objectContaining({ subject: "2 new messages from Rui Costa on: Speedmaster" }),
    });
    const due = waiting[0].nextAttemptAt.getTime() - (first.sentAt as Date).getTime();
    expect(due).toBeGreaterThanOrEqual(BURST_WINDOW_SECONDS * 1000 - 1000);
    expect(due).toBeLessThanOrEqual(BURST_WINDOW_SECONDS * 1000 + 1000);
    // Not due yet: nothing more goes out now.
    await sentNow();
    expect((await mailsAbout(id, "owner@maison.test")).filter((m) => m.status === "sent")).toHaveLength(1);
  });

  it("stays one notification and one waiting email per address when the messages arrive together", async () => {
    const member = await createUser(ctx, { plan: "black", name: "Teresa Lobo" });
    const id = await newRequest(member, "Riva Aquarama");
    await sentNow();
    const sent = await Promise.all(Array.from({ length: 12 }, (_, i) => say(member, id, `Message ${i}`)));
    expect(sent.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const [note] = await unreadAbout(staff, id);
    expect(note).toMatchObject({ title: "12 new messages from Teresa Lobo on: Riva Aquarama", burst: 12 });
    expect(await unreadAbout(staff, id)).toHaveLength(1);
    for (const to of ["owner@maison.test", "slack"]) {
      const rows = await mailsAbout(id, to);
      expect(
        rows.reduce((n, r) => n + r.burst, 0),
        to,
      ).toBe(12);
      expect(
        rows.filter((r) => r.status === "pending" && r.attempts === 0),
        to,
      ).toHaveLength(1);
    }
  });

  it("coalesces the concierge's replies to a member, and a member's concierge messages to staff", async () => {
    const member = await createUser(ctx, { plan: "black", name: "Vasco Pires" });
    await call(ctx, "POST /concierge/messages", { body: { message: "A table for two" } }, as(member));
    await call(ctx, "POST /concierge/messages", { body: { message: "At eight" } }, as(member));
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Booked" } },
      as(staff),
    );
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Enjoy" } },
      as(staff),
    );
    const titles = async (user: TestUser) =>
      (
        await ctx.database.db
          .select({ title: notifications.title })
          .from(notifications)
          .where(and(eq(notifications.userId, user.id), eq(notifications.conciergeMemberId, member.id)))
      ).map((n) => n.title);
    expect(await titles(staff)).toEqual(["Concierge: 2 new messages from Vasco Pires"]);
    expect(await titles(member)).toEqual(["Your concierge wrote 2 messages"]);
  });
});
