/**
 * The outbox: emails, webhooks and pushes are rows written in the same transaction as the change that causes them;
 * a worker delivers them later with retries, so a slow or failing mail server never blocks or loses anything.
 * Delivery never holds a transaction open: a row is claimed in one short statement, sent outside any
 * transaction, and its outcome recorded in another.
 */
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../db";
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

/** The outbox row of an email: pending, or held when no SMTP is configured. */
export function emailRow(options: OutboxOptions, email: EmailPayload, enqueue: EnqueueOptions = {}) {
  return {
    kind: "email" as const,
    payload: { ...email },
    status: options.mailEnabled ? ("pending" as const) : ("held" as const),
    secretExpiresAt: enqueue.secretExpiresAt ?? null,
  };
}

/**
 * Wakes the workers now rather than at their next poll; delivered after commit like any NOTIFY. Held mail (no
 * SMTP) has nothing to deliver: no wake-up, and no extra notify serialising the commit.
 */
export async function wakeOutbox(db: Queryable, options: OutboxOptions) {
  if (options.mailEnabled) await db.execute(sql`select pg_notify('outbox', 'email')`);
}

export async function enqueueEmail(
  db: Queryable,
  options: OutboxOptions,
  email: EmailPayload,
  enqueue: EnqueueOptions = {},
): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values(emailRow(options, email, enqueue))
    .returning({ id: outbox.id });
  await wakeOutbox(db, options);
  return row.id;
}

export interface SlackPayload {
  /** Why it was sent (the notification type), for the admin's list. */
  reason: string;
  text: string;
  link: string;
}

/**
 * A post to the team's Slack-style incoming webhook. The URL is a secret: it is never stored with the message
 * (nor shown or logged); the worker reads it from the configuration when it delivers.
 */
export function slackRow(post: SlackPayload) {
  return { kind: "webhook" as const, payload: { channel: "slack", ...post }, status: "pending" as const };
}

export async function enqueueSlack(db: Queryable, post: SlackPayload): Promise<string> {
  const [row] = await db.insert(outbox).values(slackRow(post)).returning({ id: outbox.id });
  await db.execute(sql`select pg_notify('outbox', 'webhook')`);
  return row.id;
}

export const MAX_ATTEMPTS = 8;
/** How long a claimed row stays with its worker; if that instance dies mid-send, the row is due again after. */
export const CLAIM_LEASE_MS = 5 * 60_000;
export const REDACTED_TEXT = "[This message held a one-time link. Its text was removed.]";

/** 30 s, 1 min, 2 min, ... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * A delivery the far end refused for good (a push service's 400 or 413, a device that is gone): the row is
 * failed at once, not retried. Any other error is retried with back-off until the last attempt.
 */
export class DeliveryRefused extends Error {}

export type Deliver = ((
  kind: OutboxKind,
  payload: Record<string, unknown>,
  /** Aborted when the server stops before the delivery is done (it goes back to the outbox). */
  signal?: AbortSignal,
) => Promise<void>) & {
  /** Attempts before a message is marked failed (OUTBOX_MAX_ATTEMPTS; MAX_ATTEMPTS by default). */
  maxAttempts?: number;
};

type OutboxRow = typeof outbox.$inferSelect;
export type OutboxKind = OutboxRow["kind"];

/** One claimed row being sent. */
interface Flight {
  row: OutboxRow;
  controller: AbortController;
  /** Put back in the outbox by a stop: its outcome, if it ever comes, is not recorded as a failure. */
  returned: boolean;
}

/** What a deliverer is sending now, and whether it is stopping (no new sends start then). */
interface Deliveries {
  stopping: boolean;
  flights: Set<Flight>;
  /** Told each time a flight lands. */
  landed: Set<() => void>;
}
const deliveriesOf = new WeakMap<Deliver, Deliveries>();
function deliveries(deliver: Deliver): Deliveries {
  let state = deliveriesOf.get(deliver);
  if (!state) {
    state = { stopping: false, flights: new Set(), landed: new Set() };
    deliveriesOf.set(deliver, state);
  }
  return state;
}

/**
 * Un-claims a row this instance claimed and did not finish: due again at once, its attempt not counted. Only
 * while the claim is still ours (pending, and no one has claimed it since: the attempt count is the one we set).
 */
