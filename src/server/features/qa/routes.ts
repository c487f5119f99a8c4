/**
 * /api/admin/qa/* (staff only): the QA tools. On a public deployment (an https APP_URL) they do not exist
 * unless ENABLE_QA_TOOLS=true: every route answers 404 before anything else.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  qaFakeRequestResultSchema,
  qaRemoveResultSchema,
  qaSeedResultSchema,
  qaStatusSchema,
  qaTestNotificationResultSchema,
} from "@/shared/contracts/admin";
import { requireStaff } from "../../auth/policies";
import { qaToolsEnabled } from "../../config";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import {
  type CreateRequestAs,
  createFakeRequest,
  qaStatus,
  removeDemoData,
  seedDemoData,
  sendTestNotification,
} from "./service";

export const QA_DISABLED = "QA tools are turned off on this deployment.";

/** `createRequestAs`: the requests feature's creation, composed in app.ts (a feature never imports another). */
export const qaRoutes =
  (ctx: AppContext, deps: { createRequestAs: CreateRequestAs }): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const enabled = qaToolsEnabled(ctx.config);
    const staffWithQa = async (request: Parameters<typeof requireStaff>[0]) => {
      if (!enabled) throw notFound(QA_DISABLED);
      return requireStaff(request);
    };

    app.get("/admin/qa", { schema: { response: { 200: qaStatusSchema } } }, async (request) => {
      await staffWithQa(request);
      return qaStatus(ctx);
    });
    app.post("/admin/qa/seed", { schema: { response: { 201: qaSeedResultSchema } } }, async (request, reply) =>
      reply.status(201).send(await seedDemoData(ctx, await staffWithQa(request))),
    );
    app.delete("/admin/qa/seed", { schema: { response: { 200: qaRemoveResultSchema } } }, async (request) => {
      await staffWithQa(request);
      return removeDemoData(ctx);
    });
    app.post(
      "/admin/qa/fake-request",
      { schema: { response: { 201: qaFakeRequestResultSchema } } },
      async (request, reply) => {
        await staffWithQa(request);
        return reply.status(201).send(await createFakeRequest(ctx, deps.createRequestAs));
      },
    );
    app.post(
      "/admin/qa/test-notification",
      { schema: { response: { 201: qaTestNotificationResultSchema } } },
      async (request, reply) => reply.status(201).send(await sendTestNotification(ctx, await staffWithQa(request))),
    );
  };
