/**
 * GET /api/admin/outbox (admins only): the emails and webhooks the app has sent, is sending, or holds (no
 * SMTP). A message that carries a one-time link (reset, verification) never shows its text here.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { okSchema } from "@/shared/contracts/common";
import { outboxIdParams, outboxListQuery, outboxListSchema } from "@/shared/contracts/outbox";
import { requireAdmin } from "../../auth/policies";
import type { AppContext } from "../../context";
import { listOutbox, retryDelivery } from "./service";

export const outboxRoutes =
  ({ db }: Pick<AppContext, "db">): FastifyPluginAsync =>
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/admin/outbox",
      { schema: { querystring: outboxListQuery, response: { 200: outboxListSchema } } },
      async (request) => {
        await requireAdmin(request);
        return listOutbox(db, request.query.status);
      },
    );
    app.post(
      "/admin/outbox/:id/retry",
      { schema: { params: outboxIdParams, response: { 200: okSchema } } },
      async (request) => {
        await requireAdmin(request);
        await retryDelivery(db, request.params.id);
        return { ok: true as const };
      },
    );
  };
