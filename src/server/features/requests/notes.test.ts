/**
 * Internal notes (issue 22, item 2) and the member's timeline (item 8). The privacy walk plants a note with a
 * unique marker on the member's request and on their concierge conversation, then reads everything a member can
 * reach: every member-facing GET route of every endpoint table (with the member's own records), the GDPR export,
 * the outbox, the notifications and the member's event stream. The marker must appear nowhere of it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { newRequestBody } from "#tests/helpers/requests";
import { listeningTestApp, openEventStream } from "#tests/helpers/stream";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { ALL_ENDPOINTS } from "@/shared/contracts";
import { NOTE_MESSAGES } from "@/shared/contracts/common-texts";
import { endpointUrl, splitKey } from "@/shared/contracts/endpoint";
import { MEMBER_TIMELINE_ACTIONS } from "@/shared/timeline";
import { notifications, outbox, salesInquiries } from "../../db/schema";

let ctx: TestContext;
let base: string;
let member: TestUser;
let other: TestUser;
let staff: TestUser;

const NEW_REQUEST = newRequestBody({ title: "A Birkin 25 in gold", budget_eur: 30000 });

beforeAll(async () => {
  ({ ctx, base } = await listeningTestApp());
  member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
  other = await createUser(ctx, { plan: "gold" });
  staff = await createUser(ctx, { role: "staff", name: "Rita Staff" });
});
afterAll(() => ctx.close());

async function newRequest(user = member) {
  const res = await call(ctx, "POST /requests", { body: NEW_REQUEST }, as(user));
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** The event stream as a browser tab opens it. */
const openStream = (user: TestUser) => openEventStream(base, user.cookie);
const topics = (text: string) => [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);

