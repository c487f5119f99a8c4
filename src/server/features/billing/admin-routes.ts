/** The staff's payment routes (billingAdminApi); the rules are in admin-service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { billingAdminApi } from "@/shared/contracts/billing";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { debugCheckoutUrl, paymentSettings, simulateCheckout, syncEveryone, syncOne } from "./admin-service";

export const billingAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(billingAdminApi, {
    "GET /admin/settings": async () => paymentSettings(ctx),
    "POST /admin/subscriptions/sync": async ({ body, request }) =>
      syncOne(ctx, body.userEmail, (error, userId) =>
        request.log.error({ err: error, userId }, "admin sync: provider call failed"),
      ),
    "POST /admin/subscriptions/sync-all": async ({ request }) =>
      syncEveryone(ctx, (error, userId) =>
        request.log.error({ err: error, userId }, "admin sync-all: one user failed"),
      ),
    "POST /admin/debug/checkout-url": async ({ viewer, body }) => debugCheckoutUrl(ctx, viewer, body.plan),
    "POST /admin/debug/simulate-checkout": async ({ body }) => simulateCheckout(ctx, body.userEmail, body.plan),
  });
