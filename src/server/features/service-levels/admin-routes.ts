/** Service levels, the staff's side (serviceLevelsAdminApi, decision 049). HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { serviceLevelsAdminApi } from "@/shared/contracts/service-levels";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { clocksOf, nowOf, readSettings, report, saveSettings, sweep } from "./service";

export const serviceLevelsAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(serviceLevelsAdminApi, {
    "GET /admin/service-levels/settings": async () => readSettings(ctx.db, await nowOf(ctx)),
    "PUT /admin/service-levels/settings": async ({ viewer, body }) => saveSettings(ctx, viewer, body),
    "GET /admin/service-levels/clocks": async ({ query }) => ({ items: await clocksOf(ctx, ctx.db, query.keys) }),
    "GET /admin/service-levels/report": async () => report(ctx),
    "POST /admin/service-levels/sweep": async () => ({ warned: await sweep(ctx) }),
  });
