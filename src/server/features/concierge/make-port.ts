/** How the concierge answers its ports (`port.ts`); app.ts plugs them in. */
import { and, asc, count, eq, sql } from "drizzle-orm";
import { conciergeBadgeScope } from "../../auth/policies";
import { executiveConciergeMessages as concierge, conciergeNotes } from "../../db/schema";
import { searchRank, searchVector } from "../../db/search";
import { searchWith } from "../../db/search-hits";
import { storedMessageFiles } from "../../storage/message-files";
import { conciergeTimelines } from "./clock-timelines";
import type { ConciergePort, ConciergeQaPort } from "./port";
import { assignConversation, type ConciergeContext, markStaffRead } from "./service";

export const makeConciergePort = (ctx: ConciergeContext): ConciergePort => ({
  inbox: {
    assign: async (staff, memberId, assigneeId) => {
      await assignConversation(ctx, staff, memberId, assigneeId);
    },
    markRead: (staff, memberId) => markStaffRead(ctx, staff, memberId),
    done: (staff, memberId) => markStaffRead(ctx, staff, memberId),
  },

  clockTimelines: conciergeTimelines,

  /** A member's chat is one thread, named by the member. */
  search: searchWith(
    (query) => sql`
    select 'concierge'::text as source, ${concierge.id}::text as id, ${concierge.userId} as thread_id,
      null::text as title, ${concierge.userId} as member_id, (${concierge.senderRole} = 'admin') as from_staff,
      ${concierge.message} as body, ${concierge.createdAt} as created_at, ${searchRank(concierge.message, query)} as rank,
      false as note
    from ${concierge}
    where ${searchVector(concierge.message)} @@ ${query}
    union all
    select 'concierge'::text, 'note-' || ${conciergeNotes.id}::text, ${conciergeNotes.memberUserId}, null::text,
      ${conciergeNotes.memberUserId}, true, ${conciergeNotes.body}, ${conciergeNotes.createdAt},
      ${searchRank(conciergeNotes.body, query)}, true
    from ${conciergeNotes}
    where ${searchVector(conciergeNotes.body)} @@ ${query}`,
  ),

  /**
   * Staff: every member's unread message (spec section 6). A member: the staff's unread replies, while their plan
   * includes the concierge (decision 014).
   */
  async unreadFor(db, viewer) {
    const scope = conciergeBadgeScope(viewer);
    if (!scope) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(concierge)
      .where(
        scope === "members"
          ? and(eq(concierge.senderRole, "user"), eq(concierge.read, false))
          : and(eq(concierge.userId, viewer.userId), eq(concierge.senderRole, "admin"), eq(concierge.read, false)),
      );
    return Number(row?.n ?? 0);
  },

  filesOf: (db, userId) => storedMessageFiles(db, { domain: "concierge", memberId: userId }),

  exportOf: (db, userId) =>
    db
      .select({ senderRole: concierge.senderRole, message: concierge.message, createdAt: concierge.createdAt })
      .from(concierge)
      .where(eq(concierge.userId, userId))
      .orderBy(asc(concierge.createdAt)),
});

export const makeConciergeQaPort = (): ConciergeQaPort => ({
  async seed(tx, memberId, messages) {
    await tx.insert(concierge).values(messages.map((m) => ({ userId: memberId, ...m })));
  },
});
