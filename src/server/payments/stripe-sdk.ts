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

/** How far a webhook's signature may be dated from now, either way (Stripe's own default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * A webhook's event, once its signature is proven: Stripe's library refuses a signature older than the tolerance
 * but not one dated in the future, which a replay with a forged clock would be; this refuses both.
 */
export async function verifySignedEvent(rawBody: Buffer, signature: string | undefined, secret: string) {
  if (!signature) throw new Error("No Stripe-Signature header");
  const stamp = Number(/(?:^|,)\s*t=(\d+)/.exec(signature)?.[1]);
  if (Number.isFinite(stamp) && stamp > Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS) {
    throw new Error("Stripe-Signature dated in the future");
  }
  const Stripe = await loadStripe();
  return Stripe.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS) as unknown;
}
