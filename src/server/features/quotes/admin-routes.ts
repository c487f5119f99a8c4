/**
 * The business loop, the staff's side (quotesAdminApi): a request's quote with its drafts, quote files, quotes
 * (draft, edit, delete, send), the hold (capture, release, ask the member again), delivery, and the money
 * overview. HTTP only: the rules are in the service files.
 */
import type { FastifyPluginAsync } from "fastify";
import { quotesAdminApi } from "@/shared/contracts/quotes";
import { assertFreshSecondFactor } from "../../auth/policies";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { sendBalance, voidBalance } from "./balance";
import { markDelivered } from "./delivery";
import { uploadQuoteFile } from "./files";
import { captureHold, releaseHold, requestReauthorization } from "./holds";
import { quotesOverview } from "./money";
import { reconcileNow } from "./reconcile";
import { refundPayment } from "./refunds";
import { createQuote, deleteQuote, requestQuotesOf, sendQuote, updateQuote } from "./service";

export const quotesAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(quotesAdminApi, {
    "GET /admin/requests/:id/quotes": async ({ viewer, params }) => requestQuotesOf(ctx, viewer, params.id, "staff"),
    "POST /admin/requests/:id/quotes/files": async ({ viewer, params, request }) =>
      uploadQuoteFile(ctx, viewer, params.id, request),
    "POST /admin/requests/:id/quotes": async ({ viewer, params, body }) => createQuote(ctx, viewer, params.id, body),
    "PUT /admin/requests/:id/quotes/:quoteId": async ({ viewer, params, body }) =>
      updateQuote(ctx, viewer, params.id, params.quoteId, body),
    "DELETE /admin/requests/:id/quotes/:quoteId": async ({ viewer, params }) =>
      deleteQuote(ctx, viewer, params.id, params.quoteId),
    "POST /admin/requests/:id/quotes/:quoteId/send": async ({ viewer, params }) =>
      sendQuote(ctx, viewer, params.id, params.quoteId),
    // A fresh second factor first (decision 050): 403 second_factor_required, and nothing is claimed.
    "POST /admin/requests/:id/hold/capture": async ({ viewer, params, body }) => {
      assertFreshSecondFactor(viewer);
      return captureHold(ctx, viewer, params.id, body);
    },
    "POST /admin/requests/:id/hold/release": async ({ viewer, params, body }) =>
      releaseHold(ctx, viewer, params.id, body.reason),
    "POST /admin/requests/:id/hold/request-reauthorization": async ({ viewer, params }) =>
      requestReauthorization(ctx, viewer, params.id),
    "POST /admin/requests/:id/balance": async ({ viewer, params, body }) => sendBalance(ctx, viewer, params.id, body),
    "POST /admin/requests/:id/balance/void": async ({ viewer, params }) => voidBalance(ctx, viewer, params.id),
    "POST /admin/requests/:id/delivery": async ({ viewer, params, body }) =>
      markDelivered(ctx, viewer, params.id, body),
    "GET /admin/quotes/overview": async () => quotesOverview(ctx),
    "POST /admin/quotes/reconcile": async ({ viewer }) => reconcileNow(ctx, viewer.userId),
    "POST /admin/requests/:id/refunds": async ({ viewer, params, body }) => {
      assertFreshSecondFactor(viewer);
      return refundPayment(ctx, viewer, params.id, body);
    },
  });
