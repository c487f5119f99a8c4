/**
 * Membership and payment routes: checkout, billing portal, check-subscription, complimentary cancellation, the
 * Stripe webhook, the test-mode checkout and billing pages' API, and (in ../admin-billing) the admin's sync,
 * settings and debug tools. Every route acts on the caller's own account only.
 */
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  cancelAtPeriodEndSchema,
  cardSchema,
  checkoutSchema,
  checkoutStartedSchema,
  portalSchema,
  subscribedSchema,
  testBillingOverviewSchema,
  testCheckoutParams,
  testCheckoutSessionSchema,
  testPaidSchema,
  webhookReceivedSchema,
} from "@/shared/contracts/billing";
import { errorSchema, okSchema } from "@/shared/contracts/common";
import { hasActiveSubscription } from "@/shared/plans";
import { requireUser } from "../../auth/policies";
import type { AppContext } from "../../context";
import { type ErrorBody, notFound } from "../../http/errors";
import type { Payments } from "../../payments";
import { isWellFormedEvent } from "../../payments/types";
import { enforceLimits, type RateLimiter } from "../../rate-limit";
import { cancelComplimentary, openPortal, startCheckout } from "./service";

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** A per-user limit on calls that reach the payment provider, counted in the database. */
function perUserLimit(limiter: RateLimiter, name: string, max: number) {
  return (userId: string) =>
    enforceLimits(limiter, [{ key: `billing:${name}:${userId}`, rule: { max, windowSeconds: 60 } }], TOO_MANY_REQUESTS);
}

export const billingRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { payments, db, limiter } = ctx;

    const checkoutLimit = perUserLimit(limiter, "checkout", 20);
    const portalLimit = perUserLimit(limiter, "portal", 20);
    const checkLimit = perUserLimit(limiter, "check", 30);
    const payLimit = perUserLimit(limiter, "pay", 30);

    // Only `plan` is read: a price id or anything else in the body is dropped by the schema.
    app.post(
      "/billing/checkout",
      { schema: { body: checkoutSchema, response: { 200: checkoutStartedSchema } } },
      async (request) => {
        const viewer = await requireUser(request);
        await checkoutLimit(viewer.userId);
        return startCheckout(ctx, viewer, request.body.plan);
      },
    );

    app.post("/billing/portal", { schema: { response: { 200: portalSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      await portalLimit(viewer.userId);
      return openPortal(ctx, viewer.userId);
    });

    // The spec's check-subscription: re-sync from the provider by the stored customer id. A provider failure is
    // logged, and the answer is then what we already know.
    app.post("/billing/check-subscription", { schema: { response: { 200: subscribedSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      await checkLimit(viewer.userId);
      try {
        const result = await payments.syncUser(viewer.userId);
        return { subscribed: hasActiveSubscription(result.subscription) };
      } catch (error) {
        request.log.error({ err: error, userId: viewer.userId }, "check-subscription: sync from the provider failed");
        return { subscribed: hasActiveSubscription(viewer.subscription) };
      }
    });

    app.post("/billing/cancel-complimentary", { schema: { response: { 200: okSchema } } }, async (request) => {
      const viewer = await requireUser(request);
      await cancelComplimentary(db, viewer.userId);
      return { ok: true as const };
    });

    await fastify.register(webhookRoute(payments));
    if (payments.test) await fastify.register(testModeRoutes(payments, { payLimit }));
  };

/**
 * POST /billing/webhook, in its own scope where every body is kept as the raw bytes: Stripe signs those bytes,
 * so the signature is checked on them before anything is parsed. In test mode there is no webhook (404).
 */
function webhookRoute(payments: Payments): FastifyPluginAsync {
  return async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    scope.post(
      "/billing/webhook",
      { schema: { response: { 200: webhookReceivedSchema, 400: errorSchema, 404: errorSchema } } },
      async (request, reply) => {
        if (!payments.verifyWebhook) return reply.status(404).send({ error: "Not found" } satisfies ErrorBody);
        const raw = request.body;
        if (!Buffer.isBuffer(raw) || raw.length === 0) {
          return reply.status(400).send({ error: "Missing payload", code: "invalid_payload" } satisfies ErrorBody);
        }
        const signature = request.headers["stripe-signature"];
        let event: Awaited<ReturnType<NonNullable<Payments["verifyWebhook"]>>>;
        try {
          event = payments.verifyWebhook(raw, Array.isArray(signature) ? signature[0] : signature);
        } catch (error) {
          request.log.warn({ err: error }, "stripe webhook refused: bad signature");
          return reply.status(400).send({ error: "Invalid signature", code: "invalid_signature" } satisfies ErrorBody);
        }
        if (!isWellFormedEvent(event)) {
          // Signed, but any JSON at all (null, a number, an array, an object without a type): say what came.
          const eventId = typeof event === "object" && event !== null ? (event as { id?: unknown }).id : undefined;
          const got = event === null ? "null" : Array.isArray(event) ? "array" : typeof event;
          request.log.warn({ eventId, got }, "stripe webhook refused: malformed event");
          return reply.status(400).send({ error: "Malformed event", code: "invalid_payload" } satisfies ErrorBody);
        }
        // A failure here answers 500 and changes nothing, so Stripe delivers the event again.
        const result = await payments.processEvent(event);
        request.log.info({ eventId: event.id, type: event.type, ...result }, "stripe webhook");
        return { received: true as const, outcome: result.outcome };
      },
    );
  };
}

/** The test-mode provider's checkout and billing pages; each acts only on the caller's own objects. */
function testModeRoutes(payments: Payments, limits: { payLimit: ReturnType<typeof perUserLimit> }): FastifyPluginAsync {
  const test = payments.test!;
  return async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    /** The session, if it is the caller's; someone else's is reported as not found. */
    async function ownSession(request: FastifyRequest, id: string) {
      const viewer = await requireUser(request);
      const session = await test.getCheckoutSession(id);
      if (!session || session.client_reference_id !== viewer.userId) {
        throw notFound("This checkout session was not found.");
      }
      return { viewer, session };
    }

    app.get(
      "/billing/test/checkout/:id",
      { schema: { params: testCheckoutParams, response: { 200: testCheckoutSessionSchema } } },
      async (request) => {
        const { session, viewer } = await ownSession(request, request.params.id);
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
    );

    app.post(
      "/billing/test/checkout/:id/pay",
      { schema: { params: testCheckoutParams, body: cardSchema, response: { 200: testPaidSchema } } },
      async (request) => {
        const { viewer } = await ownSession(request, request.params.id);
        await limits.payLimit(viewer.userId);
        const paid = await test.payCheckoutSession(request.params.id, request.body);
        return { redirectUrl: paid.successUrl };
      },
    );

    async function ownCustomer(request: FastifyRequest) {
      const viewer = await requireUser(request);
      return { viewer, customerId: await payments.customerOf(viewer.userId) };
    }

    app.get(
      "/billing/test/subscription",
      { schema: { response: { 200: testBillingOverviewSchema } } },
      async (request) => {
        const { customerId } = await ownCustomer(request);
        if (!customerId) return { subscription: null, invoices: [] };
        return test.overview(customerId);
      },
    );

    app.post(
      "/billing/test/subscription",
      { schema: { body: cancelAtPeriodEndSchema, response: { 200: testBillingOverviewSchema } } },
      async (request) => {
        const { customerId } = await ownCustomer(request);
        if (!customerId) throw notFound("You have no active membership to manage.");
        await test.setCancelAtPeriodEnd(customerId, request.body.cancelAtPeriodEnd);
        return test.overview(customerId);
      },
    );
  };
}
