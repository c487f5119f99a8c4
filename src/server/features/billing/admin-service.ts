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
import { BILLING_ADMIN_TEXTS, BILLING_ERRORS } from "@/shared/contracts/billing-texts";
import type { Served } from "@/shared/contracts/common";
import { PLAN_DEFINITIONS, PURCHASABLE_PLANS, type PurchasablePlan, planLabel } from "@/shared/plans";
import { loadRoleAndSubscription, type Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { keyedAnswer } from "../../i18n";
import { DECLINED_CARD, TEST_CARD } from "../../payments/test-cards";
import { openCheckoutSession, providerFailure, startCheckout } from "./service";

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
      { ...label(BILLING_ADMIN_TEXTS.envEnvironment), value: config.NODE_ENV },
      { ...label(BILLING_ADMIN_TEXTS.envAppUrl), value: config.APP_URL },
      {
        ...label(BILLING_ADMIN_TEXTS.envDatabase),
        ...factValue(
          ctx.database.kind === "pglite" ? BILLING_ADMIN_TEXTS.databasePglite : BILLING_ADMIN_TEXTS.databaseServer,
        ),
      },
      {
        ...label(BILLING_ADMIN_TEXTS.envEmail),
        ...factValue(ctx.mailEnabled ? BILLING_ADMIN_TEXTS.mailSmtp : BILLING_ADMIN_TEXTS.mailHeld),
      },
      {
        ...label(BILLING_ADMIN_TEXTS.envPayments),
        ...(testMode
          ? factValue(BILLING_ADMIN_TEXTS.paymentsTest)
          : factValue(BILLING_ADMIN_TEXTS.paymentsStripe, { mode: payments.label })),
      },
      { name: "Node.js", value: process.version },
    ],
  };
}

/** An environment fact's name, in English with its key. */
function label(text: (typeof BILLING_ADMIN_TEXTS)[keyof typeof BILLING_ADMIN_TEXTS]) {
  const { message, key } = keyedAnswer(text);
  return { name: message, nameKey: key };
}

/** An environment fact's value, in English with its key (and values). */
function factValue(
  text: (typeof BILLING_ADMIN_TEXTS)[keyof typeof BILLING_ADMIN_TEXTS],
  values?: Record<string, string>,
) {
  const { message, ...keyed } = keyedAnswer(text, values);
  return { value: message, ...keyed };
}

/** Re-reads one member's subscription from the provider, by email. */
export async function syncOne(
  ctx: BillingAdminContext,
  email: string,
  onProviderError: (error: unknown, userId: string) => void,
): Promise<Served<typeof syncUserResultSchema>> {
  const user = await userByEmail(ctx, email);
  if (!user) return { success: false, ...keyedAnswer(BILLING_ADMIN_TEXTS.noUser, { email }) };
  const result = await ctx.payments.syncUser(user.id).catch((error) => {
    onProviderError(error, user.id);
    throw providerFailure(error, "Error syncing subscription");
  });
  const sub = result.subscription;
  // `none`: no membership (the texts' select); else the plan's name and the status as on the wire.
  const state = sub ? { plan: planLabel(sub.plan), status: sub.status } : { plan: "none", status: "none" };
  const text =
    result.outcome === "no-customer"
      ? BILLING_ADMIN_TEXTS.noCustomer
      : result.outcome === "no-active-subscription"
        ? BILLING_ADMIN_TEXTS.noActiveSubscription
        : BILLING_ADMIN_TEXTS.synced;
  return {
    success: true,
    ...keyedAnswer(text, { email: user.email, ...state }),
    outcome: result.outcome,
    subscription: sub ? { plan: sub.plan, status: sub.status } : null,
  };
}

export async function syncEveryone(ctx: BillingAdminContext, onError: (error: unknown, userId: string) => void) {
  const results = await ctx.payments.syncAll(onError);
  if (!results) throw conflict(BILLING_ERRORS.syncAllRunning, "sync_running");
  return {
    success: true,
    results,
    ...keyedAnswer(BILLING_ADMIN_TEXTS.syncedAll, { ...results }),
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
  if (!payments.test) throw badRequest(BILLING_ERRORS.testModeOnly, "test_mode_only");
  const user = await userByEmail(ctx, userEmail);
  if (!user) return { success: false, ...keyedAnswer(BILLING_ADMIN_TEXTS.noUser, { email: userEmail }) };
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
    ...keyedAnswer(BILLING_ADMIN_TEXTS.simulated, { plan: planLabel(plan), email: user.email }),
    sessionId: started.sessionId,
    subscription: after.subscription ? { plan: after.subscription.plan, status: after.subscription.status } : null,
  };
}
