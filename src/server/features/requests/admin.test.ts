/**
 * The admin pipeline and dashboard (issue 13): filters, search, sorting and pages on a seeded set, the capped
 * count, the CSV export (formula cells defused), the client panel, and the dashboard's figures.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call, unchecked } from "#tests/helpers/call";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { PIPELINE_COUNT_CAP, type PipelineQuery } from "@/shared/contracts/requests";
import { messages, profiles, requests } from "../../db/schema";
import { csvCell } from "./admin-service";

let ctx: TestContext;
let staff: TestUser;
let ana: TestUser;
let rui: TestUser;

const day = (n: number) => new Date(Date.UTC(2026, 10, 20 - n, 12));

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff" });
  ana = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
  rui = await createUser(ctx, { plan: "silver", name: "Rui Costa" });
  const rows: Array<
    [TestUser, string, "Fashion" | "Autos" | "Real Estate", number, "New" | "Sourcing" | "Quoted", number]
  > = [
    [ana, "Rolex Daytona", "Fashion", 32_000, "New", 0],
    [ana, "Porsche 911 S/T", "Autos", 420_000, "Sourcing", 1],
    [rui, "Villa in Comporta", "Real Estate", 4_500_000, "New", 2],
    [rui, '=HYPERLINK("http://evil")', "Fashion", 10, "Quoted", 3],
    [ana, "Hermès Birkin", "Fashion", 28_000, "Sourcing", 4],
  ];
  for (const [user, title, category, budgetEur, status, ago] of rows) {
    await ctx.database.db.insert(requests).values({
      userId: user.id,
      title,
      category,
      budgetEur,
      status,
      phoneNumber: "+351912345678",
      createdAt: day(ago),
    });
  }
});
afterAll(() => ctx.close());

const titles = async (query: PipelineQuery) =>
  (await call(ctx, "GET /admin/requests", { query }, as(staff))).json().items.map((r) => r.title);

describe("the pipeline", () => {
  it("lists newest first with each client, and filters by status and category", async () => {
    const res = await call(ctx, "GET /admin/requests", {}, as(staff));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 5, totalCapped: false, page: 1 });
    expect(res.json().items[0]).toMatchObject({
      title: "Rolex Daytona",
      client: { id: ana.id, name: "Ana Sousa", email: ana.email },
    });
    expect(await titles({ status: "New" })).toEqual(["Rolex Daytona", "Villa in Comporta"]);
    expect(await titles({ status: "all", category: "Fashion" })).toEqual([
      "Rolex Daytona",
      '=HYPERLINK("http://evil")',
      "Hermès Birkin",
    ]);
    expect(await titles({ status: "Sourcing", category: "Fashion" })).toEqual(["Hermès Birkin"]);
  });

  it("searches title, client name and client email, case- and accent-exact, with wildcards taken literally", async () => {
    expect(await titles({ q: "porsche" })).toEqual(["Porsche 911 S/T"]);
    expect(await titles({ q: "rui costa" })).toEqual(['=HYPERLINK("http://evil")', "Villa in Comporta"].reverse());
    expect(await titles({ q: ana.email })).toHaveLength(3);
    expect(await titles({ q: "%" })).toEqual([]);
    expect(await titles({ q: "_" })).toEqual([]);
  });

  it("sorts by date or budget either way, and pages", async () => {
    expect(await titles({ sort: "budget", dir: "desc", pageSize: 2 })).toEqual([
      "Villa in Comporta",
      "Porsche 911 S/T",
    ]);
    expect(await titles({ sort: "budget", dir: "asc", pageSize: 1 })).toEqual(['=HYPERLINK("http://evil")']);
    expect(await titles({ sort: "created", dir: "asc", pageSize: 2, page: 2 })).toEqual([
      "Villa in Comporta",
      "Porsche 911 S/T",
    ]);
    const page3 = (await call(ctx, "GET /admin/requests", { query: { pageSize: 2, page: 3 } }, as(staff))).json();
    expect(page3).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(page3.items).toHaveLength(1);
  });

  it("refuses unknown filters with a 400 and changes nothing", async () => {
    for (const query of [
      { status: "Lost" },
      { category: "Yachts" },
      { sort: "title" },
      { page: 0 },
      { pageSize: 500 },
    ]) {
      expect((await call(ctx, "GET /admin/requests", unchecked({ query }), as(staff))).statusCode).toBe(400);
    }
  });
});

describe("the CSV export", () => {
  it("exports the filtered view, with formula-leading cells defused and quoting where needed", async () => {
    const res = await call(ctx, "GET /admin/requests.csv", { query: { category: "Fashion" } }, as(staff));
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Client,Email,Title,Category,Budget (EUR),Priority,Status,ID");
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes("HYPERLINK"))).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("escapes every formula-leading cell", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+351 912")).toBe("'+351 912");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-2)).toBe("-2");
  });
});

describe("a request's client panel", () => {
  it("shows who asked, their plan and their other requests", async () => {
    const [first] = await ctx.database.db.select().from(requests).where(eq(requests.title, "Rolex Daytona"));
    await ctx.database.db.update(profiles).set({ phone: "+351911111111" }).where(eq(profiles.id, ana.id));
    const res = await call(ctx, "GET /admin/requests/:id/client", { params: { id: first.id } }, as(staff));
    expect(res.statusCode).toBe(200);
    expect(res.json().client).toMatchObject({ id: ana.id, name: "Ana Sousa", phone: "+351911111111", plan: "gold" });
    expect(res.json().otherRequests.map((r) => r.title)).toEqual(["Porsche 911 S/T", "Hermès Birkin"]);
    expect(
      (
        await call(
          ctx,
          "GET /admin/requests/:id/client",
          { params: { id: "00000000-0000-4000-8000-000000000000" } },
          as(staff),
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe("the operations dashboard", () => {
  it("counts the cards, the funnel, 12 weeks by category and the time to a first staff reply", async () => {
    const [villa] = await ctx.database.db.select().from(requests).where(eq(requests.title, "Villa in Comporta"));
    const now = new Date();
    await ctx.database.db
      .update(requests)
      .set({ createdAt: new Date(now.getTime() - 3 * 3_600_000) })
      .where(eq(requests.id, villa.id));
    await ctx.database.db.insert(messages).values([
      {
        requestId: villa.id,
        senderUserId: rui.id,
        body: "Any news?",
        createdAt: new Date(now.getTime() - 2.5 * 3_600_000),
      },
      { requestId: villa.id, senderUserId: staff.id, body: "Yes", createdAt: new Date(now.getTime() - 2 * 3_600_000) },
    ]);
    const stats = (await call(ctx, "GET /admin/stats", {}, as(staff))).json();
    expect(stats.cards).toMatchObject({ total: 5, new: 2, sourcing: 2, unreadMessages: 1 });
    expect(stats.cards.clients).toBeGreaterThanOrEqual(2);
    expect(stats.funnel).toEqual([
      { status: "New", count: 2 },
      { status: "Sourcing", count: 2 },
      { status: "Quoted", count: 1 },
      { status: "Found", count: 0 },
      { status: "Delivered", count: 0 },
      { status: "Failed", count: 0 },
      { status: "Withdrawn", count: 0 },
    ]);
    expect(stats.weekly).toHaveLength(12);
    const counted = stats.weekly.reduce(
      (sum: number, w: { counts: Record<string, number> }) => sum + Object.values(w.counts).reduce((a, b) => a + b, 0),
      0,
    );
    expect(counted).toBe(5);
    expect(stats.firstReply.medianMinutes).toBeCloseTo(60, 0);
    expect(stats.firstReply.replied).toBe(1);
    expect(stats.firstReply.daily).toHaveLength(30);
  });
});

describe("the staff's counters (issue 34 item 14)", () => {
  it("counts as Clients only members with a plan, and Messages as the inbox's tabs do together", async () => {
    const clients = async () => (await call(ctx, "GET /admin/stats", {}, as(staff))).json().cards.clients as number;
    const before = await clients();
    await createUser(ctx, { name: "Signed up, no plan" });
    expect(await clients()).toBe(before);
    const member = await createUser(ctx, { plan: "gold", name: "Marta Reis" });
    expect(await clients()).toBe(before + 1);

    // Another staff member's reply is no message for this one to read; a sales inquiry waits in the inbox.
    const colleague = await createUser(ctx, { role: "staff" });
    const [villa] = await ctx.database.db.select().from(requests).where(eq(requests.title, "Villa in Comporta"));
    await ctx.database.db.insert(messages).values({ requestId: villa.id, senderUserId: colleague.id, body: "On it" });
    const inquiry = { subject: "Corporate gifts", message: "Twelve pens, engraved." };
    expect((await call(ctx, "POST /sales/inquiries", { body: inquiry }, as(member))).statusCode).toBe(201);
    const sent = { message: "Are you there?", fileIds: [] };
    expect((await call(ctx, "POST /concierge/messages", { body: sent }, as(member))).statusCode).toBe(201);

    const requestsTab = (await call(ctx, "GET /admin/inbox/messages", {}, as(staff))).json().items.length as number;
    const conciergeTab = (await call(ctx, "GET /admin/concierge", {}, as(staff)))
      .json()
      .items.reduce((sum: number, item: { unread: number }) => sum + item.unread, 0) as number;
    const salesTab = (await call(ctx, "GET /admin/sales", {}, as(staff)))
      .json()
      .items.filter((item: { status: string }) => item.status === "open").length as number;
    expect(salesTab).toBeGreaterThanOrEqual(1);
    expect(conciergeTab).toBeGreaterThanOrEqual(1);
    const tabs = requestsTab + conciergeTab + salesTab;
    expect((await call(ctx, "GET /admin/badges", {}, as(staff))).json().messages).toBe(tabs);
    expect((await call(ctx, "GET /admin/stats", {}, as(staff))).json().cards.unreadMessages).toBe(tabs);
  });
});

describe("a large pipeline", () => {
  it("stops counting at the cap and says there are more", async () => {
    await ctx.database.db.execute(sql`
      insert into requests (user_id, title, category, budget_eur, phone_number, status)
      select ${rui.id}, 'Bulk ' || g, 'Other', 100, '+351912345678', 'Delivered' from generate_series(1, ${PIPELINE_COUNT_CAP}) g`);
    const all = (await call(ctx, "GET /admin/requests", { query: { pageSize: 1 } }, as(staff))).json();
    expect(all).toMatchObject({ total: PIPELINE_COUNT_CAP, totalCapped: true });
    const few = (await call(ctx, "GET /admin/requests", { query: { status: "New" } }, as(staff))).json();
    expect(few).toMatchObject({ total: 2, totalCapped: false });
  });
});
