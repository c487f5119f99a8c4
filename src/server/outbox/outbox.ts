/**
 * The outbox: emails, webhooks and pushes are rows written in the same transaction as the change that causes them;
 * a worker delivers them later with retries, so a slow or failing mail server never blocks or loses anything.
 * Delivery never holds a transaction open: a row is claimed in one short statement, sent outside any
 * transaction, and its outcome recorded in another.
 */

import { and, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { OUTBOX_TEXTS } from "@/shared/contracts/notifications-texts";
import { type Queryable, rowsOf } from "../db";
import { isDatabaseUnavailable } from "../db/errors";
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
/**
 * How long a claimed row stays with its worker: the claim is renewed every third of it while the send lasts
 * (a slow mail server), so if the instance dies mid-send (kill -9, a crash) the row is due again this soon.
 */
export const CLAIM_LEASE_MS = 30_000;
/**
 * How long recording a delivery's outcome is retried while the database cannot be reached (a restart): a sent
 * message whose outcome is not recorded would be sent again once its lease ends.
 */
export const RECORD_RETRY_MS = 30_000;
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
  /** The outbox row's id: the same on every attempt (an email's Message-ID is made from it). */
  id?: string,
) => Promise<void>) & {
  /** Attempts before a message is marked failed (OUTBOX_MAX_ATTEMPTS; MAX_ATTEMPTS by default). */
  maxAttempts?: number;
  /** How long a claim lasts unless renewed (CLAIM_LEASE_MS by default). */
  leaseMs?: number;
  /** Whether the far end of `kind` takes messages again, after it was unavailable; resolves or throws. */
  probe?: (kind: OutboxRow["kind"]) => Promise<void>;
  /** Closes what it keeps open (pooled SMTP connections); called once the app has stopped. */
  close?: () => void;
};

/**
 * The far end refuses every message right now (the mail server is down, or answers 421 "service not
 * available"): not the message's fault. The message is due again at once, never failed for it, and the worker
 * stops sending that kind until a probe says the far end is back (worker.ts).
 */
export class DeliveryUnavailable extends Error {
  override name = "DeliveryUnavailable";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a statement recording a delivery's outcome; while the database cannot be reached it is tried again
 * (250 ms, doubling to 2 s) for up to RECORD_RETRY_MS.
 */
async function recorded<T>(statement: () => Promise<T>): Promise<T> {
  const started = Date.now();
  for (let wait = 250; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await statement();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() - started > RECORD_RETRY_MS) throw error;
      await sleep(wait);
    }
  }
}

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
  /** Kinds whose far end refuses everything now (DeliveryUnavailable): not claimed until a probe succeeds. */
  unavailable: Set<OutboxRow["kind"]>;
}
const deliveriesOf = new WeakMap<Deliver, Deliveries>();
function deliveries(deliver: Deliver): Deliveries {
  let state = deliveriesOf.get(deliver);
  if (!state) {
    state = { stopping: false, flights: new Set(), landed: new Set(), unavailable: new Set() };
    deliveriesOf.set(deliver, state);
  }
  return state;
}

/**
 * Un-claims a row this instance claimed and did not finish: due again at once, its attempt not counted. Only
 * while the claim is still ours (pending, and no one has claimed it since: the attempt count is the one we set).
 * If a newer message about the same conversation waits meanwhile (a burst's next row, which may exist only
 * while this one is claimed), the attempt stays counted: two waiting rows of one burst are not allowed.
 */
