/**
 * The Stripe SDK, loaded on first use rather than at the start (decision 026): it is a large module, needed by
 * the test mode only to sign and check its webhooks, and by Stripe mode from its first call.
 */
import type Stripe from "stripe";

let loading: Promise<typeof Stripe> | null = null;

export function loadStripe(): Promise<typeof Stripe> {
  loading ??= import("stripe").then((module) => module.default);
  return loading;
}
