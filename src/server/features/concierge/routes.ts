/** The Executive Concierge: the member's chat and the staff's inbox tab. HTTP only: rules in service.ts. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { okSchema } from "@/shared/contracts/common";
import {
  adminReplySchema,
  conciergeConversationsSchema,
  conciergeMessageSchema,
  conciergeThreadSchema,
  memberParams,
} from "@/shared/contracts/concierge";
import { requirePlanFeature, requireStaff, requireUser } from "../../auth/policies";
import type { AppContext } from "../../context";
import { conversations, markMemberRead, memberSend, memberThread, staffReply, staffThread, typing } from "./service";

const created = z.object({ id: z.string() });

export const conciergeRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get("/concierge/messages", { schema: { response: { 200: conciergeThreadSchema } } }, async (request) =>
      memberThread(ctx, await requireUser(request)),
    );
    app.post(
      "/concierge/messages",
      { schema: { body: conciergeMessageSchema, response: { 201: created } } },
      async (request, reply) =>
        reply.status(201).send(await memberSend(ctx, await requireUser(request), request.body.message)),
    );
    app.post("/concierge/read", { schema: { response: { 200: okSchema } } }, async (request) => {
      await markMemberRead(ctx, await requireUser(request));
      return { ok: true as const };
    });
    app.post("/concierge/typing", { schema: { response: { 200: okSchema } } }, async (request) => {
      const viewer = await requirePlanFeature(request, "concierge");
      await typing(ctx, viewer, viewer.userId);
      return { ok: true as const };
    });

    app.get("/admin/concierge", { schema: { response: { 200: conciergeConversationsSchema } } }, async (request) => {
      await requireStaff(request);
      return conversations(ctx);
    });
    app.get(
      "/admin/concierge/:userId",
      { schema: { params: memberParams, response: { 200: conciergeThreadSchema } } },
      async (request) => {
        return staffThread(ctx, await requireStaff(request), request.params.userId);
      },
    );
    app.post(
      "/admin/concierge/:userId",
      { schema: { params: memberParams, body: adminReplySchema, response: { 201: created } } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await staffReply(ctx, await requireStaff(request), request.params.userId, request.body.reply)),
    );
    app.post(
      "/admin/concierge/:userId/typing",
      { schema: { params: memberParams, response: { 200: okSchema } } },
      async (request) => {
        await typing(ctx, await requireStaff(request), request.params.userId);
        return { ok: true as const };
      },
    );
  };
