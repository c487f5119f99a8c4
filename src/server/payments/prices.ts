/**
 * The server-side allow-list of prices: the only place a price id comes from. A plan name from the browser is
 * looked up here; a price id from the browser is never read. Events for prices not on the list grant nothing.
 */
import { PLAN_DEFINITIONS, type Plan, PURCHASABLE_PLANS, type PurchasablePlan } from "@/shared/plans";
import type { Config } from "../config";
import type { PriceList } from "./types";

/** The test-mode provider's fixed price ids. */
export const TEST_PRICES: Record<PurchasablePlan, string> = {
  free: "price_test_free",
  silver: "price_test_silver",
  gold: "price_test_gold",
};

export function createPriceList(prices: Record<PurchasablePlan, string>): PriceList {
  const byId = new Map<string, Plan>(PURCHASABLE_PLANS.map((plan) => [prices[plan], plan]));
  return {
    priceFor: (plan) => prices[plan],
    planFor: (priceId) => byId.get(priceId) ?? null,
  };
}

export function configuredPrices(config: Config): Record<PurchasablePlan, string> {
  if (!config.STRIPE_SECRET_KEY) return TEST_PRICES;
  // config.ts refuses to start with a Stripe key and any of these missing.
  return {
    free: config.STRIPE_PRICE_FREE as string,
    silver: config.STRIPE_PRICE_SILVER as string,
    gold: config.STRIPE_PRICE_GOLD as string,
  };
}

/** Monthly amount in cents, as the pricing page states it (test mode charges exactly this). */
export function monthlyAmountCents(plan: PurchasablePlan): number {
  return (PLAN_DEFINITIONS[plan].monthlyPriceEur ?? 0) * 100;
}
