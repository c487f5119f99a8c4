/**
 * What every part of the test provider shares: its objects kept in our database (test_payment_objects), the
 * events it hands to the event processing, its clock and its idempotency keys.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { PURCHASABLE_PLANS, type PurchasablePlan, planLabel } from "@/shared/plans";
import { HOLD_VALIDITY_DAYS } from "@/shared/quotes";
import type { Database, Queryable } from "../../db";
import { testPaymentObjects } from "../../db/schema";
import { monthlyAmountCents, TEST_PRICES } from "../prices";
import type { PaymentEvent } from "../types";
import type { Kind, TestPrice } from "./types";

export const API_VERSION = "test-mode";
/** Stripe keeps a customer-initiated card authorisation capturable for about 7 days. */
export const TEST_HOLD_VALIDITY_SECONDS = HOLD_VALIDITY_DAYS * 24 * 60 * 60;
export const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
export const testId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

export const PRICES: Record<string, TestPrice> = Object.fromEntries(
  PURCHASABLE_PLANS.map((plan) => [
    TEST_PRICES[plan],
    {
      id: TEST_PRICES[plan],
      object: "price",
      currency: "eur",
      unit_amount: monthlyAmountCents(plan),
      recurring: { interval: "month", interval_count: 1 },
      nickname: `${planLabel(plan)} membership`,
    } satisfies TestPrice,
  ]),
);

/** Disputes are filed under one owner (a bank's, not a customer's): forgetting a customer keeps them. */
export const DISPUTES = "disputes";

export function planOfPrice(priceId: string): PurchasablePlan | null {
  return PURCHASABLE_PLANS.find((plan) => TEST_PRICES[plan] === priceId) ?? null;
}

export function makeEvent(
  type: string,
  object: object,
  previous?: object,
  at: Date = new Date(),
): PaymentEvent & Record<string, unknown> {
  return {
    id: testId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: seconds(at),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
}

export type Store = ReturnType<typeof createStore>;

export function createStore(deps: { db: Database; appUrl: string }) {
  const { db, appUrl } = deps;
  let sink: (event: PaymentEvent) => Promise<unknown> = async () => {
    throw new Error("test-mode payments: no event sink");
  };

  /** Stores an object under its id; `customer` (the customer's own id, for a customer) files it for lists. */
  async function put(q: Queryable, kind: Kind, object: { id: string }, customer: string) {
    const row = { id: object.id, kind, customerId: customer, data: object as unknown as Record<string, unknown> };
    await q
      .insert(testPaymentObjects)
      .values(row)
      .onConflictDoUpdate({ target: testPaymentObjects.id, set: { data: row.data } });
  }

  async function get<T>(q: Queryable, kind: Kind, id: string, lock = false): Promise<T | null> {
    const query = q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.id, id), eq(testPaymentObjects.kind, kind)));
    const [row] = lock ? await query.for("update") : await query;
    return (row?.data as T | undefined) ?? null;
  }

  async function list<T>(q: Queryable, kind: Kind, customerId: string): Promise<T[]> {
    const rows = await q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(and(eq(testPaymentObjects.customerId, customerId), eq(testPaymentObjects.kind, kind)))
      .orderBy(desc(testPaymentObjects.createdAt));
    return rows.map((r) => r.data as T);
  }

  /** Hands events over one at a time, in order, after the change that produced them has committed. */
  async function deliver(events: PaymentEvent[]) {
    for (const event of events) await sink(event);
  }

  const CLOCK_ID = "clock_test";

  /** The provider's now: the real time moved by the stored offset (shared by every instance). */
  async function clockNow(q: Queryable): Promise<Date> {
    const [row] = await q
      .select({ data: testPaymentObjects.data })
      .from(testPaymentObjects)
      .where(eq(testPaymentObjects.id, CLOCK_ID));
    return new Date(Date.now() + Number((row?.data as { offsetMs?: number } | undefined)?.offsetMs ?? 0));
  }

  const keyId = (key: string) => `idem_test_${createHash("sha256").update(key).digest("hex").slice(0, 32)}`;
  async function seenKey(q: Queryable, key: string) {
    return Boolean(await get(q, "idempotency", keyId(key)));
  }
  async function rememberKey(q: Queryable, key: string) {
    await put(q, "idempotency", { id: keyId(key) }, keyId(key));
  }

  function setSink(next: (event: PaymentEvent) => Promise<unknown>) {
    sink = next;
  }

  return { db, appUrl, put, get, list, deliver, clockNow, CLOCK_ID, seenKey, rememberKey, setSink };
}
