/**
 * Readiness (`GET /api/ready`, decision 024): whether this instance should receive traffic. Not ready while it
 * stops (said at once, before anything closes), when the database does not answer within READY_TIMEOUT_MS, when
 * a committed migration is not applied, or when its LISTEN connection is down (no realtime events, no outbox
 * wake-ups). Liveness (`GET /api/health`) asks nothing of the database.
 */
import type { ReadinessFailure } from "@/shared/contracts/platform";
import type { DatabaseHandle } from "../db";
import { unappliedMigrations } from "../db/migrations";

/** A database slower than this to answer one small query is not ready. */
export const READY_TIMEOUT_MS = 2_000;

export interface Readiness {
  /** What is not ready now (empty: ready). */
  check(): Promise<ReadinessFailure[]>;
  /** A stop has begun: not ready from now on. */
  stopping(): void;
}

export function createReadiness(database: DatabaseHandle, options: { timeoutMs?: number } = {}): Readiness {
  const timeoutMs = options.timeoutMs ?? READY_TIMEOUT_MS;
  let stopping = false;
  /** The database check under way: concurrent probes share it, so a flood of them is one query at a time. */
  let inFlight: Promise<ReadinessFailure[]> | null = null;

  async function checkDatabase(): Promise<ReadinessFailure[]> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      const missing = await Promise.race([unappliedMigrations(database.db), timeout]);
      if (missing === "timeout") return ["database"];
      return missing > 0 ? ["migrations"] : [];
    } catch {
      return ["database"];
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async check() {
      if (stopping) return ["stopping"];
      inFlight ??= checkDatabase().finally(() => {
        inFlight = null;
      });
      const failing = [...(await inFlight)];
      if (!database.listening()) failing.push("listener");
      // A stop that began while the database answered.
      return stopping ? ["stopping"] : failing;
    },
    stopping() {
      stopping = true;
    },
  };
}
