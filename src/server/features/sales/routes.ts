/** Sales inquiries, the member's side (salesApi): the form and their own list. HTTP only: rules in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import { salesApi } from "@/shared/contracts/sales";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { createInquiry, ownInquiries } from "./service";

export const salesRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(salesApi, {
    "GET /sales/inquiries": async ({ viewer }) => ownInquiries(ctx, viewer),
    "POST /sales/inquiries": async ({ viewer, body }) => createInquiry(ctx, viewer, body),
  });
