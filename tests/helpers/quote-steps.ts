/**
 * The business loop's steps through the app, for the quotes domain's test files: a request moved to Sourcing,
 * a quote drafted and sent, an option accepted, its card page authorised on the built-in test provider, and a
 * look at the provider's own objects (test_payment_objects) to compare with ours.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, expect } from "vitest";
import { resolveAuthSecret } from "../../src/server/auth/auth";
import { activityLogs, holds, notifications, outbox, testPaymentObjects } from "../../src/server/db/schema";
import { testWebhookSecret } from "../../src/server/payments";
import type { RefundLike } from "../../src/server/payments/types";
import { endpointUrl } from "../../src/shared/contracts/endpoint";
import type { TestContext } from "./app";
import { call as callApi } from "./call";
import { createRequest } from "./requests";
import { type StaffTestApp, staffTestApp } from "./staff-app";
import { as, createUser, type TestUser } from "./users";

export const CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123", name: "Ana Sousa" };

/** A calendar day `n` days from today (UTC; far enough from midnight in Lisbon for the tests). */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

export const option = (title: string, priceCents: number, extra: object = {}) => ({
  title,
  priceCents,
  description: `${title}, as described by the supplier`,
  supplierTerms: "Payment on delivery",
  estimatedDelivery: inDays(5),
  ...extra,
});

export const sessionOf = (url: string) => url.split("/").pop() as string;

interface QuotesTestOptions {
  resetHoldClock?: boolean;
}

/**
 * A quotes test file's app (no workers) and staff member (handed to `onStart` once started), and the business
 * loop's steps on them. Call it at the top of the file: it registers the hooks that start and close the app (and,
 * with `resetHoldClock`, put the test provider's hold clock back after each test).
 */
export function quotesTestApp(
  onStart: ((started: StaffTestApp) => void) | QuotesTestOptions = () => {},
  options: QuotesTestOptions = {},
): ReturnType<typeof quoteSteps> {
  // The options alone: the file reads the app and staff member from the steps (`steps.ctx`, `steps.staff`).
  if (typeof onStart !== "function") return quotesTestApp(() => {}, onStart);
  const state = staffTestApp(onStart);
  if (options.resetHoldClock) {
    afterEach(async () => {
      await state.ctx.app.ctx.payments.test?.resetHoldClock();
    });
  }
  return quoteSteps(
    () => state.ctx,
    () => state.staff,
  );
}

