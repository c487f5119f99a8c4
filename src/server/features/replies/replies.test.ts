import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { listeningTestApp, openEventStream } from "#tests/helpers/stream";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { REPLY_TEXTS } from "@/shared/contracts/replies-texts";
import { SAVED_REPLIES_MAX } from "@/shared/replies";
import { savedReplies } from "../../db/schema";

let ctx: TestContext;
let base: string;
let staff: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ({ ctx, base } = await listeningTestApp());
  staff = await createUser(ctx, { role: "staff", name: "Sofia Staff" });
  admin = await createUser(ctx, { role: "admin", name: "Bruno Admin" });
});
afterAll(() => ctx.close());

const list = async (user: TestUser = staff) =>
  (await call(ctx, "GET /admin/replies", {}, as(user))).json().items as Array<{
    id: string;
    title: string;
    text: string;
    updatedBy: string | null;
  }>;

describe("saved replies that ship, short names and the first name (issue 31 item 8)", () => {
  it("ship in both languages, once, with short names; the team may edit and delete them", async () => {
    const seeded = await list();
    const titles = seeded.map((r) => r.title);
    expect(titles).toEqual(
      expect.arrayContaining(["Welcome to Maison", "Bem-vindo à Maison", "Progress update", "Ponto de situação"]),
    );
    const welcome = seeded.find((r) => r.title === "Welcome to Maison") as (typeof seeded)[number] & {
      shortcut: string;
    };
    expect(welcome).toMatchObject({ shortcut: "welcome" });
    expect(welcome.text).toContain("{first_name}");
    const edited = await call(
      ctx,
      "PUT /admin/replies/:id",
      {
        params: { id: welcome.id },
        body: { title: "Welcome to Maison", text: "Dear {first_name}, welcome.", shortcut: "hello" },
      },
      as(staff),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await list()).find((r) => r.id === welcome.id)).toMatchObject({ shortcut: "hello" });
    const entrega = seeded.find((r) => r.title === "Entrega combinada") as (typeof seeded)[number];
    expect((await call(ctx, "DELETE /admin/replies/:id", { params: { id: entrega.id } }, as(admin))).statusCode).toBe(
      200,
    );
    // A restart runs the migrations again: nothing is written twice, nothing deleted comes back.
    const { migrate } = await import("../../db");
    await migrate(ctx.database);
    expect((await list()).some((r) => r.title === "Entrega combinada")).toBe(false);
    expect((await list()).filter((r) => r.title === "Bem-vindo à Maison")).toHaveLength(1);
  });

  it("take a unique short name of lower-case letters, digits and dashes", async () => {
    const created = await call(
      ctx,
      "POST /admin/replies",
      { body: { title: "Thanks", text: "Thank you, {first_name}.", shortcut: " Thanks-2 " } },
      as(staff),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect((await list()).find((r) => r.id === created.json().id)).toMatchObject({ shortcut: "thanks-2" });
    for (const shortcut of ["has space", "-dash", "x".repeat(31), "é", "/slash"]) {
      const res = await call(
        ctx,
        "POST /admin/replies",
        unchecked({ body: { title: `Bad ${shortcut}`, text: "x", shortcut } }),
        as(staff),
      );
      expect([res.statusCode, res.json().error], shortcut).toEqual([400, REPLY_TEXTS.shortcutInvalid]);
    }
    const taken = await call(
      ctx,
      "POST /admin/replies",
      { body: { title: "Thanks again", text: "x", shortcut: "thanks-2" } },
      as(admin),
    );
    expect([taken.statusCode, taken.json().error]).toEqual([409, REPLY_TEXTS.duplicateShortcut]);
    const none = await call(
      ctx,
      "POST /admin/replies",
      { body: { title: "No name", text: "x", shortcut: "" } },
      as(staff),
    );
    expect((await list()).find((r) => r.id === none.json().id)).toMatchObject({ shortcut: null });
  });
});

