/**
 * The business loop (issue 21) through the app, on the built-in test provider: quotes, the card hold (its page,
 * declined and 3-D Secure cards, signed webhooks, replay, order, expiry with a moved clock), capture (in full, in
 * part, once), release, delivery and the member's answer, every refused transition, ownership, the money
 * overviews and the pipeline's hold flag.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { quotesTestApp } from "#tests/helpers/quote-steps";
import { createRequest } from "#tests/helpers/requests";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { endpointUrl } from "@/shared/contracts/endpoint";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import {
  activityLogs,
  deliveries,
  holds,
  notifications,
  outbox,
  paymentEvents,
  requests,
  testPaymentObjects,
} from "../../db/schema";
import { type AppEvent, EVENTS_CHANNEL } from "../../realtime/events";
import { batchOf } from "../../realtime/fanout";

let ctx: TestContext;
let staff: TestUser;
const steps = quotesTestApp((started) => {
  ({ ctx, staff } = started);
});

const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana Sousa" };
const DECLINED = { ...CARD, cardNumber: "4000 0000 0000 0002" };
const THREE_D_SECURE = { ...CARD, cardNumber: "4000 0027 6000 3184" };

/** A calendar day `n` days from today (UTC; far enough from midnight in Lisbon for the tests). */
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const option = (title: string, priceCents: number, extra: object = {}) => ({
  title,
  priceCents,
  description: `${title}, as described by the supplier`,
  supplierTerms: "Payment on delivery",
  estimatedDelivery: inDays(20),
  ...extra,
});

/** A gold member's request, moved to Sourcing by staff. */
async function sourcingRequest(title = "Hermès Kelly 28") {
  const member = await createUser(ctx, { plan: "gold", name: "Ana Sousa" });
  const id = await createRequest(ctx, member, { title });
  const moved = await call(
    ctx,
    "POST /admin/requests/:id/status",
    { params: { id }, body: { status: "Sourcing" } },
    as(staff),
  );
  expect(moved.statusCode, moved.body).toBe(200);
  return { member, id };
}

async function draft(requestId: string, options = [option("Kelly 28, Gold", 2_500_000)], extra: object = {}) {
  const res = await call(
    ctx,
    "POST /admin/requests/:id/quotes",
    {
      params: { id: requestId },
      body: {
        options,
        validUntil: inDays(10),
        message: "Two beautiful pieces.",
        ...extra,
      },
    },
    as(staff),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function sent(requestId: string, options?: ReturnType<typeof option>[]) {
  const quoteId = await draft(requestId, options);
  const res = await call(
    ctx,
    "POST /admin/requests/:id/quotes/:quoteId/send",
    { params: { id: requestId, quoteId } },
    as(staff),
  );
  expect(res.statusCode, res.body).toBe(200);
  return quoteId;
}

/** Staff capture the request's hold (`body`: an amount and reason, for less than all). */
const capture = (id: string, body: { amountCents?: number; reason?: string } = {}) =>
  call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id }, body }, as(staff));
/** Staff release the request's hold. */
const release = (id: string, body: { reason?: string } = {}) =>
  call(ctx, "POST /admin/requests/:id/hold/release", { params: { id }, body }, as(staff));
/** Staff mark the request delivered (`body`: its note). */
const markDelivered = (id: string, body: { note?: string } = {}) =>
  call(ctx, "POST /admin/requests/:id/delivery", { params: { id }, body }, as(staff));

/** The member declines the quote (`body`: their reason). */
const decline = (member: TestUser, id: string, quoteId: string, body: { reason?: string } = {}) =>
  call(ctx, "POST /requests/:id/quotes/:quoteId/decline", { params: { id, quoteId }, body }, as(member));
/** The member reports a problem with the delivery. */
const reportProblem = (member: TestUser, id: string, description: string) =>
  call(ctx, "POST /requests/:id/delivery/problem", { params: { id }, body: { description } }, as(member));
/** The member confirms receipt. */
const confirmReceipt = (member: TestUser, id: string) =>
  call(ctx, "POST /requests/:id/delivery/confirm", { params: { id } }, as(member));

async function requestQuotes(user: TestUser, requestId: string) {
  const params = { id: requestId };
  const res =
    user === staff
      ? await call(ctx, "GET /admin/requests/:id/quotes", { params }, as(user))
      : await call(ctx, "GET /requests/:id/quotes", { params }, as(user));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function accept(member: TestUser, requestId: string, quoteId: string, optionIndex = 0) {
  const current = await requestQuotes(member, requestId);
  const quote = current.quotes.find((q: { id: string }) => q.id === quoteId);
  return call(
    ctx,
    "POST /requests/:id/quotes/:quoteId/accept",
    {
      params: { id: requestId, quoteId },
      body: {
        optionId: quote!.options[optionIndex].id,
      },
    },
    as(member),
  );
}

const sessionOf = (url: string) => url.split("/").pop() as string;

async function authorize(member: TestUser, url: string, card = CARD) {
  return call(
    ctx,
    "POST /billing/test/holds/:id/authorize",
    { params: { id: sessionOf(url) }, body: card },
    as(member),
  );
}

/** A request whose hold is held: quoted, accepted, authorised with 4242. */
async function heldRequest(options?: ReturnType<typeof option>[]) {
  const { member, id } = await sourcingRequest();
  const quoteId = await sent(id, options);
  const accepted = await accept(member, id, quoteId);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const paid = await authorize(member, accepted.json().url);
  expect(paid.statusCode, paid.body).toBe(200);
  return { member, id, quoteId };
}

async function holdRow(requestId: string) {
  const rows = await ctx.database.db.select().from(holds).where(eq(holds.requestId, requestId));
  return rows;
}

async function noticesOf(userId: string, type: string) {
  return ctx.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));
}

async function actions(requestId: string) {
  const rows = await ctx.database.db
    .select({ action: activityLogs.action })
    .from(activityLogs)
    .where(eq(activityLogs.requestId, requestId))
    .orderBy(activityLogs.createdAt);
  return rows.map((r) => r.action);
}

