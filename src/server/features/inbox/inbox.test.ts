/**
 * The staff's inbox through the API (issue 31, items 1 and 2): one list of request threads, concierge chats and
 * sales inquiries, who waits longest first; its filters and keyset pages; snoozes that end at their time (a fixed
 * clock) or when the member writes; bulk actions through each domain. The access matrix and the malformed-input
 * test cover the routes from the endpoint table.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { ok } from "#tests/helpers/ok";
import { newRequestBody } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import type { ConversationKey, InboxOwner, InboxShow } from "@/shared/contracts/inbox";
import { INBOX_TEXTS } from "@/shared/contracts/inbox-texts";
import { snoozeUntil } from "@/shared/snooze";
import { listConversations } from "./conversations";

let ctx: TestContext;
let staff: TestUser;
let other: TestUser;
let ana: TestUser;
let bruno: TestUser;
let requestId: string;
let inquiryId: string;

interface Row {
  kind: string;
  id: string;
  title: string | null;
  member: { id: string; name: string; tier: string | null };
  owner: { id: string; name: string } | null;
  lastMessage: { body: string; fromMember: boolean } | null;
  unread: number;
  waitingSince: string | null;
  snooze: { until: string; note: string | null; by: string | null } | null;
  serviceLevel: { key: string; tier: string | null; state: string; target: string | null } | null;
}
const list = async (
  query: { show?: InboxShow; owner?: InboxOwner; kind?: string; sort?: string } = {},
  user = staff,
) => {
  const page = await ok(call(ctx, "GET /admin/inbox", unchecked({ query }), as(user)));
  return page as unknown as {
    items: Row[];
    next: string | null;
    waiting: Record<string, number>;
    nextWake: string | null;
  };
};
const keys = (rows: Row[]) => rows.map((r) => `${r.kind}:${r.id}`);
const snooze = (conversations: ConversationKey[], until: Date, note?: string) =>
  call(ctx, "POST /admin/inbox/snoozes", { body: { conversations, until: until.toISOString(), note } }, as(staff));

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff", name: "Sofia Staff" });
  other = await createUser(ctx, { role: "staff", name: "Rita Staff" });
  ana = await createUser(ctx, { plan: "black", name: "Ana Sousa" });
  bruno = await createUser(ctx, { plan: "gold", name: "Bruno Costa" });
  requestId = (
    await ok(
      call(ctx, "POST /requests", { body: newRequestBody({ title: "A vintage Rolex", budget_eur: 30000 }) }, as(ana)),
    )
  ).id;
  await ok(
    call(ctx, "POST /requests/:id/messages", { params: { id: requestId }, body: { body: "Any news?" } }, as(ana)),
  );
  await ok(call(ctx, "POST /concierge/messages", { body: { message: "A table for four on Friday" } }, as(bruno)));
  inquiryId = (
    await ok(call(ctx, "POST /sales/inquiries", { body: { subject: "Corporate plan", message: "For five" } }, as(ana)))
  ).id;
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

describe("the list", () => {
  it("holds the three kinds of conversation, with member, tier, last message, unread and waiting since", async () => {
    const page = await list();
    const request = page.items.find((r) => r.kind === "request" && r.id === requestId);
    const chat = page.items.find((r) => r.kind === "concierge" && r.id === bruno.id);
    const inquiry = page.items.find((r) => r.kind === "sales" && r.id === inquiryId);
    expect(request).toMatchObject({
      title: "A vintage Rolex",
      member: { id: ana.id, name: "Ana Sousa", tier: "black" },
      lastMessage: { body: "Any news?", fromMember: true },
      unread: 1,
      // The service levels' clock (decision 049): a Black member's first reply is running.
      serviceLevel: { key: `request:${requestId}`, tier: "black", target: "first_reply" },
    });
    expect(request?.waitingSince).not.toBeNull();
    expect(inquiry?.serviceLevel).toBeNull();
    expect(chat).toMatchObject({ member: { name: "Bruno Costa", tier: "gold" }, unread: 1, title: null });
    expect(chat?.waitingSince).not.toBeNull();
    expect(inquiry).toMatchObject({ title: "Corporate plan", unread: 1, lastMessage: { body: "For five" } });
    expect(page.waiting).toMatchObject({ request: 1, concierge: 1, sales: 1 });
  });

  it("sorts who has waited longest first, and a reply ends the wait", async () => {
    const before = await list({ sort: "waiting" });
    expect(keys(before.items).slice(0, 3)).toEqual([
      `request:${requestId}`,
      `concierge:${bruno.id}`,
      `sales:${inquiryId}`,
    ]);
    await ok(
      call(
        ctx,
        "POST /requests/:id/messages",
        { params: { id: requestId }, body: { body: "Tomorrow, Ana." } },
        as(staff),
      ),
    );
    const after = await list({ show: "waiting" });
    expect(keys(after.items)).not.toContain(`request:${requestId}`);
    const answered = (await list()).items.find((r) => r.id === requestId);
    expect(answered).toMatchObject({ waitingSince: null, lastMessage: { body: "Tomorrow, Ana.", fromMember: false } });
    // The newest message first.
    expect(keys((await list({ sort: "recent" })).items)[0]).toBe(`request:${requestId}`);
  });

  it("filters by kind and by owner; assigning through the inbox goes through the request's and chat's rules", async () => {
    expect((await list({ kind: "concierge" })).items.every((r) => r.kind === "concierge")).toBe(true);
    expect(keys((await list({ owner: "me" })).items)).toEqual([]);
    const result = await ok(
      call(
        ctx,
        "POST /admin/inbox/actions",
        {
          body: {
            action: "assign",
            assignee: staff.id,
            conversations: [
              { kind: "request", id: requestId },
              { kind: "concierge", id: bruno.id },
              { kind: "sales", id: inquiryId },
            ],
          },
        },
        as(staff),
      ),
    );
    // A sales inquiry has no owner to give.
    expect(result).toEqual({ done: 2, skipped: 1 });
    expect(keys((await list({ owner: "me" })).items).sort()).toEqual(
      [`concierge:${bruno.id}`, `request:${requestId}`].sort(),
    );
    expect(keys((await list({ owner: "me" }, other)).items)).toEqual([]);
    expect(keys((await list({ owner: "none" })).items)).toContain(`sales:${inquiryId}`);
    expect((await list({ owner: "none" })).items.every((r) => r.owner === null)).toBe(true);
    const mine = (await list({ owner: "me" })).items[0];
    expect(mine.owner).toEqual({ id: staff.id, name: "Sofia Staff" });
  });

  it("marks read through each domain", async () => {
    const res = await ok(
      call(
        ctx,
        "POST /admin/inbox/actions",
        { body: { action: "read", conversations: [{ kind: "concierge", id: bruno.id }] } },
        as(staff),
      ),
    );
    expect(res).toEqual({ done: 1, skipped: 0 });
    expect((await list()).items.find((r) => r.id === bruno.id)?.unread).toBe(0);
  });

  it("pages by keyset: no row twice, none missed", async () => {
    const extra = await createUser(ctx, { plan: "silver", name: "Carla Dias" });
    for (const title of ["Page one", "Page two", "Page three"]) {
      await ok(call(ctx, "POST /requests", { body: newRequestBody({ title }) }, as(extra)));
    }
    const all = await listConversations(ctx.database.db, {
      viewerId: staff.id,
      now: new Date(),
      owner: "all",
      show: "open",
      sort: "waiting",
    });
    const seen: string[] = [];
    let after: string | undefined;
    for (let i = 0; i < 20; i++) {
      const page = await listConversations(ctx.database.db, {
        viewerId: staff.id,
        now: new Date(),
        owner: "all",
        show: "open",
        sort: "waiting",
        after,
        limit: 2,
      });
      seen.push(...keys(page.items as unknown as Row[]));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toEqual(keys(all.items as unknown as Row[]));
    expect(new Set(seen).size).toBe(seen.length);
    // Through the API too, a cursor is taken and a forged one refused.
    const bad = await call(ctx, "GET /admin/inbox", unchecked({ query: { after: "bm90IGEgY3Vyc29y" } }), as(staff));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(INBOX_TEXTS.badCursor);
  });
});

describe("snoozes", () => {
  it("leave the list until their time, on a fixed clock, and show under snoozed with their note", async () => {
    const start = new Date();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const until = snoozeUntil("3h", start);
    const res = await snooze([{ kind: "sales", id: inquiryId }], until, "After the board meets");
    expect(res.statusCode, res.body).toBe(200);
    expect(keys((await list()).items)).not.toContain(`sales:${inquiryId}`);
    const snoozed = await list({ show: "snoozed" });
    expect(snoozed.items.find((r) => r.id === inquiryId)?.snooze).toEqual({
      until: until.toISOString(),
      note: "After the board meets",
      by: "Sofia Staff",
    });
    expect(snoozed.nextWake).toBe(until.toISOString());
    // A minute before: still asleep; a minute after: back, and no longer under snoozed.
    vi.setSystemTime(new Date(until.getTime() - 60_000));
    expect(keys((await list()).items)).not.toContain(`sales:${inquiryId}`);
    vi.setSystemTime(new Date(until.getTime() + 60_000));
    expect(keys((await list()).items)).toContain(`sales:${inquiryId}`);
    expect(keys((await list({ show: "snoozed" })).items)).not.toContain(`sales:${inquiryId}`);
    // Its row stays, ended: lifting it is the last trace.
    await ok(
      call(ctx, "DELETE /admin/inbox/snoozes/:kind/:id", { params: { kind: "sales", id: inquiryId } }, as(staff)),
    );
  });

  it("end at once when the member writes (a request's thread and the concierge chat)", async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    await ok(
      snooze(
        [
          { kind: "request", id: requestId },
          { kind: "concierge", id: bruno.id },
        ],
        tomorrow,
      ),
    );
    expect(keys((await list()).items)).not.toContain(`request:${requestId}`);
    expect(keys((await list()).items)).not.toContain(`concierge:${bruno.id}`);
    // Staff writing does not wake it.
    await ok(
      call(ctx, "POST /admin/concierge/:userId", { params: { userId: bruno.id }, body: { reply: "Noted" } }, as(staff)),
    );
    expect(keys((await list()).items)).not.toContain(`concierge:${bruno.id}`);
    await ok(
      call(
        ctx,
        "POST /requests/:id/messages",
        { params: { id: requestId }, body: { body: "One more thing" } },
        as(ana),
      ),
    );
    await ok(call(ctx, "POST /concierge/messages", { body: { message: "And Saturday?" } }, as(bruno)));
    const back = await list({ show: "waiting" });
    expect(keys(back.items)).toEqual(expect.arrayContaining([`request:${requestId}`, `concierge:${bruno.id}`]));
    expect(back.items.find((r) => r.id === requestId)?.snooze).toBeNull();
    expect(keys((await list({ show: "snoozed" })).items)).toEqual([]);
  });

  it("can be lifted by hand, and refuse a past time, a far one, a long note and an unknown conversation", async () => {
    await ok(snooze([{ kind: "request", id: requestId }], new Date(Date.now() + 3_600_000)));
    await ok(
      call(ctx, "DELETE /admin/inbox/snoozes/:kind/:id", { params: { kind: "request", id: requestId } }, as(staff)),
    );
    expect(keys((await list()).items)).toContain(`request:${requestId}`);
    const again = await call(
      ctx,
      "DELETE /admin/inbox/snoozes/:kind/:id",
      { params: { kind: "request", id: requestId } },
      as(staff),
    );
    expect(again.statusCode).toBe(404);

    const past = await snooze([{ kind: "request", id: requestId }], new Date(Date.now() - 1000));
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(INBOX_TEXTS.untilPast);
    const far = await snooze([{ kind: "request", id: requestId }], new Date(Date.now() + 400 * 86_400_000));
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toBe(INBOX_TEXTS.untilFar);
    const long = await snooze([{ kind: "request", id: requestId }], new Date(Date.now() + 3_600_000), "x".repeat(501));
    expect(long.statusCode).toBe(400);
    const unknown = await snooze(
      [{ kind: "request", id: "00000000-0000-4000-8000-000000000000" }],
      new Date(Date.now() + 3_600_000),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(INBOX_TEXTS.conversationNotFound);
    // A member's id is no concierge conversation until they write.
    const silent = await snooze([{ kind: "concierge", id: other.id }], new Date(Date.now() + 3_600_000));
    expect(silent.statusCode).toBe(404);
    expect(keys((await list({ show: "snoozed" })).items)).toEqual([]);
  });

  it("are the staff's: a member is refused", async () => {
    const res = await call(
      ctx,
      "POST /admin/inbox/snoozes",
      {
        body: {
          conversations: [{ kind: "request", id: requestId }],
          until: new Date(Date.now() + 3_600_000).toISOString(),
        },
      },
      as(ana),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("done", () => {
  it("closes a sales inquiry, which leaves the list", async () => {
    const res = await ok(
      call(
        ctx,
        "POST /admin/inbox/actions",
        { body: { action: "done", conversations: [{ kind: "sales", id: inquiryId }] } },
        as(staff),
      ),
    );
    expect(res).toEqual({ done: 1, skipped: 0 });
    expect(keys((await list()).items)).not.toContain(`sales:${inquiryId}`);
  });
});