describe("saved replies", () => {
  it("are added, listed by title, edited and deleted by any staff member, for all of them", async () => {
    const added = await call(
      ctx,
      "POST /admin/replies",
      {
        body: {
          title: "  Sourcing update ",
          text: "Dear {member_name},\nwe are sourcing {request_title}.\n",
        },
      },
      as(staff),
    );
    expect(added.statusCode).toBe(201);
    const { id } = added.json();
    await call(ctx, "POST /admin/replies", { body: { title: "Another one", text: "Hello" } }, as(staff));
    const seen = await list(admin);
    expect(seen.map((r) => r.title)).toEqual(expect.arrayContaining(["Another one", "Sourcing update"]));
    expect(seen.findIndex((r) => r.title === "Another one")).toBeLessThan(
      seen.findIndex((r) => r.title === "Sourcing update"),
    );
    expect(seen.find((r) => r.id === id)).toMatchObject({
      title: "Sourcing update",
      text: "Dear {member_name},\nwe are sourcing {request_title}.",
      updatedBy: "Sofia Staff",
    });

    const edited = await call(
      ctx,
      "PUT /admin/replies/:id",
      { params: { id }, body: { title: "Sourcing news", text: "Soon." } },
      as(admin),
    );
    expect(edited.statusCode).toBe(200);
    expect((await list()).find((r) => r.id === id)).toMatchObject({
      title: "Sourcing news",
      text: "Soon.",
      updatedBy: "Bruno Admin",
    });
    // Its own title again, another case: not a duplicate of itself.
    expect(
      (
        await call(
          ctx,
          "PUT /admin/replies/:id",
          { params: { id }, body: { title: "SOURCING NEWS", text: "x" } },
          as(admin),
        )
      ).statusCode,
    ).toBe(200);

    expect((await call(ctx, "DELETE /admin/replies/:id", { params: { id } }, as(staff))).json()).toEqual({ ok: true });
    expect((await list()).some((r) => r.id === id)).toBe(false);
    const again = await call(ctx, "DELETE /admin/replies/:id", { params: { id } }, as(staff));
    expect([again.statusCode, again.json().error]).toEqual([404, REPLY_TEXTS.notFound]);
    const gone = await call(
      ctx,
      "PUT /admin/replies/:id",
      { params: { id }, body: { title: "Back", text: "x" } },
      as(staff),
    );
    expect([gone.statusCode, gone.json().error]).toEqual([404, REPLY_TEXTS.notFound]);
  });

  it("refuses bad input with a clear message and writes nothing", async () => {
    const before = (await ctx.database.db.select().from(savedReplies)).length;
    const cases: Array<[object, string]> = [
      [{ title: "", text: "Hello" }, REPLY_TEXTS.titleRequired],
      [{ title: "   ", text: "Hello" }, REPLY_TEXTS.titleRequired],
      [{ title: "x".repeat(101), text: "Hello" }, REPLY_TEXTS.titleTooLong],
      [{ title: "Title", text: " \n " }, REPLY_TEXTS.textRequired],
      [{ title: "Title", text: "x".repeat(4001) }, REPLY_TEXTS.textTooLong],
      [
        { title: "Title", text: "Dear {memberName}" },
        "Unknown placeholder {memberName}. Use {member_name}, {first_name} or {request_title}.",
      ],
      [{ title: "Ti\u0000tle", text: "Hello" }, MESSAGES.controlCharacters],
    ];
    for (const [payload, error] of cases) {
      const res = await call(ctx, "POST /admin/replies", unchecked({ body: payload }), as(staff));
      expect([res.statusCode, res.json().error], JSON.stringify(payload)).toEqual([400, error]);
    }
    // The limits themselves are accepted.
    const longest = await call(
      ctx,
      "POST /admin/replies",
      { body: { title: "t".repeat(100), text: "x".repeat(4000) } },
      as(staff),
    );
    expect(longest.statusCode).toBe(201);
    const dup = await call(ctx, "POST /admin/replies", { body: { title: "T".repeat(100), text: "Other" } }, as(admin));
    expect([dup.statusCode, dup.json().error]).toEqual([409, REPLY_TEXTS.duplicateTitle]);
    const other = (await call(ctx, "POST /admin/replies", { body: { title: "Other", text: "x" } }, as(staff))).json()
      .id;
    const clash = await call(
      ctx,
      "PUT /admin/replies/:id",
      { params: { id: other }, body: { title: "t".repeat(100), text: "x" } },
      as(staff),
    );
    expect([clash.statusCode, clash.json().error]).toEqual([409, REPLY_TEXTS.duplicateTitle]);
    expect(
      (
        await call(
          ctx,
          "PUT /admin/replies/:id",
          { params: { id: "not-an-id" }, body: { title: "a", text: "b" } },
          as(staff),
        )
      ).statusCode,
    ).toBe(400);
    expect((await ctx.database.db.select().from(savedReplies)).length).toBe(before + 2);
  });

  it(`keeps at most ${SAVED_REPLIES_MAX}, even added at once`, async () => {
    await ctx.database.db.delete(savedReplies);
    await ctx.database.db
      .insert(savedReplies)
      .values(Array.from({ length: SAVED_REPLIES_MAX - 2 }, (_, i) => ({ title: `Filler ${i}`, body: "x" })));
    const results = await Promise.all(
      ["One", "Two", "Three", "Four"].map((title) =>
        call(ctx, "POST /admin/replies", { body: { title, text: "x" } }, as(staff)),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(REPLY_TEXTS.tooMany);
    expect((await list()).length).toBe(SAVED_REPLIES_MAX);
    // The same new title twice at once: one reply, one clear refusal.
    await ctx.database.db.delete(savedReplies);
    const twins = await Promise.all(
      [staff, admin].map((user) => call(ctx, "POST /admin/replies", { body: { title: "Twin", text: "x" } }, as(user))),
    );
    expect(twins.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("is the staff's only: members and visitors are refused", async () => {
    const member = await createUser(ctx, { plan: "black" });
    const { id } = (
      await call(ctx, "POST /admin/replies", { body: { title: "Private", text: "x" } }, as(staff))
    ).json();
    expect((await call(ctx, "GET /admin/replies", {}, as(member))).statusCode).toBe(403);
    expect(
      (await call(ctx, "POST /admin/replies", { body: { title: "Mine", text: "x" } }, as(member))).statusCode,
    ).toBe(403);
    expect(
      (await call(ctx, "PUT /admin/replies/:id", { params: { id }, body: { title: "Mine", text: "x" } }, as(member)))
        .statusCode,
    ).toBe(403);
    expect((await call(ctx, "DELETE /admin/replies/:id", { params: { id } }, as(member))).statusCode).toBe(403);
    expect((await call(ctx, "GET /admin/replies")).statusCode).toBe(401);
    expect((await list()).find((r) => r.id === id)?.title).toBe("Private");
  });

  it("tells every staff stream of each change, and no member's", async () => {
    const member = await createUser(ctx, { plan: "gold" });
    const tabs = await Promise.all([staff, admin, member].map(openStream));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { id } = (await call(ctx, "POST /admin/replies", { body: { title: "Live", text: "x" } }, as(staff))).json();
      await expect.poll(() => tabs[0].events).toContain("replies");
      await expect.poll(() => tabs[1].events).toContain("replies");
      await call(ctx, "DELETE /admin/replies/:id", { params: { id } }, as(admin));
      await expect.poll(() => tabs[0].events.filter((e) => e === "replies").length).toBe(2);
      // The member's stream hears something it may (its own) to prove it is open and in order, never "replies".
      await call(ctx, "POST /sales/inquiries", { body: { subject: "Hello", message: "Hi" } }, as(member));
      await expect.poll(() => tabs[2].events).toContain("sales");
      expect(tabs[2].events).not.toContain("replies");
    } finally {
      for (const tab of tabs) tab.close();
    }
  });
});

/** The event stream as a browser tab opens it. */
const openStream = (user: TestUser) => openEventStream(base, user.cookie);
