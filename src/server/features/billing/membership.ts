/**
 * The membership rules (spec section 3, decision 010): what the provider's word about a subscription does to a
 * member's one membership row. Pure: payments/apply.ts locks and reads the row, asks these rules (plugged in
 * by app.ts as the billing port's `membership`: infrastructure never imports a domain), then writes and
 * publishes.
 */
import { type Plan, planRank, type SubscriptionStatus } from "@/shared/plans";
import type { MembershipRow, MembershipRules, MembershipVerdict, ProviderStatus } from "../../payments";

/** The provider's statuses in ours (null: a status that says nothing we act on). */
export function statusOf(status: string): ProviderStatus | null {
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

/**
 * A subscription as the provider reports it, against the member's row: the plan and status it sets, or why it
 * changes nothing (it would move the row back, or take access away wrongly). `plan` is the allow-listed plan of
 * its price (null: off the list); `stamp` orders the provider's words.
 */
export function subscriptionVerdict(
  row: MembershipRow | null,
  incoming: { id: string; status: ProviderStatus; plan: Plan | null; stamp: Date },
): MembershipVerdict {
  const { status: mapped, stamp } = incoming;
  // A price off the allow-list grants nothing; it may still end the row's own subscription (say, a retired price).
  const plan = incoming.plan ?? (row?.stripeSubscriptionId === incoming.id && mapped !== "active" ? row.plan : null);
  if (!plan) return { ignored: "price not on the allow-list" };
  if (!row) {
    // An incomplete subscription (payment not yet made) creates nothing.
    if (mapped === "incomplete") return { ignored: "incomplete subscription" };
    return { plan, status: mapped };
  }
  if (row.stripeSubscriptionId === incoming.id) {
    if (row.providerUpdatedAt && stamp < row.providerUpdatedAt) return { ignored: "older state" };
    // Incomplete is where every subscription starts: against an active row it is always stale.
    if (mapped === "incomplete" && row.status === "active") return { ignored: "stale incomplete" };
    return { plan, status: mapped === "incomplete" ? "past_due" : mapped };
  }
  // Another subscription than the row's: it takes over only if that cannot take access away wrongly.
  const incomingActive = mapped === "active";
  if (row.status === "active") {
    if (!incomingActive) return { ignored: "another subscription is active" };
    // A paid active row gives way only to a higher plan (a complimentary one to any paid plan).
    if (row.stripeSubscriptionId && planRank(plan) <= planRank(row.plan)) {
      return { ignored: "another paid subscription of the same or a higher plan is active" };
    }
  } else if (!incomingActive && row.providerUpdatedAt && stamp < row.providerUpdatedAt) {
    return { ignored: "older state" };
  }
  return { plan, status: mapped === "incomplete" ? "past_due" : mapped };
}

/** An invoice's verdict on the row's own subscription: a failed payment to past_due, paid back to active. */
export function statusAfterInvoice(current: SubscriptionStatus, outcome: "paid" | "failed"): SubscriptionStatus | null {
  if (outcome === "failed") return current === "active" ? "past_due" : null;
  return current === "past_due" ? "active" : null;
}

/** The rules as billing hands them to payments (app.ts). */
export const membershipRules: MembershipRules = {
  statusOf,
  subscription: subscriptionVerdict,
  afterInvoice: statusAfterInvoice,
};