export function quoteSteps(ctx: () => TestContext, staff: () => TestUser) {
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, user: TestUser | null, payload?: object) =>
    ctx().app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

  /** A gold member's request, moved to Sourcing by staff. */
  async function sourcingRequest(title = "Hermès Kelly 28") {
    const member = await createUser(ctx(), { plan: "gold", name: "Ana Sousa" });
    const id = await createRequest(ctx(), member, { title });
    const moved = await callApi(
      ctx(),
      "POST /admin/requests/:id/status",
      { params: { id }, body: { status: "Sourcing" } },
      as(staff()),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    return { member, id };
  }

  async function sent(requestId: string, options = [option("Kelly 28, Gold", 2_500_000)]) {
    const drafted = await callApi(
      ctx(),
      "POST /admin/requests/:id/quotes",
      { params: { id: requestId }, body: { options, validUntil: inDays(10), message: "" } },
      as(staff()),
    );
    expect(drafted.statusCode, drafted.body).toBe(201);
    const quoteId = drafted.json().id;
    const res = await callApi(
      ctx(),
      "POST /admin/requests/:id/quotes/:quoteId/send",
      { params: { id: requestId, quoteId } },
      as(staff()),
    );
    expect(res.statusCode, res.body).toBe(200);
    return quoteId;
  }

  async function requestQuotes(user: TestUser, requestId: string) {
    const key = user === staff() ? "GET /admin/requests/:id/quotes" : "GET /requests/:id/quotes";
    const res = await callApi(ctx(), key, { params: { id: requestId } }, as(user));
    expect(res.statusCode, res.body).toBe(200);
    // Loosely typed, as before the typed client: the quotes suites read the quote as they please.
    return res.json() as ReturnType<typeof JSON.parse>;
  }

  async function optionIds(member: TestUser, requestId: string, quoteId: string): Promise<string[]> {
    const quote = (await requestQuotes(member, requestId)).quotes.find((q: { id: string }) => q.id === quoteId);
    return quote.options.map((o: { id: string }) => o.id);
  }

  const acceptOption = (member: TestUser, requestId: string, quoteId: string, optionId: string) =>
    callApi(
      ctx(),
      "POST /requests/:id/quotes/:quoteId/accept",
      { params: { id: requestId, quoteId }, body: { optionId } },
      as(member),
    );

  const authorize = (member: TestUser, url: string, card = CARD) =>
    callApi(
      ctx(),
      "POST /billing/test/holds/:id/authorize",
      { params: { id: sessionOf(url) }, body: card },
      as(member),
    );

  /** A request whose hold is held: quoted, accepted, authorised with 4242. */
  async function heldRequest(options?: ReturnType<typeof option>[], title?: string) {
    const { member, id } = await sourcingRequest(title);
    const quoteId = await sent(id, options);
    const [first] = await optionIds(member, id, quoteId);
    const accepted = await acceptOption(member, id, quoteId, first);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const paid = await authorize(member, accepted.json().url);
    expect(paid.statusCode, paid.body).toBe(200);
    return { member, id, quoteId };
  }

  /** A request whose hold was captured in full and whose balance was sent (due in 14 days), and the invoice's id. */
  async function invoicedRequest(options?: ReturnType<typeof option>[]) {
    const held = await heldRequest(options);
    const captured = await callApi(
      ctx(),
      "POST /admin/requests/:id/hold/capture",
      { params: { id: held.id }, body: {} },
      as(staff()),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    const sent = await callApi(
      ctx(),
      "POST /admin/requests/:id/balance",
      { params: { id: held.id }, body: { dueDate: inDays(14) } },
      as(staff()),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    return { ...held, invoiceId: sessionOf(sent.json().hostedUrl as string) };
  }

  const holdRows = (requestId: string) => ctx().database.db.select().from(holds).where(eq(holds.requestId, requestId));

  /** The provider's PaymentIntents for a request's holds (metadata.requestId), as the test provider keeps them. */
  async function providerIntents(requestId: string) {
    const rows = await ctx()
      .database.db.select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(
        sql`${testPaymentObjects.kind} = 'payment_intent' and ${testPaymentObjects.data}->'metadata'->>'requestId' = ${requestId}`,
      );
    return rows.map(
      (r) =>
        r.data as {
          id: string;
          status: string;
          amount: number;
          amount_capturable: number;
          amount_received: number;
          metadata: { holdId: string };
        },
    );
  }

  /** The provider's refunds of a request's money (metadata.requestId), as the test provider keeps them. */
  async function providerRefunds(requestId: string) {
    const rows = await ctx()
      .database.db.select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(
        sql`${testPaymentObjects.kind} = 'refund' and ${testPaymentObjects.data}->'metadata'->>'requestId' = ${requestId}`,
      );
    return rows.map((r) => r.data as unknown as RefundLike & { payment_intent: string });
  }

  /** The test provider's charge of a PaymentIntent, as it keeps it. */
  async function providerChargeOf(paymentIntentId: string | null) {
    const [row] = await ctx()
      .database.db.select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(
        sql`${testPaymentObjects.kind} = 'charge' and ${testPaymentObjects.data}->>'payment_intent' = ${paymentIntentId}`,
      );
    return row.data as { id: string; amount_refunded: number; refunded: boolean; payment_intent: string };
  }

  /** Staff refund `amountCents` of the request's money, with a key of its own; `body`: the rest of the refund. */
  const refundBy = (requestId: string, amountCents: number, body: { reason: string; source?: "invoice" }) =>
    callApi(
      ctx(),
      "POST /admin/requests/:id/refunds",
      { params: { id: requestId }, body: { amountCents, idempotencyKey: randomUUID(), ...body } },
      as(staff()),
    );

  /** The request's timeline entries of a refund. */
  const refundsLogged = (requestId: string) =>
    ctx()
      .database.db.select()
      .from(activityLogs)
      .where(and(eq(activityLogs.requestId, requestId), eq(activityLogs.action, "payment_refunded")));

  /** The member's refund notices (in-app) and emails. */
  async function refundsTold(member: TestUser) {
    const db = ctx().database.db;
    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), sql`${notifications.title} like 'Refund:%'`));
    const emails = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'reason' = 'payment_refunded' and ${outbox.payload}->>'to' = ${member.email}`);
    return { notices: notices.length, emails: emails.length };
  }

  /**
   * Two refunds of a request's money (`first`, then `second`, made by `refund`), then the first's own refund.*
   * events again, one dated earlier and still pending, and a late failure: each ignored. Returns the first refund
   * at the provider, and the charge (`chargeOf`) as it was after it.
   */
  async function twoRefundsReplayed(
    requestId: string,
    [first, second]: [number, number],
    refund: (requestId: string, amountCents: number) => Promise<{ statusCode: number }>,
    chargeOf: (requestId: string) => Promise<object>,
  ) {
    expect((await refund(requestId, first)).statusCode).toBe(200);
    const firstCharge = await chargeOf(requestId);
    expect((await refund(requestId, second)).statusCode).toBe(200);
    const [made] = (await providerRefunds(requestId)).filter((r) => r.amount === first);
    // The refund's event again (a new delivery of the same news), and one dated earlier, still pending.
    expect((await signed(stripeEvent("refund.created", made))).json()).toMatchObject({ outcome: "ignored" });
    const earlier = Math.floor(Date.now() / 1000) - 600;
    const pending = await signed(stripeEvent("refund.updated", { ...made, status: "pending" }, earlier));
    expect(pending.json()).toMatchObject({ outcome: "ignored" });
    // A late failure of a refund that already went through does not take it back.
    expect((await signed(stripeEvent("refund.failed", { ...made, status: "failed" }))).json().outcome).toBe("ignored");
    return { made, firstCharge };
  }

  /** A webhook delivery signed as the test provider signs it (`timestamp`: when the signature says it was made). */
  function signed(event: object, options: { timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const secret = testWebhookSecret(resolveAuthSecret(ctx().config));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, ...options });
    return ctx().app.inject({
      method: "POST",
      url: endpointUrl("POST /billing/webhook"),
      payload,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    });
  }

  return {
    /** The started app and staff member (read them inside tests and hooks: they are set once the hooks have run). */
    get ctx() {
      return ctx();
    },
    get staff() {
      return staff();
    },
    call,
    signed,
    providerRefunds,
    refundsTold,
    twoRefundsReplayed,
    providerChargeOf,
    refundBy,
    refundsLogged,
    sourcingRequest,
    sent,
    requestQuotes,
    optionIds,
    acceptOption,
    authorize,
    heldRequest,
    invoicedRequest,
    holdRows,
    providerIntents,
  };
}

/** Runs `run` while the test provider answers a refund in 0–40 ms, as a real one over the network does. */
export async function withSlowRefunds<T>(ctx: TestContext, run: () => Promise<T>): Promise<T> {
  const provider = ctx.app.ctx.payments.provider;
  const createRefund = provider.createRefund.bind(provider);
  provider.createRefund = async (input) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
    return createRefund(input);
  };
  try {
    return await run();
  } finally {
    provider.createRefund = createRefund;
  }
}

/** A provider event of `type` about `object`, with an id of its own. */
export const stripeEvent = (type: string, object: object, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_test_${randomUUID()}`,
  object: "event",
  type,
  created,
  data: { object },
});
