/**
 * Rate limits whose counters live in PostgreSQL, so every app instance on one database counts the same
 * attempts. One atomic upsert per check: a fixed window per key, restarted once it has passed. Failure limits
 * (sign-in) count an attempt before it runs and give it back when it succeeds, with a back-off lock per key.
 */
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import { ERRORS } from "@/shared/contracts/common-texts";
import { type Database, type Queryable, rowsOf } from "../db";
import { rateLimits } from "../db/schema";
import { HttpError } from "../http/errors";

export interface RateRule {
  max: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window restarts. */
  retryAfterSeconds: number;
}

/** A fixed window of failures under one key. */
export interface WindowCount extends RateRule {
  key: string;
}

/**
 * Failures under one key with a lock that grows: the `free`-th failure locks the key for `firstLockSeconds`, each
 * further one doubles it, up to `maxLockSeconds`; the failures are forgotten `forgetSeconds` after the last one.
 */
export interface BackoffCount {
  key: string;
  free: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
  forgetSeconds: number;
}

export interface FailureLimits {
  windows: WindowCount[];
  backoff: BackoffCount;
}

/** An attempt counted as a failure until it says it succeeded. */
export interface CountedAttempt {
  /** Gives back its count in every window and clears the back-off key's failures. */
  succeeded(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one attempt under `key` and says whether it is within `rule`. */
  consume(key: string, rule: RateRule): Promise<RateDecision>;
  /**
   * Counts an attempt as a failure under every key of `limits` at once, before it runs, so that parallel attempts
   * cannot all pass before any failure is recorded. Refused (and nothing counted) when any key is over its limit
   * or locked.
   */
  attempt(
    limits: FailureLimits,
  ): Promise<({ allowed: true } & CountedAttempt) | { allowed: false; retryAfterSeconds: number }>;
  /** Forgets the counts under `keys`. */
  forget(keys: string[]): Promise<void>;
}

/** Expired rows are deleted about once every this many checks. */
const PRUNE_EVERY = 500;

/** The back-off exponent stops growing here (the lock is long capped by then; 2^n must stay finite). */
const MAX_DOUBLINGS = 30;

type Row = Record<string, number | string | null>;

/** Counts one attempt in a fixed window: the window's count after it, and the seconds until it restarts. */
async function countInWindow(db: Queryable, key: string, windowSeconds: number) {
  const [row] = await rowsOf<Row>(
    db,
    sql`
      insert into ${rateLimits} (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
        reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
      returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after`,
  );
  return { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
}

/**
 * Counts one failure under a back-off key unless it is locked, and locks it from the `free`-th failure on.
 * Returns null when it counted, or the seconds the key stays locked.
 */
async function countWithBackoff(db: Queryable, rule: BackoffCount): Promise<number | null> {
  const failures = sql`(case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end)`;
  const lockFor = (n: SQL) => sql`case when ${n} >= ${rule.free} then now() + make_interval(secs => least(
    ${rule.maxLockSeconds}::double precision,
    ${rule.firstLockSeconds} * power(2, least(${n} - ${rule.free}, ${MAX_DOUBLINGS}))::double precision)) end`;
  const counted = await rowsOf<Row>(
    db,
    sql`
      insert into ${rateLimits} (key, count, reset_at, locked_until)
      values (${rule.key}, 1, now() + make_interval(secs => ${rule.forgetSeconds}), ${lockFor(sql`1`)})
      on conflict (key) do update set
        count = ${failures},
        reset_at = excluded.reset_at,
        locked_until = ${lockFor(failures)}
      where ${rateLimits.lockedUntil} is null or ${rateLimits.lockedUntil} <= now()
      returning count`,
  );
  if (counted.length) return null;
  const [row] = await rowsOf<Row>(
    db,
    sql`
      select ceil(extract(epoch from (locked_until - now())))::int as retry_after
      from ${rateLimits} where key = ${rule.key}`,
  );
  return Math.max(1, Number(row?.retry_after ?? 1));
}

/** Thrown inside the counting transaction to undo it when the attempt is refused. */
class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("refused");
  }
}

