/**
 * A thread read is its notifications read (issue 19). Reading a request's messages or a concierge
 * conversation marks the reader's own message notifications about that thread read, in the statement that marks
 * the messages, so the bell and the thread never disagree; the reader's tabs are told ("notifications").
 */
import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { notifications } from "../db/schema";
import { publish } from "../realtime/events";

/** A thread notifications can be about: a request's messages, or the concierge conversation of a member. */
export type NoticeThread = { requestId: string } | { conciergeMemberId: string };

/**
 * The statement part (a data-modifying CTE's body) marking read the reader's unread message notifications about
 * `thread`; it returns their ids. Another reader's notifications, and notifications of other kinds (a status
 * change, a new request), are left as they are.
 */
export function threadNoticesRead(readerId: string, thread: NoticeThread): SQL {
  const about =
    "requestId" in thread
      ? sql`request_id = ${thread.requestId}::uuid`
      : sql`concierge_member_id = ${thread.conciergeMemberId}`;
  return sql`update ${notifications} set read = true
    where user_id = ${readerId} and not read and type = 'message_received' and ${about}
    returning id`;
}

/** The reader's bell, on every tab, is refetched (with the caller's transaction). */
export function noticesReadBy(tx: Queryable, readerId: string) {
  return publish(tx, { topic: "notifications", audience: readerId });
}
