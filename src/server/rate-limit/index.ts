/**
 * Rate limits whose counters live in PostgreSQL, so every app instance on one database counts the same
 * attempts. One atomic upsert per check: a fixed window per key, restarted once it has passed.
 */
import { lt, sql } from "drizzle-orm";
import { MESSAGES_TOO_FAST } from "@/shared/messages";
import type { Database } from "../db";
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

export interface RateLimiter {
  /** Counts one attempt under `key` and says whether it is within `rule`. */
  consume(key: string, rule: RateRule): Promise<RateDecision>;
}

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

/** Expired rows are deleted about once every this many checks. */
const PRUNE_EVERY = 500;

export function createRateLimiter(db: Database): RateLimiter {
  let sincePrune = 0;
  return {
    async consume(key, rule) {
      const result: unknown = await db.execute(sql`
        insert into ${rateLimits} (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
        on conflict (key) do update set
          count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
          reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
        returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_after`);
      const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
      const row = rows[0] as { count: number | string; retry_after: number | string };
      if (++sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
      }
      return { allowed: Number(row.count) <= rule.max, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
    },
  };
}

/**
 * Messages a member may send per minute, across request threads, the concierge and sales inquiries: more than
 * anyone types, few enough that a script cannot flood the team (each message notifies and emails staff).
 */
export const MEMBER_MESSAGES_PER_MINUTE = 20;

/** 429 (MESSAGES_TOO_FAST) when the member has sent their minute's messages; staff replies are not limited. */
export function limitMemberMessages(limiter: RateLimiter, userId: string): Promise<void> {
  return enforceLimits(
    limiter,
    [{ key: `member-messages:${userId}`, rule: { max: MEMBER_MESSAGES_PER_MINUTE, windowSeconds: 60 } }],
    MESSAGES_TOO_FAST,
  );
}

/** Throws the API's 429 when any of the checks is over its limit; every check is counted. */
export async function enforceLimits(
  limiter: RateLimiter,
  checks: Array<{ key: string; rule: RateRule }>,
  message = TOO_MANY_ATTEMPTS,
): Promise<void> {
  const decisions = await Promise.all(checks.map((check) => limiter.consume(check.key, check.rule)));
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length) {
    const retryAfter = Math.max(...refused.map((d) => d.retryAfterSeconds));
    throw new HttpError(429, message, "rate_limited", { "retry-after": String(retryAfter) });
  }
}
