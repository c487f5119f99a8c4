/**
 * What the inbox asks of each domain holding conversations (issue 31, item 1; decision 048): the interface
 * only, answered by requests, concierge and sales in their `make-port.ts`. Each action runs under its owner's
 * own rules, in its own transaction, with its own notices and events.
 */
import type { Viewer } from "../../auth/viewer";

export interface ConversationActions {
  /**
   * Gives the conversation to a staff member (or to no one), as the owner's own assignment does; absent for a
   * kind nobody owns (a sales inquiry).
   */
  assign?(staff: Viewer, id: string, assigneeId: string | null): Promise<void>;
  /** Marks the member's messages read, as opening the conversation does; absent when the kind has no read mark. */
  markRead?(staff: Viewer, id: string): Promise<void>;
  /** The conversation needs nothing more from the team for now ('e' in the inbox). */
  done(staff: Viewer, id: string): Promise<void>;
}