describe("internal notes", () => {
  it("are added and read by staff, oldest first, with their author", async () => {
    const id = await newRequest();
    expect(
      (await call(ctx, "POST /admin/requests/:id/notes", { params: { id }, body: { body: "First" } }, as(staff)))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(ctx, "POST /admin/requests/:id/notes", { params: { id }, body: { body: "Second" } }, as(staff)))
        .statusCode,
    ).toBe(201);
    const res = await call(ctx, "GET /admin/requests/:id/notes", { params: { id } }, as(staff));
    expect(res.statusCode).toBe(200);
    expect(res.json().notes.map((n: { body: string }) => n.body)).toEqual(["First", "Second"]);
    expect(res.json().notes[0]).toMatchObject({ mine: true, author: { id: staff.id, name: "Rita Staff" } });
    // The staff's activity shows that a note was added, never its text.
    const activity = await call(ctx, "GET /admin/requests/:id/activity", { params: { id } }, as(staff));
    expect(activity.json().items.map((i: { action: string }) => i.action)).toContain("note_added");
    expect(activity.body).not.toContain("First");
  });

  it("refuses an empty note and a missing request or member, changing nothing", async () => {
    const id = await newRequest();
    const empty = await call(
      ctx,
      "POST /admin/requests/:id/notes",
      { params: { id }, body: { body: "   " } },
      as(staff),
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(NOTE_MESSAGES.empty);
    const long = await call(
      ctx,
      "POST /admin/requests/:id/notes",
      { params: { id }, body: { body: "x".repeat(5001) } },
      as(staff),
    );
    expect(long.statusCode).toBe(400);
    expect((await call(ctx, "GET /admin/requests/:id/notes", { params: { id } }, as(staff))).json().notes).toEqual([]);
    expect(
      (
        await call(
          ctx,
          "POST /admin/requests/:id/notes",
          { params: { id: randomUUID() }, body: { body: "x" } },
          as(staff),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(
          ctx,
          "POST /admin/concierge/:userId/notes",
          { params: { userId: "nobody" }, body: { body: "x" } },
          as(staff),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, "GET /admin/concierge/:userId/notes", { params: { userId: "nobody" } }, as(staff))).statusCode,
    ).toBe(404);
  });

  it("on a concierge conversation are the staff's, live to staff only", async () => {
    const [memberStream, staffStream] = [await openStream(member), await openStream(staff)];
    try {
      const res = await call(
        ctx,
        "POST /admin/concierge/:userId/notes",
        { params: { userId: member.id }, body: { body: "Prefers calls" } },
        as(staff),
      );
      expect(res.statusCode).toBe(201);
      await expect.poll(() => topics(staffStream.text)).toContain("notes");
      const notes = await call(ctx, "GET /admin/concierge/:userId/notes", { params: { userId: member.id } }, as(staff));
      expect(notes.json().notes.map((n: { body: string }) => n.body)).toEqual(["Prefers calls"]);
      // Give the member's stream the same chance to receive anything, then check it received nothing.
      await call(
        ctx,
        "POST /admin/concierge/:userId",
        { params: { userId: member.id }, body: { reply: "Good evening" } },
        as(staff),
      );
      await expect.poll(() => topics(memberStream.text)).toContain("concierge");
      expect(topics(memberStream.text)).not.toContain("notes");
    } finally {
      memberStream.close();
      staffStream.close();
    }
  });

  it("never reach the member: every member route, the export, the outbox, notifications and the stream", async () => {
    const MARKER = `note-marker-${randomUUID()}`;
    const requestId = await newRequest();
    // The member's records, so that every route answers with real content.
    await call(
      ctx,
      "POST /requests/:id/messages",
      { params: { id: requestId }, body: { body: "Any news?" } },
      as(member),
    );
    await call(ctx, "POST /concierge/messages", { body: { message: "Good evening" } }, as(member));
    const [inquiry] = await ctx.database.db
      .insert(salesInquiries)
      .values({ userId: member.id, subject: "Yacht", message: "For August" })
      .returning({ id: salesInquiries.id });
    const stream = await openStream(member);
    try {
      // The notes, around the staff's ordinary work (which emails, notifies and publishes to the member).
      await call(
        ctx,
        "POST /admin/requests/:id/notes",
        { params: { id: requestId }, body: { body: `Request ${MARKER}` } },
        as(staff),
      );
      await call(
        ctx,
        "POST /admin/concierge/:userId/notes",
        { params: { userId: member.id }, body: { body: `Concierge ${MARKER}` } },
        as(staff),
      );
      await call(
        ctx,
        "POST /requests/:id/messages",
        { params: { id: requestId }, body: { body: "We are on it." } },
        as(staff),
      );
      await call(
        ctx,
        "POST /admin/concierge/:userId",
        { params: { userId: member.id }, body: { reply: "At your service." } },
        as(staff),
      );
      await call(
        ctx,
        "POST /admin/requests/:id/status",
        { params: { id: requestId }, body: { status: "Sourcing" } },
        as(staff),
      );
      await call(
        ctx,
        "POST /admin/requests/:id/notes",
        { params: { id: requestId }, body: { body: `After ${MARKER}` } },
        as(staff),
      );
      // Positive control: staff do see them.
      expect(
        (await call(ctx, "GET /admin/requests/:id/notes", { params: { id: requestId } }, as(staff))).body,
      ).toContain(MARKER);
      expect(
        (await call(ctx, "GET /admin/concierge/:userId/notes", { params: { userId: member.id } }, as(staff))).body,
      ).toContain(MARKER);

      const paramsFor = (path: string): Record<string, string> => ({
        id: path.startsWith("/sales/") ? inquiry.id : path.startsWith("/billing/") ? randomUUID() : requestId,
        fileId: randomUUID(),
        userId: member.id,
      });
      const walked: string[] = [];
      for (const [key, definition] of ALL_ENDPOINTS) {
        const { method, path } = splitKey(key);
        if (method !== "GET" || !["user", "member", "public"].includes(definition.access)) continue;
        if (path === "/events") continue; // the stream, open throughout
        const values = paramsFor(path);
        const params = Object.fromEntries(
          [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, values[name] ?? randomUUID()]),
        );
        for (const query of path === "/requests" ? [{}, { q: MARKER }] : [{}]) {
          // Every endpoint of every table, by its key: the URL is built here, not typed per endpoint.
          const target = endpointUrl(key, { params, query });
          const res = await ctx.app.inject({ method: "GET", url: target, headers: as(member) });
          expect(res.statusCode, `${target}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          expect(res.body, target).not.toContain(MARKER);
          walked.push(target);
        }
      }
      expect(walked).toContain(endpointUrl("GET /account/export"));
      expect(walked).toContain(endpointUrl("GET /requests/:id/messages", { params: { id: requestId } }));
      expect(walked).toContain(endpointUrl("GET /requests/:id/timeline", { params: { id: requestId } }));
      expect(walked).toContain(endpointUrl("GET /concierge/messages"));

      const export_ = await call(ctx, "GET /account/export", {}, as(member));
      expect(export_.statusCode).toBe(200);
      expect(export_.body).toContain("Any news?");
      expect(export_.body).not.toContain(MARKER);

      const mails = await ctx.database.db.select().from(outbox);
      expect(mails.length).toBeGreaterThan(0);
      expect(JSON.stringify(mails)).not.toContain(MARKER);
      const notices = await ctx.database.db.select().from(notifications);
      expect(notices.length).toBeGreaterThan(0);
      expect(JSON.stringify(notices)).not.toContain(MARKER);

      await expect.poll(() => topics(stream.text)).toContain("requests");
      expect(topics(stream.text)).not.toContain("notes");
      expect(stream.text).not.toContain(MARKER);
    } finally {
      stream.close();
    }
  });

  it("carry the label the staff's thread shows", () => {
    expect(NOTE_MESSAGES.label).toBe("Internal note · only staff see this");
  });
});

describe("the member's timeline", () => {
  it("shows what happened in the member's words, without notes, drafts or staff names", async () => {
    const id = await newRequest();
    await call(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } }, as(staff));
    await call(
      ctx,
      "POST /admin/requests/:id/notes",
      { params: { id }, body: { body: "Ask the Paris boutique" } },
      as(staff),
    );
    await call(ctx, "POST /requests/:id/messages", { params: { id }, body: { body: "We are on it." } }, as(staff));
    // Quoted is reached by sending a quote (decision 030).
    const quote = await call(
      ctx,
      "POST /admin/requests/:id/quotes",
      {
        params: { id },
        body: {
          options: [{ title: "A vintage piece", priceCents: 100_000 }],
          validUntil: "2099-12-31",
        },
      },
      as(staff),
    );
    expect(quote.statusCode, quote.body).toBe(201);
    await call(
      ctx,
      "POST /admin/requests/:id/quotes/:quoteId/send",
      { params: { id, quoteId: quote.json().id } },
      as(staff),
    );
    const res = await call(ctx, "GET /requests/:id/timeline", { params: { id } }, as(member));
    expect(res.statusCode).toBe(200);
    // The quote and the status it brings are written together (one instant: either order).
    const entries = res.json().items.map((i: { text: string; actor: string; key: string }) => [i.text, i.actor, i.key]);
    expect(entries.slice(0, 2)).toEqual([
      ["You submitted your request", "you", "timeline.created"],
      // Keyed, so the member's interface says it in their language (decision 028).
      ["The Maison team picked up your request: Sourcing", "team", "timeline.status_sourcing"],
    ]);
    expect(entries.slice(2).sort()).toEqual([
      ["The Maison team sent you a quote", "team", "timeline.quote_sent"],
      ["Your request is Quoted", "team", "timeline.status_quoted"],
    ]);
    expect(res.body).not.toContain("Rita");
    expect(res.body).not.toContain(staff.email);
    expect(res.body).not.toContain("Paris");
    expect(MEMBER_TIMELINE_ACTIONS).not.toContain("note_added");
    expect(MEMBER_TIMELINE_ACTIONS).not.toContain("quote_drafted");
  });

  it("is the owner's only: 404 to another member and to staff", async () => {
    const id = await newRequest();
    expect((await call(ctx, "GET /requests/:id/timeline", { params: { id } }, as(other))).statusCode).toBe(404);
    expect((await call(ctx, "GET /requests/:id/timeline", { params: { id } }, as(staff))).statusCode).toBe(404);
    expect(
      (await call(ctx, "GET /requests/:id/timeline", { params: { id: randomUUID() } }, as(member))).statusCode,
    ).toBe(404);
    expect((await call(ctx, "GET /requests/:id/timeline", { params: { id } }, {})).statusCode).toBe(401);
  });

  it("changes live: a status change reaches the member's stream", async () => {
    const id = await newRequest();
    const stream = await openStream(member);
    try {
      await call(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } }, as(staff));
      await expect.poll(() => topics(stream.text)).toContain("requests");
    } finally {
      stream.close();
    }
  });
});
