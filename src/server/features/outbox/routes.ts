/**
 * GET /api/admin/outbox (admins only): the emails and webhooks the app has sent, is sending, or holds (no
 * SMTP). A message that carries a one-time link (reset, verification) never shows its text here.
 */
import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { requireAdmin } from "../../auth/viewer";
import type { AppContext } from "../../context";
import { outbox } from "../../db/schema";

export const SECRET_HIDDEN = "Hidden: this message holds a one-time link for its recipient only.";

export const outboxRoutes =
  ({ db }: Pick<AppContext, "db">): FastifyPluginAsync =>
  async (fastify) => {
    fastify.get("/admin/outbox", async (request) => {
      await requireAdmin(request);
      const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(100);
      return {
        items: rows.map((row) => {
          const payload = row.payload as {
            to?: string;
            subject?: string;
            reason?: string;
            text?: string;
            url?: string;
          };
          return {
            id: row.id,
            kind: row.kind,
            status: row.status,
            to: payload.to ?? payload.url ?? null,
            subject: payload.subject ?? null,
            reason: payload.reason ?? null,
            text: row.secretExpiresAt ? SECRET_HIDDEN : (payload.text ?? null),
            attempts: row.attempts,
            lastError: row.lastError,
            createdAt: row.createdAt,
            sentAt: row.sentAt,
          };
        }),
      };
    });
  };
