/**
 * What other domains may ask of the account domain (decision 008): the interface only; `make-port.ts` answers
 * it. Today only the QA tools ask anything of it, so its one port is theirs.
 */
import type { Queryable } from "../../db";

/** What the QA tools (and only they) may ask of the account domain. */
export interface AccountQaPort {
  /** A client's account records (user, profile, role) with no password: the QA tools' demo clients. */
  createClient(
    tx: Queryable,
    client: { id: string; name: string; email: string; phone: string; createdAt: Date },
  ): Promise<void>;
  /** Deletes users and, through the foreign keys, everything of theirs. */
  deleteUsers(tx: Queryable, ids: string[]): Promise<number>;
}