export function createRateLimiter(
  db: Database,
  hooks: {
    /** Told of each refused check, with its key (the metrics keep only the limit's name: ops/metrics.ts). */
    onRefused?: (key: string) => void;
  } = {},
): RateLimiter {
  const refused = hooks.onRefused ?? (() => {});
  let sincePrune = 0;
  async function prune() {
    if (++sincePrune < PRUNE_EVERY) return;
    sincePrune = 0;
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  }
  return {
    async consume(key, rule) {
      const { count, retryAfterSeconds } = await countInWindow(db, key, rule.windowSeconds);
      await prune();
      const allowed = count <= rule.max;
      if (!allowed) refused(key);
      return { allowed, retryAfterSeconds };
    },

    async attempt({ windows, backoff }) {
      const windowKeys = windows.map((w) => w.key);
      try {
        // All counts or none; the keys are always taken in this order (windows, then the back-off key), so two
        // attempts never wait on each other's rows in a cycle.
        await db.transaction(async (tx) => {
          const over: number[] = [];
          for (const window of windows) {
            const { count, retryAfterSeconds } = await countInWindow(tx, window.key, window.windowSeconds);
            if (count > window.max) over.push(retryAfterSeconds);
          }
          const locked = await countWithBackoff(tx, backoff);
          if (locked !== null) over.push(locked);
          if (over.length) throw new Refused(Math.max(...over));
        });
      } catch (error) {
        if (error instanceof Refused) {
          refused(backoff.key);
          return { allowed: false, retryAfterSeconds: error.retryAfterSeconds };
        }
        throw error;
      }
      await prune();
      return {
        allowed: true,
        async succeeded() {
          // One row per statement, outside a transaction: never two row locks held at once, so this cannot
          // deadlock with an attempt holding one of them.
          for (const key of windowKeys) {
            await db
              .update(rateLimits)
              .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
              .where(and(eq(rateLimits.key, key), gt(rateLimits.resetAt, sql`now()`)));
          }
          await db.delete(rateLimits).where(eq(rateLimits.key, backoff.key));
        },
      };
    },

    async forget(keys) {
      // One key per statement, for the same reason as above.
      for (const key of keys) await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

/**
 * Messages a member may send per minute, across request threads, the concierge and sales inquiries: more than
 * anyone types, few enough that a script cannot flood the team (each message notifies and emails staff).
 */
export const MEMBER_MESSAGES_PER_MINUTE = 20;

/** 429 (ERRORS.messagesTooFast) when the member has sent their minute's messages; staff replies are not limited. */
export function limitMemberMessages(limiter: RateLimiter, userId: string): Promise<void> {
  return enforceLimits(
    limiter,
    [{ key: `member-messages:${userId}`, rule: { max: MEMBER_MESSAGES_PER_MINUTE, windowSeconds: 60 } }],
    ERRORS.messagesTooFast,
  );
}

/** Files one person may upload for messages in ten minutes (issue 22 item 6): pending files take storage. */
export const MESSAGE_FILES_PER_TEN_MINUTES = 40;

/** 429 (ERRORS.filesTooFast) once the person has uploaded their ten minutes' message files. */
export function limitMessageFiles(limiter: RateLimiter, userId: string): Promise<void> {
  return enforceLimits(
    limiter,
    [{ key: `message-files:${userId}`, rule: { max: MESSAGE_FILES_PER_TEN_MINUTES, windowSeconds: 600 } }],
    ERRORS.filesTooFast,
  );
}

/** Throws the API's 429 when any of the checks is over its limit; every check is counted. */
export async function enforceLimits(
  limiter: RateLimiter,
  checks: Array<{ key: string; rule: RateRule }>,
  message = ERRORS.tooManyAttempts,
): Promise<void> {
  const decisions = await Promise.all(checks.map((check) => limiter.consume(check.key, check.rule)));
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length) {
    const retryAfter = Math.max(...refused.map((d) => d.retryAfterSeconds));
    throw new HttpError(429, message, "rate_limited", { "retry-after": String(retryAfter) });
  }
}

/**
 * Runs `run` as an attempt under failure limits: refused with the API's 429 when over any of them; otherwise
 * counted as a failure unless it returns (a thrown error is a failure).
 */
export async function withFailureLimits<T>(
  limiter: RateLimiter,
  limits: FailureLimits,
  run: () => Promise<T>,
  message = ERRORS.tooManyAttempts,
): Promise<T> {
  const attempt = await limiter.attempt(limits);
  if (!attempt.allowed) {
    throw new HttpError(429, message, "rate_limited", { "retry-after": String(attempt.retryAfterSeconds) });
  }
  const result = await run();
  await attempt.succeeded();
  return result;
}
