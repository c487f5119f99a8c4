/**
 * Notifications, the staff's side (notificationsAdminApi): test sends through the real outbox path, and the
 * admins' view of the outbox with retry. HTTP only: the rules are in service.ts and outbox-service.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { notificationsAdminApi } from "@/shared/contracts/notifications";
import type { AppContext } from "../../context";
import { serve } from "../../http/endpoints";
import { listOutbox, retryDelivery } from "./outbox-service";
import { sendTestEmail, sendTestSlack } from "./service";

export const notificationsAdminRoutes = (ctx: AppContext): FastifyPluginAsync =>
  serve(notificationsAdminApi, {
    "POST /admin/notifications/test-email": async ({ viewer }) => sendTestEmail(ctx, viewer),
    "POST /admin/notifications/test-slack": async ({ viewer }) => sendTestSlack(ctx, viewer),
    "GET /admin/outbox": async ({ query }) => listOutbox(ctx.db, query.status),
    "POST /admin/outbox/:id/retry": async ({ params }) => {
      await retryDelivery(ctx.db, params.id);
      return { ok: true as const };
    },
  });
