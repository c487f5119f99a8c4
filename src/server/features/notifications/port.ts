/**
 * What other domains may ask of the notifications domain (decision 008): the interface only; `make-port.ts`
 * answers it and app.ts plugs it in. Other features import it type-only.
 */
import type { accountExportSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import type { Queryable } from "../../db";
import type { AppEvent } from "../../realtime/events";

type AccountExport = Served<typeof accountExportSchema>;

/** A conversation notifications can be about: a request's messages, or a member's concierge chat. */
export type NoticeThread = { requestId: string } | { conciergeMemberId: string };

/** The channels a person keeps on (a person with no preferences yet: all on). */
export interface NoticeChannels {
  emailEnabled: boolean;
  slackEnabled: boolean;
}

/**
 * (The unit of work writes notices through this domain's engine, `engine.ts`: infrastructure's `NoticeEngine`,
 * statement parts that app.ts gives to `db/write.ts`, not a port of other domains.)
 */
export interface NotificationsPort {
  /**
   * Marks read the reader's unread message notifications about a thread, in the caller's transaction (after
   * it marked the thread's messages read); how many. `seenUpTo`: the newest message the caller's statement saw
   * (null: none); a notification about a message that committed after it stays unread, as its message does.
   */
  markThreadRead(tx: Queryable, readerId: string, thread: NoticeThread, seenUpTo: string | null): Promise<number>;
  /** The event that refreshes the reader's bell on every tab. */
  readerEvent(readerId: string): AppEvent;
  /** Notifications a reader has not read (the admin sidebar's badge). */
  unread(db: Queryable, userId: string): Promise<number>;
  /** Emails the outbox holds unsent because no SMTP is configured (the admin's banner). */
  heldMail(db: Queryable): Promise<number>;
  /** A user's channels, read with the caller's connection or transaction. */
  channelsOf(q: Queryable, userId: string): Promise<NoticeChannels>;
  /** A new account's preferences (every channel on). */
  createPreferences(tx: Queryable, userId: string): Promise<void>;
  exportOf(
    db: Queryable,
    userId: string,
  ): Promise<Pick<AccountExport, "notifications" | "notificationPreferences" | "pushDevices">>;
}
