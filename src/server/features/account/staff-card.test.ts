/**
 * A named concierge (issue 34 item 1): a staff member's card (the name they go by with members, a short line, a
 * photo) is shown to the member whose request or concierge conversation they own; unowned, the member sees the
 * team (null). Only staff edit a card, only their own; a staff photo is served to anyone signed in.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { outboxMails } from "#tests/helpers/mail";
import { createRequest } from "#tests/helpers/requests";
import { multipartFile, TINY_PNG } from "#tests/helpers/uploads";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ACCOUNT_ERRORS } from "@/shared/contracts/account-texts";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { profiles } from "../../db/schema";

describe("a staff member's card, as members see it", () => {
  let ctx: TestContext;
  let staff: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ deps: { startWorkers: false } });
    staff = await createUser(ctx, { role: "staff", name: "Rita Almeida" });
    member = await createUser(ctx, { plan: "black" });
  });
  afterAll(() => ctx.close());

  const upload = (user: TestUser, content: Buffer, name = "rita.png") => {
    const { payload, headers } = multipartFile(content, name);
    return ctx.app.inject({
      method: "POST",
      url: endpointUrl("POST /admin/profile/card/photo"),
      payload,
      headers: { ...headers, ...as(user) },
    });
  };
  const photoKey = async (user: TestUser) =>
    (await ctx.database.db.select({ key: profiles.photoKey }).from(profiles).where(eq(profiles.id, user.id)))[0]?.key;

  it("saves the name and line, refuses what is too long, and shows the owner on the member's request", async () => {
    const saved = await call(
      ctx,
      "PUT /admin/profile/card",
      { body: { publicName: "  Rita ", headline: "Watches and jewellery, Lisbon" } },
      as(staff),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      publicName: "Rita",
      headline: "Watches and jewellery, Lisbon",
      card: { id: staff.id, name: "Rita", headline: "Watches and jewellery, Lisbon", photoUrl: null },
    });
    const tooLong = await call(
      ctx,
      "PUT /admin/profile/card",
      unchecked({ body: { publicName: "R".repeat(61), headline: "" } }),
      as(staff),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(ACCOUNT_ERRORS.publicNameTooLong);
    expect((await call(ctx, "GET /admin/profile/card", {}, as(staff))).json().publicName).toBe("Rita");

    const id = await createRequest(ctx, member, { title: "A Daytona" });
    const unowned = await call(ctx, "GET /requests/:id", { params: { id } }, as(member));
    expect(unowned.json().concierge).toBeNull();
    await call(ctx, "POST /admin/requests/:id/assignee", { params: { id }, body: { userId: staff.id } }, as(staff));
    const owned = await call(ctx, "GET /requests/:id", { params: { id } }, as(member));
    expect(owned.json().concierge).toEqual({
      id: staff.id,
      name: "Rita",
      headline: "Watches and jewellery, Lisbon",
      photoUrl: null,
    });

    // Replies carry the name the staff member goes by.
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "Found two." } }, as(staff));
    const thread = await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(member));
    expect(thread.json().messages[0].sender).toMatchObject({ name: "Rita", isStaff: true, photoUrl: null });
    // And the member's email says who replied.
    await expect.poll(async () => (await outboxMails(ctx, "admin_reply", "Rita from Maison replied")).length).toBe(1);
  });

  it("keeps one photo, served to anyone signed in, and refuses what is not an image", async () => {
    const refused = await upload(staff, Buffer.from("<html>not an image</html>"));
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error).toBe(ACCOUNT_ERRORS.photoRefused);

    const first = await upload(staff, TINY_PNG);
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = await photoKey(staff);
    const url = first.json().card.photoUrl as string;
    expect(url).toMatch(new RegExp(`^/api/team/${staff.id}/photo\\?v=`));

    const seen = await ctx.app.inject({ method: "GET", url, headers: as(member) });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.headers["content-type"]).toBe("image/png");
    expect(seen.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);

    // A new photo is a new address, and the one it replaced is gone from the store.
    const second = await upload(staff, TINY_PNG);
    expect(second.json().card.photoUrl).not.toBe(url);
    await expect(ctx.app.ctx.storage.get(firstKey as string)).rejects.toBeDefined();

    const removed = await call(ctx, "DELETE /admin/profile/card/photo", {}, as(staff));
    expect(removed.json().card.photoUrl).toBeNull();
    expect(await photoKey(staff)).toBeNull();
    const gone = await call(ctx, "GET /team/:userId/photo", { params: { userId: staff.id } }, as(member));
    expect(gone.statusCode).toBe(404);
  });

  it("never serves a member's own file as a staff photo, nor lets a member set a card", async () => {
    await ctx.database.db
      .update(profiles)
      .set({ photoKey: `staff-photos/${member.id}/x.png` })
      .where(eq(profiles.id, member.id));
    const res = await call(ctx, "GET /team/:userId/photo", { params: { userId: member.id } }, as(staff));
    expect(res.statusCode).toBe(404);
    const put = await call(ctx, "PUT /admin/profile/card", { body: { publicName: "Me", headline: "" } }, as(member));
    expect(put.statusCode).toBe(403);
  });

  it("names the concierge conversation's owner to the member", async () => {
    await call(ctx, "PUT /admin/profile/card", { body: { publicName: "Rita", headline: "" } }, as(staff));
    await call(ctx, "POST /concierge/messages", { body: { message: "Hello" } }, as(member));
    expect((await call(ctx, "GET /concierge/messages", {}, as(member))).json().concierge).toBeNull();
    await call(
      ctx,
      "POST /admin/concierge/:userId/assignee",
      { params: { userId: member.id }, body: { userId: staff.id } },
      as(staff),
    );
    await call(
      ctx,
      "POST /admin/concierge/:userId",
      { params: { userId: member.id }, body: { reply: "Hi" } },
      as(staff),
    );
    const thread = (await call(ctx, "GET /concierge/messages", {}, as(member))).json();
    expect(thread.concierge).toMatchObject({ id: staff.id, name: "Rita", headline: null });
    expect(thread.messages.at(-1)).toMatchObject({ staffName: "Rita", staffPhotoUrl: null });
  });
});
