/**
 * The business loop in Stripe mode for one test file: the real SDK against a fresh local fake of the Stripe API,
 * signed webhook deliveries, and a request taken to a quote, a hold authorised at "Stripe", or a capture. Call
 * `stripeQuotesApp(onStart)` at the top of the file: it registers the hooks that start and stop both, and hands the
 * started app, fake and users to `onStart`.
 */
import { eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { balanceInvoices, holds } from "../../src/server/db/schema";
import { endpointUrl } from "../../src/shared/contracts/endpoint";
import type { VatRate } from "../../src/shared/quotes";
import type { TestContext } from "./app";
import { call as callApi } from "./call";
import { type FakeStripe, signedDelivery, stripeEvent, stripeTestApp } from "./fake-stripe";
import { newRequestBody } from "./requests";
import { as, createUser, type TestUser } from "./users";

export const WEBHOOK_SECRET = "whsec_test_maison";

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const seconds = () => Math.floor(Date.now() / 1000);

export interface StripeQuotesApp {
  fake: FakeStripe;
  ctx: TestContext;
  staff: TestUser;
  admin: TestUser;
}

export function stripeQuotesApp() {
  const state = {} as StripeQuotesApp;
  stripeTestApp((started) => Object.assign(state, started), { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  beforeAll(async () => {
    state.staff = await createUser(state.ctx, { role: "staff" });
    state.admin = await createUser(state.ctx, { role: "admin" });
  });

  const call = (method: "GET" | "POST", url: string, user: TestUser, payload?: object) =>
    state.ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });
  const deliver = (event: object) => {
    const { payload, headers } = signedDelivery(event, WEBHOOK_SECRET);
    return state.ctx.app.inject({ method: "POST", url: endpointUrl("POST /billing/webhook"), payload, headers });
  };
  async function holdOf(requestId: string) {
    const [row] = await state.ctx.database.db.select().from(holds).where(eq(holds.requestId, requestId));
    return row;
  }
  /** The request's balance invoice row. */
  async function invoiceOf(requestId: string) {
    const [row] = await state.ctx.database.db
      .select()
      .from(balanceInvoices)
      .where(eq(balanceInvoices.requestId, requestId));
    return row;
  }

  /** A gold member's request with one option sent as a quote (staff moved it to Sourcing first). */
  async function quotedAtStripe({
    title = "Hermès Kelly 28",
    priceCents = 1_234_567,
    vatRate,
  }: {
    title?: string;
    priceCents?: number;
    vatRate?: string;
  } = {}) {
    const { staff } = state;
    const member = await createUser(state.ctx, { plan: "gold", name: "Ana Sousa" });
    const { ctx } = state;
    const created = await callApi(ctx, "POST /requests", { body: newRequestBody({ title }) }, as(member));
    const id = created.json().id;
    await callApi(ctx, "POST /admin/requests/:id/status", { params: { id }, body: { status: "Sourcing" } }, as(staff));
    const quote = await callApi(
      ctx,
      "POST /admin/requests/:id/quotes",
      {
        params: { id },
        body: {
          options: [{ title: "Kelly 28, Gold", priceCents, ...(vatRate ? { vatRate: vatRate as VatRate } : {}) }],
          validUntil: inDays(10),
        },
      },
      as(staff),
    );
    const quoteId = quote.json().id;
    const sent = await callApi(
      ctx,
      "POST /admin/requests/:id/quotes/:quoteId/send",
      { params: { id, quoteId } },
      as(staff),
    );
    expect(sent.statusCode).toBe(200);
    const requestQuotes = (await callApi(ctx, "GET /requests/:id/quotes", { params: { id } }, as(member))).json();
    return { member, id, quoteId, optionId: requestQuotes.quotes[0].options[0].id };
  }

  /** Quoted, accepted, authorised at Stripe, its webhooks delivered: the hold is held. */
  async function heldAtStripe(
    options: { title?: string; priceCents?: number; captureBefore?: number; vatRate?: string } = {},
  ) {
    const q = await quotedAtStripe(options);
    const accepted = await callApi(
      state.ctx,
      "POST /requests/:id/quotes/:quoteId/accept",
      { params: { id: q.id, quoteId: q.quoteId }, body: { optionId: q.optionId } },
      as(q.member),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sessionId = accepted.json().url.split("/").pop() as string;
    const captureBefore = options.captureBefore ?? seconds() + 6 * 86_400;
    const { intent, session } = state.fake.authorizeSession(sessionId, { captureBefore });
    const capturable = await deliver(stripeEvent("payment_intent.amount_capturable_updated", intent));
    expect(capturable.json(), capturable.body).toMatchObject({ outcome: "processed" });
    // The session names the intent the hold already knows: nothing left to change.
    expect((await deliver(stripeEvent("checkout.session.completed", session))).json().outcome).toBe("ignored");
    return { ...q, intent, session, sessionId };
  }

  /** Held, then captured in full by staff. */
  async function capturedAtStripe(options: { title?: string; priceCents?: number; vatRate?: string } = {}) {
    const held = await heldAtStripe(options);
    const captured = await callApi(
      state.ctx,
      "POST /admin/requests/:id/hold/capture",
      { params: { id: held.id }, body: {} },
      as(state.staff),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    return held;
  }

  return {
    /** The started app, fake and users (read them inside tests and hooks: they are set once the hooks have run). */
    get ctx() {
      return state.ctx;
    },
    get fake() {
      return state.fake;
    },
    get staff() {
      return state.staff;
    },
    get admin() {
      return state.admin;
    },
    call,
    deliver,
    holdOf,
    invoiceOf,
    quotedAtStripe,
    heldAtStripe,
    capturedAtStripe,
  };
}
