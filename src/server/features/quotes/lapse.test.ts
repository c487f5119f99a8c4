/**
 * A hold that will lapse (issue 30, item 6), through the app on the built-in test provider with its clock moved:
 * the member and staff are told once, 48 hours before a held authorisation lapses (however many runs of the job,
 * and at once); and after a lapse the member authorises the accepted option again on their own while the request
 * is Found, never over a live hold nor after delivery.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { secondInstance } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { inDays, option, quotesTestApp, sessionOf } from "#tests/helpers/quote-steps";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { activityLogs, holds, notifications, outbox, testPaymentObjects } from "../../db/schema";

const steps = quotesTestApp({ resetHoldClock: true });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const { requestQuotes, authorize } = steps;

/** A request whose hold is held: quoted, accepted, authorised with 4242 (capturable 7 days on the provider's clock). */
async function heldRequest(title = "Hermès Kelly 28") {
  return steps.heldRequest([option("Kelly 28, Gold", 2_500_000, { estimatedDelivery: inDays(20) })], title);
}

const advance = (ms: number) => steps.ctx.app.ctx.payments.test?.advanceHoldClock(ms);
const runJob = () => steps.ctx.app.ctx.domains.quotes.warnLapsingHolds();

/** The lapse warnings a person has about one request (filed with the lapses, told apart by their title). */
async function warningsOf(userId: string, requestId: string) {
  return steps.ctx.database.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.requestId, requestId),
        like(notifications.title, "%lapses%"),
      ),
    );
}

async function warningEmails(to: string) {
  return steps.ctx.database.db
    .select()
    .from(outbox)
    .where(sql`${outbox.payload}->>'reason' = 'hold_lapsing' and ${outbox.payload}->>'to' = ${to}`);
}

async function timelineOf(member: TestUser, requestId: string) {
  const res = await call(steps.ctx, "GET /requests/:id/timeline", { params: { id: requestId } }, as(member));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as unknown[];
}

const lapseActivity = (requestId: string) =>
  steps.ctx.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.requestId, requestId), eq(activityLogs.action, "hold_lapse_warned")));

const holdRows = (requestId: string) =>
  steps.ctx.database.db.select().from(holds).where(eq(holds.requestId, requestId)).orderBy(holds.createdAt);

describe("48 hours before a held authorisation lapses", () => {
  it("the member and staff are told once; a hold further out is not", async () => {
    const soon = await heldRequest("Kelly 28, lapsing soon");
    await advance(3 * DAY);
    const later = await heldRequest("Birkin 25, further out");
    // The first hold has 40 hours left, the second 4 days and 16 hours.
    await advance(4 * DAY - 40 * HOUR);
    expect((await requestQuotes(soon.member, soon.id)).hold.status).toBe("held");

    const timelineBefore = await timelineOf(soon.member, soon.id);
    await runJob();
    const [member] = await warningsOf(soon.member.id, soon.id);
    expect(member).toMatchObject({ type: "hold_lapsing", link: `/requests/${soon.id}` });
    expect(member.title).toMatch(/^Your hold lapses on /);
    const [team] = await warningsOf(steps.staff.id, soon.id);
    expect(team).toMatchObject({ link: `/admin/requests/${soon.id}` });
    expect(team.title).toBe("Hold lapses within 48 h: Kelly 28, lapsing soon");
    const [mail] = await warningEmails(soon.member.email);
    expect(mail.payload.subject).toMatch(/^Your hold lapses on .*: Kelly 28, lapsing soon$/);
    expect(mail.payload.text).toContain("The hold of €2,500 on your card for Kelly 28, Gold lapses on");
    expect(mail.payload.text).toContain("Nothing has been charged.");
    expect((await holdRows(soon.id))[0].lapseWarnedAt).not.toBeNull();
    expect(await lapseActivity(soon.id)).toHaveLength(1);

    // Further out: nothing yet.
    expect(await warningsOf(later.member.id, later.id)).toHaveLength(0);
    expect(await warningsOf(steps.staff.id, later.id)).toHaveLength(0);
    expect((await holdRows(later.id))[0].lapseWarnedAt).toBeNull();

    // The job runs again (the next tick, another instance): nothing more.
    await runJob();
    expect(await warningsOf(soon.member.id, soon.id)).toHaveLength(1);
    expect(await warningsOf(steps.staff.id, soon.id)).toHaveLength(1);
    expect(await warningEmails(soon.member.email)).toHaveLength(1);
    expect(await lapseActivity(soon.id)).toHaveLength(1);
    // The member's timeline does not show the team's entry.
    expect((await timelineOf(soon.member, soon.id)).length).toBe(timelineBefore.length);

    // Its own 48 hours come for the second.
    await advance(3 * DAY);
    await runJob();
    expect(await warningsOf(later.member.id, later.id)).toHaveLength(1);
    expect(await warningsOf(steps.staff.id, later.id)).toHaveLength(1);
  });

  it("ten runs at once on two instances still tell each once", async () => {
    const { member, id } = await heldRequest("Daytona, Panda");
    await advance(5 * DAY + 12 * HOUR);
    const other = await secondInstance(steps.ctx);
    const counts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other.app.ctx.domains.quotes.warnLapsingHolds() : runJob())),
    ).finally(() => other.close());
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(1);
    expect(await warningsOf(member.id, id)).toHaveLength(1);
    expect(await warningsOf(steps.staff.id, id)).toHaveLength(1);
    expect(await warningEmails(member.email)).toHaveLength(1);
    expect(await lapseActivity(id)).toHaveLength(1);
  });

  it("a hold no longer held (captured) is not warned", async () => {
    const { member, id } = await heldRequest("Cartier Tank");
    expect(
      (await call(steps.ctx, "POST /admin/requests/:id/hold/capture", { params: { id }, body: {} }, as(steps.staff)))
        .statusCode,
    ).toBe(200);
    await advance(6 * DAY);
    await runJob();
    expect(await warningsOf(member.id, id)).toHaveLength(0);
    expect(await warningsOf(steps.staff.id, id)).toHaveLength(0);
  });
});

