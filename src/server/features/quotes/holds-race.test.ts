/**
 * Issue 30, items 1 and 3: no card hold the app cannot see. Concurrent accepts (and declines) of a quote's
 * options, then every card page returned authorised, then the provider's own objects compared with our rows;
 * an authorisation that reaches the provider for a hold the app does not hold is cancelled there and recorded;
 * webhooks dated in the future are refused, and an intent's metadata alone never moves a hold.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestContext } from "#tests/helpers/app";
import { call } from "#tests/helpers/call";
import { option, quoteSteps, sessionOf } from "#tests/helpers/quote-steps";
import { as, createUser, type TestUser } from "#tests/helpers/users";
import { QUOTE_MESSAGES } from "@/shared/quotes";
import { activityLogs } from "../../db/schema";

let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ deps: { startWorkers: false } });
  staff = await createUser(ctx, { role: "staff" });
  // The provider answers in 0–40 ms, as a real one over the network does: the races' windows open wide.
  const provider = ctx.app.ctx.payments.provider;
  const createHoldSession = provider.createHoldSession.bind(provider);
  provider.createHoldSession = async (input) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
    return createHoldSession(input);
  };
});
afterAll(() => ctx.close());

const steps = quoteSteps(
  () => ctx,
  () => staff,
);
const {
  signed,
  sourcingRequest,
  sent,
  requestQuotes,
  optionIds,
  acceptOption,
  authorize,
  heldRequest,
  holdRows,
  providerIntents,
} = steps;

/** Our holds against the provider's intents: what is held here is exactly what is authorised there. */
async function expectProviderMatches(requestId: string) {
  const ours = await holdRows(requestId);
  const theirs = await providerIntents(requestId);
  const authorisedThere = theirs.filter((i) => i.status === "requires_capture");
  const heldHere = ours.filter((h) => h.status === "held");
  expect(authorisedThere.map((i) => [i.id, i.amount_capturable])).toEqual(
    heldHere.map((h) => [h.paymentIntentId, h.amountCents]),
  );
  expect(heldHere.length).toBeLessThanOrEqual(1);
}

describe("20 accepts at once, alternating two options", () => {
  it("leave at most one card page that can be authorised, and the provider holds what the app shows", async () => {
    for (let round = 0; round < 3; round += 1) {
      const { member, id } = await sourcingRequest();
      const quoteId = await sent(id, [option("Gold", 1_000_000), option("Noir", 2_500_000)]);
      const [gold, noir] = await optionIds(member, id, quoteId);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => acceptOption(member, id, quoteId, i % 2 ? noir : gold)),
      );
      for (const answer of answers) {
        expect([200, 409], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 409) {
          expect([QUOTE_MESSAGES.offerChanged, QUOTE_MESSAGES.alreadyAccepted]).toContain(answer.json().error);
        }
      }
      const pages = [...new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().url as string))];
      expect(pages.length).toBeGreaterThan(0);
      // Every page returned, authorised one after another: only the live hold's page takes a card.
      const paid = [];
      for (const page of pages) paid.push(await authorize(member, page));
      expect(paid.filter((p) => p.statusCode === 200)).toHaveLength(1);
      for (const refused of paid.filter((p) => p.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toBe(QUOTE_MESSAGES.offerChanged);
      }
      await expectProviderMatches(id);
      expect((await requestQuotes(member, id)).hold.status).toBe("held");
      // The card the bank authorised, for the statement.
      expect((await holdRows(id)).find((h) => h.status === "held")).toMatchObject({
        cardBrand: "visa",
        cardLast4: "4242",
      });
    }
  });

  it("with declines among them leave no authorisation the app does not hold", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id, [option("Gold", 1_000_000), option("Noir", 2_500_000)]);
    const [gold, noir] = await optionIds(member, id, quoteId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 3 === 2
          ? call(
              ctx,
              "POST /requests/:id/quotes/:quoteId/decline",
              { params: { id, quoteId }, body: { reason: "" } },
              as(member),
            )
          : acceptOption(member, id, quoteId, i % 3 ? noir : gold),
      ),
    );
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    const pages = [
      ...new Set(
        answers
          .filter((a) => a.statusCode === 200)
          .map((a) => (a.json() as { url?: string }).url)
          .filter((url): url is string => Boolean(url)),
      ),
    ];
    for (const page of pages) await authorize(member, page);
    await expectProviderMatches(id);
    const after = await requestQuotes(member, id);
    // Declined, with nothing held; or a page survived the declines and its hold is held.
    if (after.quotes[0].status === "declined") expect(after.hold?.status ?? "released").not.toBe("held");
    else expect(after.hold.status).toBe("held");
  });
});

