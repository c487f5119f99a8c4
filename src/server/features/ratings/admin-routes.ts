/** Ratings, the staff's side (ratingsAdminApi): the dashboard's scores. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { ratingsAdminApi } from "@/shared/contracts/ratings";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { ratingStats } from "./service";

export const ratingsAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(ratingsAdminApi, {
    "GET /admin/ratings": async () => ratingStats(ctx),
  });
