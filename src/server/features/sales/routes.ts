/** Sales inquiries: the member's form and list, the staff's replies and closing. HTTP only. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminReplySchema,
  inquiryListSchema,
  inquiryParams,
  salesInquirySchema,
  staffInquiryListSchema,
} from "@/shared/contracts/sales";
import { INQUIRY_STATUSES } from "@/shared/requests";
import { requireMember, requireStaff } from "../../auth/policies";
import type { AppContext } from "../../context";
import { allInquiries, close, createInquiry, ownInquiries, reply } from "./service";

const changedStatus = z.object({ id: z.string(), status: z.enum(INQUIRY_STATUSES) });

export const salesRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get("/sales/inquiries", { schema: { response: { 200: inquiryListSchema } } }, async (request) =>
      ownInquiries(ctx, await requireMember(request)),
    );
    app.post(
      "/sales/inquiries",
      { schema: { body: salesInquirySchema, response: { 201: z.object({ id: z.string() }) } } },
      async (request, response) =>
        response.status(201).send(await createInquiry(ctx, await requireMember(request), request.body)),
    );

    app.get("/admin/sales", { schema: { response: { 200: staffInquiryListSchema } } }, async (request) => {
      await requireStaff(request);
      return allInquiries(ctx);
    });
    app.post(
      "/admin/sales/:id/reply",
      { schema: { params: inquiryParams, body: adminReplySchema, response: { 200: changedStatus } } },
      async (request) => reply(ctx, await requireStaff(request), request.params.id, request.body.reply),
    );
    app.post(
      "/admin/sales/:id/close",
      { schema: { params: inquiryParams, response: { 200: changedStatus } } },
      async (request) => {
        await requireStaff(request);
        return close(ctx, request.params.id);
      },
    );
  };
