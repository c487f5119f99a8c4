/** How sales answers its ports (`port.ts`); app.ts plugs them in. */
import { count, eq, sql } from "drizzle-orm";
import { salesInquiries, salesInquiryText } from "../../db/schema";
import { searchRank, searchVector } from "../../db/search";
import { searchWith } from "../../db/search-hits";
import type { SalesPort, SalesQaPort } from "./port";
import { close, type SalesContext } from "./service";

const inquiryText = salesInquiryText(salesInquiries);

export const makeSalesPort = (ctx: SalesContext): SalesPort => ({
  inbox: {
    done: async (_staff, id) => {
      await close(ctx, id);
    },
  },

  async openInquiries(db) {
    const [row] = await db.select({ n: count() }).from(salesInquiries).where(eq(salesInquiries.status, "open"));
    return Number(row?.n ?? 0);
  },

  /** The member's inquiry (subject and message) and the team's reply, each its own hit on the inquiry. */
  search: searchWith(
    (query) => sql`
    select 'sales'::text as source, ${salesInquiries.id}::text as id, ${salesInquiries.id}::text as thread_id,
      ${salesInquiries.subject} as title, ${salesInquiries.userId} as member_id, false as from_staff,
      ${inquiryText} as body, ${salesInquiries.createdAt} as created_at, ${searchRank(inquiryText, query)} as rank
    from ${salesInquiries}
    where ${searchVector(inquiryText)} @@ ${query}
    union all
    select 'sales'::text, ${salesInquiries.id}::text || '-reply', ${salesInquiries.id}::text,
      ${salesInquiries.subject}, ${salesInquiries.userId}, true,
      ${salesInquiries.adminReply}, ${salesInquiries.updatedAt}, ${searchRank(salesInquiries.adminReply, query)}
    from ${salesInquiries}
    where ${searchVector(salesInquiries.adminReply)} @@ ${query}`,
  ),

  exportOf: (db, userId) =>
    db
      .select({
        subject: salesInquiries.subject,
        message: salesInquiries.message,
        status: salesInquiries.status,
        adminReply: salesInquiries.adminReply,
        createdAt: salesInquiries.createdAt,
      })
      .from(salesInquiries)
      .where(eq(salesInquiries.userId, userId)),
});

export const makeSalesQaPort = (): SalesQaPort => ({
  async seed(tx, inquiry) {
    await tx.insert(salesInquiries).values(inquiry);
  },
});
