/**
 * The outbox: emails and webhooks are rows written in the same transaction as the change that causes them;
 * a worker delivers them later with retries, so a slow or failing mail server never blocks or loses anything.
 * Delivery never holds a transaction open: a row is claimed in one short statement, sent outside any
 * transaction, and its outcome recorded in another.
 */
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
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

export interface EnqueueOptions {
  /**
   * The message carries a secret (a one-time link) valid until then: its text is never shown by the admin's
   * view, and it is redacted once sent or once this time has passed.
   */
  secretExpiresAt?: Date;
}

export async function enqueueEmail(
  db: Queryable,
  options: OutboxOptions,
  email: EmailPayload,
  enqueue: EnqueueOptions = {},
): Promise<void> {
  await db.insert(outbox).values({
    kind: "email",
    payload: { ...email },
    status: options.mailEnabled ? "pending" : "held",
    secretExpiresAt: enqueue.secretExpiresAt ?? null,
  });
  // Wake the workers now rather than at their next poll; delivered after commit like any NOTIFY. Held mail
  // (no SMTP) has nothing to deliver: no wake-up, and no extra notify serialising the commit.
  if (options.mailEnabled) await db.execute(sql`select pg_notify('outbox', 'email')`);
}

export const MAX_ATTEMPTS = 8;
/** How long a claimed row stays with its worker; if that instance dies mid-send, the row is due again after. */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const REDACTED_TEXT = "[This message held a one-time link. Its text was removed.]";

/** 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export type Deliver = (kind: "email" | "webhook", payload: Record<string, unknown>) => Promise<void>;

type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims the next due row in one statement: its attempt is counted and it is leased for CLAIM_LEASE_MS, under a
 * row lock that other instances skip, so two app instances never send the same email at once.
 */
async function claimNext(db: Queryable): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_MS / 1000})`,
    })
    .where(
      eq(
        outbox.id,
        sql`(select ${outbox.id} from ${outbox} where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now()
             order by ${outbox.nextAttemptAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The payload with its text replaced, for messages that carried a secret. */
const redactedPayload = sql`${outbox.payload} || ${JSON.stringify({ html: REDACTED_TEXT, text: REDACTED_TEXT, redacted: true })}::jsonb`;

/** Delivers the due rows, one at a time. Returns how many rows it handled. */
export async function deliverDue(db: Queryable, deliver: Deliver, limit = 20): Promise<number> {
  let handled = 0;
  for (; handled < limit; handled++) {
    const row = await claimNext(db);
    if (!row) break;
    try {
      await deliver(row.kind, row.payload);
      await db
        .update(outbox)
        .set({
          status: "sent",
          sentAt: new Date(),
          lastError: null,
          // Sent: the secret has no reason to stay in the database.
          ...(row.secretExpiresAt ? { payload: redactedPayload } : {}),
        })
        .where(eq(outbox.id, row.id));
    } catch (error) {
      const failedForGood = row.attempts >= MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({
          lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
          status: failedForGood ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id));
    }
  }
  return handled;
}

/** Redacts every kept message whose secret has expired (held mail, mail still retrying). */
export async function redactExpiredSecrets(db: Queryable): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ payload: redactedPayload })
    .where(
      and(
        isNotNull(outbox.secretExpiresAt),
        lte(outbox.secretExpiresAt, sql`now()`),
        sql`not (${outbox.payload} ? 'redacted')`,
      ),
    )
    .returning({ id: outbox.id });
  return rows.length;
}
