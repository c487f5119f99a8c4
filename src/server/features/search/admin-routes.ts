/** Search across conversations (searchStaffApi): staff only. HTTP only: the query is in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { searchStaffApi } from "@/shared/contracts/search";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { searchConversations } from "./service";

export const searchAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(searchStaffApi, {
    "GET /admin/search": async ({ query }) => searchConversations(ctx, query),
  });
