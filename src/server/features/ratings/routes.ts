/** Ratings, the member's side (ratingsApi): rating a confirmed delivery. HTTP only: rules in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { ratingsApi } from "@/shared/contracts/ratings";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { rateRequest, requestRating } from "./service";

export const ratingsRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(ratingsApi, {
    "GET /requests/:id/rating": async ({ viewer, params }) => requestRating(ctx, viewer, params.id),
    "POST /requests/:id/rating": async ({ viewer, params, body }) => rateRequest(ctx, viewer, params.id, body),
  });
