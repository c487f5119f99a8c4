import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { createRequest } from "#tests/helpers/requests";
import { listeningTestApp, openEventStream } from "#tests/helpers/stream";
import { as, createUser, grantPlan, type TestUser } from "#tests/helpers/users";
import { notifications } from "../../db/schema";
import { announce } from "../../realtime/events";

let ctx: TestContext;
let base: string;
let staffA: TestUser;
let staffB: TestUser;

beforeAll(async () => {
  ({ ctx, base } = await listeningTestApp());
  staffA = await createUser(ctx, { role: "staff", name: "Sofia Staff" });
  staffB = await createUser(ctx, { role: "admin", name: "Bruno Admin" });
});
afterAll(() => ctx.close());

const newRequest = (member: TestUser, title: string) =>
  createRequest(ctx, member, { title, budget_eur: 12000, urgency: "Medium" });

/** A reader's notifications as [title, read], oldest first. */
async function notesOf(user: TestUser) {
  const rows = await ctx.database.db
    .select({ title: notifications.title, read: notifications.read, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(notifications.createdAt);
  return rows.map((r) => [r.title, r.read] as const);
}
const unreadTitles = async (user: TestUser) =>
  (await notesOf(user))
    .filter(([, read]) => !read)
    .map(([title]) => title)
    .sort();
const bell = async (user: TestUser) => (await call(ctx, "GET /notifications", {}, as(user))).json().unread;
const badge = async (user: TestUser) => (await call(ctx, "GET /messages/unread", {}, as(user))).json().unread;

/** The event stream as a browser tab opens it. */
const openStream = (user: TestUser) => openEventStream(base, user.cookie);

describe("reading a request's thread", () => {
  it("marks the member's reply notifications on that request read, and nothing else", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const watch = await newRequest(member, "Lange 1");
    const bag = await newRequest(member, "Kelly 28");
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: watch }, body: { body: "We found one." } },
      as(staffA),
    );
    await call(ctx, "POST /requests/:id/messages", { params: { id: watch }, body: { body: "In Geneva." } }, as(staffB));
    await call(
      ctx,
      "POST /admin/requests/:id/status",
      { params: { id: watch }, body: { status: "Sourcing" } },
      as(staffA),
    );
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: bag }, body: { body: "Which colour?" } },
      as(staffA),
    );
    // The two replies on the watch are one notification while unread (issue 19, item 5).
    expect(await unreadTitles(member)).toEqual([
      "2 new replies on your request: Lange 1",
      "A reply on your request: Kelly 28",
      "Your request is now Sourcing",
    ]);
    const staffBefore = await notesOf(staffA);

    expect((await call(ctx, "POST /requests/:id/read", { params: { id: watch } }, as(member))).statusCode).toBe(200);
    // The thread's replies are read; the status change and the other request's reply are not the thread's.
    expect(await unreadTitles(member)).toEqual(["A reply on your request: Kelly 28", "Your request is now Sourcing"]);
    expect(await bell(member)).toBe(2);
    expect(await notesOf(staffA)).toEqual(staffBefore);

    // A reply arriving later is unread again, and the next read clears it.
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: watch }, body: { body: "Shall we reserve it?" } },
      as(staffA),
    );
    expect(await unreadTitles(member)).toContain("A reply on your request: Lange 1");
    expect(await bell(member)).toBe(3);
    await call(ctx, "POST /requests/:id/read", { params: { id: watch } }, as(member));
    expect(await bell(member)).toBe(2);
  });

  it("marks a staff member's message notifications read for that staff member only", async () => {
    const member = await createUser(ctx, { plan: "gold", name: "Marta Reis" });
    const watch = await newRequest(member, "Daytona");
    const car = await newRequest(member, "Porsche 911 S");
    await call(ctx, "POST /requests/:id/messages", { params: { id: watch }, body: { body: "Any news?" } }, as(member));
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: car }, body: { body: "Silver, please." } },
      as(member),
    );
    const expected = [
      "New message on: Daytona",
      "New message on: Porsche 911 S",
      "New request: Daytona",
      "New request: Porsche 911 S",
    ];
    for (const staff of [staffA, staffB]) {
      expect((await unreadTitles(staff)).filter((t) => t.includes("Daytona") || t.includes("911"))).toEqual(expected);
    }

    // Staff A opens the request (the admin detail page marks the member's messages read).
    expect((await call(ctx, "POST /requests/:id/read", { params: { id: watch } }, as(staffA))).statusCode).toBe(200);
    expect((await unreadTitles(staffA)).filter((t) => t.includes("Daytona") || t.includes("911"))).toEqual([
      "New message on: Porsche 911 S",
      "New request: Daytona",
      "New request: Porsche 911 S",
    ]);
    // Staff B has read nothing.
    expect((await unreadTitles(staffB)).filter((t) => t.includes("Daytona") || t.includes("911"))).toEqual(expected);
  });

  it("a reader with nothing new to read still has stale notifications about the thread cleared", async () => {
    const member = await createUser(ctx, { plan: "silver" });
    const id = await newRequest(member, "Birkin 30");
    await call(ctx, "POST /requests/:id/messages", { params: { id: id }, body: { body: "Found." } }, as(staffA));
    await call(ctx, "POST /requests/:id/read", { params: { id: id } }, as(member));
    // A notification left unread by an earlier version (the messages themselves are read).
    await ctx.database.db
      .update(notifications)
      .set({ read: false })
      .where(and(eq(notifications.userId, member.id), eq(notifications.requestId, id)));
    expect(await bell(member)).toBe(1);
    await call(ctx, "POST /requests/:id/read", { params: { id: id } }, as(member));
    expect(await bell(member)).toBe(0);
  });
});