async function returnToOutbox(db: Queryable, row: OutboxRow): Promise<void> {
  await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} - 1`, nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending"), eq(outbox.attempts, row.attempts)));
}

/**
 * Stops a deliverer for a shutdown: no new send starts; the sends under way get `graceMs` to finish and record
 * their outcome; what is still under way then goes back to the outbox, due at once with its attempt not counted
 * (another instance, or this one's next start, sends it), and is cut off. Returns how many were put back.
 *
 * A message cut off after the far end took it but before it said so may be sent again (at least once); one
 * cut off before that, as with a mail server that has not yet answered, is not.
 */
export async function stopDeliveries(db: Queryable, deliver: Deliver, graceMs: number): Promise<number> {
  const state = deliveries(deliver);
  state.stopping = true;
  if (state.flights.size > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, graceMs);
      function done() {
        clearTimeout(timer);
        state.landed.delete(check);
        resolve();
      }
      function check() {
        if (state.flights.size === 0) done();
      }
      state.landed.add(check);
    });
  }
  const unfinished = [...state.flights];
  for (const flight of unfinished) {
    flight.returned = true;
    await returnToOutbox(db, flight.row);
    flight.controller.abort(new Error("The server is stopping: the message went back to the outbox"));
  }
  return unfinished.length;
}

/**
 * Claims the next due row in one statement: its attempt is counted and it is leased for CLAIM_LEASE_MS, under a
 * row lock that other instances skip, so two app instances never send the same email at once.
 */
async function claimNext(db: Queryable, id?: string): Promise<OutboxRow | null> {
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
             ${id ? sql`and ${outbox.id} = ${id}` : sql``}
             order by ${outbox.nextAttemptAt} limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row ?? null;
}

/** The payload with its text replaced, for messages that carried a secret. */
const redactedPayload = sql`${outbox.payload} || ${JSON.stringify({ html: REDACTED_TEXT, text: REDACTED_TEXT, redacted: true })}::jsonb`;

/**
 * Sends one claimed row and records the outcome: sent, or its error and the next attempt (failed after the last).
 * A deliverer that is stopping sends nothing: the row goes back to the outbox ("returned"), as does one whose
 * send a stop cut off.
 */
async function deliverClaimed(
  db: Queryable,
  deliver: Deliver,
  row: OutboxRow,
): Promise<"sent" | "failed" | "returned"> {
  const state = deliveries(deliver);
  if (state.stopping) {
    await returnToOutbox(db, row);
    return "returned";
  }
  const flight: Flight = { row, controller: new AbortController(), returned: false };
  state.flights.add(flight);
  try {
    await deliver(row.kind, row.payload, flight.controller.signal);
  } catch (error) {
    if (flight.returned) return "returned";
    const failedForGood = error instanceof DeliveryRefused || row.attempts >= (deliver.maxAttempts ?? MAX_ATTEMPTS);
    await db
      .update(outbox)
      .set({
        lastError: error instanceof Error ? error.message.slice(0, 1000) : String(error),
        status: failedForGood ? "failed" : "pending",
        nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
      })
      .where(eq(outbox.id, row.id));
    return "failed";
  } finally {
    state.flights.delete(flight);
    for (const landed of state.landed) landed();
  }
  // Sent, even if a stop had already put it back: recorded, so no one sends it again.
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
  return "sent";
}

/** Delivers the due rows, one at a time, until the deliverer stops. Returns how many rows it handled. */
export async function deliverDue(db: Queryable, deliver: Deliver, limit = 20): Promise<number> {
  let handled = 0;
  for (; handled < limit && !deliveries(deliver).stopping; handled++) {
    const row = await claimNext(db);
    if (!row) break;
    await deliverClaimed(db, deliver, row);
  }
  return handled;
}

/**
 * Delivers one row now if it is due (a test send whose outcome is shown at once), then reads its outcome. If a
 * worker claimed it first, waits for that worker's result for up to `waitMs`.
 */
export async function deliverNow(db: Queryable, deliver: Deliver, id: string, waitMs = 15_000) {
  const row = await claimNext(db, id);
  const outcome = row ? await deliverClaimed(db, deliver, row) : null;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const [current] = await db
      .select({ status: outbox.status, lastError: outbox.lastError, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, id));
    // Settled: sent, held, failed, or pending again after an attempt that recorded its error; or, when the server
    // is stopping, pending in the outbox for the next instance.
    const stopping = outcome === "returned" || deliveries(deliver).stopping;
    if (current?.status !== "pending" || current.lastError || stopping || Date.now() > deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** An admin's retry of a failed delivery: due now, with a fresh count of attempts. Null unless it had failed. */
export async function retryFailed(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()` })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .returning({ id: outbox.id });
  if (rows.length) await db.execute(sql`select pg_notify('outbox', 'retry')`);
  return rows.length > 0;
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

/** Statuses of messages not delivered: waiting (pending), kept without SMTP (held), given up (failed). */
export const UNDELIVERED = ["pending", "held", "failed"] as const;
export type UndeliveredStatus = (typeof UNDELIVERED)[number];

/**
 * The outbox's backlog for the metrics: per undelivered status, how many messages and the age in seconds of the
 * oldest (0 when none). One grouped read on the (status, created_at) index, made when metrics are scraped.
 */
export async function outboxBacklog(
  db: Queryable,
): Promise<Record<UndeliveredStatus, { count: number; oldestSeconds: number }>> {
  const rows = await rowsOf<{ status: UndeliveredStatus; count: number; oldest: number }>(
    db,
    sql`select status, count(*)::int as count, extract(epoch from now() - min(created_at))::float8 as oldest
      from ${outbox} where status in ('pending', 'held', 'failed') group by status`,
  );
  const backlog = Object.fromEntries(UNDELIVERED.map((status) => [status, { count: 0, oldestSeconds: 0 }]));
  for (const row of rows) {
    backlog[row.status] = { count: Number(row.count), oldestSeconds: Math.max(0, Number(row.oldest)) };
  }
  return backlog as Record<UndeliveredStatus, { count: number; oldestSeconds: number }>;
}
