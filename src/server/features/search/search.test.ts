/**
 * Search across conversations through the API (issue 22, item 4): request threads, the concierge chat and sales
 * inquiries in one ranked list, with snippets whose matched words are marked as parts (the text never becomes
 * markup); pages; limits on what is typed; staff only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { ok } from "#tests/helpers/ok";
import { newRequestBody } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { SEARCH_PAGE_SIZE } from "@/shared/contracts/search";
import { SEARCH_TEXTS } from "@/shared/contracts/search-texts";
import { executiveConciergeMessages } from "../../db/schema";

let ctx: TestContext;
let staff: TestUser;
let member: TestUser;
let requestId: string;
let inquiryId: string;

/** A search as `user`; the page may be what the types forbid (the refusals are tested). */
const search = (q: string, page?: number | string, user: TestUser | null = staff) =>
  call(ctx, "GET /admin/search", unchecked({ query: { q, page } }), as(user));

interface Hit {
  source: string;
  id: string;
  threadId: string;
  title: string | null;
  member: { id: string; name: string };
  fromStaff: boolean;
  snippet: Array<{ text: string; hit: boolean }>;
}
const hits = async (q: string) => {
  const res = await search(q);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Hit[];
};
const textOf = (hit: Hit) => hit.snippet.map((p) => p.text).join("");
const marked = (hit: Hit) => hit.snippet.filter((p) => p.hit).map((p) => p.text);

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff", name: "Sofia Staff" });
  member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
  requestId = (
    await ok(
      call(
        ctx,
        "POST /requests",
        { body: newRequestBody({ title: "A vintage Rolex", budget_eur: 30000, urgency: "Medium" }) },
        as(member),
      ),
    )
  ).id;
  await ok(
    call(
      ctx,
      "POST /requests/:id/messages",
      {
        params: { id: requestId },
        body: {
          body: "Looking for a Daytona with its original box <script>alert(1)</script> and papers.",
        },
      },
      as(member),
    ),
  );
  await ok(
    call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "We found two Daytona watches in Geneva." } },
      as(staff),
    ),
  );
  await ok(
    call(
      ctx,
      "POST /concierge/messages",
      {
        body: {
          message: "Could you book Belcanto tonight? Belcanto, or Belcanto's bar.",
        },
      },
      as(member),
    ),
  );
  await ok(
    call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Belcanto is booked for eight." } },
      as(staff),
    ),
  );
  inquiryId = (
    await ok(
      call(
        ctx,
        "POST /sales/inquiries",
        { body: { subject: "Corporate gifts", message: "Twelve Daytona watches" } },
        as(member),
      ),
    )
  ).id;
  await ok(
    call(
      ctx,
      "POST /admin/sales/:id/reply",
      { params: { id: inquiryId }, body: { reply: "We can source twelve Daytona pieces." } },
      as(staff),
    ),
  );
});
afterAll(() => ctx.close());