describe("the whole loop", () => {
  it("quote → accept → held → captured → delivered → confirmed, each step told and logged", async () => {
    const { member, id } = await sourcingRequest("Vintage Kelly 28");
    const quoteId = await draft(id, [option("Kelly 28, Gold", 2_500_000), option("Kelly 28, Noir", 2_350_050)]);

    // A draft is the team's only.
    expect((await requestQuotes(member, id)).quotes).toEqual([]);
    expect((await requestQuotes(staff, id)).quotes[0]).toMatchObject({ id: quoteId, status: "draft" });

    expect(
      (await call(ctx, "POST /admin/requests/:id/quotes/:quoteId/send", { params: { id, quoteId } }, as(staff)))
        .statusCode,
    ).toBe(200);
    const quoted = await requestQuotes(member, id);
    expect(quoted.requestStatus).toBe("Quoted");
    expect(quoted.quotes[0]).toMatchObject({ id: quoteId, status: "sent", expired: false });
    expect(quoted.quotes[0].options.map((o: { holdCents: number }) => o.holdCents)).toEqual([250_000, 235_005]);
    expect(await noticesOf(member.id, "quote_sent")).toHaveLength(1);
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'reason' = 'quote_sent' and ${outbox.payload}->>'to' = ${member.email}`);
    expect(mail.payload.text).toContain("Option 1: Kelly 28, Gold · €25,000");
    expect(mail.payload.text).toContain("Option 2: Kelly 28, Noir · €23,500.50");
    expect(await noticesOf(member.id, "status_changed")).toHaveLength(2); // New → Sourcing → Quoted

    const accepted = await accept(member, id, quoteId, 1);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { url } = accepted.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/holds\/cs_test_/);
    const page = await call(ctx, "GET /billing/test/holds/:id", { params: { id: sessionOf(url) } }, as(member));
    expect(page.json()).toMatchObject({
      amountCents: 235_005,
      currency: "eur",
      description: "Hold for Kelly 28, Noir",
      key: "billing_admin.hold_for",
      params: { title: "Kelly 28, Noir" },
      status: "open",
      successUrl: `http://localhost:3000/requests/${id}?hold=authorized`,
    });
    expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "pending", amountCents: 235_005 });

    const paid = await authorize(member, url);
    expect(paid.json()).toEqual({
      redirectUrl: `http://localhost:3000/requests/${id}?hold=authorized`,
      requiresAction: false,
    });
    const held = await requestQuotes(member, id);
    expect(held.requestStatus).toBe("Found");
    expect(held.quotes[0]).toMatchObject({ status: "accepted", acceptedOptionId: quoted.quotes[0].options[1].id });
    expect(held.hold).toMatchObject({ status: "held", amountCents: 235_005, capturedCents: 0 });
    const days = (Date.parse(held.hold!.expiresAt as string) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const [request] = await ctx.database.db.select().from(requests).where(eq(requests.id, id));
    expect(request.paymentIntentId).toMatch(/^pi_test_/);
    expect(await noticesOf(member.id, "hold_placed")).toHaveLength(1);
    expect(await noticesOf(staff.id, "quote_accepted")).toHaveLength(1);
    expect(await noticesOf(member.id, "status_changed")).toHaveLength(3);

    // The pipeline shows the hold.
    const pipeline = await call(ctx, "GET /admin/requests", { query: { status: "Found" } }, as(staff));
    const item = pipeline.json().items.find((r: { id: string }) => r.id === id);
    expect(item!.hold).toMatchObject({ status: "held" });

    const captured = await capture(id);
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ status: "captured", capturedCents: 235_005 });
    expect(await noticesOf(member.id, "payment_captured")).toHaveLength(1);

    const delivered = await markDelivered(id, { note: "Handed over in Lisbon" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const after = await requestQuotes(member, id);
    expect(after.requestStatus).toBe("Delivered");
    expect(after.delivery).toMatchObject({ status: "delivered", note: "Handed over in Lisbon", answeredAt: null });
    expect(await noticesOf(member.id, "delivered")).toHaveLength(1);

    expect((await confirmReceipt(member, id)).statusCode).toBe(200);
    expect((await requestQuotes(member, id)).delivery).toMatchObject({ status: "confirmed" });
    expect(await noticesOf(staff.id, "receipt_confirmed")).toHaveLength(1);
    expect(await noticesOf(member.id, "status_changed")).toHaveLength(4);

    expect(await actions(id)).toEqual([
      "created",
      "status_changed",
      "quote_drafted",
      "quote_sent",
      "status_changed",
      "status_changed",
      "hold_placed",
      "payment_captured",
      "delivered",
      "status_changed",
      "receipt_confirmed",
    ]);

    // The member's money overview, and the team's.
    const payments = await call(ctx, "GET /payments", {}, as(member));
    expect(payments.json().items).toEqual([
      expect.objectContaining({
        status: "captured",
        capturedCents: 235_005,
        optionTitle: "Kelly 28, Noir",
        request: { id, title: "Vintage Kelly 28" },
      }),
    ]);
    const money = await call(ctx, "GET /admin/quotes/overview", {}, as(staff));
    expect(money.statusCode, money.body).toBe(200);
    expect(money.json().weekly).toHaveLength(12);
    expect(money.json().cards.capturedCents).toBeGreaterThanOrEqual(235_005);
    expect(money.json().weekly.at(-1)!.capturedCents).toBeGreaterThanOrEqual(235_005);
  });

  it("a declined quote stays Quoted and tells the team; a revised quote supersedes the one it replaces", async () => {
    const { member, id } = await sourcingRequest();
    const first = await sent(id);
    const declined = await decline(member, id, first, { reason: "A little above what I hoped" });
    expect(declined.statusCode, declined.body).toBe(200);
    const after = await requestQuotes(member, id);
    expect(after.requestStatus).toBe("Quoted");
    expect(after.quotes[0]).toMatchObject({ status: "declined", declineReason: "A little above what I hoped" });
    const [notice] = await noticesOf(staff.id, "quote_declined");
    expect(notice).toBeDefined();

    const second = await sent(id, [option("Kelly 28, revised", 2_200_000)]);
    const third = await sent(id, [option("Kelly 28, final", 2_100_000)]);
    const revised = await requestQuotes(member, id);
    expect(revised.quotes.map((q: { id: string; status: string }) => [q.id, q.status])).toEqual([
      [third, "sent"],
      [second, "superseded"],
      [first, "declined"],
    ]);
    // Only the current quote can be answered.
    const old = await accept(member, id, second);
    expect(old.statusCode).toBe(409);
    expect(old.json().error).toBe(QUOTE_MESSAGES.quoteNotCurrent);
  });

  it("staff release a hold: nothing is taken, the member is told", async () => {
    const { member, id } = await heldRequest();
    const released = await release(id, { reason: "Sold elsewhere" });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: "released", capturedCents: 0 });
    expect(await noticesOf(member.id, "hold_released")).toHaveLength(1);
    const [hold] = await holdRow(id);
    expect(hold).toMatchObject({ pendingAction: null, actionReason: "Sold elsewhere", actionBy: staff.id });
  });
});

