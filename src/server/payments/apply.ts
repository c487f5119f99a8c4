/**
 * How a subscription as the provider reports it becomes our one subscription row per user. Used by event
 * processing and by the re-sync from the provider, always inside a transaction that holds the user's row lock,
 * and always publishing the change to the user's open pages in that same transaction.
 */
import { eq } from "drizzle-orm";
import { type Plan, planRank, type SubscriptionStatus } from "@/shared/plans";
import type { Queryable } from "../db";
import { billingCustomers, subscriptions, users } from "../db/schema";
import type { Effects } from "../db/write";
import { subscriptionChanged } from "../realtime/events";
import { type PriceList, refId, type SubscriptionLike } from "./types";

type Mapped = SubscriptionStatus | "incomplete";

/** The provider's statuses in ours (null: a status that says nothing we act on). */
export function mapStatus(status: string): Mapped | null {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
    case "paused":
      return "past_due";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    case "incomplete":
      return "incomplete";
    default:
      return null;
  }
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
  out: Pick<Effects, "publish">,
  prices: PriceList,
  input: { userId: string; subscription: SubscriptionLike; stamp: Date; deleted?: boolean },
): Promise<ApplyResult> {
  const { userId, subscription: sub, stamp } = input;
  const mapped = input.deleted ? "canceled" : mapStatus(sub.status);
  if (!mapped) return { changed: false, ignored: `status ${sub.status}` };
  if (!(await lockUser(tx, userId))) return { changed: false, ignored: "no such user" };

  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId)).for("update");
  // A price off the allow-list grants nothing; it may still end the row's own subscription (say, a retired price).
  const plan = planOf(sub, prices) ?? (row?.stripeSubscriptionId === sub.id && mapped !== "active" ? row.plan : null);
  if (!plan) return { changed: false, ignored: "price not on the allow-list" };
  let status: SubscriptionStatus;
  if (!row) {
    // An incomplete subscription (payment not yet made) creates nothing.
    if (mapped === "incomplete") return { changed: false, ignored: "incomplete subscription" };
    status = mapped;
  } else if (row.stripeSubscriptionId === sub.id) {
    if (row.providerUpdatedAt && stamp < row.providerUpdatedAt) return { changed: false, ignored: "older state" };
    // Incomplete is where every subscription starts: against an active row it is always stale.
    if (mapped === "incomplete" && row.status === "active") return { changed: false, ignored: "stale incomplete" };
    status = mapped === "incomplete" ? "past_due" : mapped;
  } else {
    // Another subscription than the row's: it takes over only if that cannot take access away wrongly.
    const incomingActive = mapped === "active";
    if (row.status === "active") {
      if (!incomingActive) return { changed: false, ignored: "another subscription is active" };
      // A paid active row gives way only to a higher plan (a complimentary one to any paid plan).
      if (row.stripeSubscriptionId && planRank(plan) <= planRank(row.plan)) {
        return { changed: false, ignored: "another paid subscription of the same or a higher plan is active" };
      }
    } else if (!incomingActive && row.providerUpdatedAt && stamp < row.providerUpdatedAt) {
      return { changed: false, ignored: "older state" };
    }
    status = mapped === "incomplete" ? "past_due" : mapped;
  }

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
  return { changed };
}

/** An invoice's verdict on the row's own subscription: failed payment to past_due, paid back to active. */
export async function applyInvoiceOutcome(
  tx: Queryable,
  out: Pick<Effects, "publish">,
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
  const next: SubscriptionStatus | null =
    input.outcome === "failed"
      ? row.status === "active"
        ? "past_due"
        : null
      : row.status === "past_due"
        ? "active"
        : null;
  if (!next) return { changed: false, userId: row.userId, ignored: `nothing to change from ${row.status}` };
  await tx
    .update(subscriptions)
    .set({ status: next, providerUpdatedAt: input.stamp, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id));
  out.publish(subscriptionChanged(row.userId));
  return { changed: true, userId: row.userId };
}
