/** Presence, the member's side (presenceApi): whether the concierge team is online. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { presenceApi } from "@/shared/contracts/presence";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { teamOnline } from "./service";

export const presenceRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(presenceApi, {
    "GET /presence/team": async () => teamOnline(ctx.db),
  });
