/**
 * Re-sync from the provider: the member's check-subscription and the admin's sync, always by the customer id we
 * stored when the customer was created (never by email), through the same apply code as the events.
 */
import { asc, eq } from "drizzle-orm";
import { hasActiveSubscription, planRank } from "@/shared/plans";
import type { Database } from "../db";
import { billingCustomers, subscriptions, users } from "../db/schema";
import type { Write } from "../db/write";
import { applySubscription, type MembershipRules, planOf } from "./apply";
import type { PaymentProvider, PriceList, SubscriptionLike } from "./types";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export type SyncOutcome =
  /** No provider customer: never bought, or complimentary. Nothing was asked of the provider. */
  | { outcome: "no-customer"; subscription: SubscriptionRow | null }
  /** The provider has no subscription for the customer, or none that is active. */
  | { outcome: "no-active-subscription"; subscription: SubscriptionRow | null }
  | { outcome: "active"; subscription: SubscriptionRow };

export interface SyncCounts {
  synced: number;
  failed: number;
  noStripeCustomer: number;
  noActiveSubscription: number;
}

/**
 * A fetched state is ordered just before the second the fetch started, less a margin for clock differences
 * with the provider: any event from before that is reflected in what was fetched, and later events still apply.
 */
const FETCH_CLOCK_MARGIN_MS = 5_000;
export function fetchStamp(fetchStartedAt: number): Date {
  return new Date(Math.floor(fetchStartedAt / 1000) * 1000 - FETCH_CLOCK_MARGIN_MS);
}

/** The subscription that decides the membership: an active one of the highest plan, else the newest. */
export function pickSubscription(
  subs: SubscriptionLike[],
  prices: PriceList,
  membership: MembershipRules,
): SubscriptionLike | null {
  const known = subs.filter((s) => planOf(s, prices));
  const rank = (s: SubscriptionLike) => [
    membership.statusOf(s.status) === "active" ? 1 : 0,
    planRank(planOf(s, prices)!),
    s.created,
  ];
  known.sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return rb[i] - ra[i];
    return 0;
  });
  return known[0] ?? null;
}

export function createSync(deps: {
  db: Database;
  write: Write;
  provider: PaymentProvider;
  prices: PriceList;
  membership: MembershipRules;
  pauseMs: number;
}) {
  const { db, write, provider, prices, membership } = deps;

  async function currentRow(userId: string) {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row ?? null;
  }

  /** Applies a subscription just fetched from (or returned by) the provider. */
  async function applyFetched(userId: string, subscription: SubscriptionLike, fetchStartedAt: number) {
    return write((tx, out) =>
      applySubscription(tx, out, membership, prices, { userId, subscription, stamp: fetchStamp(fetchStartedAt) }),
    );
  }

  async function syncUser(userId: string): Promise<SyncOutcome> {
    const [customer] = await db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, userId));
    if (!customer) return { outcome: "no-customer", subscription: await currentRow(userId) };
    const startedAt = Date.now();
    const best = pickSubscription(await provider.listSubscriptions(customer.customerId), prices, membership);
    if (best) await applyFetched(userId, best, startedAt);
    const row = await currentRow(userId);
    // Active only counts when it comes from the provider's subscription (not, say, a complimentary row).
    return row && hasActiveSubscription(row) && best && row.stripeSubscriptionId === best.id
      ? { outcome: "active", subscription: row }
      : { outcome: "no-active-subscription", subscription: row };
  }

  let syncAllRunning = false;

  /** Every user, one at a time, pausing between provider calls so a large base stays under its rate limit. */
  async function syncAll(onError: (error: unknown, userId: string) => void): Promise<SyncCounts | null> {
    if (syncAllRunning) return null;
    syncAllRunning = true;
    try {
      const counts: SyncCounts = { synced: 0, failed: 0, noStripeCustomer: 0, noActiveSubscription: 0 };
      const all = await db
        .select({ userId: users.id, customerId: billingCustomers.customerId })
        .from(users)
        .leftJoin(billingCustomers, eq(billingCustomers.userId, users.id))
        .orderBy(asc(users.createdAt));
      let calls = 0;
      for (const { userId, customerId } of all) {
        if (!customerId) {
          counts.noStripeCustomer += 1;
          continue;
        }
        if (calls > 0 && deps.pauseMs > 0) await new Promise((r) => setTimeout(r, deps.pauseMs));
        calls += 1;
        try {
          const result = await syncUser(userId);
          if (result.outcome === "active") counts.synced += 1;
          else counts.noActiveSubscription += 1;
        } catch (error) {
          counts.failed += 1;
          onError(error, userId);
        }
      }
      return counts;
    } finally {
      syncAllRunning = false;
    }
  }

  return { syncUser, syncAll, applyFetched };
}