describe("the member authorises again on their own", () => {
  it("after a lapse, without staff asking: a new hold on the accepted option, the request stays Found", async () => {
    const { member, id } = await heldRequest();
    expect((await requestQuotes(member, id)).canAuthoriseAgain).toBe(false);
    await advance(7 * DAY + HOUR);
    const lapsed = await requestQuotes(member, id);
    expect(lapsed.hold).toMatchObject({ status: "expired", reauthorizationRequested: false });
    expect(lapsed.canAuthoriseAgain).toBe(true);
    expect((await requestQuotes(steps.staff, id)).canAuthoriseAgain).toBe(true);

    const again = await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member));
    expect(again.statusCode, again.body).toBe(200);
    // A reload of the page before paying: the same page.
    expect(
      (await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member))).json().url,
    ).toBe(again.json().url);
    expect((await authorize(member, again.json().url)).statusCode).toBe(200);
    const renewed = await requestQuotes(member, id);
    expect(renewed.hold).toMatchObject({ status: "held" });
    expect(renewed.requestStatus).toBe("Found");
    expect(renewed.canAuthoriseAgain).toBe(false);
    expect((await holdRows(id)).map((h) => h.status)).toEqual(["expired", "held"]);
    const asked = await steps.ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.requestId, id), eq(notifications.type, "reauthorization_requested")));
    expect(asked).toHaveLength(0);
  });

  it("again after leaving the new card page unpaid", async () => {
    const { member, id } = await heldRequest();
    await advance(7 * DAY + HOUR);
    const first = (await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member))).json()
      .url as string;
    // The page expires unpaid; the provider closes it (the hold released, never held).
    await steps.ctx.database.db
      .update(testPaymentObjects)
      .set({ data: sql`jsonb_set(${testPaymentObjects.data}, '{expires_at}', '0'::jsonb)` })
      .where(eq(testPaymentObjects.id, sessionOf(first)));
    const stale = await requestQuotes(member, id);
    expect(stale.hold.status).toBe("released");
    expect(stale.canAuthoriseAgain).toBe(true);
    const second = await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().url).not.toBe(first);
    expect((await authorize(member, second.json().url)).statusCode).toBe(200);
    expect((await requestQuotes(member, id)).hold.status).toBe("held");
  });

  it("is refused while a live hold exists", async () => {
    const { member, id } = await heldRequest();
    const refused = await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: QUOTE_MESSAGES.holdStillLive, key: "quotes.hold_still_live" });
    expect((await holdRows(id)).map((h) => h.status)).toEqual(["held"]);
  });

  it("is refused after delivery, and when the hold was captured", async () => {
    const { member, id } = await heldRequest();
    await advance(7 * DAY + HOUR);
    expect((await requestQuotes(member, id)).hold.status).toBe("expired");
    const delivered = await call(
      steps.ctx,
      "POST /admin/requests/:id/delivery",
      { params: { id }, body: { note: "Handed over." } },
      as(steps.staff),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = await requestQuotes(member, id);
    expect(after.canAuthoriseAgain).toBe(false);
    const refused = await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(QUOTE_MESSAGES.reauthorizationClosed);
    expect((await holdRows(id)).map((h) => h.status)).toEqual(["expired"]);

    const captured = await heldRequest("Captured");
    expect(
      (
        await call(
          steps.ctx,
          "POST /admin/requests/:id/hold/capture",
          { params: { id: captured.id }, body: {} },
          as(steps.staff),
        )
      ).statusCode,
    ).toBe(200);
    const notExpired = await call(
      steps.ctx,
      "POST /requests/:id/hold/reauthorize",
      { params: { id: captured.id } },
      as(captured.member),
    );
    expect(notExpired.statusCode).toBe(409);
    expect(notExpired.json().error).toBe(QUOTE_MESSAGES.holdNotExpired);
  });

  it("is the member's own: another member is told the request does not exist", async () => {
    const { id } = await heldRequest();
    await advance(7 * DAY + HOUR);
    const other = await createUser(steps.ctx, { plan: "gold" });
    expect(
      (await call(steps.ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(other))).statusCode,
    ).toBe(404);
  });
});
