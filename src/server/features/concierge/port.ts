/**
 * What other domains may ask of the concierge (decision 008): the interfaces only; `make-port.ts` answers them
 * and app.ts plugs them in. Other features import them type-only. `ConciergeQaPort` is the QA tools' alone.
 */
import type { accountExportSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import type { ConversationTimeline, TimelineSelection } from "@/shared/service-levels";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import type { ConversationActions } from "../inbox/port";
import type { ConversationSearch } from "../search/port";

type AccountExport = Served<typeof accountExportSchema>;

export interface ConciergePort {
  /** Unread concierge messages for the viewer's badge: staff, the members' unread; a member, the replies. */
  unreadFor(db: Queryable, viewer: Viewer): Promise<number>;
  /** The storage keys of a member's concierge chat files (deleted with the account, after its rows). */
  filesOf(db: Queryable, userId: string): Promise<string[]>;
  exportOf(db: Queryable, userId: string): Promise<AccountExport["conciergeMessages"]>;
  /** The concierge chat, for the staff's search. */
  search: ConversationSearch;
  /** Members' chats as the service levels' clocks see them (decision 049). */
  clockTimelines(db: Queryable, select: TimelineSelection): Promise<ConversationTimeline[]>;
  /** A member's chat as the inbox acts on it (assign, read, done: read). */
  inbox: ConversationActions;
}

/** What the QA tools (and only they) may ask of the concierge. */
export interface ConciergeQaPort {
  seed(
    tx: Queryable,
    memberId: string,
    messages: Array<{
      senderRole: "user" | "admin";
      senderUserId: string;
      message: string;
      read: boolean;
      createdAt: Date;
    }>,
  ): Promise<void>;
}
