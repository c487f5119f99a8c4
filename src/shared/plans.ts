/** Membership plans, their order, prices, limits and perks (spec sections 1, 4 and 9). */
export const PLANS = ["free", "silver", "gold", "black"] as const;
export type Plan = (typeof PLANS)[number];

export const SUBSCRIPTION_STATUSES = ["active", "canceled", "past_due"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Plans a member can buy by card; black is by invitation only. */
export const PURCHASABLE_PLANS = ["free", "silver", "gold"] as const satisfies readonly Plan[];
export type PurchasablePlan = (typeof PURCHASABLE_PLANS)[number];

export interface PlanDefinition {
  id: Plan;
  /** Name shown to people: the free plan is shown as Basic. */
  label: string;
  /** Monthly price in euro on the pricing page; null for invitation only. */
  monthlyPriceEur: number | null;
  /** Requests per calendar month; null means unlimited. */
  monthlyRequestLimit: number | null;
  concierge: boolean;
  invitationOnly: boolean;
}

export const PLAN_DEFINITIONS: Record<Plan, PlanDefinition> = {
  free: {
    id: "free",
    label: "Basic",
    monthlyPriceEur: 1,
    monthlyRequestLimit: 0,
    concierge: false,
    invitationOnly: false,
  },
  silver: {
    id: "silver",
    label: "Silver",
    monthlyPriceEur: 99,
    monthlyRequestLimit: 5,
    concierge: false,
    invitationOnly: false,
  },
  gold: {
    id: "gold",
    label: "Gold",
    monthlyPriceEur: 499,
    monthlyRequestLimit: null,
    concierge: true,
    invitationOnly: false,
  },
  black: {
    id: "black",
    label: "Black",
    monthlyPriceEur: null,
    monthlyRequestLimit: null,
    concierge: true,
    invitationOnly: true,
  },
};

export function planLabel(plan: Plan): string {
  return PLAN_DEFINITIONS[plan].label;
}

export function planRank(plan: Plan): number {
  return PLANS.indexOf(plan);
}

/** The subscription facts every access rule depends on. */
export interface SubscriptionState {
  plan: Plan;
  status: SubscriptionStatus;
}

/** Only an active subscription gives access (spec section 4). */
export function hasActiveSubscription(sub: SubscriptionState | null | undefined): sub is SubscriptionState {
  return sub?.status === "active";
}

/** The plan a user is treated as: anything but an active subscription counts as Basic. */
export function effectivePlan(sub: SubscriptionState | null | undefined): Plan {
  return hasActiveSubscription(sub) ? sub.plan : "free";
}

/** Monthly request allowance; 0 without an active subscription, null for unlimited. */
export function monthlyRequestLimit(sub: SubscriptionState | null | undefined): number | null {
  if (!hasActiveSubscription(sub)) return 0;
  return PLAN_DEFINITIONS[sub.plan].monthlyRequestLimit;
}

export function canCreateRequests(sub: SubscriptionState | null | undefined): boolean {
  return monthlyRequestLimit(sub) !== 0;
}

export function hasReachedMonthlyLimit(sub: SubscriptionState | null | undefined, usedThisMonth: number): boolean {
  const limit = monthlyRequestLimit(sub);
  return limit !== null && usedThisMonth >= limit;
}

export function hasConcierge(sub: SubscriptionState | null | undefined): boolean {
  return hasActiveSubscription(sub) && PLAN_DEFINITIONS[sub.plan].concierge;
}
