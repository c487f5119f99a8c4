/** Memberships: starting a checkout (or upgrading in place), the portal, complimentary cancellation. */
import { and, eq, isNull } from "drizzle-orm";
import type { checkoutStartedSchema, membershipChargesSchema } from "@/shared/contracts/billing";
import { BILLING_ERRORS } from "@/shared/contracts/billing-texts";
import type { Served } from "@/shared/contracts/common";
import { checkPlanChange } from "@/shared/plan-change";
import { hasActiveSubscription, PLANS, type Plan, type PurchasablePlan } from "@/shared/plans";
import type { SubscriptionRow } from "../../auth/viewer";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { subscriptions } from "../../db/schema";
import { badRequest, conflict, type ErrorText, external, HttpError, notFound } from "../../http/errors";
import { subscriptionChanged } from "../../realtime/events";

/** What the membership rules need of the app's context. */
export type BillingContext = Pick<AppContext, "db" | "config" | "payments">;

export interface CheckoutUser {
  userId: string;
  email: string;
  name: string;
  subscription: SubscriptionRow | null;
}

export type CheckoutStarted = Served<typeof checkoutStartedSchema>;

/**
 * A payment-provider failure as a 502 carrying the provider's own message (the spec shows it). Anything else
 * (a bug, a database error) stays what it is: a logged 500 that reveals nothing.
 */
export function providerFailure(error: unknown, fallback: ErrorText): Error {
  if (error instanceof HttpError) return error;
  const stripeError = error as { type?: unknown; message?: string };
  if (typeof stripeError.type === "string" && stripeError.type.startsWith("Stripe")) {
    return new HttpError(502, stripeError.message ? external(stripeError.message) : fallback, "provider_error");
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function postCheckoutUrl(config: Config, sessionId: string) {
  return `${config.APP_URL}/post-checkout?session_id=${encodeURIComponent(sessionId)}`;
}

/**
 * Upgrades only. The price comes from the server's allow-list for the plan name; an existing paid subscription
 * is moved to the new price (prorated) rather than a second one being created.
 */
export async function startCheckout(ctx: BillingContext, user: CheckoutUser, plan: Plan): Promise<CheckoutStarted> {
  const change = checkPlanChange(user.subscription, plan);
  if (change.kind === "invitation-only") throw badRequest(BILLING_ERRORS.blackByInvitation, "invitation_only");
  if (change.kind === "same" || change.kind === "downgrade") throw conflict(change.text, change.kind);
  const { payments, config } = ctx;
  const priceId = payments.prices.priceFor(plan as PurchasablePlan);
  const current = user.subscription;

  if (current && hasActiveSubscription(current) && current.stripeSubscriptionId) {
    const startedAt = Date.now();
    const updated = await payments.provider
      .changeSubscriptionPrice({ subscriptionId: current.stripeSubscriptionId, priceId })
      .catch((error) => {
        throw providerFailure(error, BILLING_ERRORS.checkoutFailed);
      });
    if (updated.pending_update) throw new HttpError(402, BILLING_ERRORS.upgradeNotPaid, "payment_failed");
    // The provider's own answer; its webhook will say the same (and is applied once, in order).
    await payments.applyFetched(user.userId, updated, startedAt);
    return { url: postCheckoutUrl(config, updated.id), sessionId: updated.id, upgraded: true };
  }

  const session = await openCheckoutSession(ctx, user, plan as PurchasablePlan, `${config.APP_URL}/pricing`);
  return { url: session.url, sessionId: session.id, upgraded: false };
}

/** A new checkout session at the provider for the user's customer (created once), returning to post-checkout. */
export async function openCheckoutSession(
  ctx: BillingContext,
  user: { userId: string; email: string; name: string },
  plan: PurchasablePlan,
  cancelUrl: string,
) {
  const { payments, config } = ctx;
  try {
    const customerId = await payments.ensureCustomer(user);
    return await payments.provider.createCheckoutSession({
      userId: user.userId,
      customerId,
      email: user.email,
      plan,
      priceId: payments.prices.priceFor(plan),
      successUrl: `${config.APP_URL}/post-checkout?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl,
    });
  } catch (error) {
    throw providerFailure(error, BILLING_ERRORS.checkoutFailed);
  }
}

export async function openPortal(ctx: BillingContext, userId: string): Promise<{ url: string }> {
  const customerId = await ctx.payments.customerOf(userId);
  if (!customerId) throw notFound(BILLING_ERRORS.noBillingAccount);
  return ctx.payments.provider
    .createPortalSession({ customerId, returnUrl: `${ctx.config.APP_URL}/profile` })
    .catch((error) => {
      throw providerFailure(error, BILLING_ERRORS.portalFailed);
    });
}

/** A complimentary membership (no provider customer) ends at once; the member is then treated as Basic. */
export async function cancelComplimentary(ctx: Pick<AppContext, "write">, userId: string) {
  await ctx.write(async (tx, out) => {
    const [row] = await tx
      .update(subscriptions)
      .set({ status: "canceled", cancelAtPeriodEnd: false, updatedAt: new Date() })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.status, "active"),
          isNull(subscriptions.stripeCustomerId),
        ),
      )
      .returning({ id: subscriptions.id });
    if (!row) throw badRequest(BILLING_ERRORS.noComplimentary, "not_complimentary");
    out.publish(subscriptionChanged(userId));
  });
}

/** A complimentary membership: active, no payment-provider customer, no end date. */
export async function grantComplimentary(db: Queryable, userId: string, plan: Plan) {
  const values = {
    plan,
    status: "active" as const,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    updatedAt: new Date(),
  };
  await db
    .insert(subscriptions)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: subscriptions.userId, set: values });
}

export type MembershipCharges = Served<typeof membershipChargesSchema>;

const REASONS: Record<string, MembershipCharges["items"][number]["reason"]> = {
  subscription_create: "first",
  subscription_cycle: "renewal",
  subscription_update: "upgrade",
};

/**
 * The member's membership charges, from the provider (Stripe's invoices and charges, or the test provider's):
 * nothing is asked of it for a member without a customer (a complimentary or never-paid membership). The plan is
 * the invoice's price through the server's allow-list, else what the provider's own objects name.
 */
export async function membershipCharges(ctx: BillingContext, userId: string): Promise<MembershipCharges> {
  const customerId = await ctx.payments.customerOf(userId);
  if (!customerId) return { items: [] };
  const charges = await ctx.payments.provider.listMembershipCharges(customerId).catch((error) => {
    throw providerFailure(error, BILLING_ERRORS.chargesFailed);
  });
  return {
    items: charges.map((charge) => {
      const named = PLANS.find((plan) => plan === charge.plan) ?? null;
      return {
        id: charge.id,
        paidAt: charge.paidAt,
        amountCents: charge.amountCents,
        plan: (charge.priceId ? ctx.payments.prices.planFor(charge.priceId) : null) ?? named,
        reason: REASONS[charge.billingReason ?? ""] ?? "other",
        card: charge.card,
        receiptUrl: charge.receiptUrl,
      };
    }),
  };
}
