/** The admin's view of the outbox: the latest 100 messages, never the text of one holding a one-time link. */
import { count, desc, eq } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { OUTBOX_STATUSES, outboxListSchema } from "@/shared/contracts/notifications";
import {
  NOTIFICATION_ERROR_TEXTS,
  NOTIFICATION_ERRORS,
  OUTBOX_DESCRIPTORS,
  OUTBOX_TEXTS,
} from "@/shared/contracts/notifications-texts";
import type { Keyed } from "@/shared/texts";
import type { Database, Queryable } from "../../db";
import { outbox } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { retryFailed } from "../../outbox/outbox";

export async function listOutbox(
  db: Database,
  status?: (typeof OUTBOX_STATUSES)[number] | "all",
): Promise<Served<typeof outboxListSchema>> {
  const rows = await db
    .select()
    .from(outbox)
    .where(status && status !== "all" ? eq(outbox.status, status) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(100);
  return {
    items: rows.map((row) => {
      const payload = row.payload as {
        to?: string;
        subject?: string;
        reason?: string;
        text?: string;
        channel?: string;
        title?: string;
        body?: string;
      };
      // A push names its device by nothing but that: its push address is a capability, never shown.
      if (row.kind === "push") {
        return {
          ...common(row),
          to: OUTBOX_TEXTS.device,
          subject: payload.title ?? null,
          reason: payload.reason ?? null,
          text: payload.body ?? null,
        };
      }
      return {
        ...common(row),
        // The team's webhook is named, never its address (a secret).
        to: payload.to ?? (payload.channel === "slack" ? OUTBOX_TEXTS.slackWebhook : null),
        subject: payload.subject ?? (payload.channel === "slack" ? OUTBOX_TEXTS.slackMessage : null),
        reason: payload.reason ?? null,
        text: row.secretExpiresAt ? OUTBOX_TEXTS.secretHidden : (payload.text ?? null),
      };
    }),
  };
}

/** Each keyed outbox error as a pattern of its English, its placeholders caught. */
const ERROR_PATTERNS: Array<[Keyed, RegExp]> = Object.values(OUTBOX_DESCRIPTORS).map((text) => [
  text,
  new RegExp(`^${text.message.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{(\w+)\\?\}/g, "(?<$1>.+)")}$`, "s"),
]);

/** A stored error's key and values when it is one of our keyed texts (a library's own words have none). */
function errorText(error: string | null): { errorKey?: string; errorParams?: Record<string, string> } {
  if (!error) return {};
  for (const [text, pattern] of ERROR_PATTERNS) {
    const match = pattern.exec(error);
    if (match) return { errorKey: text.id, ...(match.groups ? { errorParams: { ...match.groups } } : {}) };
  }
  return {};
}

const common = (row: typeof outbox.$inferSelect) => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  ...errorText(row.lastError),
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/** An admin's retry of a failed delivery. */
export async function retryDelivery(db: Database, id: string): Promise<void> {
  if (await retryFailed(db, id)) return;
  const [row] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound(NOTIFICATION_ERROR_TEXTS.deliveryNotFound);
  throw conflict(NOTIFICATION_ERRORS.retryOnlyFailed, "not_failed");
}

/** Emails held unsent because no SMTP is configured (the admin's banner). */
export async function heldMail(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "held"));
  return Number(row?.n ?? 0);
}
