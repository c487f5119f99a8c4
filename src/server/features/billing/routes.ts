/**
 * Membership and payment routes: checkout, billing portal, check-subscription, complimentary cancellation, the
 * Stripe webhook, the test-mode checkout and billing pages' API, and (in admin-routes.ts) the admin's sync,
 * settings and debug tools. Every route acts on the caller's own account only.
 */
import type { FastifyPluginAsync } from "fastify";
import { billingApi } from "@/shared/contracts/billing";
import { BILLING_ADMIN_TEXTS, BILLING_ERROR_TEXTS } from "@/shared/contracts/billing-texts";
import { ERROR_TEXTS, ERRORS } from "@/shared/contracts/common-texts";
import { hasActiveSubscription } from "@/shared/plans";
import { keyOf } from "@/shared/texts";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { errorBody, external, notFound } from "../../http/errors";
import { keyedAnswer } from "../../i18n";
import { enforceLimits, type RateLimiter } from "../../rate-limit";
import { cancelComplimentary, membershipCharges, openPortal, startCheckout } from "./service";

/** A per-user limit on calls that reach the payment provider, counted in the database. */
function perUserLimit(limiter: RateLimiter, name: string, max: number) {
  return (userId: string) =>
    enforceLimits(
      limiter,
      [{ key: `billing:${name}:${userId}`, rule: { max, windowSeconds: 60 } }],
      ERRORS.tooManyRequests,
    );
}

/** A hold's description ("Hold for Kelly 28", as quotes/holds.ts gives it to the provider), keyed for the card page. */
function holdText(description: string) {
  const title = /^Hold for (.+)$/s.exec(description)?.[1];
  if (!title) return {};
  const { key, params } = keyedAnswer(BILLING_ADMIN_TEXTS.holdFor, { title });
  return { key, params };
}

/** A balance invoice's line ("Balance for Kelly 28", as quotes/balance.ts gives it), keyed for its page. */
function balanceText(description: string) {
  const title = /^Balance for (.+)$/s.exec(description)?.[1];
  if (!title) return {};
  const { key, params } = keyedAnswer(BILLING_ADMIN_TEXTS.balanceFor, { title });
  return { key, params };
}

