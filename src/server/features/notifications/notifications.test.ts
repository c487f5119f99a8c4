/**
 * Notifications (issue 14): each event makes the right rows and deliveries for each recipient's preferences;
 * failing SMTP and webhook endpoints end in one delivery after retries while the action is unaffected; nothing
 * for a rolled-back change; the reader's own list, read marks and preferences; the admin's test sends.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { newRequestBody } from "#tests/helpers/requests";
import { startSmtpSink } from "#tests/helpers/smtp";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { NOTIFICATION_ERRORS } from "@/shared/contracts/notifications-texts";
import { notificationPreferences, notifications, outbox, userRoles } from "../../db/schema";
import { deliverDue } from "../../outbox/outbox";

/** A Slack-style endpoint that answers 500 `failures` times, then 200, and keeps what it received. */
async function startWebhook() {
  const received: Array<{ status: number; body: { text: string; link: string } }> = [];
  let failures = 0;
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => {
      const status = failures > 0 ? 500 : 200;
      if (failures > 0) failures -= 1;
      received.push({ status, body: JSON.parse(data) });
      res.writeHead(status).end(status === 200 ? "ok" : "oops");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/T000/B000/secret-token`,
    received,
    failNext: (n: number) => {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let webhook: Awaited<ReturnType<typeof startWebhook>>;
let staffAll: TestUser;
let staffNoEmail: TestUser;
let staffNoSlack: TestUser;

const NEW_REQUEST = newRequestBody({ title: "Patek Philippe Nautilus", budget_eur: 145000 });
const deliveries = () => ctx.database.db.select().from(outbox);
const notesOf = (userId: string) =>
  ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
const setPrefs = (userId: string, prefs: Partial<{ emailEnabled: boolean; slackEnabled: boolean }>) =>
  ctx.database.db.update(notificationPreferences).set(prefs).where(eq(notificationPreferences.userId, userId));

beforeAll(async () => {
  smtp = await startSmtpSink();
  webhook = await startWebhook();
  ctx = await createTestApp({
    env: { SMTP_URL: smtp.url, SLACK_WEBHOOK_URL: webhook.url, OWNER_EMAILS: "owner@maison.test" },
    deps: { startWorkers: false },
  });
  staffAll = await createUser(ctx, { role: "staff" });
  staffNoEmail = await createUser(ctx, { role: "admin" });
  staffNoSlack = await createUser(ctx, { role: "staff" });
  await setPrefs(staffNoEmail.id, { emailEnabled: false });
  await setPrefs(staffNoSlack.id, { slackEnabled: false });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await webhook.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(outbox);
  await ctx.database.db.delete(notifications);
});

describe("events and preferences", () => {
  it("request_created: every staff member is notified; email by preference, the owners' mailbox, one Slack post", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const created = await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(member));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    for (const staff of [staffAll, staffNoEmail, staffNoSlack]) {
      const notes = await notesOf(staff.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: "request_created", requestId: id, link: `/admin/requests/${id}` });
    }
    expect(await notesOf(member.id)).toEqual([]);
    const rows = (await deliveries()).filter((r) => r.payload.reason === "request_created");
    const to = rows.filter((r) => r.kind === "email").map((r) => r.payload.to);
    expect(to.sort()).toEqual(["owner@maison.test", staffAll.email, staffNoSlack.email].sort());
    const posts = rows.filter((r) => r.kind === "webhook");
    expect(posts).toHaveLength(1);
    // The webhook's address is a secret: never stored with the message.
    expect(JSON.stringify(posts[0].payload)).not.toContain("secret-token");
    expect(posts[0].payload.text).toContain("Patek Philippe Nautilus");
  });

  it("no Slack post when every staff member turned Slack off; none at all without a webhook", async () => {
    await ctx.database.db
      .update(notificationPreferences)
      .set({ slackEnabled: false })
      .where(
        inArray(
          notificationPreferences.userId,
          ctx.database.db
            .select({ id: userRoles.userId })
            .from(userRoles)
            .where(inArray(userRoles.role, ["staff", "admin"])),
        ),
      );
    try {
      const member = await createUser(ctx, { plan: "gold" });
      await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(member));
      expect((await deliveries()).filter((r) => r.kind === "webhook")).toEqual([]);
    } finally {
      await setPrefs(staffAll.id, { slackEnabled: true });
      await setPrefs(staffNoEmail.id, { slackEnabled: true });
    }
  });

  it("status_changed and message_received reach the member by their email preference, staff by theirs", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const { id } = (await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(member))).json();
    await ctx.database.db.delete(outbox);

    await call(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } }, as(staffAll));
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "We found two." } }, as(staffAll));
    const memberNotes = await notesOf(member.id);
    expect(memberNotes.map((n) => n.type).sort()).toEqual(["message_received", "status_changed"]);
    expect(memberNotes.every((n) => n.link === `/requests/${id}`)).toBe(true);
    const toMember = (await deliveries()).filter((r) => r.payload.to === member.email).map((r) => r.payload.reason);
    expect(toMember.sort()).toEqual(["admin_reply", "status_changed"]);
    // Member-facing events are not posted to the team's channel.
    expect((await deliveries()).filter((r) => r.kind === "webhook")).toEqual([]);

    // The member turns email off: still notified in the app, no email.
    await ctx.database.db.delete(outbox);
    expect(
      (
        await call(ctx, "PUT /notifications/preferences", { body: { channel: "email", enabled: false } }, as(member))
      ).json(),
    ).toEqual({ email: false, slack: true, sms: true, push: true, pushPreview: false });
    await call(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Failed" } }, as(staffAll));
    expect((await notesOf(member.id)).filter((n) => n.type === "status_changed")).toHaveLength(2);
    expect((await deliveries()).filter((r) => r.payload.to === member.email)).toEqual([]);

    // A member's message: every staff member is told; email to the owners and staff with email on.
    await ctx.database.db.delete(outbox);
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Thank you" } }, as(member));
    for (const staff of [staffAll, staffNoEmail, staffNoSlack]) {
      expect((await notesOf(staff.id)).filter((n) => n.type === "message_received")).toHaveLength(1);
    }
    const emails = (await deliveries()).filter((r) => r.kind === "email").map((r) => r.payload.to);
    expect(emails.sort()).toEqual(["owner@maison.test", staffAll.email, staffNoSlack.email].sort());
  });

  it("concierge messages and sales replies are message_received too", async () => {
    const member = await createUser(ctx, { plan: "black" });
    await call(ctx, "POST /concierge/messages", { body: { message: "A table for four" } }, as(member));
    expect((await notesOf(staffAll.id)).map((n) => n.link)).toEqual([`/admin/inbox?tab=concierge&member=${member.id}`]);
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Booked" } },
      as(staffAll),
    );
    const inquiry = await call(
      ctx,
      "POST /sales/inquiries",
      { body: { subject: "Yacht", message: "August" } },
      as(member),
    );
    await call(
      ctx,
      "POST /admin/sales/:id/reply",
      { params: { id: inquiry.json().id }, body: { reply: "We have one" } },
      as(staffAll),
    );
    const notes = await notesOf(member.id);
    expect(notes.map((n) => [n.type, n.link]).sort()).toEqual([
      ["message_received", "/messages?view=concierge"],
      ["message_received", "/sales-contact"],
    ]);
  });

  it("mail: false writes the notification and no email (another notice of the change emails it)", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    await ctx.database.db.delete(outbox);
    await ctx.app.ctx.write(async (_tx, out) => {
      await out.notify({
        type: "status_changed",
        to: member.id,
        mail: false,
        teamMail: true,
        link: null,
        texts: () => ({
          title: "Quietly",
          body: "",
          email: {
            reason: "status_changed",
            subject: "Quietly",
            heading: "Quietly",
            paragraphs: [],
            actionLabel: "Open",
          },
        }),
      });
    });
    expect((await notesOf(member.id)).map((n) => n.title)).toEqual(["Quietly"]);
    expect((await deliveries()).filter((r) => r.kind === "email")).toEqual([]);
  });

  it("writes nothing for a change that rolls back", async () => {
    await expect(
      ctx.app.ctx.write(async (_tx, out) => {
        await out.notify({
          type: "test",
          to: "staff",
          link: null,
          texts: () => ({
            title: "Never",
            body: "",
            email: { reason: "test", subject: "Never", heading: "Never", paragraphs: [], actionLabel: "Open" },
          }),
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await ctx.database.db.select().from(notifications)).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });
});

describe("delivery through failures", () => {
  const due = () => ctx.database.db.update(outbox).set({ nextAttemptAt: new Date(0) });

  it("a webhook answering 500 then 200 gets the post once, after a retry; the action was not held up", async () => {
    webhook.failNext(1);
    const before = webhook.received.length;
    const member = await createUser(ctx, { plan: "gold" });
    expect((await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(member))).statusCode).toBe(201);

    await deliverDue(ctx.database.db, ctx.app.ctx.deliver);
    const [post] = (await deliveries()).filter((r) => r.kind === "webhook");
    const [afterFirst] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, post.id));
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1, lastError: "The webhook answered 500" });
    expect(afterFirst.lastError).not.toContain("secret-token");

    await due();
    await deliverDue(ctx.database.db, ctx.app.ctx.deliver);
    const [afterSecond] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, post.id));
    expect(afterSecond).toMatchObject({ status: "sent", attempts: 2 });
    const got = webhook.received.slice(before);
    expect(got.map((r) => r.status)).toEqual([500, 200]);
    expect(got[1].body.text).toContain("Patek Philippe Nautilus");
    expect(got[1].body.link).toMatch(/\/admin\/requests\//);
    // Nothing more is sent later.
    await due();
    await deliverDue(ctx.database.db, ctx.app.ctx.deliver);
    expect(webhook.received.length - before).toBe(2);
  });

  it("a mail server refusing, then accepting, delivers each email once", async () => {
    smtp.setRefuse(true);
    const member = await createUser(ctx, { plan: "gold" });
    try {
      expect((await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(member))).statusCode).toBe(201);
      await deliverDue(ctx.database.db, ctx.app.ctx.deliver);
      const emails = async () => (await deliveries()).filter((r) => r.kind === "email");
      expect((await emails()).every((r) => r.status === "pending" && r.lastError)).toBe(true);
    } finally {
      smtp.setRefuse(false);
    }
    const before = smtp.received.length;
    await due();
    await deliverDue(ctx.database.db, ctx.app.ctx.deliver);
    await due();
    await deliverDue(ctx.database.db, ctx.app.ctx.deliver);
    const sent = smtp.received.slice(before).filter((m) => m.raw.includes("Patek Philippe Nautilus"));
    expect(sent.flatMap((m) => m.to).sort()).toEqual(["owner@maison.test", staffAll.email, staffNoSlack.email].sort());
  });
});

describe("the reader's notifications", () => {
  it("lists only one's own, filters, marks one (404 for another's) and all read", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const other = await createUser(ctx, { plan: "gold" });
    await ctx.database.db.insert(notifications).values([
      { userId: member.id, type: "status_changed", title: "A" },
      { userId: member.id, type: "message_received", title: "B" },
      { userId: other.id, type: "test", title: "C" },
    ]);
    const list = (await call(ctx, "GET /notifications", {}, as(member))).json();
    expect(list.unread).toBe(2);
    expect(list.items.map((n: { title: string }) => n.title).sort()).toEqual(["A", "B"]);
    const filtered = (await call(ctx, "GET /notifications", { query: { type: "status_changed" } }, as(member))).json();
    expect(filtered.items.map((n: { title: string }) => n.title)).toEqual(["A"]);

    const [others] = await notesOf(other.id);
    expect(
      (await call(ctx, "POST /notifications/:id/read", { params: { id: others.id } }, as(member))).statusCode,
    ).toBe(404);
    expect((await notesOf(other.id))[0].read).toBe(false);
    const mine = list.items[0].id;
    expect((await call(ctx, "POST /notifications/:id/read", { params: { id: mine } }, as(member))).statusCode).toBe(
      200,
    );
    expect(
      (await call(ctx, "GET /notifications", { query: { unread: "true" } }, as(member))).json().items,
    ).toHaveLength(1);
    expect((await call(ctx, "POST /notifications/read-all", {}, as(member))).json()).toEqual({ updated: 1 });
    expect((await call(ctx, "GET /notifications", {}, as(member))).json().unread).toBe(0);
    expect((await notesOf(other.id))[0].read).toBe(false);
  });

  it("keeps preferences per person: channels on by default, previews off; members change email and push only", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const staff = await createUser(ctx, { role: "staff" });
    const defaults = { email: true, slack: true, sms: true, push: true, pushPreview: false };
    expect((await call(ctx, "GET /notifications/preferences", {}, as(staff))).json()).toEqual(defaults);
    for (const channel of ["slack", "sms"] as const) {
      const refused = await call(
        ctx,
        "PUT /notifications/preferences",
        { body: { channel, enabled: false } },
        as(member),
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(NOTIFICATION_ERRORS.staffChannelOnly);
    }
    const off = await call(
      ctx,
      "PUT /notifications/preferences",
      { body: { channel: "slack", enabled: false } },
      as(staff),
    );
    expect(off.json()).toEqual({ ...defaults, slack: false });
    const on = await call(
      ctx,
      "PUT /notifications/preferences",
      { body: { channel: "slack", enabled: true } },
      as(staff),
    );
    expect(on.json()).toEqual(defaults);
    // Push and its preview are the member's own to change.
    await call(ctx, "PUT /notifications/preferences", { body: { channel: "pushPreview", enabled: true } }, as(member));
    const pushOff = await call(
      ctx,
      "PUT /notifications/preferences",
      { body: { channel: "push", enabled: false } },
      as(member),
    );
    expect(pushOff.json()).toEqual({ ...defaults, push: false, pushPreview: true });
    const [row] = await ctx.database.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, staff.id), sql`true`));
    expect(row.slackEnabled).toBe(true);
  });
});

describe("the admin's test sends", () => {
  it("sends a test email and a test Slack-style message through the outbox and reports the outcome", async () => {
    const email = await call(ctx, "POST /admin/notifications/test-email", {}, as(staffAll));
    expect(email.json()).toEqual({ status: "sent", error: null });
    await expect
      .poll(() => smtp.received.some((m) => m.to.includes(staffAll.email) && /test email/i.test(m.raw)))
      .toBe(true);

    webhook.failNext(1);
    const failing = await call(ctx, "POST /admin/notifications/test-slack", {}, as(staffAll));
    expect(failing.json()).toEqual({ status: "pending", error: "The webhook answered 500" });
    const ok = await call(ctx, "POST /admin/notifications/test-slack", {}, as(staffAll));
    expect(ok.json()).toEqual({ status: "sent", error: null });

    smtp.setRefuse(true);
    try {
      const refused = (await call(ctx, "POST /admin/notifications/test-email", {}, as(staffAll))).json();
      expect(refused.status).toBe("pending");
      expect(refused.error).toMatch(/Mailbox unavailable/);
    } finally {
      smtp.setRefuse(false);
    }
  });

  it("says plainly when Slack or SMTP is not configured", async () => {
    const bare = await createTestApp({ deps: { startWorkers: false } });
    try {
      const staff = await createUser(bare, { role: "staff" });
      const slack = await call(bare, "POST /admin/notifications/test-slack", {}, as(staff));
      expect(slack.statusCode).toBe(409);
      expect(slack.json().error).toMatch(/SLACK_WEBHOOK_URL/);
      const email = await call(bare, "POST /admin/notifications/test-email", {}, as(staff));
      expect(email.json()).toEqual({
        status: "held",
        error: "SMTP is not configured: the message is held in the outbox.",
      });
    } finally {
      await bare.close();
    }
  });
});

describe("the outbox view", () => {
  it("retries a failed delivery (admins), and refuses to retry anything else", async () => {
    const admin = staffNoEmail;
    const [row] = await ctx.database.db
      .insert(outbox)
      .values({
        kind: "email",
        payload: { to: "x@example.com", subject: "Hi", reason: "test", text: "Hi" },
        status: "failed",
        attempts: 8,
        lastError: "boom",
      })
      .returning();
    const list = (await call(ctx, "GET /admin/outbox", { query: { status: "failed" } }, as(admin))).json().items;
    expect(list.map((r: { id: string }) => r.id)).toContain(row.id);
    expect((await call(ctx, "POST /admin/outbox/:id/retry", { params: { id: row.id } }, as(admin))).statusCode).toBe(
      200,
    );
    const [after] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, row.id));
    expect(after).toMatchObject({ status: "pending", attempts: 0 });
    expect((await call(ctx, "POST /admin/outbox/:id/retry", { params: { id: row.id } }, as(admin))).statusCode).toBe(
      409,
    );
    expect((await call(ctx, "POST /admin/outbox/:id/retry", { params: { id: row.id } }, as(staffAll))).statusCode).toBe(
      403,
    );
    const slack = (await call(ctx, "GET /admin/outbox", {}, as(admin))).json().items;
    expect(JSON.stringify(slack)).not.toContain("secret-token");
  });

  it("keys the failures and names it writes itself, for the staff member's language; a library's words as they are", async () => {
    const rows = await ctx.database.db
      .insert(outbox)
      .values([
        {
          kind: "webhook" as const,
          payload: { channel: "slack", text: "Hi", link: "/" },
          status: "failed" as const,
          attempts: 8,
          lastError: "The webhook could not be reached (ECONNREFUSED)",
        },
        {
          kind: "email" as const,
          payload: { to: "y@example.com", subject: "Olá", text: "Olá" },
          status: "failed" as const,
          attempts: 8,
          lastError: "Greeting never received",
        },
      ])
      .returning();
    const items = (await call(ctx, "GET /admin/outbox", { query: { status: "failed" } }, as(staffNoEmail))).json()
      .items;
    const [slack, mail] = rows.map((row) => items.find((item) => item.id === row.id)!);
    expect(slack).toMatchObject({
      to: "Slack webhook",
      subject: "Slack-style message",
      lastError: "The webhook could not be reached (ECONNREFUSED)",
      errorKey: "outbox.error.webhook_unreachable_cause",
      errorParams: { cause: "ECONNREFUSED" },
    });
    expect(mail.lastError).toBe("Greeting never received");
    expect(mail.errorKey).toBeUndefined();
  });
});