describe("the hold page", () => {
  it("declines 4000 0000 0000 0002 with a clear message and nothing changes but the failure shown", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const { url } = (await accept(member, id, quoteId)).json();
    const res = await authorize(member, url, DECLINED);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe(QUOTE_MESSAGES.cardDeclined);
    const after = await requestQuotes(member, id);
    expect(after.requestStatus).toBe("Quoted");
    expect(after.quotes[0].status).toBe("sent");
    expect(after.hold).toMatchObject({ status: "pending", failure: "Your card was declined." });
    expect(
      (await call(ctx, "GET /billing/test/holds/:id", { params: { id: sessionOf(url) } }, as(member))).json().status,
    ).toBe("open");
    expect(await noticesOf(member.id, "hold_placed")).toHaveLength(0);

    // Then a card that works.
    expect((await authorize(member, url)).statusCode).toBe(200);
    expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "held", failure: null });
  });

  it("asks for the bank's confirmation with 4000 0027 6000 3184, and holds once it is given", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const { url } = (await accept(member, id, quoteId)).json();
    const res = await authorize(member, url, THREE_D_SECURE);
    expect(res.json()).toEqual({ redirectUrl: null, requiresAction: true });
    expect((await requestQuotes(member, id)).hold!.status).toBe("requires_action");
    expect(
      (await call(ctx, "GET /billing/test/holds/:id", { params: { id: sessionOf(url) } }, as(member))).json().status,
    ).toBe("requires_action");

    // Failing the confirmation opens the page again.
    const failed = await call(
      ctx,
      "POST /billing/test/holds/:id/confirm",
      { params: { id: sessionOf(url) }, body: { approve: false } },
      as(member),
    );
    expect(failed.statusCode).toBe(402);
    expect((await requestQuotes(member, id)).hold!.status).toBe("pending");
    expect((await requestQuotes(member, id)).requestStatus).toBe("Quoted");

    expect((await authorize(member, url, THREE_D_SECURE)).json().requiresAction).toBe(true);
    const confirmed = await call(
      ctx,
      "POST /billing/test/holds/:id/confirm",
      {
        params: { id: sessionOf(url) },
        body: {
          approve: true,
        },
      },
      as(member),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().redirectUrl).toContain(`/requests/${id}`);
    const after = await requestQuotes(member, id);
    expect(after.hold!.status).toBe("held");
    expect(after.requestStatus).toBe("Found");
  });

  it("is the member's own: another member's page is not found", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const { url } = (await accept(member, id, quoteId)).json();
    const other = await createUser(ctx, { plan: "gold" });
    expect(
      (await call(ctx, "GET /billing/test/holds/:id", { params: { id: sessionOf(url) } }, as(other))).statusCode,
    ).toBe(404);
    expect((await authorize(other, url)).statusCode).toBe(404);
    expect((await requestQuotes(member, id)).hold!.status).toBe("pending");
  });
});

