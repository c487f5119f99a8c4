/**
 * Payments behind one interface: Stripe when STRIPE_SECRET_KEY is set, the built-in test mode otherwise.
 * (Filled in by the payments issue.)
 */
import type { BillingHooks } from "../app";
import type { Config } from "../config";
import type { Database } from "../db";

export interface Payments {
  mode: "test" | "stripe";
  hooks: BillingHooks;
}

export function createPayments(_config: Config, _db: Database): Payments {
  return { mode: "test", hooks: { beforeAccountDeletion: async () => {} } };
}
