/** Search across conversations (searchAdminApi): staff only. HTTP only: the query is in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { searchAdminApi } from "@/shared/contracts/search";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { searchConversations } from "./service";

export const searchAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(searchAdminApi, {
    "GET /admin/search": async ({ query }) => searchConversations(ctx, query),
  });
