/**
 * What other domains may ask of the service levels (decision 008, decision 049): the interface only;
 * `make-port.ts` answers it and app.ts plugs it in. Other features import it type-only.
 */
import type { Plan } from "@/shared/plans";
import type { ClockState, TargetKind } from "@/shared/service-levels";
import type { Queryable } from "../../db";

/** A conversation's clock now: its running target, when it falls due, and whether it is on time. */
export interface ConversationClock {
  /** "request:<id>" or "concierge:<member id>". */
  key: string;
  tier: Plan | null;
  state: ClockState;
  target: TargetKind | null;
  dueAt: Date | null;
  /** Business minutes left of the resolution target while paused. */
  remainingMinutes: number | null;
}

export interface ServiceLevelsPort {
  /**
   * The clocks of the named conversations (the inbox's rows), in the order asked, read with the caller's
   * connection or transaction; a key that names nothing is left out. Two queries per owner domain.
   */
  clocksOf(db: Queryable, keys: string[]): Promise<ConversationClock[]>;
  /** Sends the breach warnings due now, each once whatever runs at the same time (the periodic job); how many. */
  sweep(): Promise<number>;
}