describe("20 captures or releases of one hold at once", () => {
  const capture = (id: string, body: object = {}) =>
    call(ctx, "POST /admin/requests/:id/hold/capture", { params: { id }, body: body }, as(staff));
  const release = (id: string) =>
    call(ctx, "POST /admin/requests/:id/hold/release", { params: { id }, body: { reason: "" } }, as(staff));

  /** Exactly one call won; the provider's intent and our hold agree on what happened, once. */
  async function expectOnce(id: string, answers: Array<{ statusCode: number; body: string }>, status: string) {
    for (const answer of answers) expect([200, 409], answer.body).toContain(answer.statusCode);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const [hold] = await holdRows(id);
    expect(hold.status).toBe(status);
    const [intent] = await providerIntents(id);
    expect(intent.id).toBe(hold.paymentIntentId);
    expect(intent.status).toBe(status === "captured" ? "succeeded" : "canceled");
    expect(intent.amount_received).toBe(status === "captured" ? hold.capturedCents : 0);
    const moved = await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.requestId, id));
    expect(
      moved.filter((a) => a.action === (status === "captured" ? "payment_captured" : "hold_released")),
    ).toHaveLength(1);
  }

  it("capture the money once, partial amounts and the whole alike", async () => {
    const { id } = await heldRequest([option("Gold", 1_000_000)]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => capture(id, i % 2 ? { amountCents: 60_000, reason: "A scuff" } : {})),
    );
    await expectOnce(id, answers, "captured");
  });

  it("release it once", async () => {
    const { id } = await heldRequest([option("Gold", 1_000_000)]);
    await expectOnce(id, await Promise.all(Array.from({ length: 20 }, () => release(id))), "released");
  });

  it("mixed: one of them wins, and the provider agrees", async () => {
    const { id } = await heldRequest([option("Gold", 1_000_000)]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? release(id) : capture(id))));
    const winner = answers.findIndex((a) => a.statusCode === 200);
    await expectOnce(id, answers, winner % 2 ? "released" : "captured");
  });
});

describe("an authorisation for a hold the app does not hold", () => {
  it("is cancelled at the provider at once and recorded on the request", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id, [option("Gold", 1_000_000)]);
    const [gold] = await optionIds(member, id, quoteId);
    expect((await acceptOption(member, id, quoteId, gold)).statusCode).toBe(200);
    const [hold] = await holdRows(id);
    // A page the provider made for this hold that we never recorded: the race's lost page, made by hand.
    const provider = ctx.app.ctx.payments.provider;
    const customerId = (await ctx.app.ctx.payments.customerOf(member.id)) as string;
    const lost = await provider.createHoldSession({
      requestId: id,
      holdId: hold.id,
      userId: member.id,
      customerId,
      email: member.email,
      amountCents: hold.amountCents,
      description: "Hold for Gold",
      successUrl: "http://localhost:3000/",
      cancelUrl: "http://localhost:3000/",
      idempotencyKey: `lost-${hold.id}`,
    });
    // The member chose again meanwhile: our hold is closed.
    const declined = await call(
      ctx,
      "POST /requests/:id/quotes/:quoteId/decline",
      { params: { id, quoteId }, body: { reason: "" } },
      as(member),
    );
    expect(declined.statusCode, declined.body).toBe(200);

    expect((await authorize(member, lost.url)).statusCode).toBe(200);
    const intents = await providerIntents(id);
    expect(intents.map((i) => i.status)).toEqual(["canceled"]);
    await expectProviderMatches(id);
    const logged = await ctx.database.db.select().from(activityLogs).where(eq(activityLogs.requestId, id));
    expect(logged.find((a) => a.action === "authorization_cancelled")?.details).toMatchObject({
      holdId: hold.id,
      paymentIntentId: intents[0].id,
      amountCents: hold.amountCents,
    });
    expect((await requestQuotes(member, id)).hold.status).toBe("released");
  });

  it("a superseded page says the offer changed", async () => {
    const { member, id } = await sourcingRequest();
    const quoteId = await sent(id, [option("Gold", 1_000_000), option("Noir", 2_500_000)]);
    const [gold, noir] = await optionIds(member, id, quoteId);
    const first = (await acceptOption(member, id, quoteId, gold)).json().url;
    expect((await acceptOption(member, id, quoteId, noir)).statusCode).toBe(200);
    const page = await call(ctx, "GET /billing/test/holds/:id", { params: { id: sessionOf(first) } }, as(member));
    expect(page.json()).toMatchObject({ status: "expired", superseded: true });
    const refused = await authorize(member, first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(QUOTE_MESSAGES.offerChanged);
  });
});

describe("webhooks", () => {
  it("refuse a signature dated more than 5 minutes in the future; accept one within", async () => {
    const event = { id: "evt_future", object: "event", type: "customer.created", created: 1, data: { object: {} } };
    const now = Math.floor(Date.now() / 1000);
    expect((await signed(event, { timestamp: now + 6 * 60 })).statusCode).toBe(400);
    expect((await signed({ ...event, id: "evt_soon" }, { timestamp: now + 60 })).statusCode).toBe(200);
  });

  it("never move a hold by an intent's metadata alone", async () => {
    const { member, id } = await steps.heldRequest();
    const [hold] = await holdRows(id);
    const forged = {
      id: "pi_not_ours",
      object: "payment_intent",
      status: "succeeded",
      amount: hold.amountCents,
      amount_received: hold.amountCents,
      created: Math.floor(Date.now() / 1000),
      metadata: { requestId: id, holdId: hold.id },
      latest_charge: null,
    };
    const answer = await signed({
      id: "evt_metadata_only",
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: forged },
    });
    expect(answer.json()).toMatchObject({ received: true, outcome: "ignored" });
    expect((await requestQuotes(member, id)).hold).toMatchObject({ status: "held", capturedCents: 0 });
  });
});
