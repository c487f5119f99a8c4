/**
 * How a subscription as the provider reports it becomes our one subscription row per user. Used by event
 * processing and by the re-sync from the provider, always inside a transaction that holds the user's row lock,
 * and always publishing the change to the user's open pages in that same transaction. What a subscription does
 * to a membership is the billing domain's rule (`MembershipRules`, plugged in by app.ts); this is the I/O.
 */
import { eq } from "drizzle-orm";
import type { Plan, SubscriptionStatus } from "@/shared/plans";
import { currentActor, SYSTEM_ACTOR } from "../audit/actor";
import type { Queryable } from "../db";
import { billingCustomers, subscriptions, users } from "../db/schema";
import type { Effects } from "../db/write";
import { subscriptionChanged } from "../realtime/events";
import { type PriceList, refId, type SubscriptionLike } from "./types";

/** The provider's subscription status in ours ("incomplete": not paid yet, where every subscription starts). */
export type ProviderStatus = SubscriptionStatus | "incomplete";

/** What the membership rules read of a member's row. */
export type MembershipRow = Pick<
  typeof subscriptions.$inferSelect,
  "plan" | "status" | "stripeSubscriptionId" | "providerUpdatedAt"
>;

export type MembershipVerdict = { ignored: string } | { plan: Plan; status: SubscriptionStatus };

/**
 * The billing domain's membership rules (features/billing/membership.ts), plugged in by app.ts: this module
 * only reads, locks and writes the row as they decide.
 */
export interface MembershipRules {
  /** The provider's status in ours (null: a status that says nothing we act on). */
  statusOf(status: string): ProviderStatus | null;
  /** A subscription against the member's row: the plan and status it sets, or why it changes nothing. */
  subscription(
    row: MembershipRow | null,
    incoming: { id: string; status: ProviderStatus; plan: Plan | null; stamp: Date },
  ): MembershipVerdict;
  /** The row's own subscription's status after an invoice was paid or failed (null: unchanged). */
  afterInvoice(current: SubscriptionStatus, outcome: "paid" | "failed"): SubscriptionStatus | null;
}

/** The plan a subscription pays for, from its first item's price, through the allow-list only. */
export function planOf(sub: SubscriptionLike, prices: PriceList): Plan | null {
  const priceId = sub.items?.data?.[0]?.price?.id;
  return priceId ? prices.planFor(priceId) : null;
}

export function periodEndOf(sub: SubscriptionLike): Date | null {
  const seconds = sub.items?.data?.[0]?.current_period_end ?? sub.current_period_end ?? null;
  return seconds ? new Date(seconds * 1000) : null;
}

/** Serialises every change to one user's membership (events, syncs, checkouts) on their users row. */
export async function lockUser(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return rows.length > 0;
}

export async function userForCustomer(tx: Queryable, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const [row] = await tx
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(eq(billingCustomers.customerId, customerId));
  return row?.userId ?? null;
}

export type ApplyResult = { changed: boolean; ignored?: string };

/**
 * Applies a provider subscription to the user's row, unless it would move the row back to an older state.
 * `stamp` orders the writes: an event's creation time, or (for a fetch) a time just before the fetch.
 */
export async function applySubscription(
  tx: Queryable,
  out: Pick<Effects, "publish" | "audit">,
  rules: MembershipRules,
  prices: PriceList,
  input: { userId: string; subscription: SubscriptionLike; stamp: Date; deleted?: boolean },
): Promise<ApplyResult> {
  const { userId, subscription: sub, stamp } = input;
  const mapped = input.deleted ? "canceled" : rules.statusOf(sub.status);
  if (!mapped) return { changed: false, ignored: `status ${sub.status}` };
  if (!(await lockUser(tx, userId))) return { changed: false, ignored: "no such user" };

  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  const verdict = rules.subscription(row ?? null, { id: sub.id, status: mapped, plan: planOf(sub, prices), stamp });
  if ("ignored" in verdict) return { changed: false, ignored: verdict.ignored };
  const { plan, status } = verdict;

  const values = {
    plan,
    status,
    currentPeriodEnd: periodEndOf(sub),
    cancelAtPeriodEnd: status === "active" && (sub.cancel_at_period_end || Boolean(sub.cancel_at)),
    stripeCustomerId: refId(sub.customer),
    stripeSubscriptionId: sub.id,
  };
  const changed =
    !row ||
    row.plan !== values.plan ||
    row.status !== values.status ||
    row.currentPeriodEnd?.getTime() !== values.currentPeriodEnd?.getTime() ||
    row.cancelAtPeriodEnd !== values.cancelAtPeriodEnd ||
    row.stripeCustomerId !== values.stripeCustomerId ||
    row.stripeSubscriptionId !== values.stripeSubscriptionId;

  const providerUpdatedAt = row?.providerUpdatedAt && row.providerUpdatedAt > stamp ? row.providerUpdatedAt : stamp;
  if (!row) {
    await tx.insert(subscriptions).values({ userId, ...values, providerUpdatedAt });
  } else {
    await tx
      .update(subscriptions)
      .set({ ...values, providerUpdatedAt, ...(changed ? { updatedAt: new Date() } : {}) })
      .where(eq(subscriptions.id, row.id));
  }
  if (changed) out.publish(subscriptionChanged(userId));
  // A membership's plan or state changed: audited (decision 050), by whoever's request applied it (an admin's
  // sync or simulated checkout, the member's own upgrade), else the provider's webhook (the system).
  if (!row || row.plan !== values.plan || row.status !== values.status) {
    await out.audit({
      actor: currentActor() ?? SYSTEM_ACTOR,
      action: "plan.change",
      target: { kind: "member", id: userId },
      before: row ? { plan: row.plan, status: row.status } : { plan: null, status: null },
      after: { plan: values.plan, status: values.status },
    });
  }
  return { changed };
}

/** An invoice's verdict on the row's own subscription: failed payment to past_due, paid back to active. */
export async function applyInvoiceOutcome(
  tx: Queryable,
  out: Pick<Effects, "publish">,
  rules: MembershipRules,
  input: { subscriptionId: string; outcome: "paid" | "failed"; stamp: Date },
): Promise<ApplyResult & { userId: string | null }> {
  const [found] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, input.subscriptionId));
  if (!found) return { changed: false, userId: null, ignored: "subscription not (yet) known" };
  await lockUser(tx, found.userId);
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, found.userId)).for("update");
  if (!row || row.stripeSubscriptionId !== input.subscriptionId) {
    return { changed: false, userId: found.userId, ignored: "subscription replaced" };
  }
  if (row.providerUpdatedAt && input.stamp < row.providerUpdatedAt) {
    return { changed: false, userId: row.userId, ignored: "older state" };
  }
  const next = rules.afterInvoice(row.status, input.outcome);
  if (!next) return { changed: false, userId: row.userId, ignored: `nothing to change from ${row.status}` };
  await tx
    .update(subscriptions)
    .set({ status: next, providerUpdatedAt: input.stamp, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  out.publish(subscriptionChanged(row.userId));
  return { changed: true, userId: row.userId };
}
