/**
 * /api/admin/qa/* (staff only): the QA tools. On a public deployment (an https APP_URL) they do not exist
 * unless ENABLE_QA_TOOLS=true: every route answers 404 before anything else.
 */
import type { FastifyPluginAsync } from "fastify";
import { ERRORS } from "@/shared/contracts/common-texts";
import { qaApi } from "@/shared/contracts/qa";
import { qaToolsEnabled } from "../../config";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { notFound } from "../../http/errors";
import {
  createFakeRequest,
  type QaPorts,
  qaStatus,
  receiveBankTransfer,
  removeDemoData,
  seedDemoData,
  sendTestNotification,
} from "./service";

export const QA_DISABLED = ERRORS.qaDisabled;

/** `qa`: the domains' QA-only ports, given by app.ts to this feature alone. */
export const qaRoutes = (app: AppContext, qa: QaPorts): FastifyPluginAsync => {
  const ctx = { ...app, qa };
  const enabled = qaToolsEnabled(ctx.config);
  /** Every QA tool answers 404 where the tools are turned off. */
  const tools = <T>(run: () => Promise<T>) => (enabled ? run() : Promise.reject(notFound(ERRORS.qaDisabled)));
  /** The test payment provider, or 404 with Stripe (its clock is Stripe's own). */
  const testPayments = () => {
    if (!ctx.payments.test) throw notFound(ERRORS.qaClockTestModeOnly);
    return ctx.payments.test;
  };
  return serve(qaApi, {
    "GET /admin/qa": () => tools(() => qaStatus(ctx)),
    "POST /admin/qa/seed": ({ viewer }) => tools(() => seedDemoData(ctx, viewer)),
    "DELETE /admin/qa/seed": () => tools(() => removeDemoData(ctx)),
    "POST /admin/qa/fake-request": () => tools(() => createFakeRequest(ctx)),
    "POST /admin/qa/test-notification": ({ viewer }) => tools(() => sendTestNotification(ctx, viewer)),
    "POST /admin/qa/payment-clock": ({ body }) =>
      tools(async () => ({ now: await testPayments().advanceHoldClock(body.hours * 3_600_000) })),
    "POST /admin/qa/bank-transfer": ({ body }) =>
      tools(() => receiveBankTransfer(ctx, testPayments(), body.requestId, body.amountCents)),
    "DELETE /admin/qa/payment-clock": () =>
      tools(async () => {
        await testPayments().resetHoldClock();
        return { now: await testPayments().now() };
      }),
  });
};
