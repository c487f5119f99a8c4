/**
 * Concierge conversations as the service levels see them (issue 31 item 3, decision 049): one per member, opened by
 * its first message, its messages by side and its owner. A chat is never resolved here (a "done" mark, when it
 * exists, gives `resolvedAt`), so only its reply targets are measured. Two queries.
 */
import { type SQL, sql } from "drizzle-orm";
import type { ConversationTimeline, TimelineSelection } from "@/shared/service-levels";
import { type Queryable, rowsOf } from "../../db";

function whereOf(select: TimelineSelection): SQL {
  if ("ids" in select) {
    if (select.ids.length === 0) return sql`false`;
    return sql`c.user_id in (${sql.join(
      select.ids.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  }
  if ("awaitingReply" in select) {
    return sql`(select m.sender_role from executive_concierge_messages m where m.user_id = c.user_id
      order by m.created_at desc limit 1) = 'user'`;
  }
  return sql`exists (select 1 from executive_concierge_messages m where m.user_id = c.user_id
    and m.created_at >= ${select.activeSince.toISOString()}::timestamptz)`;
}

export async function conciergeTimelines(db: Queryable, select: TimelineSelection): Promise<ConversationTimeline[]> {
  const members = await rowsOf<{ user_id: string; assignee_user_id: string | null }>(
    db,
    sql`select c.user_id, (select a.assignee_user_id from concierge_assignments a
        where a.member_user_id = c.user_id) as assignee_user_id
      from (select distinct user_id from executive_concierge_messages) c where ${whereOf(select)}`,
  );
  if (members.length === 0) return [];
  const rows = await rowsOf<{ user_id: string; created_at: string | Date; sender_role: string }>(
    db,
    sql`select m.user_id, m.created_at, m.sender_role from executive_concierge_messages m
      where m.user_id in (${sql.join(
        members.map((member) => sql`${member.user_id}`),
        sql`, `,
      )})
      order by m.created_at`,
  );
  const byMember = new Map<string, ConversationTimeline["messages"]>();
  for (const row of rows) {
    const list = byMember.get(row.user_id) ?? [];
    list.push({ at: new Date(row.created_at), fromStaff: row.sender_role === "admin" });
    byMember.set(row.user_id, list);
  }
  return members.map((member) => {
    const messages = byMember.get(member.user_id) ?? [];
    return {
      key: `concierge:${member.user_id}`,
      memberId: member.user_id,
      ownerId: member.assignee_user_id,
      link: `/admin/inbox?tab=concierge&member=${member.user_id}`,
      requestId: null,
      openedAt: messages[0]?.at ?? new Date(0),
      messages,
      resolvedAt: null,
      resolves: false,
    };
  });
}
