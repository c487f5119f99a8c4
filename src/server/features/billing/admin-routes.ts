/** The admin's payment routes (staff or admin only); the rules are in admin-service.ts. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  adminSettingsSchema,
  debugCheckoutUrlSchema,
  debugPlanSchema,
  simulateCheckoutResultSchema,
  syncAllResultSchema,
  syncUserResultSchema,
  syncUserSchema,
} from "@/shared/contracts/billing";
import { requireStaff } from "../../auth/policies";
import type { AppContext } from "../../context";
import { debugCheckoutUrl, paymentSettings, simulateCheckout, syncEveryone, syncOne } from "./admin-service";

export const adminBillingRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get("/admin/settings", { schema: { response: { 200: adminSettingsSchema } } }, async (request) => {
      await requireStaff(request);
      return paymentSettings(ctx);
    });

    app.post(
      "/admin/subscriptions/sync",
      { schema: { body: syncUserSchema, response: { 200: syncUserResultSchema } } },
      async (request) => {
        await requireStaff(request);
        return syncOne(ctx, request.body.userEmail, (error, userId) =>
          request.log.error({ err: error, userId }, "admin sync: provider call failed"),
        );
      },
    );

    app.post(
      "/admin/subscriptions/sync-all",
      { schema: { response: { 200: syncAllResultSchema } } },
      async (request) => {
        await requireStaff(request);
        return syncEveryone(ctx, (error, userId) =>
          request.log.error({ err: error, userId }, "admin sync-all: one user failed"),
        );
      },
    );

    app.post(
      "/admin/debug/checkout-url",
      { schema: { body: debugPlanSchema, response: { 200: debugCheckoutUrlSchema } } },
      async (request) => debugCheckoutUrl(ctx, await requireStaff(request), request.body.plan),
    );

    app.post(
      "/admin/debug/simulate-checkout",
      {
        schema: { body: syncUserSchema.extend(debugPlanSchema.shape), response: { 200: simulateCheckoutResultSchema } },
      },
      async (request) => {
        await requireStaff(request);
        return simulateCheckout(ctx, request.body.userEmail, request.body.plan);
      },
    );
  };
