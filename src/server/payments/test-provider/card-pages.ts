import { addMonths } from "date-fns";
import { BILLING_ERROR_TEXTS, BILLING_ERRORS } from "@/shared/contracts/billing-texts";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import type { Queryable } from "../../db";
import { conflict, HttpError, notFound } from "../../http/errors";
import { checkTestCard } from "../test-cards";
import { testReceiptUrl } from "../test-receipts";
import type { PaymentEvent } from "../types";
import { invoice } from "./memberships";
import { makeEvent, PRICES, type Store, seconds, TEST_HOLD_VALIDITY_SECONDS, testId } from "./store";
import type {
  TestCharge,
  TestCheckoutSession,
  TestHoldSession,
  TestPaymentIntent,
  TestProvider,
  TestSubscription,
} from "./types";

type Part = Pick<
  TestProvider,
  "getCheckoutSession" | "payCheckoutSession" | "getHoldSession" | "authorizeHold" | "confirmHold"
>;

export function createCardPages(s: Store, holds: Pick<TestProvider, "expireDueHolds">): Part {
  const { db, appUrl, put, get, deliver, clockNow } = s;
  async function openHoldSession(q: Queryable, id: string) {
    const session = await get<TestHoldSession>(q, "hold_session", id, true);
    if (!session) throw notFound(BILLING_ERROR_TEXTS.cardPageNotFound);
    if (session.status === "complete") throw conflict(BILLING_ERROR_TEXTS.holdAlreadyAuthorised, "session_closed");
    if (session.superseded) throw conflict(QUOTE_MESSAGES.offerChanged, "offer_changed");
    if (session.status === "expired" || session.expires_at <= seconds(await clockNow(q))) {
      throw conflict(BILLING_ERROR_TEXTS.cardPageExpired, "session_closed");
    }
    return session;
  }

  /** The session's PaymentIntent, created at the first card attempt (as Checkout does) and reused after. */
  async function intentFor(q: Queryable, session: TestHoldSession, now: Date): Promise<TestPaymentIntent> {
    if (session.payment_intent) {
      const known = await get<TestPaymentIntent>(q, "payment_intent", session.payment_intent, true);
      if (known) return known;
    }
    const intent: TestPaymentIntent = {
      id: testId("pi"),
      object: "payment_intent",
      status: "requires_payment_method",
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: 0,
      currency: "eur",
      customer: session.customer,
      description: session.description,
      capture_method: "manual",
      cancellation_reason: null,
      canceled_at: null,
      created: seconds(now),
      metadata: { ...session.metadata },
      latest_charge: null,
      last_payment_error: null,
    };
    session.payment_intent = intent.id;
    await put(q, "payment_intent", intent, intent.customer);
    return intent;
  }

  /** The card is authorised: the intent waits for its capture until capture_before, the session completes. */
  async function authorise(
    q: Queryable,
    session: TestHoldSession,
    intent: TestPaymentIntent,
    card: { brand: string; last4: string; three_d_secure?: { result: string } | null },
    now: Date,
  ): Promise<PaymentEvent[]> {
    const chargeId = testId("ch");
    const charge: TestCharge = {
      id: chargeId,
      object: "charge",
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      captured: false,
      refunded: false,
      currency: "eur",
      customer: intent.customer,
      payment_intent: intent.id,
      // Like Stripe's: the charge's receipt page (ours, /checkout/test/receipts/:id).
      receipt_url: testReceiptUrl(appUrl, chargeId),
      created: seconds(now),
      payment_method_details: {
        type: "card",
        card: { ...card, capture_before: seconds(now) + TEST_HOLD_VALIDITY_SECONDS },
      },
    };
    Object.assign(intent, {
      status: "requires_capture",
      amount_capturable: intent.amount,
      latest_charge: charge.id,
      last_payment_error: null,
    });
    Object.assign(session, { status: "complete", payment_intent: intent.id });
    await put(q, "charge", charge, charge.customer);
    await put(q, "payment_intent", intent, intent.customer);
    await put(q, "hold_session", session, session.customer);
    return [
      makeEvent("payment_intent.amount_capturable_updated", intent, undefined, now),
      makeEvent("checkout.session.completed", session, undefined, now),
    ];
  }

  const part: Part = {
    async getCheckoutSession(id) {
      const session = await get<TestCheckoutSession>(db, "checkout_session", id);
      if (session?.status === "open" && session.expires_at <= seconds(new Date())) {
        session.status = "expired";
        await put(db, "checkout_session", session, session.customer);
      }
      return session;
    },

    async payCheckoutSession(id, card) {
      const check = checkTestCard(card);
      const events = await db.transaction(async (tx) => {
        const session = await get<TestCheckoutSession>(tx, "checkout_session", id, true);
        if (!session) throw notFound(BILLING_ERROR_TEXTS.checkoutSessionNotFound);
        if (session.status !== "open" || session.expires_at <= seconds(new Date())) {
          throw conflict(BILLING_ERROR_TEXTS.checkoutSessionClosed, "session_closed");
        }
        // Like Stripe Checkout, a refused card leaves the session open and creates nothing.
        if (!check.ok) {
          throw new HttpError(
            check.declined ? 402 : 400,
            check.message,
            check.declined ? "card_declined" : "invalid_card",
          );
        }
        const now = new Date();
        const price = PRICES[session.price];
        const sub: TestSubscription = {
          id: testId("sub"),
          object: "subscription",
          customer: session.customer,
          status: "active",
          created: seconds(now),
          cancel_at_period_end: false,
          cancel_at: null,
          canceled_at: null,
          ended_at: null,
          metadata: { ...session.metadata },
          items: {
            object: "list",
            data: [
              {
                id: testId("si"),
                object: "subscription_item",
                price,
                quantity: 1,
                current_period_start: seconds(now),
                current_period_end: seconds(addMonths(now, 1)),
              },
            ],
          },
          test_card: { brand: check.brand, last4: check.last4 },
        };
        const first = invoice(sub, price.unit_amount, "subscription_create", `${price.nickname}, first month`);
        Object.assign(session, { status: "complete", payment_status: "paid", subscription: sub.id });
        await put(tx, "subscription", sub, sub.customer);
        await put(tx, "invoice", first, first.customer);
        await put(tx, "checkout_session", session, session.customer);
        return {
          sessionUrl: session.success_url,
          subscriptionId: sub.id,
          events: [
            makeEvent("customer.subscription.created", sub),
            makeEvent("invoice.paid", first),
            makeEvent("checkout.session.completed", session),
          ],
        };
      });
      await deliver(events.events);
      return { successUrl: events.sessionUrl, subscriptionId: events.subscriptionId };
    },

    async getHoldSession(id) {
      await holds.expireDueHolds();
      return get<TestHoldSession>(db, "hold_session", id);
    },

    async authorizeHold(id, card) {
      const check = checkTestCard(card, new Date(), { threeDSecure: true });
      const result = await db.transaction(async (tx) => {
        const session = await openHoldSession(tx, id);
        if (session.status !== "open") throw conflict(BILLING_ERROR_TEXTS.cardPageClosed, "session_closed");
        if (!check.ok && !check.declined) throw new HttpError(400, check.message, "invalid_card");
        const now = await clockNow(tx);
        const intent = await intentFor(tx, session, now);
        if (!check.ok) {
          // Declined: the session stays open, nothing is authorised; Stripe reports the failed attempt.
          Object.assign(intent, {
            status: "requires_payment_method",
            last_payment_error: { message: BILLING_ERRORS.holdDeclined },
          });
          await put(tx, "payment_intent", intent, intent.customer);
          await put(tx, "hold_session", session, session.customer);
          return {
            declined: true,
            events: [makeEvent("payment_intent.payment_failed", intent, undefined, now)],
            answer: { redirectUrl: null, requiresAction: false },
          };
        }
        if (check.threeDSecure) {
          Object.assign(intent, { status: "requires_action", last_payment_error: null });
          Object.assign(session, { status: "requires_action" });
          await put(tx, "payment_intent", intent, intent.customer);
          await put(tx, "hold_session", session, session.customer);
          (intent as unknown as { test_card: object }).test_card = { brand: check.brand, last4: check.last4 };
          await put(tx, "payment_intent", intent, intent.customer);
          return {
            declined: false,
            events: [makeEvent("payment_intent.requires_action", intent, undefined, now)],
            answer: { redirectUrl: null, requiresAction: true },
          };
        }
        const events = await authorise(tx, session, intent, { brand: check.brand, last4: check.last4 }, now);
        return { declined: false, events, answer: { redirectUrl: session.success_url, requiresAction: false } };
      });
      await deliver(result.events);
      if (result.declined) throw new HttpError(402, QUOTE_MESSAGES.cardDeclined, "card_declined");
      return result.answer;
    },

    async confirmHold(id, approve) {
      const result = await db.transaction(async (tx) => {
        const session = await openHoldSession(tx, id);
        if (session.status !== "requires_action" || !session.payment_intent) {
          throw conflict(BILLING_ERROR_TEXTS.nothingToConfirm, "nothing_to_confirm");
        }
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", session.payment_intent, true);
        if (!intent) throw notFound(BILLING_ERROR_TEXTS.cardPageNotFound);
        const now = await clockNow(tx);
        if (!approve) {
          Object.assign(intent, {
            status: "requires_payment_method",
            last_payment_error: { message: BILLING_ERRORS.holdAuthenticationFailed },
          });
          Object.assign(session, { status: "open" });
          await put(tx, "payment_intent", intent, intent.customer);
          await put(tx, "hold_session", session, session.customer);
          return { failed: true, events: [makeEvent("payment_intent.payment_failed", intent, undefined, now)] };
        }
        const card = (intent as unknown as { test_card?: { brand: string; last4: string } }).test_card ?? {
          brand: "visa",
          last4: "3184",
        };
        const authenticated = { ...card, three_d_secure: { result: "authenticated" } };
        return { failed: false, events: await authorise(tx, session, intent, authenticated, now) };
      });
      await deliver(result.events);
      if (result.failed) throw new HttpError(402, BILLING_ERRORS.holdAuthenticationFailed, "authentication_failed");
      const session = await get<TestHoldSession>(db, "hold_session", id);
      return { redirectUrl: session?.success_url ?? null, requiresAction: false };
    },
  };
  return part;
}
