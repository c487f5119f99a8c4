/**
 * Card disputes, the staff's side (disputesAdminApi): the dispute and its evidence pack, the evidence submitted,
 * and the test mode's bank (QA tools only). HTTP only: the rules are in disputes.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { disputesAdminApi } from "@/shared/contracts/disputes";
import { QA_CLOCK_TEST_MODE_ONLY } from "@/shared/contracts/qa";
import { ERRORS } from "@/shared/messages";
import { QUOTE_MESSAGES } from "@/shared/quotes";
import { qaToolsEnabled } from "../../config";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { conflict, notFound } from "../../http/errors";
import { quotedRequest } from "./common";
import { disputeOf, submitEvidence } from "./disputes";

export const disputesRoutes = (ctx: AppContext): FastifyPluginAsync => {
  /** The test provider with the QA tools on; 404 otherwise (Stripe's disputes come from banks). */
  const bank = () => {
    if (!qaToolsEnabled(ctx.config)) throw notFound(ERRORS.qaDisabled);
    if (!ctx.payments.test) throw notFound(QA_CLOCK_TEST_MODE_ONLY);
    return ctx.payments.test;
  };
  const latest = async (requestId: string) => {
    const { dispute } = await disputeOf(ctx, requestId);
    return dispute;
  };
  return serve(disputesAdminApi, {
    "GET /admin/requests/:id/dispute": async ({ params }) => disputeOf(ctx, params.id),
    "POST /admin/requests/:id/dispute/evidence": async ({ viewer, params, body }) =>
      submitEvidence(ctx, viewer, params.id, body),
    "POST /admin/requests/:id/dispute/test-open": async ({ params, body }) => {
      const provider = bank();
      const request = await quotedRequest(ctx, ctx.db, params.id);
      if (!request.paymentIntentId) throw conflict(ERRORS.nothingToDispute, "not_captured");
      await provider.openDispute(request.paymentIntentId, body.reason);
      return disputeOf(ctx, params.id);
    },
    "POST /admin/requests/:id/dispute/test-close": async ({ params, body }) => {
      const provider = bank();
      const dispute = await latest(params.id);
      if (!dispute) throw conflict(QUOTE_MESSAGES.disputeNotAnswerable, "no_dispute");
      await provider.closeDispute(dispute.providerDisputeId, body.outcome);
      return disputeOf(ctx, params.id);
    },
  });
};
