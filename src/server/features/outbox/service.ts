/** The admin's view of the outbox: the latest 100 messages, never the text of one holding a one-time link. */
import { desc } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { outboxListSchema } from "@/shared/contracts/outbox";
import type { Database } from "../../db";
import { outbox } from "../../db/schema";

export const SECRET_HIDDEN = "Hidden: this message holds a one-time link for its recipient only.";

export async function listOutbox(db: Database): Promise<Served<typeof outboxListSchema>> {
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
        text: row.secretExpiresAt ? SECRET_HIDDEN : (payload.text ?? null),
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt,
        sentAt: row.sentAt,
      };
    }),
  };
}