async function returnToOutbox(db: Queryable, row: OutboxRow): Promise<void> {
  const twinWaits = sql`exists (select 1 from ${outbox} twin where twin.burst_key = ${outbox.burstKey}
    and twin.burst_to = ${outbox.burstTo} and twin.id <> ${outbox.id} and twin.attempts = 0
    and twin.status in ('pending', 'held'))`;
  await recorded(() =>
    db
      .update(outbox)
      .set({
        attempts: sql`case when ${twinWaits} then ${outbox.attempts} else ${outbox.attempts} - 1 end`,
        nextAttemptAt: sql`now()`,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending"), eq(outbox.attempts, row.attempts))),
  );
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
    flight.controller.abort(new Error(OUTBOX_TEXTS.serverStopping));
  }
  return unfinished.length;
}

/**
 * Claims the next due row in one statement: its attempt is counted and it is leased for CLAIM_LEASE_MS, under a
 * row lock that other instances skip, so two app instances never send the same email at once.
 */
async function claimNext(
  db: Queryable,
  deliver: Deliver,
  id?: string,
  kinds?: OutboxRow["kind"][],
): Promise<OutboxRow | null> {
  const [row] = await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      nextAttemptAt: leaseEnd(deliver),
    })
    .where(
      eq(
        outbox.id,
        sql`(select ${outbox.id} from ${outbox} where ${outbox.status} = 'pending' and ${outbox.nextAttemptAt} <= now()
             ${id ? sql`and ${outbox.id} = ${id}` : sql``}
             ${kinds ? sql`and ${inArray(outbox.kind, kinds)}` : sql``}
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
 * send a stop cut off. A far end that refuses everything (DeliveryUnavailable) leaves the row due at once and
 * marks its kind unavailable for this deliverer ("unavailable"). While the send lasts, the claim is renewed.
 */
async function deliverClaimed(
  db: Queryable,
  deliver: Deliver,
  row: OutboxRow,
): Promise<"sent" | "failed" | "returned" | "unavailable"> {
  const state = deliveries(deliver);
  if (state.stopping) {
    await returnToOutbox(db, row);
    return "returned";
  }
  const flight: Flight = { row, controller: new AbortController(), returned: false };
  state.flights.add(flight);
  const renewal = setInterval(
    () => {
      void db
        .update(outbox)
        .set({ nextAttemptAt: leaseEnd(deliver) })
        .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending"), eq(outbox.attempts, row.attempts)))
        .catch(() => {});
    },
    (deliver.leaseMs ?? CLAIM_LEASE_MS) / 3,
  );
  renewal.unref();
  try {
    await deliver(row.kind, row.payload, flight.controller.signal, row.id);
  } catch (error) {
    if (flight.returned) return "returned";
    const lastError = error instanceof Error ? error.message.slice(0, 1000) : String(error);
    if (error instanceof DeliveryUnavailable) {
      state.unavailable.add(row.kind);
      await recorded(() =>
        db.update(outbox).set({ lastError, nextAttemptAt: sql`now()` }).where(eq(outbox.id, row.id)),
      );
      return "unavailable";
    }
    const failedForGood = error instanceof DeliveryRefused || row.attempts >= (deliver.maxAttempts ?? MAX_ATTEMPTS);
    await recorded(() =>
      db
        .update(outbox)
        .set({
          lastError,
          status: failedForGood ? "failed" : "pending",
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        })
        .where(eq(outbox.id, row.id)),
    );
    return "failed";
  } finally {
    clearInterval(renewal);
    state.flights.delete(flight);
    for (const landed of state.landed) landed();
  }
  // Sent, even if a stop had already put it back: recorded (through a database restart), so no one sends it again.
  await recorded(() =>
    db
      .update(outbox)
      .set({
        status: "sent",
        sentAt: new Date(),
        lastError: null,
        // Sent: the secret has no reason to stay in the database.
        ...(row.secretExpiresAt ? { payload: redactedPayload } : {}),
      })
      .where(eq(outbox.id, row.id)),
  );
  return "sent";
}

const KINDS: OutboxRow["kind"][] = ["email", "webhook", "push"];

/** When a claim made (or renewed) now ends. */
const leaseEnd = (deliver: Deliver) =>
  sql`now() + make_interval(secs => ${(deliver.leaseMs ?? CLAIM_LEASE_MS) / 1000})`;

/**
 * Delivers the due rows, one at a time, until the deliverer stops; rows of a kind whose far end is unavailable
 * are left for later (`unavailableKinds`). Returns how many rows it handled.
 */
export async function deliverDue(db: Queryable, deliver: Deliver, limit = 20): Promise<number> {
  const state = deliveries(deliver);
  let handled = 0;
  for (; handled < limit && !state.stopping; handled++) {
    const kinds = KINDS.filter((kind) => !state.unavailable.has(kind));
    if (!kinds.length) break;
    const row = await claimNext(db, deliver, undefined, kinds.length < KINDS.length ? kinds : undefined);
    if (!row) break;
    await deliverClaimed(db, deliver, row);
  }
  return handled;
}

/** The kinds whose far end refused everything at the last try: nothing of them is sent until it is back. */
export function unavailableKinds(deliver: Deliver): OutboxRow["kind"][] {
  return [...deliveries(deliver).unavailable];
}

/** The far end of `kind` takes messages again. */
export function markAvailable(deliver: Deliver, kind: OutboxRow["kind"]) {
  deliveries(deliver).unavailable.delete(kind);
}

/**
 * Delivers one row now if it is due (a test send whose outcome is shown at once), then reads its outcome. If a
 * worker claimed it first, waits for that worker's result for up to `waitMs`.
 */
export async function deliverNow(db: Queryable, deliver: Deliver, id: string, waitMs = 15_000) {
  const row = await claimNext(db, deliver, id);
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
