/** Saved replies (repliesAdminApi): staff only. HTTP only: the rules are in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { repliesAdminApi } from "@/shared/contracts/replies";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { createReply, deleteReply, listReplies, updateReply } from "./service";

export const repliesAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(repliesAdminApi, {
    "GET /admin/replies": async () => listReplies(ctx),
    "POST /admin/replies": async ({ viewer, body }) => createReply(ctx, viewer, body),
    "PUT /admin/replies/:id": async ({ viewer, params, body }) => updateReply(ctx, viewer, params.id, body),
    "DELETE /admin/replies/:id": async ({ params }) => deleteReply(ctx, params.id),
  });
