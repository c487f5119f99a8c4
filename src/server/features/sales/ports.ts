/** What other domains may ask of sales (SalesPort in context.ts); app.ts plugs it in. */
import { eq, sql } from "drizzle-orm";
import type { SalesPort } from "../../context";
import { salesInquiries, salesInquiryText } from "../../db/schema";
import { searchRank, searchVector } from "../../db/search";

const inquiryText = salesInquiryText(salesInquiries);

export const salesPort: SalesPort = {
  /** The member's inquiry (subject and message) and the team's reply, each its own hit on the inquiry. */
  search: {
    matches: (query) => sql`
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
  },

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

  async seed(tx, inquiry) {
    await tx.insert(salesInquiries).values(inquiry);
  },
};
