/** Card holds as Stripe keeps them: hold pages, PaymentIntents (manual capture), captures, cancellations, refunds, and the clock that lapses them. */
import { createHash } from "node:crypto";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Queryable } from "../../db";
import { testPaymentObjects } from "../../db/schema";
import { external, HttpError } from "../../http/errors";
import type { PaymentEvent, PaymentIntentLike } from "../types";
import { makeEvent, SESSION_LIFETIME_SECONDS, type Store, seconds } from "./store";
import type { TestCharge, TestHoldSession, TestPaymentIntent, TestProvider, TestRefund } from "./types";

type Part = Pick<
  TestProvider,
  | "createHoldSession"
  | "holdSessionStatus"
  | "expireHoldSession"
  | "holdSessionOfIntent"
  | "retrievePaymentIntent"
  | "capturePaymentIntent"
  | "cancelPaymentIntent"
  | "listHoldPaymentIntents"
  | "createRefund"
  | "now"
  | "advanceHoldClock"
  | "resetHoldClock"
  | "expireDueHolds"
>;

export function createHolds(s: Store, invoices: Pick<TestProvider, "markOverdueInvoices">): Part {
  const { db, appUrl, put, get, deliver, clockNow, CLOCK_ID, seenKey, rememberKey } = s;
  /** The intent with its latest charge expanded, as `retrieve(..., { expand: ["latest_charge"] })` answers. */
  async function expanded(q: Queryable, intent: TestPaymentIntent): Promise<PaymentIntentLike> {
    const charge = intent.latest_charge ? await get<TestCharge>(q, "charge", intent.latest_charge) : null;
    return { ...intent, latest_charge: charge ?? intent.latest_charge };
  }

  function cancelIntent(intent: TestPaymentIntent, reason: string, now: Date): PaymentEvent {
    Object.assign(intent, {
      status: "canceled",
      cancellation_reason: reason,
      canceled_at: seconds(now),
      amount_capturable: 0,
    });
    return makeEvent("payment_intent.canceled", intent, undefined, now);
  }

  /** An unfinished card page closes: its intent (if a card was tried) is cancelled with it. */
  async function closeSession(q: Queryable, session: TestHoldSession, now: Date): Promise<PaymentEvent[]> {
    const events: PaymentEvent[] = [];
    if (session.payment_intent) {
      const intent = await get<TestPaymentIntent>(q, "payment_intent", session.payment_intent, true);
      if (intent && intent.status !== "canceled" && intent.status !== "succeeded") {
        events.push(cancelIntent(intent, "abandoned", now));
        await put(q, "payment_intent", intent, intent.customer);
      }
    }
    Object.assign(session, { status: "expired" });
    await put(q, "hold_session", session, session.customer);
    events.unshift(makeEvent("checkout.session.expired", session, undefined, now));
    return events;
  }

  const part: Part = {
    async createHoldSession(input) {
      // Like Stripe's idempotency key: the same key gives the same session.
      const id = `cs_test_${createHash("sha256").update(input.idempotencyKey).digest("hex").slice(0, 24)}`;
      const existing = await get<TestHoldSession>(db, "hold_session", id);
      if (existing) return { id, url: existing.url };
      const now = await clockNow(db);
      const session: TestHoldSession = {
        id,
        object: "checkout.session",
        mode: "payment",
        status: "open",
        payment_status: "unpaid",
        customer: input.customerId,
        customer_email: input.email,
        client_reference_id: input.userId,
        metadata: { requestId: input.requestId, holdId: input.holdId },
        payment_intent: null,
        amount_total: input.amountCents,
        currency: "eur",
        description: input.description,
        url: `${appUrl}/checkout/test/holds/${id}`,
        success_url: input.successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancel_url: input.cancelUrl,
        created: seconds(now),
        expires_at: seconds(now) + SESSION_LIFETIME_SECONDS,
      };
      await db
        .insert(testPaymentObjects)
        .values({
          id,
          kind: "hold_session",
          customerId: input.customerId,
          data: session as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing();
      return { id, url: session.url };
    },

    async holdSessionStatus(id) {
      const session = await get<TestHoldSession>(db, "hold_session", id);
      if (!session || session.status === "expired") return "expired";
      if (session.status === "complete") return "complete";
      return session.expires_at <= seconds(await clockNow(db)) ? "expired" : "open";
    },

    async expireHoldSession(id) {
      const { expired, events } = await db.transaction(async (tx) => {
        const session = await get<TestHoldSession>(tx, "hold_session", id, true);
        if (!session) return { expired: true, events: [] };
        if (session.status === "complete") return { expired: false, events: [] };
        if (session.status === "expired") return { expired: true, events: [] };
        session.superseded = true;
        return { expired: true, events: await closeSession(tx, session, await clockNow(tx)) };
      });
      await deliver(events);
      return expired;
    },

    async holdSessionOfIntent(id) {
      const [row] = await db
        .select({ id: testPaymentObjects.id })
        .from(testPaymentObjects)
        .where(
          and(eq(testPaymentObjects.kind, "hold_session"), sql`${testPaymentObjects.data}->>'payment_intent' = ${id}`),
        );
      return row?.id ?? null;
    },

    async retrievePaymentIntent(id) {
      const intent = await get<TestPaymentIntent>(db, "payment_intent", id);
      return intent ? expanded(db, intent) : null;
    },

    async capturePaymentIntent(id, { amountToCapture, idempotencyKey }) {
      const { intent, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", id, true);
        if (!intent) throw new HttpError(404, external(`No such payment_intent: '${id}'`), "resource_missing");
        // A repeated key answers the first call's result, as Stripe does.
        if (await seenKey(tx, idempotencyKey)) return { intent, events: [] };
        if (intent.status !== "requires_capture") {
          throw new HttpError(
            400,
            external(`This PaymentIntent could not be captured because it has a status of ${intent.status}.`),
            "payment_intent_unexpected_state",
          );
        }
        if (amountToCapture > intent.amount_capturable) {
          throw new HttpError(
            400,
            external("The amount to capture is larger than the amount capturable."),
            "amount_too_large",
          );
        }
        const now = await clockNow(tx);
        const charge = intent.latest_charge ? await get<TestCharge>(tx, "charge", intent.latest_charge, true) : null;
        // Stripe captures once; what is not captured is released at the same moment.
        Object.assign(intent, { status: "succeeded", amount_received: amountToCapture, amount_capturable: 0 });
        if (charge) {
          Object.assign(charge, { captured: true, amount_captured: amountToCapture });
          await put(tx, "charge", charge, charge.customer);
        }
        await put(tx, "payment_intent", intent, intent.customer);
        await rememberKey(tx, idempotencyKey);
        return { intent, events: [makeEvent("payment_intent.succeeded", intent, undefined, now)] };
      });
      await deliver(events);
      return expanded(db, intent);
    },

    async cancelPaymentIntent(id, { idempotencyKey }) {
      const { intent, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", id, true);
        if (!intent) throw new HttpError(404, external(`No such payment_intent: '${id}'`), "resource_missing");
        if (await seenKey(tx, idempotencyKey)) return { intent, events: [] };
        if (intent.status === "succeeded" || intent.status === "canceled") {
          throw new HttpError(
            400,
            external(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`),
            "payment_intent_unexpected_state",
          );
        }
        const now = await clockNow(tx);
        const events = [cancelIntent(intent, "requested_by_customer", now)];
        await put(tx, "payment_intent", intent, intent.customer);
        await rememberKey(tx, idempotencyKey);
        return { intent, events };
      });
      await deliver(events);
      return expanded(db, intent);
    },

    async listHoldPaymentIntents({ createdSince }) {
      const rows = await db
        .select({ data: testPaymentObjects.data })
        .from(testPaymentObjects)
        .where(
          and(
            eq(testPaymentObjects.kind, "payment_intent"),
            sql`(${testPaymentObjects.data}->>'created')::bigint >= ${seconds(createdSince)}`,
            sql`${testPaymentObjects.data}->'metadata'->>'holdId' is not null`,
          ),
        )
        .orderBy(desc(sql`(${testPaymentObjects.data}->>'created')::bigint`));
      return Promise.all(rows.map((row) => expanded(db, row.data as unknown as TestPaymentIntent)));
    },

    async createRefund({ paymentIntentId, amountCents, metadata, idempotencyKey }) {
      // Like Stripe's idempotency key: the same key gives the same refund, and nothing moves again.
      const id = `re_test_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      const { refund, events } = await db.transaction(async (tx) => {
        const intent = await get<TestPaymentIntent>(tx, "payment_intent", paymentIntentId, true);
        if (!intent) {
          throw new HttpError(404, external(`No such payment_intent: '${paymentIntentId}'`), "resource_missing");
        }
        const known = await get<TestRefund>(tx, "refund", id);
        if (known) return { refund: known, events: [] };
        const charge = intent.latest_charge ? await get<TestCharge>(tx, "charge", intent.latest_charge, true) : null;
        if (intent.status !== "succeeded" || !charge) {
          throw new HttpError(
            400,
            external(`This PaymentIntent does not have a successful charge to refund.`),
            "charge_not_refundable",
          );
        }
        const left = charge.amount_captured - charge.amount_refunded;
        if (amountCents > left) {
          const asked = (amountCents / 100).toFixed(2);
          const rest = (left / 100).toFixed(2);
          throw new HttpError(
            400,
            external(`Refund amount (€${asked}) is greater than unrefunded amount on charge (€${rest})`),
            "amount_too_large",
          );
        }
        const now = await clockNow(tx);
        const refund: TestRefund = {
          id,
          object: "refund",
          amount: amountCents,
          currency: "eur",
          charge: charge.id,
          payment_intent: intent.id,
          status: "succeeded",
          reason: null,
          metadata: { ...metadata },
          created: seconds(now),
          failure_reason: null,
        };
        // Stripe's charge: amount_refunded is cumulative; refunded only once all of it is.
        charge.amount_refunded += amountCents;
        charge.refunded = charge.amount_refunded >= charge.amount_captured;
        await put(tx, "refund", refund, charge.customer);
        await put(tx, "charge", charge, charge.customer);
        return {
          refund,
          events: [
            makeEvent("refund.created", refund, undefined, now),
            makeEvent("charge.refunded", charge, undefined, now),
          ],
        };
      });
      await deliver(events);
      return refund;
    },

    now: () => clockNow(db),

    async advanceHoldClock(ms) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ data: testPaymentObjects.data })
          .from(testPaymentObjects)
          .where(eq(testPaymentObjects.id, CLOCK_ID))
          .for("update");
        const offsetMs = Number((row?.data as { offsetMs?: number } | undefined)?.offsetMs ?? 0) + ms;
        await put(tx, "clock", { id: CLOCK_ID, offsetMs } as { id: string }, CLOCK_ID);
      });
      await part.expireDueHolds();
      await invoices.markOverdueInvoices();
      return clockNow(db);
    },

    async resetHoldClock() {
      await db.delete(testPaymentObjects).where(eq(testPaymentObjects.id, CLOCK_ID));
    },

    async expireDueHolds() {
      const now = await clockNow(db);
      const due = await db
        .select({ id: testPaymentObjects.id, kind: testPaymentObjects.kind })
        .from(testPaymentObjects)
        .where(
          or(
            and(
              eq(testPaymentObjects.kind, "payment_intent"),
              sql`${testPaymentObjects.data}->>'status' = 'requires_capture'`,
            ),
            and(
              eq(testPaymentObjects.kind, "hold_session"),
              sql`${testPaymentObjects.data}->>'status' in ('open', 'requires_action')`,
              sql`(${testPaymentObjects.data}->>'expires_at')::bigint <= ${seconds(now)}`,
            ),
          ),
        );
      let lapsed = 0;
      for (const object of due) {
        const events = await db.transaction(async (tx) => {
          if (object.kind === "hold_session") {
            const session = await get<TestHoldSession>(tx, "hold_session", object.id, true);
            if (!session || (session.status !== "open" && session.status !== "requires_action")) return [];
            return closeSession(tx, session, now);
          }
          const intent = await get<TestPaymentIntent>(tx, "payment_intent", object.id, true);
          if (intent?.status !== "requires_capture" || !intent.latest_charge) return [];
          const charge = await get<TestCharge>(tx, "charge", intent.latest_charge);
          if (!charge || charge.payment_method_details.card.capture_before > seconds(now)) return [];
          // The authorisation lapses: Stripe cancels the intent itself ("automatic").
          const events = [cancelIntent(intent, "automatic", now)];
          await put(tx, "payment_intent", intent, intent.customer);
          return events;
        });
        if (events.length) lapsed += 1;
        await deliver(events);
      }
      return lapsed;
    },
  };
  return part;
}
