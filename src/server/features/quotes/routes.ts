/**
 * The business loop, the member's side (quotesApi): the quote of a request (its quotes, hold and delivery) and
 * its files, accepting or declining a quote, authorising the hold again, answering the delivery, and the
 * member's payments. HTTP only: the rules are in the service files. Every action is the request's member's only.
 */
import type { FastifyPluginAsync } from "fastify";
import { quotesApi } from "@/shared/contracts/quotes";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { sendFile } from "../../http/send-file";
import { answerDelivery } from "./delivery";
import { openQuoteFile } from "./files";
import { reauthorize } from "./holds";
import { paymentsOf } from "./money";
import { acceptQuote, declineQuote, requestQuotesOf } from "./service";

export const quotesRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(quotesApi, {
    "GET /requests/:id/quotes": async ({ viewer, params }) => requestQuotesOf(ctx, viewer, params.id, "member"),

    "GET /requests/:id/quotes/files/:fileId": async ({ viewer, params, reply }) =>
      sendFile(reply, await openQuoteFile(ctx, viewer, params.id, params.fileId)),

    "POST /requests/:id/quotes/:quoteId/accept": async ({ viewer, params, body }) =>
      acceptQuote(ctx, viewer, params.id, params.quoteId, body.optionId),

    "POST /requests/:id/quotes/:quoteId/decline": async ({ viewer, params, body }) =>
      declineQuote(ctx, viewer, params.id, params.quoteId, body.reason),

    "POST /requests/:id/hold/reauthorize": async ({ viewer, params }) => reauthorize(ctx, viewer, params.id),

    "POST /requests/:id/delivery/confirm": async ({ viewer, params }) =>
      answerDelivery(ctx, viewer, params.id, { kind: "confirmed" }),

    "POST /requests/:id/delivery/problem": async ({ viewer, params, body }) =>
      answerDelivery(ctx, viewer, params.id, { kind: "problem", description: body.description }),

    "GET /payments": async ({ viewer }) => paymentsOf(ctx, viewer),
  });