describe("reading a concierge conversation", () => {
  it("marks the member's 'Your concierge replied' notifications read, not another member's", async () => {
    const [member, other] = [await createUser(ctx, { plan: "gold" }), await createUser(ctx, { plan: "black" })];
    const id = await newRequest(member, "Cartier Tank");
    await call(ctx, "POST /requests/:id/messages", { params: { id: id }, body: { body: "Which size?" } }, as(staffA));
    for (const who of [member, other]) {
      await call(ctx, "POST /concierge/messages", { body: { message: "A table for two" } }, as(who));
      await call(
        ctx,
        "POST /admin/concierge/:userId",
        { params: { userId: who.id }, body: { reply: "Booked for 20:30" } },
        as(staffA),
      );
      await call(
        ctx,
        "POST /admin/concierge/:userId",
        { params: { userId: who.id }, body: { reply: "Enjoy" } },
        as(staffB),
      );
    }
    expect(await bell(member)).toBe(2);

    expect((await call(ctx, "POST /concierge/read", {}, as(member))).statusCode).toBe(200);
    expect(await unreadTitles(member)).toEqual(["A reply on your request: Cartier Tank"]);
    expect(await unreadTitles(other)).toEqual(["Your concierge wrote 2 messages"]);
  });

  it("marks a staff member's notifications about that conversation read, for that staff member only", async () => {
    const [ines, joao] = [
      await createUser(ctx, { plan: "gold", name: "Ines Lopes" }),
      await createUser(ctx, { plan: "black", name: "Joao Vaz" }),
    ];
    for (const who of [ines, joao])
      await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(who));
    const about = (titles: string[]) => titles.filter((t) => /Ines Lopes|Joao Vaz/.test(t));
    const both = ["Concierge: a message from Ines Lopes", "Concierge: a message from Joao Vaz"];
    expect(about(await unreadTitles(staffA))).toEqual(both);

    expect(
      (await call(ctx, "POST /admin/concierge/:userId/read", { params: { userId: ines.id } }, as(staffA))).statusCode,
    ).toBe(200);
    expect(about(await unreadTitles(staffA))).toEqual(["Concierge: a message from Joao Vaz"]);
    expect(about(await unreadTitles(staffB))).toEqual(both);
  });
});

