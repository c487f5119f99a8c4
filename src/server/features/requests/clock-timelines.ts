/**
 * Requests as the service levels see them (issue 31 item 3, decision 049): each request's opening (its creation
 * is the member's first message), its thread's messages by side, its owner, and when it was resolved (Delivered,
 * Failed or Withdrawn, from its activity). Two queries, whatever the number of requests.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ConversationTimeline, TimelineSelection } from "@/shared/service-levels";
import { type Queryable, rowsOf } from "../../db";

const RESOLVED = sql`('Delivered', 'Failed', 'Withdrawn')`;

/** Whether request `r`'s last message is the member's (or it has none yet). */
const awaitingReply = sql`coalesce((select m.sender_user_id is not null and m.sender_user_id <> r.user_id
  from messages m where m.request_id = r.id order by m.created_at desc limit 1), false) = false`;

function whereOf(select: TimelineSelection): SQL {
  if ("ids" in select) {
    if (select.ids.length === 0) return sql`false`;
    return sql`r.id::text in (${sql.join(
      select.ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  }
  if ("awaitingReply" in select) return sql`r.status not in ${RESOLVED} and ${awaitingReply}`;
  const since = select.activeSince.toISOString();
  return sql`(r.created_at >= ${since}::timestamptz
    or exists (select 1 from messages m where m.request_id = r.id and m.created_at >= ${since}::timestamptz)
    or exists (select 1 from activity_logs a where a.request_id = r.id and a.created_at >= ${since}::timestamptz
      and a.action = 'status_changed'))`;
}

export async function requestTimelines(db: Queryable, select: TimelineSelection): Promise<ConversationTimeline[]> {
  const rows = await rowsOf<{
    id: string;
    user_id: string;
    assignee_user_id: string | null;
    created_at: string | Date;
    resolved_at: string | Date | null;
  }>(
    db,
    sql`select r.id, r.user_id, r.assignee_user_id, r.created_at,
        case when r.status in ${RESOLVED} then
          coalesce((select max(a.created_at) from activity_logs a where a.request_id = r.id
            and a.action = 'status_changed' and a.details->>'to' = r.status::text), r.created_at)
        end as resolved_at
      from requests r where ${whereOf(select)}`,
  );
  if (rows.length === 0) return [];
  const thread = await rowsOf<{ request_id: string; created_at: string | Date; from_staff: boolean }>(
    db,
    sql`select m.request_id, m.created_at,
        (m.sender_user_id is not null and m.sender_user_id <> r.user_id) as from_staff
      from messages m join requests r on r.id = m.request_id
      where m.request_id::text in (${sql.join(
        rows.map((row) => sql`${row.id}`),
        sql`, `,
      )})
      order by m.created_at`,
  );
  const byRequest = new Map<string, ConversationTimeline["messages"]>();
  for (const message of thread) {
    const list = byRequest.get(message.request_id) ?? [];
    list.push({ at: new Date(message.created_at), fromStaff: message.from_staff });
    byRequest.set(message.request_id, list);
  }
  return rows.map((row) => {
    const openedAt = new Date(row.created_at);
    return {
      key: `request:${row.id}`,
      memberId: row.user_id,
      ownerId: row.assignee_user_id,
      link: `/admin/requests/${row.id}`,
      requestId: row.id,
      openedAt,
      // The request itself is the member's first message.
      messages: [{ at: openedAt, fromStaff: false }, ...(byRequest.get(row.id) ?? [])],
      resolvedAt: row.resolved_at ? new Date(row.resolved_at) : null,
      resolves: true,
    };
  });
}