describe("no money moves twice", () => {
  it("two accepts at once open one hold and one page", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const optionId = (await requestQuotes(member, id)).quotes[0].options[0].id;
    const [a, b] = await Promise.all(
      [0, 1].map(() =>
        call(
          ctx,
          "POST /requests/:id/quotes/:quoteId/accept",
          { params: { id, quoteId }, body: { optionId } },
          as(member),
        ),
      ),
    );
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().url).toBe(b.json().url);
    expect(await holdRow(id)).toHaveLength(1);
  });

  it("choosing another option closes the first page and opens a new hold", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id, [option("Gold", 1_000_000), option("Noir", 900_000)]);
    const first = (await accept(member, id, quoteId, 0)).json().url;
    const second = (await accept(member, id, quoteId, 1)).json().url;
    expect(second).not.toBe(first);
    expect(
      (await call(ctx, "GET /billing/test/holds/:id", { params: { id: sessionOf(first) } }, as(member))).json().status,
    ).toBe("expired");
    const rows = await holdRow(id);
    expect(rows.map((r) => r.status).sort()).toEqual(["pending", "released"]);
    expect((await authorize(member, first)).statusCode).toBe(409);
    expect((await authorize(member, second)).statusCode).toBe(200);
    expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "held", amountCents: 90_000 });
  });

  it("two captures at once capture once", async () => {
    const { member, id } = await heldRequest();
    const [a, b] = await Promise.all([0, 1].map(() => capture(id)));
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json().error).toBe(QUOTE_MESSAGES.holdNotHeld);
    expect(await noticesOf(member.id, "payment_captured")).toHaveLength(1);
    const succeeded = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.type, "payment_intent.succeeded"));
    const [hold] = await holdRow(id);
    const mine = await ctx.database.db.execute(
      sql`select count(*)::int as n from test_payment_objects where kind = 'payment_intent' and id = ${hold.paymentIntentId} and data->>'status' = 'succeeded'`,
    );
    expect(((mine as { rows?: Array<{ n: number }> }).rows ?? (mine as unknown as Array<{ n: number }>))[0].n).toBe(1);
    expect(succeeded.length).toBeGreaterThan(0);
  });

  it("a replayed webhook changes nothing, and an older event never moves a hold back", async () => {
    const { member, id } = await heldRequest();
    const [hold] = await holdRow(id);
    const deliver = steps.signed;
    const intent = {
      id: hold.paymentIntentId,
      object: "payment_intent",
      status: "requires_capture",
      amount: hold.amountCents,
      amount_capturable: hold.amountCents,
      created: Math.floor(Date.now() / 1000) - 60,
      metadata: { requestId: id, holdId: hold.id },
      latest_charge: null,
    };
    const event = {
      id: `evt_replay_${hold.id}`,
      object: "event",
      type: "payment_intent.amount_capturable_updated",
      created: Math.floor(Date.now() / 1000) - 60,
      data: { object: intent },
    };
    const first = await deliver(event);
    expect(first.json()).toMatchObject({ received: true, outcome: "ignored" });
    expect((await deliver(event)).json()).toMatchObject({ received: true, outcome: "duplicate" });

    expect((await capture(id)).statusCode).toBe(200);
    // The authorisation's event again, under a new id, after the capture: the hold stays captured.
    expect((await deliver({ ...event, id: `evt_late_${hold.id}` })).json().outcome).toBe("ignored");
    expect((await requestQuotes(member, id)).hold!.status).toBe("captured");
    expect(await noticesOf(member.id, "hold_placed")).toHaveLength(1);

    // A forged delivery is refused.
    const forged = await ctx.app.inject({
      method: "POST",
      url: endpointUrl("POST /billing/webhook"),
      payload: JSON.stringify(event),
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=bad" },
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe("capture", () => {
  it("takes less than the hold only with a reason, never more, and releases the rest", async () => {
    const { member, id } = await heldRequest([option("Kelly", 1_000_000)]);
    const more = await capture(id, { amountCents: 100_001 });
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toBe(QUOTE_MESSAGES.captureTooHigh);
    const noReason = await capture(id, { amountCents: 60_000 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe(QUOTE_MESSAGES.captureReasonRequired);
    expect((await requestQuotes(member, id)).hold!.status).toBe("held");

    const partial = await capture(id, { amountCents: 60_000, reason: "Supplier discount passed on" });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ status: "captured", amountCents: 100_000, capturedCents: 60_000 });
    const [hold] = await holdRow(id);
    expect(hold.releasedAt).not.toBeNull();
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'reason' = 'payment_captured' and ${outbox.payload}->>'to' = ${member.email}`);
    expect(mail.payload.text).toContain("The remaining €400 has been released.");
    const money = (await call(ctx, "GET /admin/quotes/overview", {}, as(staff))).json();
    expect(money.weekly.at(-1)!.releasedCents).toBeGreaterThanOrEqual(40_000);
  });
});

describe("refused transitions (409) and validation", () => {
  it("refuses each step its state does not allow", async () => {
    const { member, id } = await sourcingRequest();
    const expectRefused = async (res: Awaited<ReturnType<typeof call>>, message: string) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toBe(message);
    };
    // Nothing held yet.
    await expectRefused(await capture(id), QUOTE_MESSAGES.holdNotHeld);
    await expectRefused(await release(id), QUOTE_MESSAGES.holdNotHeld);
    await expectRefused(
      await call(ctx, "POST /admin/requests/:id/hold/request-reauthorization", { params: { id } }, as(staff)),
      QUOTE_MESSAGES.holdNotExpired,
    );
    await expectRefused(
      await call(ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member)),
      QUOTE_MESSAGES.holdNotExpired,
    );
    await expectRefused(await markDelivered(id), QUOTE_MESSAGES.notFound);
    await expectRefused(await confirmReceipt(member, id), QUOTE_MESSAGES.notDelivered);

    const quoteId = await sent(id);
    // A sent quote is no longer a draft.
    await expectRefused(
      await call(ctx, "POST /admin/requests/:id/quotes/:quoteId/send", { params: { id, quoteId } }, as(staff)),
      QUOTE_MESSAGES.quoteNotDraft,
    );
    await expectRefused(
      await call(
        ctx,
        "PUT /admin/requests/:id/quotes/:quoteId",
        {
          params: { id, quoteId },
          body: {
            options: [option("Changed", 1000)],
            validUntil: inDays(5),
          },
        },
        as(staff),
      ),
      QUOTE_MESSAGES.quoteNotDraft,
    );
    await expectRefused(
      await call(ctx, "DELETE /admin/requests/:id/quotes/:quoteId", { params: { id, quoteId } }, as(staff)),
      QUOTE_MESSAGES.quoteNotDraft,
    );

    const { url } = (await accept(member, id, quoteId)).json();
    await expectRefused(await capture(id), QUOTE_MESSAGES.holdNotHeld);
    await authorize(member, url);
    await expectRefused(await accept(member, id, quoteId), QUOTE_MESSAGES.alreadyAccepted);
    await expectRefused(await decline(member, id, quoteId), QUOTE_MESSAGES.alreadyAccepted);
    // A request that is Found takes no new quote.
    await expectRefused(
      await call(
        ctx,
        "POST /admin/requests/:id/quotes",
        {
          params: { id },
          body: {
            options: [option("Another", 1000)],
            validUntil: inDays(5),
          },
        },
        as(staff),
      ),
      QUOTE_MESSAGES.cannotQuoteNow,
    );

    expect((await release(id)).statusCode).toBe(200);
    await expectRefused(await capture(id), QUOTE_MESSAGES.holdNotHeld);
    await expectRefused(await release(id), QUOTE_MESSAGES.holdNotHeld);

    expect((await markDelivered(id)).statusCode).toBe(200);
    await expectRefused(await markDelivered(id), QUOTE_MESSAGES.notFound);
    expect((await reportProblem(member, id, "A scratch on the clasp")).statusCode).toBe(200);
    expect(await noticesOf(staff.id, "problem_reported")).not.toHaveLength(0);
    await expectRefused(await confirmReceipt(member, id), QUOTE_MESSAGES.alreadyAnswered);
  });

  it("closes the problem window 30 days after delivery", async () => {
    const { member, id } = await heldRequest();
    expect((await markDelivered(id)).statusCode).toBe(200);
    await ctx.database.db
      .update(deliveries)
      .set({ deliveredAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(deliveries.requestId, id));
    const late = await reportProblem(member, id, "Too late");
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(QUOTE_MESSAGES.disputeWindowClosed);
    // Confirming receipt is still possible.
    expect((await confirmReceipt(member, id)).statusCode).toBe(200);
  });

  it("refuses an expired quote with a clear message", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    await ctx.database.db.execute(sql`update quotes set valid_until = current_date - 2 where id = ${quoteId}`);
    expect((await requestQuotes(member, id)).quotes[0].expired).toBe(true);
    const res = await accept(member, id, quoteId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_MESSAGES.quoteExpired);
  });

  it.each([
    [{ options: [option("Cheap", 99)] }, QUOTE_MESSAGES.priceTooLow],
    [{ options: [] }, QUOTE_MESSAGES.optionsRequired],
    [
      { options: [option("A", 100), option("B", 100), option("C", 100), option("D", 100)] },
      QUOTE_MESSAGES.tooManyOptions,
    ],
    [{ validUntil: inDays(-2) }, QUOTE_MESSAGES.validUntilPast],
    [{ options: [option("Late", 1000, { estimatedDelivery: inDays(-3) })] }, QUOTE_MESSAGES.deliveryDatePast],
    [{ options: [option("", 1000)] }, QUOTE_MESSAGES.optionTitleRequired],
    [{ options: [option("Photo", 1000, { photoIds: ["6f1c2f8e-3b7a-4b8e-9a43-1f2e3d4c5b6a"] })] }, "Photo not found"],
  ])("refuses a quote: %j", async (change, message) => {
    const { id } = await sourcingRequest();
    const res = await call(
      ctx,
      "POST /admin/requests/:id/quotes",
      {
        params: { id },
        body: {
          options: [option("Kelly", 100_000)],
          validUntil: inDays(10),
          ...change,
        },
      },
      as(staff),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(message);
    expect((await requestQuotes(staff, id)).quotes).toEqual([]);
  });
});

describe("ownership", () => {
  it("another member is told the request does not exist; members are refused the staff's routes", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const optionId = (await requestQuotes(member, id)).quotes[0].options[0].id;
    const other = await createUser(ctx, { plan: "gold" });
    const params = { id, quoteId };
    const members = {
      "GET /requests/:id/quotes": () => call(ctx, "GET /requests/:id/quotes", { params }, as(other)),
      "POST /requests/:id/quotes/:quoteId/accept": () =>
        call(ctx, "POST /requests/:id/quotes/:quoteId/accept", { params, body: { optionId } }, as(other)),
      "POST /requests/:id/quotes/:quoteId/decline": () =>
        call(ctx, "POST /requests/:id/quotes/:quoteId/decline", { params, body: {} }, as(other)),
      "POST /requests/:id/hold/reauthorize": () =>
        call(ctx, "POST /requests/:id/hold/reauthorize", { params }, as(other)),
      "POST /requests/:id/delivery/confirm": () =>
        call(ctx, "POST /requests/:id/delivery/confirm", { params }, as(other)),
      "POST /requests/:id/delivery/problem": () =>
        call(ctx, "POST /requests/:id/delivery/problem", { params, body: { description: "x" } }, as(other)),
    };
    for (const [key, send] of Object.entries(members)) {
      const res = await send();
      expect(res.statusCode, key).toBe(404);
    }
    // Staff do not accept for the member.
    expect(
      (
        await call(
          ctx,
          "POST /requests/:id/quotes/:quoteId/accept",
          { params: { id, quoteId }, body: { optionId } },
          as(staff),
        )
      ).statusCode,
    ).toBe(404);
    const staffOnly = {
      "GET /admin/requests/:id/quotes": () =>
        call(ctx, "GET /admin/requests/:id/quotes", { params: { id } }, as(member)),
      "POST /admin/requests/:id/hold/capture": () =>
        call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id }, body: {} }, as(member)),
      "POST /admin/requests/:id/delivery": () =>
        call(ctx, "POST /admin/requests/:id/delivery", { params: { id }, body: {} }, as(member)),
      "GET /admin/quotes/overview": () => call(ctx, "GET /admin/quotes/overview", {}, as(member)),
    };
    for (const [key, send] of Object.entries(staffOnly)) {
      expect((await send()).statusCode, key).toBe(403);
    }
    expect(await holdRow(id)).toHaveLength(0);
  });

  it("a draft's photos are the team's until the quote is sent", async () => {
    const { member, id } = await sourcingRequest();
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
      "hex",
    );
    const boundary = "----maison";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kelly.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await ctx.app.inject({
      method: "POST",
      url: endpointUrl("POST /admin/requests/:id/quotes/files", { params: { id } }),
      payload: body,
      headers: { ...as(staff), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const file = uploaded.json();
    expect(file).toMatchObject({ name: "kelly.png", type: "image/png" });
    const quoteId = await draft(id, [option("Kelly", 100_000, { photoIds: [file.id] })]);
    const fileAs = (user: TestUser) =>
      call(ctx, "GET /requests/:id/quotes/files/:fileId", { params: { id, fileId: file.id } }, as(user));
    expect((await fileAs(member)).statusCode).toBe(404);
    expect((await fileAs(staff)).statusCode).toBe(200);
    await call(ctx, "POST /admin/requests/:id/quotes/:quoteId/send", { params: { id, quoteId } }, as(staff));
    const shown = await fileAs(member);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("image/png");
    expect((await requestQuotes(member, id)).quotes[0].options[0].photos).toEqual([file]);
    const other = await createUser(ctx, { plan: "gold" });
    expect((await fileAs(other)).statusCode).toBe(404);

    // Only images and PDF.
    const text = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from("<html>not an image</html>"),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const refused = await ctx.app.inject({
      method: "POST",
      url: endpointUrl("POST /admin/requests/:id/quotes/files", { params: { id } }),
      payload: text,
      headers: { ...as(staff), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(refused.statusCode).toBe(415);
  });
});

describe("expiry (the provider's clock moved)", () => {
  it("a hold lapses after 7 days: shown expired, told to both, nothing captured; the member authorises again", async () => {
    const { member, id } = await heldRequest();
    try {
      await ctx.app.ctx.payments.test?.advanceHoldClock(7 * 86_400_000 + 3_600_000);
      const lapsed = await requestQuotes(member, id);
      expect(lapsed.hold).toMatchObject({ status: "expired", capturedCents: 0, reauthorizationRequested: false });
      expect(lapsed.requestStatus).toBe("Found");
      expect(await noticesOf(member.id, "hold_expired")).toHaveLength(1);
      expect(await noticesOf(staff.id, "hold_expired")).not.toHaveLength(0);
      const captured = await capture(id);
      expect(captured.statusCode).toBe(409);

      const asked = await call(
        ctx,
        "POST /admin/requests/:id/hold/request-reauthorization",
        { params: { id } },
        as(staff),
      );
      expect(asked.statusCode, asked.body).toBe(200);
      expect((await requestQuotes(member, id)).hold!.reauthorizationRequested).toBe(true);
      expect(await noticesOf(member.id, "reauthorization_requested")).toHaveLength(1);

      const again = await call(ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member));
      expect(again.statusCode, again.body).toBe(200);
      expect((await authorize(member, again.json().url)).statusCode).toBe(200);
      const renewed = await requestQuotes(member, id);
      expect(renewed.hold).toMatchObject({ status: "held" });
      expect(renewed.requestStatus).toBe("Found");
      expect((await holdRow(id)).map((h) => h.status).sort()).toEqual(["expired", "held"]);
      const payments = (await call(ctx, "GET /payments", {}, as(member))).json().items;
      expect(payments.map((p: { status: string }) => p.status)).toEqual(["held", "expired"]);
    } finally {
      await ctx.app.ctx.payments.test?.resetHoldClock();
    }
  });
});

describe("loose ends of the loop", () => {
  it("opening the card page is announced to the member and the team (the staff see 'Awaiting card' live)", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const seen: AppEvent[] = [];
    const unlisten = await ctx.database.listen(EVENTS_CHANNEL, (payload) =>
      seen.push(...(batchOf(payload)?.events ?? [])),
    );
    try {
      const accepted = await accept(member, id, quoteId);
      expect(accepted.statusCode, accepted.body).toBe(200);
      await expect
        .poll(() => seen.filter((e) => e.topic === "quotes" && e.subject === id))
        .toContainEqual({ topic: "quotes", audience: member.id, staff: true, subject: id });
      expect((await requestQuotes(staff, id)).hold!.status).toBe("pending");
    } finally {
      await unlisten();
    }
  });
});

describe("staff's quick action Quoted → Found", () => {
  it("is refused while the member's card authorisation is awaited, and allowed otherwise", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const url = (await accept(member, id, quoteId)).json().url as string;
    const refused = await call(
      ctx,
      "POST /admin/requests/:id/status",
      { params: { id }, body: { status: "Found" } },
      as(staff),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(REQUEST_ERRORS.awaitingCard);
    expect((await requestQuotes(staff, id)).requestStatus).toBe("Quoted");

    // The bank's 3-D Secure step is a wait for the card too.
    expect((await authorize(member, url, THREE_D_SECURE)).statusCode).toBe(200);
    expect((await requestQuotes(staff, id)).hold!.status).toBe("requires_action");
    const again = await call(
      ctx,
      "POST /admin/requests/:id/status",
      { params: { id }, body: { status: "Found" } },
      as(staff),
    );
    expect(again.statusCode).toBe(409);

    // Without a hold under way the spec's quick action stands.
    const other = await sourcingRequest();
    await sent(other.id);
    const moved = await call(
      ctx,
      "POST /admin/requests/:id/status",
      { params: { id: other.id }, body: { status: "Found" } },
      as(staff),
    );
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe("a card page that expired", () => {
  /** The provider closed the session and its webhook was never heard (`how`: closed, or only past its time). */
  async function lapseSession(url: string, how: "closed" | "past") {
    const change =
      how === "closed"
        ? sql`jsonb_set(${testPaymentObjects.data}, '{status}', '"expired"'::jsonb)`
        : sql`jsonb_set(${testPaymentObjects.data}, '{expires_at}', '0'::jsonb)`;
    await ctx.database.db
      .update(testPaymentObjects)
      .set({ data: change })
      .where(eq(testPaymentObjects.id, sessionOf(url)));
  }

  it("accepting again opens a fresh page on a new hold instead of the expired one", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    const optionId = (await requestQuotes(member, id)).quotes[0].options[0].id;
    const acceptNow = () =>
      call(
        ctx,
        "POST /requests/:id/quotes/:quoteId/accept",
        { params: { id, quoteId }, body: { optionId } },
        as(member),
      );
    const first = (await acceptNow()).json().url as string;
    // Still open: the same page (a double click, a retry).
    expect((await acceptNow()).json().url).toBe(first);

    await lapseSession(first, "closed");
    expect((await requestQuotes(member, id)).hold!.status).toBe("pending");
    const fresh = await acceptNow();
    expect(fresh.statusCode, fresh.body).toBe(200);
    const second = fresh.json().url as string;
    expect(second).not.toBe(first);
    expect((await holdRow(id)).map((h) => h.status).sort()).toEqual(["pending", "released"]);
    // The fresh page, once open, is handed out again; the old one cannot be paid.
    expect((await acceptNow()).json().url).toBe(second);
    expect((await authorize(member, first)).statusCode).toBe(409);
    expect((await authorize(member, second)).statusCode).toBe(200);
    expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "held", optionId });
    expect(await noticesOf(member.id, "hold_released")).toHaveLength(0);
  });

  it("authorising again after a lapse does the same when the new page expired unpaid", async () => {
    const { member, id } = await heldRequest();
    try {
      await ctx.app.ctx.payments.test?.advanceHoldClock(7 * 86_400_000 + 3_600_000);
      expect((await requestQuotes(member, id)).hold!.status).toBe("expired");
      expect(
        (await call(ctx, "POST /admin/requests/:id/hold/request-reauthorization", { params: { id } }, as(staff)))
          .statusCode,
      ).toBe(200);
      const reauthorize = () => call(ctx, "POST /requests/:id/hold/reauthorize", { params: { id } }, as(member));
      const first = (await reauthorize()).json().url as string;
      await lapseSession(first, "past");
      const fresh = await reauthorize();
      expect(fresh.statusCode, fresh.body).toBe(200);
      const second = fresh.json().url as string;
      expect(second).not.toBe(first);
      expect((await authorize(member, second)).statusCode).toBe(200);
      expect((await holdRow(id)).map((h) => h.status).sort()).toEqual(["expired", "held", "released"]);
      expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "held" });
    } finally {
      await ctx.app.ctx.payments.test?.resetHoldClock();
    }
  });
});

describe("the member's data export", () => {
  it("holds the quotes they received (not drafts), their holds and their delivery; nothing of anyone else", async () => {
    const { member, id, quoteId } = await heldRequest([option("Kelly 28, Gold", 2_500_000)]);
    expect((await capture(id)).statusCode).toBe(200);
    const delivered = await markDelivered(id, { note: "Handed over in Chiado." });
    expect(delivered.statusCode, delivered.body).toBe(200);
    // Another member's quote, and a draft the team keeps on it.
    const other = await sourcingRequest("Rui's Daytona");
    const draftId = await draft(other.id, [option("Daytona, Panda", 3_000_000)]);

    const res = await call(ctx, "GET /account/export", {}, as(member));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.quotes).toHaveLength(1);
    expect(data.quotes[0]).toMatchObject({ id: quoteId, requestId: id, status: "accepted" });
    expect(data.quotes[0].options).toEqual([
      expect.objectContaining({ title: "Kelly 28, Gold", priceCents: 2_500_000 }),
    ]);
    expect(data.holds).toEqual([
      expect.objectContaining({ requestId: id, status: "captured", amountCents: 250_000, capturedCents: 250_000 }),
    ]);
    expect(data.deliveries).toEqual([
      expect.objectContaining({ requestId: id, status: "delivered", note: "Handed over in Chiado." }),
    ]);
    expect(res.body).not.toContain("Daytona");
    expect(res.body).not.toContain(draftId);
    // No card page (its session id or address): the receipt's link is the member's own record.
    expect(res.body).not.toMatch(/cs_test_|checkout\/test\/holds/);
    expect(data.holds[0].receiptUrl).toMatch(/\/checkout\/test\/receipts\/ch_test_/);

    // The other member: the team's draft is not theirs to see yet.
    const theirs = (await call(ctx, "GET /account/export", {}, as(other.member))).json();
    expect(theirs).toMatchObject({ quotes: [], holds: [], deliveries: [] });
  });
});

describe("what the member is told (issue 30, item 4)", () => {
  const emailsTo = async (address: string) =>
    (await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${address}`)).map(
      (row) => row.payload.reason as string,
    );

  it("a partial capture's reason is on the member's hold and in the capture's email", async () => {
    const { member, id } = await heldRequest([option("Kelly", 1_000_000)]);
    expect((await requestQuotes(member, id)).hold!.captureReason).toBeNull();
    const partial = await capture(id, { amountCents: 60_000, reason: "a scuff on the clasp" });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({ capturedCents: 60_000, captureReason: "a scuff on the clasp" });
    expect((await requestQuotes(member, id)).hold).toMatchObject({
      status: "captured",
      capturedCents: 60_000,
      captureReason: "a scuff on the clasp",
    });
    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'reason' = 'payment_captured' and ${outbox.payload}->>'to' = ${member.email}`);
    expect(mail.payload.text).toContain("€400 off: a scuff on the clasp");
    // The member's payments list says it too.
    const payments = (await call(ctx, "GET /payments", {}, as(member))).json();
    expect(payments.items[0].captureReason).toBe("a scuff on the clasp");
  });

  it("a release's reason stays the team's", async () => {
    const { member, id } = await heldRequest();
    await release(id, { reason: "Sold elsewhere" });
    expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "released", captureReason: null });
  });

  it("a quote's message is the team's reply in the thread, and counts as the first reply", async () => {
    const { member, id } = await sourcingRequest();
    expect(
      (await call(ctx, "GET /admin/requests/:id/handling", { params: { id } }, as(staff))).json().firstReplyMinutes,
    ).toBeNull();
    const quoteId = await draft(id, undefined, { message: "Two beautiful pieces, both with papers." });
    // A draft says nothing yet.
    expect((await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(member))).json().messages).toEqual([]);
    await call(ctx, "POST /admin/requests/:id/quotes/:quoteId/send", { params: { id, quoteId } }, as(staff));
    const thread = (await call(ctx, "GET /requests/:id/messages", { params: { id } }, as(member))).json().messages;
    expect(thread).toEqual([
      expect.objectContaining({
        body: "Two beautiful pieces, both with papers.",
        mine: false,
        read: false,
        sender: expect.objectContaining({ id: staff.id, isStaff: true }),
      }),
    ]);
    expect(
      (await call(ctx, "GET /admin/requests/:id/handling", { params: { id } }, as(staff))).json().firstReplyMinutes,
    ).not.toBeNull();
    // The member is told once, by the quote's notice, not again as a reply.
    expect(await noticesOf(member.id, "message_received")).toEqual([]);
    expect(await noticesOf(member.id, "quote_sent")).toHaveLength(1);

    // A quote without a message adds nothing to the thread.
    const other = await sourcingRequest();
    const silent = await draft(other.id, undefined, { message: "" });
    await call(
      ctx,
      "POST /admin/requests/:id/quotes/:quoteId/send",
      { params: { id: other.id, quoteId: silent } },
      as(staff),
    );
    expect(
      (await call(ctx, "GET /requests/:id/messages", { params: { id: other.id } }, as(other.member))).json().messages,
    ).toEqual([]);
  });

  it("a declined quote stays on both lists with its reason, and the team is told in the app and by email", async () => {
    const { member, id } = await sourcingRequest("Cartier Crash");
    const quoteId = await sent(id);
    await ctx.database.db.delete(outbox);
    const declined = await decline(member, id, quoteId, { reason: "The price is too high" });
    expect(declined.statusCode, declined.body).toBe(200);
    for (const side of [member, staff]) {
      expect((await requestQuotes(side, id)).quotes).toEqual([
        expect.objectContaining({ id: quoteId, status: "declined", declineReason: "The price is too high" }),
      ]);
    }
    const notices = (await noticesOf(staff.id, "quote_declined")).filter((n) => n.requestId === id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: "Quote declined: Cartier Crash", link: `/admin/requests/${id}` });
    expect(notices[0].body).toContain("The price is too high");
    expect(await emailsTo(staff.email)).toEqual(["quote_declined"]);
    expect(await emailsTo(member.email)).toEqual([]);
  });

  it("an expired quote stays on both lists, shown expired", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id);
    await ctx.database.db.execute(sql`update quotes set valid_until = current_date - 2 where id = ${quoteId}`);
    for (const side of [member, staff]) {
      expect((await requestQuotes(side, id)).quotes).toEqual([expect.objectContaining({ id: quoteId, expired: true })]);
    }
  });

  it("one email per event: a quote, an authorised hold and a delivery each email the member once", async () => {
    const { member, id } = await sourcingRequest();
    await ctx.database.db.delete(outbox);
    const quoteId = await sent(id);
    expect(await emailsTo(member.email)).toEqual(["quote_sent"]);
    // The status change is still in the member's notifications, without its own email.
    expect((await noticesOf(member.id, "status_changed")).map((n) => n.title)).toContain("Your request is now Quoted");

    await ctx.database.db.delete(outbox);
    const accepted = await accept(member, id, quoteId);
    await authorize(member, accepted.json().url);
    expect((await requestQuotes(member, id)).requestStatus).toBe("Found");
    expect(await emailsTo(member.email)).toEqual(["hold_placed"]);

    await ctx.database.db.delete(outbox);
    const delivered = await markDelivered(id, { note: "In Lisbon" });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(await emailsTo(member.email)).toEqual(["delivered"]);
    expect(await noticesOf(member.id, "status_changed")).toHaveLength(4); // Sourcing, Quoted, Found, Delivered

    // A status change of its own (staff's quick action) still emails.
    const other = await sourcingRequest();
    expect((await emailsTo(other.member.email)).filter((reason) => reason === "status_changed")).toHaveLength(1);
  });

  it("a request is not deleted once money has moved on it: 409, and the detail says so", async () => {
    const detail = async (user: TestUser, id: string) =>
      (await call(ctx, "GET /requests/:id", { params: { id } }, as(user))).json();
    // A card page opened but never authorised: nothing moved, the request can go.
    const open = await sourcingRequest();
    const openQuote = await sent(open.id);
    expect((await accept(open.member, open.id, openQuote)).statusCode).toBe(200);
    expect((await detail(open.member, open.id)).deletable).toBe(true);
    expect((await call(ctx, "DELETE /requests/:id", { params: { id: open.id } }, as(open.member))).statusCode).toBe(
      200,
    );

    // Held, then released: money moved (and was let go); the records stay, for the member and for staff.
    const { member, id } = await heldRequest();
    expect((await detail(member, id)).deletable).toBe(false);
    expect((await detail(staff, id)).deletable).toBe(false);
    await release(id);
    for (const user of [member, staff]) {
      const res = await call(ctx, "DELETE /requests/:id", { params: { id } }, as(user));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: REQUEST_ERRORS.moneyMoved, key: "quotes.money_moved" });
    }
    expect(await ctx.database.db.select().from(requests).where(eq(requests.id, id))).toHaveLength(1);
    expect(await holdRow(id)).toHaveLength(1);

    // Captured: the same.
    const captured = await heldRequest();
    await call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id: captured.id }, body: {} }, as(staff));
    expect(
      (await call(ctx, "DELETE /requests/:id", { params: { id: captured.id } }, as(captured.member))).statusCode,
    ).toBe(409);
  });
});

describe("Quoted is reached by sending a quote (issue 30, item 5; decision 030)", () => {
  it("refuses a manual move to Quoted with a clear 409; sending a quote moves it", async () => {
    const { member, id } = await sourcingRequest();
    const manual = await call(
      ctx,
      "POST /admin/requests/:id/status",
      { params: { id }, body: { status: "Quoted" } },
      as(staff),
    );
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toMatchObject({ error: REQUEST_ERRORS.quotedBySending, key: "quotes.quoted_by_sending" });
    expect((await requestQuotes(member, id)).requestStatus).toBe("Sourcing");
    expect(await noticesOf(member.id, "status_changed")).toHaveLength(1); // New → Sourcing only
    await sent(id);
    expect((await requestQuotes(member, id)).requestStatus).toBe("Quoted");
  });
});
