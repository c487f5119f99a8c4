/** What other domains may ask of sales (SalesPort in context.ts); app.ts plugs it in. */
import { eq } from "drizzle-orm";
import type { SalesPort } from "../../context";
import { salesInquiries } from "../../db/schema";

export const salesPort: SalesPort = {
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