export const billingRoutes = (ctx: AppContext): FastifyPluginAsync => {
  const { payments, limiter } = ctx;
  const checkoutLimit = perUserLimit(limiter, "checkout", 20);
  const portalLimit = perUserLimit(limiter, "portal", 20);
  const checkLimit = perUserLimit(limiter, "check", 30);
  const payLimit = perUserLimit(limiter, "pay", 30);
  /** The test-mode provider, or 404: its pages exist only in test mode. */
  const testMode = () => {
    if (!payments.test) throw notFound(ERROR_TEXTS.notFound);
    return payments.test;
  };

  /** A test-mode checkout session, if it is the caller's; someone else's is reported as not found. */
  async function ownSession(viewer: Viewer, id: string) {
    const session = await testMode().getCheckoutSession(id);
    return authorize("checkout:read:own", viewer, session && { ...session, userId: session.client_reference_id });
  }

  /** A test-mode hold page, if it is the caller's; someone else's is reported as not found. */
  async function ownHoldSession(viewer: Viewer, id: string) {
    const session = await testMode().getHoldSession(id);
    return authorize("card-page:read:own", viewer, session && { ...session, userId: session.client_reference_id });
  }

  /** A test-mode balance invoice, if it is the caller's (their customer's); anyone else's is not found. */
  async function ownInvoice(viewer: Viewer, id: string) {
    const invoice = await testMode().getInvoice(id);
    const viewersCustomer = invoice ? await payments.customerOf(viewer.userId) : null;
    return authorize("invoice:read:own", viewer, invoice && { ...invoice, viewersCustomer });
  }

  return serve(billingApi, {
    "POST /billing/checkout": async ({ viewer, body }) => {
      await checkoutLimit(viewer.userId);
      return startCheckout(ctx, viewer, body.plan);
    },

    "GET /billing/charges": async ({ viewer }) => {
      await portalLimit(viewer.userId);
      return membershipCharges(ctx, viewer.userId);
    },

    "POST /billing/portal": async ({ viewer }) => {
      await portalLimit(viewer.userId);
      return openPortal(ctx, viewer.userId);
    },

    // A provider failure is logged, and the answer is then what we already know.
    "POST /billing/check-subscription": async ({ viewer, request }) => {
      await checkLimit(viewer.userId);
      try {
        const result = await payments.syncUser(viewer.userId);
        return { subscribed: hasActiveSubscription(result.subscription) };
      } catch (error) {
        request.log.error({ err: error, userId: viewer.userId }, "check-subscription: sync from the provider failed");
        return { subscribed: hasActiveSubscription(viewer.subscription) };
      }
    },

    "POST /billing/cancel-complimentary": async ({ viewer }) => {
      await cancelComplimentary(ctx, viewer.userId);
      return { ok: true as const };
    },

    "POST /billing/webhook": async ({ body: raw, request, reply }) => {
      const signature = request.headers["stripe-signature"];
      const outcome = await payments.receiveWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
      if (!outcome.ok) {
        if (outcome.code === "invalid_signature") {
          request.log.warn({ err: outcome.cause }, "stripe webhook refused: bad signature");
        } else if (outcome.error === "Malformed event") {
          request.log.warn({ eventId: outcome.eventId, got: outcome.got }, "stripe webhook refused: malformed event");
        }
        return reply
          .status(400)
          .send(errorBody(request, keyOf(outcome.error) ?? external(outcome.error), outcome.code));
      }
      const { event, result } = outcome;
      request.log.info({ eventId: event.id, type: event.type, ...result }, "stripe webhook");
      return { received: true as const, outcome: result.outcome };
    },

    "GET /billing/test/checkout/:id": async ({ viewer, params }) => {
      const session = await ownSession(viewer, params.id);
      return {
        id: session.id,
        plan: session.metadata.plan,
        amountCents: session.amount_total,
        currency: session.currency,
        status: session.status,
        email: session.customer_email || viewer.email,
        successUrl: session.success_url,
        cancelUrl: session.cancel_url,
      };
    },

    "POST /billing/test/checkout/:id/pay": async ({ viewer, params, body }) => {
      await ownSession(viewer, params.id);
      await payLimit(viewer.userId);
      const paid = await testMode().payCheckoutSession(params.id, body);
      return { redirectUrl: paid.successUrl };
    },

    "GET /billing/test/holds/:id": async ({ viewer, params }) => {
      const session = await ownHoldSession(viewer, params.id);
      return {
        id: session.id,
        amountCents: session.amount_total,
        currency: session.currency,
        description: session.description,
        ...holdText(session.description),
        status: session.status,
        superseded: session.superseded === true,
        email: session.customer_email || viewer.email,
        successUrl: session.success_url,
        cancelUrl: session.cancel_url,
      };
    },

    "POST /billing/test/holds/:id/authorize": async ({ viewer, params, body }) => {
      await ownHoldSession(viewer, params.id);
      await payLimit(viewer.userId);
      return testMode().authorizeHold(params.id, body);
    },

    "POST /billing/test/holds/:id/confirm": async ({ viewer, params, body }) => {
      await ownHoldSession(viewer, params.id);
      await payLimit(viewer.userId);
      return testMode().confirmHold(params.id, body.approve);
    },

    "GET /billing/test/invoices/:id": async ({ viewer, params }) => {
      const invoice = await ownInvoice(viewer, params.id);
      return {
        id: invoice.id,
        description: invoice.description,
        ...balanceText(invoice.description),
        amountDueCents: invoice.amount_due,
        amountPaidCents: invoice.amount_paid,
        amountRemainingCents: invoice.amount_remaining,
        currency: invoice.currency,
        status: invoice.status,
        dueDate: new Date(invoice.due_date * 1000).toISOString().slice(0, 10),
        requiresAction: invoice.test_pending_card !== null,
        returnUrl: invoice.test_return_url,
        email: viewer.email,
      };
    },

    "GET /billing/test/receipts/:id": async ({ viewer, params }) => {
      const receipt = await testMode().receipt(params.id);
      const viewersCustomer = receipt ? await payments.customerOf(viewer.userId) : null;
      const owned = authorize(
        "receipt:read:own",
        viewer,
        receipt && { receipt, customer: receipt.customerId, viewersCustomer },
      );
      const { customerId: _owner, ...shown } = owned.receipt;
      // A membership invoice's description comes keyed; a hold's or a balance's is keyed here.
      const keyed = shown.key ? {} : { ...holdText(shown.description), ...balanceText(shown.description) };
      return { ...shown, ...keyed, email: viewer.email };
    },

    "POST /billing/test/invoices/:id/pay": async ({ viewer, params, body }) => {
      await ownInvoice(viewer, params.id);
      await payLimit(viewer.userId);
      return testMode().payInvoice(params.id, body);
    },

    "POST /billing/test/invoices/:id/confirm": async ({ viewer, params, body }) => {
      await ownInvoice(viewer, params.id);
      await payLimit(viewer.userId);
      return testMode().confirmInvoicePayment(params.id, body.approve);
    },

    "GET /billing/test/subscription": async ({ viewer }) => {
      const test = testMode();
      const customerId = await payments.customerOf(viewer.userId);
      if (!customerId) return { subscription: null, invoices: [] };
      return test.overview(customerId);
    },

    "POST /billing/test/subscription": async ({ viewer, body }) => {
      const test = testMode();
      const customerId = await payments.customerOf(viewer.userId);
      if (!customerId) throw notFound(BILLING_ERROR_TEXTS.noMembershipToManage);
      await test.setCancelAtPeriodEnd(customerId, body.cancelAtPeriodEnd);
      return test.overview(customerId);
    },
  });
};
