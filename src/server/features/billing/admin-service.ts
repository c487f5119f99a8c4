/**
 * The admin's payment tools: the settings page's facts, subscription sync for one user or for everyone, and
 * the debug page's checkout URL and simulated checkout (test mode). Staff or admin only (see admin-routes.ts).
 */
import { eq, sql } from "drizzle-orm";
import type {
  adminSettingsSchema,
  simulateCheckoutResultSchema,
  syncUserResultSchema,
} from "@/shared/contracts/billing";
import type { Served } from "@/shared/contracts/common";
import { ERRORS } from "@/shared/messages";
import { PLAN_DEFINITIONS, PURCHASABLE_PLANS, type PurchasablePlan, planLabel } from "@/shared/plans";
import { loadRoleAndSubscription, type Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { DECLINED_CARD, TEST_CARD } from "../../payments/test-cards";
import { openCheckoutSession, providerFailure, startCheckout } from "./service";

export const SYNC_ALL_RUNNING = ERRORS.syncAllRunning;
export const TEST_MODE_ONLY = ERRORS.testModeOnly;

const STATUS_LABEL = { active: "active", canceled: "canceled", past_due: "past due" } as const;

type BillingAdminContext = Pick<AppContext, "db" | "payments" | "config" | "database" | "mailEnabled">;

async function userByEmail(ctx: BillingAdminContext, email: string) {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return user ?? null;
}

export function paymentSettings(ctx: BillingAdminContext): Served<typeof adminSettingsSchema> {
  const { payments, config } = ctx;
  const testMode = payments.mode === "test";
  return {
    paymentMode: payments.label,
    testCard: testMode ? TEST_CARD : null,
    declinedTestCard: testMode ? DECLINED_CARD : null,
    webhookUrl: testMode ? null : `${config.APP_URL}/api/billing/webhook`,
    prices: PURCHASABLE_PLANS.map((plan) => ({
      plan,
      label: planLabel(plan),
      monthlyPriceEur: PLAN_DEFINITIONS[plan].monthlyPriceEur,
      priceId: payments.prices.priceFor(plan),
    })),
    environment: [
      { name: "Environment", value: config.NODE_ENV },
      { name: "Application URL", value: config.APP_URL },
      {
        name: "Database",
        value: ctx.database.kind === "pglite" ? "Embedded PostgreSQL (PGlite)" : "PostgreSQL server",
      },
      { name: "Email", value: ctx.mailEnabled ? "Sent through SMTP" : "Held in the outbox (no SMTP configured)" },
      { name: "Payments", value: testMode ? "Built-in test mode" : `Stripe (${payments.label})` },
      { name: "Node.js", value: process.version },
    ],
  };
}

/** Re-reads one member's subscription from the provider, by email. */
export async function syncOne(
  ctx: BillingAdminContext,
  email: string,
  onProviderError: (error: unknown, userId: string) => void,
): Promise<Served<typeof syncUserResultSchema>> {
  const user = await userByEmail(ctx, email);
  if (!user) return { success: false, message: `No user found with email ${email}` };
  const result = await ctx.payments.syncUser(user.id).catch((error) => {
    onProviderError(error, user.id);
    throw providerFailure(error, "Error syncing subscription");
  });
  const sub = result.subscription;
  const state = sub ? `${planLabel(sub.plan)}, ${STATUS_LABEL[sub.status]}` : "no membership";
  const message =
    result.outcome === "no-customer"
      ? `${user.email} has no Stripe customer (never subscribed, or complimentary): ${state}.`
      : result.outcome === "no-active-subscription"
        ? `${user.email} has no active Stripe subscription: ${state}.`
        : `Subscription synced for ${user.email}: ${state}.`;
  return {
    success: true,
    message,
    outcome: result.outcome,
    subscription: sub ? { plan: sub.plan, status: sub.status } : null,
  };
}

export async function syncEveryone(ctx: BillingAdminContext, onError: (error: unknown, userId: string) => void) {
  const results = await ctx.payments.syncAll(onError);
  if (!results) throw conflict(SYNC_ALL_RUNNING, "sync_running");
  return {
    success: true,
    results,
    message: `Synced ${results.synced}, failed ${results.failed}, without a Stripe customer ${results.noStripeCustomer}, without an active subscription ${results.noActiveSubscription}.`,
  };
}

/** A real checkout URL for the admin's own account, to see what members get. */
export async function debugCheckoutUrl(ctx: BillingAdminContext, viewer: Viewer, plan: PurchasablePlan) {
  const session = await openCheckoutSession(ctx, viewer, plan, `${ctx.config.APP_URL}/admin/debug`);
  return {
    url: session.url,
    sessionId: session.id,
    priceId: ctx.payments.prices.priceFor(plan),
    mode: ctx.payments.label,
  };
}

/** Test mode: a member's own checkout path, paid with the test card, for a member named by email. */
export async function simulateCheckout(
  ctx: BillingAdminContext,
  userEmail: string,
  plan: PurchasablePlan,
): Promise<Served<typeof simulateCheckoutResultSchema>> {
  const { payments, db } = ctx;
  if (!payments.test) throw badRequest(TEST_MODE_ONLY, "test_mode_only");
  const user = await userByEmail(ctx, userEmail);
  if (!user) return { success: false, message: `No user found with email ${userEmail}` };
  const { subscription } = await loadRoleAndSubscription(db, user.id);
  // The member's own path: the same plan rules, the same checkout, paid with the test card.
  const started = await startCheckout(ctx, { userId: user.id, email: user.email, name: user.name, subscription }, plan);
  if (!started.upgraded) {
    await payments.test.payCheckoutSession(started.sessionId, {
      cardNumber: TEST_CARD,
      expiry: "12/99",
      cvc: "123",
      name: user.name,
    });
  }
  const after = await loadRoleAndSubscription(db, user.id);
  return {
    success: true,
    message: `Simulated a completed ${planLabel(plan)} checkout for ${user.email}.`,
    sessionId: started.sessionId,
    subscription: after.subscription ? { plan: after.subscription.plan, status: after.subscription.status } : null,
  };
}