describe("every tab of the reader hears of it", () => {
  it("a read that clears notifications sends 'notifications' to the reader's streams, not to another staff member", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const id = await newRequest(member, "Submariner");
    await call(ctx, "POST /requests/:id/messages", { params: { id: id }, body: { body: "Any news?" } }, as(member));
    await call(ctx, "POST /requests/:id/messages", { params: { id: id }, body: { body: "Tomorrow." } }, as(staffA));

    const tabs = [await openStream(member), await openStream(member)];
    const staffATab = await openStream(staffA);
    const staffBTab = await openStream(staffB);
    const all = [...tabs, staffATab, staffBTab];
    /**
     * Waits until every event sent so far has reached every tab (a stream's events arrive in order), then
     * empties the tabs' lists; returns what staff member B's tab had received.
     */
    async function settle() {
      for (const user of [member, staffA, staffB])
        await announce(ctx.database.db, [{ topic: "sales", audience: user.id }]);
      for (const tab of all) await expect.poll(() => tab.events).toContain("sales");
      const seenByB = staffBTab.events.slice(0, staffBTab.events.indexOf("sales"));
      for (const tab of all) tab.events.length = 0;
      return seenByB;
    }
    try {
      await settle();
      await call(ctx, "POST /requests/:id/read", { params: { id: id } }, as(member));
      for (const tab of tabs) await expect.poll(() => tab.events).toContain("notifications");

      await call(ctx, "POST /requests/:id/read", { params: { id: id } }, as(staffA));
      await expect.poll(() => staffATab.events).toContain("notifications");
      expect(await settle()).not.toContain("notifications");

      // The concierge, both ways.
      await call(ctx, "POST /concierge/messages", { body: { message: "Dinner?" } }, as(member));
      await call(
        ctx,
        "POST /admin/concierge/:userId",
        { params: { userId: member.id }, body: { reply: "Booked" } },
        as(staffA),
      );
      await settle();
      await call(ctx, "POST /concierge/read", {}, as(member));
      for (const tab of tabs) await expect.poll(() => tab.events).toContain("notifications");
      await call(ctx, "POST /admin/concierge/:userId/read", { params: { userId: member.id } }, as(staffA));
      await expect.poll(() => staffATab.events).toContain("notifications");
      expect(await settle()).not.toContain("notifications");
    } finally {
      for (const tab of [...tabs, staffATab, staffBTab]) tab.close();
    }
  });
});

describe("the member's unread badge", () => {
  it("counts the concierge's unread replies with the request replies, and drops as each is read", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const id = await newRequest(member, "Royal Oak");
    await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(member));
    expect(await badge(member)).toBe(0); // the member's own message is not unread for them
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Good evening" } },
      as(staffA),
    );
    expect(await badge(member)).toBe(1);
    await call(ctx, "POST /requests/:id/messages", { params: { id: id }, body: { body: "Found it." } }, as(staffA));
    expect(await badge(member)).toBe(2);

    await call(ctx, "POST /concierge/read", {}, as(member));
    expect(await badge(member)).toBe(1);
    await call(ctx, "POST /requests/:id/read", { params: { id: id } }, as(member));
    expect(await badge(member)).toBe(0);
  });

  it("counts only this member's conversation, and only while the plan includes the concierge (as the card shows)", async () => {
    const [member, other] = [await createUser(ctx, { plan: "black" }), await createUser(ctx, { plan: "gold" })];
    await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(other));
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: other.id }, body: { reply: "Welcome" } },
      as(staffA),
    );
    expect(await badge(member)).toBe(0);
    expect(await badge(other)).toBe(1);
    // A downgraded member keeps the history (and the bell's notification) but not the card: no count either.
    await grantPlan(ctx, other.id, "silver");
    expect(await badge(other)).toBe(0);
  });

  it("the staff badge still counts members' unread concierge messages, not the staff's replies", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const before = await badge(staffA);
    await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(member));
    expect(await badge(staffA)).toBe(before + 1);
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Welcome" } },
      as(staffB),
    );
    expect(await badge(staffA)).toBe(before + 1);
    await call(ctx, "POST /admin/concierge/:userId/read", { params: { userId: member.id } }, as(staffB));
    expect(await badge(staffA)).toBe(before);
  });
});
