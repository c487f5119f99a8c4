/**
 * What other domains may ask of sales (decision 008): the interfaces only; `make-port.ts` answers them and
 * app.ts plugs them in. Other features import them type-only. `SalesQaPort` is the QA tools' alone.
 */
import type { accountExportSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import type { Queryable } from "../../db";
import type { ConversationActions } from "../inbox/port";
import type { ConversationSearch } from "../search/port";

type AccountExport = Served<typeof accountExportSchema>;

export interface SalesPort {
  exportOf(db: Queryable, userId: string): Promise<AccountExport["salesInquiries"]>;
  /** How many inquiries wait for the team (open), as the staff inbox's Sales tab counts them. */
  openInquiries(db: Queryable): Promise<number>;
  /** Inquiries and the team's replies to them, for the staff's search. */
  search: ConversationSearch;
  /** An inquiry as the inbox acts on it (done: closed; no owner, no read mark). */
  inbox: ConversationActions;
}

/** What the QA tools (and only they) may ask of sales. */
export interface SalesQaPort {
  seed(tx: Queryable, inquiry: { userId: string; subject: string; message: string }): Promise<void>;
}
