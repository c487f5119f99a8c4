/** The staff's inbox (inboxAdminApi): the list, snoozes and bulk actions. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import { inboxAdminApi } from "@/shared/contracts/inbox";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { act, inbox, snooze, unsnooze } from "./service";

export const inboxAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(inboxAdminApi, {
    "GET /admin/inbox": async ({ viewer, query }) => inbox(ctx, viewer, query),
    "POST /admin/inbox/snoozes": async ({ viewer, body }) => snooze(ctx, viewer, body),
    "DELETE /admin/inbox/snoozes/:kind/:id": async ({ params }) => unsnooze(ctx, params),
    "POST /admin/inbox/actions": async ({ viewer, body }) => act(ctx, viewer, body),
  });
