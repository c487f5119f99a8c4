/** GET /api/admin/outbox: the emails and webhooks the app has sent, is sending, or holds (no SMTP). */
import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { App } from "../../app";
import { requireStaff } from "../../auth/viewer";
import { outbox } from "../../db/schema";

export const outboxRoutes: FastifyPluginAsync = async (fastify) => {
  const { db } = (fastify as unknown as App).deps.database;
  fastify.get("/admin/outbox", async (request) => {
    await requireStaff(request);
    const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(100);
    return {
      items: rows.map((row) => {
        const payload = row.payload as { to?: string; subject?: string; reason?: string; text?: string; url?: string };
        return {
          id: row.id,
          kind: row.kind,
          status: row.status,
          to: payload.to ?? payload.url ?? null,
          subject: payload.subject ?? null,
          reason: payload.reason ?? null,
          text: payload.text ?? null,
          attempts: row.attempts,
          lastError: row.lastError,
          createdAt: row.createdAt,
          sentAt: row.sentAt,
        };
      }),
    };
  });
};