describe("search across conversations", () => {
  it("finds a word in every kind of conversation, with where it was written and by whom", async () => {
    const found = await hits("daytona");
    const summary = found.map((h) => [h.source, h.threadId, h.title, h.fromStaff]).sort();
    expect(summary).toEqual(
      [
        ["request", requestId, "A vintage Rolex", false],
        ["request", requestId, "A vintage Rolex", true],
        ["sales", inquiryId, "Corporate gifts", false],
        ["sales", inquiryId, "Corporate gifts", true],
      ].sort(),
    );
    for (const hit of found) expect(hit.member).toEqual({ id: member.id, name: "Ana Sousa" });
    expect(new Set(found.map((h) => h.id)).size).toBe(4);

    const concierge = await hits("eight");
    expect(concierge).toHaveLength(1);
    expect(concierge[0]).toMatchObject({ source: "concierge", threadId: member.id, title: null, fromStaff: true });
  });

  it("stems English words and reads what people type: phrases, or, minus", async () => {
    expect((await hits("watch")).map((h) => h.source).sort()).toEqual(["request", "sales"]);
    expect((await hits("booking")).map((h) => h.fromStaff).sort()).toEqual([false, true]);
    expect((await hits('"original box"')).map(textOf)).toEqual([expect.stringContaining("original box")]);
    expect(await hits('"box original"')).toEqual([]);
    expect((await hits("geneva or belcanto")).length).toBe(3);
    expect((await hits("daytona -geneva")).length).toBe(3);
    // Syntax is never an error, and words too common to index find nothing.
    for (const q of ["&|!(", "the and of", "'\\\"", "a:*"]) expect((await search(q)).statusCode, q).toBe(200);
    expect(await hits("the and of")).toEqual([]);
  });

  it("ranks a message that says it more above one that says it once", async () => {
    const found = await hits("belcanto");
    expect(found.map((h) => h.fromStaff)).toEqual([false, true]);
  });

  it("gives a snippet as text with the matched words marked: markup stays text", async () => {
    const [memberMessage] = (await hits("papers")).filter((h) => !h.fromStaff);
    expect(textOf(memberMessage)).toContain("<script>alert(1)</script>");
    expect(marked(memberMessage)).toEqual(["papers"]);
    const reply = (await hits("daytona")).find((h) => h.source === "sales" && h.fromStaff) as Hit;
    expect(marked(reply)).toEqual(["Daytona"]);
    expect(textOf(reply)).toBe("We can source twelve Daytona pieces.");
  });

  it("never takes a marker from the text itself, and cuts a long message with an ellipsis", async () => {
    const long = `${"Lorem ipsum dolor sit amet. ".repeat(30)}The \uE000Kelly\uE001 in \uE002 gold. ${"Consectetur adipiscing elit. ".repeat(30)}`;
    await ctx.database.db
      .insert(executiveConciergeMessages)
      .values({ userId: member.id, senderRole: "user", senderUserId: member.id, message: long });
    const [hit] = await hits("kelly");
    expect(marked(hit)).toEqual(["Kelly"]);
    expect(hit.snippet[0].text).toBe("… ");
    expect(hit.snippet.at(-1)?.text).toBe(" …");
    expect(textOf(hit)).toContain("Kelly in  gold.");
    expect(textOf(hit).length).toBeLessThan(400);
  });

  it("pages the results", async () => {
    await ctx.database.db.insert(executiveConciergeMessages).values(
      Array.from({ length: SEARCH_PAGE_SIZE + 5 }, (_, i) => ({
        userId: member.id,
        senderRole: "user" as const,
        senderUserId: member.id,
        message: `Zanzibar trip, day ${i + 1}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const first = (await search("zanzibar")).json();
    expect([first.items.length, first.total, first.page, first.pageSize]).toEqual([SEARCH_PAGE_SIZE, 25, 1, 20]);
    // Equal ranks: newest first.
    expect(textOf(first.items[0])).toContain("day 25");
    const second = (await search("zanzibar", 2)).json();
    expect([second.items.length, second.total]).toEqual([5, 25]);
    const ids = new Set([...first.items, ...second.items].map((h: Hit) => h.id));
    expect(ids.size).toBe(25);
    const past = (await search("zanzibar", 3)).json();
    expect([past.items, past.total]).toEqual([[], 25]);
    expect((await search("nothing-like-this", 2)).json()).toMatchObject({ items: [], total: 0 });
  });

  it("refuses what cannot be a search, with a clear message", async () => {
    const cases: Array<[string, number | string | undefined, string]> = [
      ["a", undefined, SEARCH_TEXTS.tooShort],
      ["  a  ", undefined, SEARCH_TEXTS.tooShort],
      ["x".repeat(201), undefined, SEARCH_TEXTS.tooLong],
      ["rolex\u0000", undefined, MESSAGES.controlCharacters],
      ["rolex", 0, SEARCH_TEXTS.badPage],
      ["rolex", 51, SEARCH_TEXTS.badPage],
      ["rolex", "two", SEARCH_TEXTS.badPage],
      ["rolex", 1.5, SEARCH_TEXTS.badPage],
    ];
    for (const [q, page, error] of cases) {
      const res = await search(q, page);
      expect([res.statusCode, res.json().error], `${q} ${page}`).toEqual([400, error]);
    }
    const none = await call(ctx, "GET /admin/search", {}, as(staff));
    expect([none.statusCode, none.json().error]).toEqual([400, SEARCH_TEXTS.tooShort]);
    expect((await search("x".repeat(200))).statusCode).toBe(200);
  });

  it("is the staff's only: a member, even the one who wrote it, is refused", async () => {
    const res = await search("daytona", undefined, member);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("Daytona");
    expect((await search("daytona", undefined, null)).statusCode).toBe(401);
    const admin = await createUser(ctx, { role: "admin" });
    expect((await search("daytona", undefined, admin)).json().total).toBe(4);
  });
});

describe("internal notes (issue 31 item 8)", () => {
  it("are found by the staff's search, marked as notes, on their request or conversation", async () => {
    const note = await call(
      ctx,
      "POST /admin/requests/:id/notes",
      { params: { id: requestId }, body: { body: "Supplier in Geneva holds a Submariner, call Tuesday" } },
      as(staff),
    );
    expect(note.statusCode, note.body).toBe(201);
    const chat = await call(
      ctx,
      "POST /admin/concierge/:userId/notes",
      { params: { userId: member.id }, body: { body: "Prefers the Submariner in steel" } },
      as(staff),
    );
    expect(chat.statusCode, chat.body).toBe(201);
    const found = (await search("submariner")).json().items as Array<Hit & { note: boolean }>;
    expect(found.map((h) => [h.source, h.threadId, h.note, h.fromStaff]).sort()).toEqual([
      ["concierge", member.id, true, true],
      ["request", requestId, true, true],
    ]);
    expect(marked(found[0])).toEqual(["Submariner"]);
    // Messages are not notes.
    expect(((await search("daytona")).json().items as Array<{ note: boolean }>).every((h) => !h.note)).toBe(true);
  });
});
