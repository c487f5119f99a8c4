/**
 * Sourcing requests, the staff's side (requestsAdminApi): the pipeline and its CSV, a request's client panel,
 * activity and status changes, the operations dashboard, the sidebar's badges and the inbox's Requests tab.
 * HTTP only: the rules are in admin-service.ts and service.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { requestsAdminApi } from "@/shared/contracts/requests";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { adminStats, pipeline, pipelineCsv, requestClient } from "./admin-service";
import { assignees, assignRequest, requestHandling, roundRobinOf, setRoundRobin } from "./assignment";
import { addRequestNote, requestNotesOf } from "./notes";
import { activityOf, changeStatus } from "./service";
import { adminBadges, setMessageRead, staffUnreadMessages } from "./threads";

export const requestsAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(requestsAdminApi, {
    "GET /admin/requests": async ({ viewer, query }) => pipeline(ctx, query, viewer.userId),

    "GET /admin/requests.csv": async ({ viewer, query, reply }) => {
      const csv = await pipelineCsv(ctx.db, query, viewer.userId);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="requests-${day}.csv"`)
        .send(csv);
    },

    "GET /admin/requests/:id/client": async ({ params }) => requestClient(ctx.db, params.id),
    "GET /admin/requests/:id/activity": async ({ params }) => activityOf(ctx, params.id),
    "GET /admin/requests/:id/notes": async ({ viewer, params }) => requestNotesOf(ctx, viewer, params.id),
    "POST /admin/requests/:id/notes": async ({ viewer, params, body }) =>
      addRequestNote(ctx, viewer, params.id, body.body),
    "POST /admin/requests/:id/status": async ({ viewer, params, body }) =>
      changeStatus(ctx, viewer, params.id, body.status),
    "GET /admin/stats": async ({ viewer }) => adminStats(ctx, viewer),
    "GET /admin/assignees": async () => assignees(ctx.db),
    "POST /admin/requests/:id/assignee": async ({ viewer, params, body }) =>
      assignRequest(ctx, viewer, params.id, body.userId),
    "GET /admin/requests/:id/handling": async ({ params }) => requestHandling(ctx.db, params.id),
    "GET /admin/assignment/round-robin": async ({ viewer }) => roundRobinOf(ctx.db, viewer),
    "PUT /admin/assignment/round-robin": async ({ viewer, body }) => setRoundRobin(ctx, viewer, body.enabled),
    "GET /admin/badges": async ({ viewer }) => adminBadges(ctx, viewer),
    "GET /admin/inbox/messages": async ({ viewer }) => staffUnreadMessages(ctx, viewer),

    "POST /admin/inbox/messages/:id/read": async ({ viewer, params }) => {
      await setMessageRead(ctx, viewer, params.id, true);
      return { ok: true as const };
    },
    "DELETE /admin/inbox/messages/:id/read": async ({ viewer, params }) => {
      await setMessageRead(ctx, viewer, params.id, false);
      return { ok: true as const };
    },
  });
