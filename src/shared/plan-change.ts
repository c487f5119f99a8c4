/**
 * Whether a member may move to a plan (spec section 4: upgrades only; Black by invitation), with the refusals'
 * keyed texts (decision 028). Apart from ./plans.ts, which the first load reads: it carries none of this.
 */

import { BILLING_ERROR_TEXTS } from "./contracts/billing-texts";
import {
  hasActiveSubscription,
  PLAN_DEFINITIONS,
  type Plan,
  planLabel,
  planRank,
  type SubscriptionState,
} from "./plans";
import { fill, type Keyed } from "./texts";

export type PlanChange =
  | { kind: "allowed" }
  | { kind: "same"; message: string; text: Keyed }
  | { kind: "downgrade"; message: string; text: Keyed }
  | { kind: "invitation-only" };

const refusal = (text: Keyed, values: Record<string, string>) => {
  const keyed = { ...text, values };
  return { message: fill(keyed.message, values), text: keyed };
};

/** Only upgrades are allowed; downgrades require cancelling first (spec section 4). */
export function checkPlanChange(current: SubscriptionState | null | undefined, target: Plan): PlanChange {
  if (PLAN_DEFINITIONS[target].invitationOnly) return { kind: "invitation-only" };
  if (!hasActiveSubscription(current)) return { kind: "allowed" };
  const from = planLabel(current.plan);
  if (current.plan === target) return { kind: "same", ...refusal(BILLING_ERROR_TEXTS.planSame, { plan: from }) };
  if (planRank(target) < planRank(current.plan)) {
    return { kind: "downgrade", ...refusal(BILLING_ERROR_TEXTS.planDowngrade, { from, to: planLabel(target) }) };
  }
  return { kind: "allowed" };
}
