/**
 * The outbox: emails and webhooks are rows written in the same transaction as the change that causes them;
 * a worker delivers them later with retries, so a slow or failing mail server never blocks or loses anything.
 */
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { outbox } from "../db/schema";
import type { EmailContent } from "../mail/templates";

export interface EmailPayload extends EmailContent {
  to: string;
  /** Why it was sent (client_message, request_created, password_reset, ...), for the admin's list. */
  reason: string;
}

export interface OutboxOptions {
  /** With no SMTP configured, mail is held (kept, marked not sent) instead of retried forever. */
  mailEnabled: boolean;
}

export async function enqueueEmail(db: Queryable, options: OutboxOptions, email: EmailPayload): Promise<void> {
  await db.insert(outbox).values({
    kind: "email",
    payload: { ...email },
    status: options.mailEnabled ? "pending" : "held",
  });
  // Wake the workers now rather than at their next poll; delivered after commit like any NOTIFY.
  await db.execute(sql`select pg_notify('outbox', 'email')`);
}

export const MAX_ATTEMPTS = 8;

/** 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type Deliver = (kind: "email" | "webhook", payload: Record<string, unknown>) => Promise<void>;

/**
 * Delivers the due rows, one at a time, each under a row lock that other instances skip, so two app
 * instances never send the same email twice. Returns how many rows it handled.
 */
export async function deliverDue(db: Queryable, deliver: Deliver, limit = 20): Promise<number> {
  let handled = 0;
  for (; handled < limit; handled++) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, "pending"), lte(outbox.nextAttemptAt, new Date())))
        .orderBy(asc(outbox.nextAttemptAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      const attempts = row.attempts + 1;
      try {
        await deliver(row.kind, row.payload);
        await tx
          .update(outbox)
          .set({ status: "sent", attempts, sentAt: new Date(), lastError: null })
          .where(eq(outbox.id, row.id));
      } catch (error) {
        const failedForGood = attempts >= MAX_ATTEMPTS;
        await tx
          .update(outbox)
          .set({
            attempts,
            lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
            status: failedForGood ? "failed" : "pending",
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(outbox.id, row.id));
      }
      return true;
    });
    if (!done) break;
  }
  return handled;
}
