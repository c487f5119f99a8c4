/**
 * Presence (issue 31 item 4, decision 051): heartbeats in the database with an expiry, read the same by every
 * instance; viewing and typing expire on a fixed clock; "presence" events when what staff see changes; the
 * members' "Concierge team online" from any signed-in staff request or open stream in the last five minutes;
 * the routes' rules. Runs on PGlite and on PostgreSQL (DRIVER_SUITES).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, secondInstance, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { PRESENCE_ACTIVE_MS, PRESENCE_TYPING_MS, PRESENCE_VIEWING_MS } from "@/shared/contracts/presence";
import { PRESENCE_ERRORS } from "@/shared/contracts/presence-texts";
import { viewerOfUser } from "../../auth/viewer";
import { eventLog, presence } from "../../db/schema";
import { ACTIVE_PLACE, beat, placePresence, recordActive, teamOnline } from "./service";

let ctx: TestContext;
let rita: TestUser;
let beatriz: TestUser;
let member: TestUser;
const place = "request:0b8f3f0e-1c1d-4c1e-9a52-1f7a2c3d4e5f";

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  rita = await createUser(ctx, { role: "staff", name: "Rita Santos" });
  beatriz = await createUser(ctx, { role: "staff", name: "Beatriz Lima" });
  member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
});
afterAll(() => ctx.close());

const viewer = async (user: TestUser) => {
  const found = await viewerOfUser(ctx.database.db, user.id);
  if (!found) throw new Error("no viewer");
  return found;
};
const T0 = new Date("2026-11-27T10:00:00Z");
const plus = (ms: number) => new Date(T0.getTime() + ms);
const people = async (user: TestUser, where: string, now: Date) =>
  (await placePresence(ctx.database.db, await viewer(user), where, now)).people;

describe("presence in a conversation, on a fixed clock", () => {
  it("shows who has it open and who types, until each heartbeat expires", async () => {
    const where = `concierge:${member.id}`;
    await beat(ctx.app.ctx, await viewer(rita), { place: where }, T0);
    await beat(ctx.app.ctx, await viewer(beatriz), { place: where, typing: true }, plus(1_000));

    expect(await people(rita, where, plus(2_000))).toEqual([
      { id: rita.id, name: "Rita Santos", typing: false, self: true },
      { id: beatriz.id, name: "Beatriz Lima", typing: true, self: false },
    ]);
    // Typing lasts PRESENCE_TYPING_MS after its last signal; viewing goes on.
    const typingOver = plus(1_000 + PRESENCE_TYPING_MS + 1);
    expect((await people(rita, where, typingOver)).find((p) => p.id === beatriz.id)?.typing).toBe(false);
    // A plain heartbeat while typing keeps the typing it had.
    await beat(ctx.app.ctx, await viewer(beatriz), { place: where, typing: true }, plus(10_000));
    await beat(ctx.app.ctx, await viewer(beatriz), { place: where }, plus(11_000));
    expect((await people(rita, where, plus(12_000))).find((p) => p.id === beatriz.id)?.typing).toBe(true);
    // Sent: typing ends at once.
    await beat(ctx.app.ctx, await viewer(beatriz), { place: where, typing: false }, plus(13_000));
    expect((await people(rita, where, plus(13_500))).find((p) => p.id === beatriz.id)?.typing).toBe(false);

    // Rita's heartbeat expires PRESENCE_VIEWING_MS after her last one; Beatriz's later.
    expect((await people(beatriz, where, plus(PRESENCE_VIEWING_MS - 1))).map((p) => p.id)).toContain(rita.id);
    expect((await people(beatriz, where, plus(PRESENCE_VIEWING_MS + 1))).map((p) => p.id)).toEqual([beatriz.id]);
    // Renewed, she is back; leaving removes her at once.
    await beat(ctx.app.ctx, await viewer(rita), { place: where }, plus(60_000));
    expect((await people(beatriz, where, plus(60_001))).map((p) => p.id)).toContain(rita.id);
    await beat(ctx.app.ctx, await viewer(rita), { place: where, leaving: true }, plus(61_000));
    expect((await people(beatriz, where, plus(61_001))).map((p) => p.id)).not.toContain(rita.id);
  });

  it("is stored in the database, so another instance on it sees the same", async () => {
    const other = await secondInstance(ctx);
    try {
      const where = `concierge:${beatriz.id}`;
      const now = new Date();
      await beat(ctx.app.ctx, await viewer(rita), { place: where, typing: true }, now);
      const seen = await call(
        { ...ctx, app: other.app },
        "GET /admin/presence",
        { query: { place: where } },
        as(beatriz),
      );
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().people).toEqual([{ id: rita.id, name: "Rita Santos", typing: true, self: false }]);
    } finally {
      await other.close();
    }
  });

  it("tells the staff when what they see changes, and only then", async () => {
    const where = "request:7c1e5f3a-2b4d-4e6f-8a9b-0c1d2e3f4a5b";
    const eventsAbout = async () =>
      (await ctx.database.db.select().from(eventLog))
        .flatMap((row) => row.events as Array<Record<string, unknown>>)
        .filter((e) => e.topic === "presence" && e.subject === where);
    const now = new Date();
    await beat(ctx.app.ctx, await viewer(rita), { place: where }, now);
    expect(await eventsAbout()).toHaveLength(1);
    expect((await eventsAbout())[0]).toMatchObject({ audience: "staff" });
    await beat(ctx.app.ctx, await viewer(rita), { place: where }, new Date(now.getTime() + 20_000));
    expect(await eventsAbout()).toHaveLength(1);
    await beat(ctx.app.ctx, await viewer(rita), { place: where, typing: true }, new Date(now.getTime() + 21_000));
    await beat(ctx.app.ctx, await viewer(rita), { place: where, typing: true }, new Date(now.getTime() + 24_000));
    expect(await eventsAbout()).toHaveLength(2);
    await beat(ctx.app.ctx, await viewer(rita), { place: where, leaving: true }, new Date(now.getTime() + 25_000));
    expect(await eventsAbout()).toHaveLength(3);
  });
});

describe("Concierge team online", () => {
  it("is true for five minutes after a staff member's activity, on a fixed clock", async () => {
    const fresh = await createTestApp({ deps: { startWorkers: false } });
    try {
      const db = fresh.database.db;
      expect(await teamOnline(db, T0)).toEqual({ online: false });
      const staff = await createUser(fresh, { role: "staff" });
      await db.delete(presence);
      await recordActive(db, [staff.id], T0);
      expect(await teamOnline(db, plus(PRESENCE_ACTIVE_MS - 1))).toEqual({ online: true });
      expect(await teamOnline(db, plus(PRESENCE_ACTIVE_MS + 1))).toEqual({ online: false });
      // A conversation's heartbeat is not "online": only activity is.
      await beat(fresh.app.ctx, (await viewerOfUser(db, staff.id)) as never, { place }, plus(PRESENCE_ACTIVE_MS + 2));
      expect(await teamOnline(db, plus(PRESENCE_ACTIVE_MS + 3))).toEqual({ online: false });
    } finally {
      await fresh.close();
    }
  });

  it("follows any signed-in staff request, and never a member's", async () => {
    const fresh = await createTestApp({ deps: { startWorkers: false } });
    try {
      const gold = await createUser(fresh, { plan: "gold" });
      const staff = await createUser(fresh, { role: "staff" });
      await fresh.database.db.delete(presence);
      await call(fresh, "GET /requests", {}, as(gold));
      expect((await call(fresh, "GET /presence/team", {}, as(gold))).json()).toEqual({ online: false });
      await call(fresh, "GET /admin/requests", {}, as(staff));
      // The activity is written beside the answer, not before it.
      await expect.poll(async () => (await call(fresh, "GET /presence/team", {}, as(gold))).json().online).toBe(true);
      const rows = await fresh.database.db.select().from(presence).where(eq(presence.place, ACTIVE_PLACE));
      expect(rows.map((r) => r.userId)).toEqual([staff.id]);
    } finally {
      await fresh.close();
    }
  });
});

describe("the routes", () => {
  it("take only a known conversation's name, from staff; members may ask only whether the team is online", async () => {
    for (const bad of [
      "",
      "request:1",
      "request:../x",
      "inbox:all",
      "concierge:",
      "app",
      `concierge:${"a".repeat(101)}`,
    ]) {
      const res = await call(ctx, "POST /admin/presence", unchecked({ body: { place: bad } }), as(rita));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toBe(PRESENCE_ERRORS.placeInvalid);
      const read = await call(ctx, "GET /admin/presence", unchecked({ query: { place: bad } }), as(rita));
      expect(read.statusCode, bad).toBe(400);
    }
    expect((await call(ctx, "POST /admin/presence", { body: { place } }, as(member))).statusCode).toBe(403);
    expect((await call(ctx, "GET /admin/presence", { query: { place } }, as(member))).statusCode).toBe(403);
    expect((await call(ctx, "POST /admin/presence", { body: { place } })).statusCode).toBe(401);
    expect((await call(ctx, "GET /presence/team", {})).statusCode).toBe(401);
    const ok = await call(ctx, "POST /admin/presence", { body: { place, typing: true } }, as(rita));
    expect(ok.statusCode, ok.body).toBe(200);
    const seen = await call(ctx, "GET /admin/presence", { query: { place } }, as(beatriz));
    expect(seen.json().people).toEqual([{ id: rita.id, name: "Rita Santos", typing: true, self: false }]);
  });
});
