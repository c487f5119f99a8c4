/** Presence, the staff's side (presenceAdminApi): heartbeats in a conversation, and who else is there. */
import type { FastifyPluginAsync } from "fastify";
import { presenceAdminApi } from "@/shared/contracts/presence";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { beat, placePresence } from "./service";

export const presenceAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(presenceAdminApi, {
    "POST /admin/presence": async ({ viewer, body }) => beat(ctx, viewer, body),
    "GET /admin/presence": async ({ viewer, query }) => placePresence(ctx.db, viewer, query.place),
  });
