/**
 * The quotes domain's part of a member's data export (GDPR portability, account's `exportAccount`): the quotes
 * they received with their options (never the team's drafts), their card holds and their deliveries.
 */
import { and, asc, inArray, ne } from "drizzle-orm";
import { deliveries, holds, quotes } from "../../db/schema";
import { optionFields, optionsOfQuotes } from "./common";
import type { QuotesPort } from "./port";

export const exportOf: QuotesPort["exportOf"] = async (db, userId, requestIds) => {
  if (!requestIds.length) return { quotes: [], holds: [], deliveries: [] };
  const [quoteRows, holdRows, deliveryRows] = await Promise.all([
    db
      .select()
      .from(quotes)
      .where(and(inArray(quotes.requestId, requestIds), ne(quotes.status, "draft")))
      .orderBy(asc(quotes.createdAt)),
    db
      .select({
        requestId: holds.requestId,
        optionId: holds.optionId,
        status: holds.status,
        amountCents: holds.amountCents,
        capturedCents: holds.capturedCents,
        paymentIntentId: holds.paymentIntentId,
        receiptUrl: holds.receiptUrl,
        expiresAt: holds.expiresAt,
        heldAt: holds.heldAt,
        capturedAt: holds.capturedAt,
        releasedAt: holds.releasedAt,
        refundedAt: holds.refundedAt,
        createdAt: holds.createdAt,
        userId: holds.userId,
      })
      .from(holds)
      .where(inArray(holds.requestId, requestIds))
      .orderBy(asc(holds.createdAt)),
    db
      .select({
        requestId: deliveries.requestId,
        status: deliveries.status,
        note: deliveries.note,
        deliveredAt: deliveries.deliveredAt,
        answeredAt: deliveries.answeredAt,
        problem: deliveries.problem,
      })
      .from(deliveries)
      .where(inArray(deliveries.requestId, requestIds))
      .orderBy(asc(deliveries.deliveredAt)),
  ]);
  const optionRows = await optionsOfQuotes(
    db,
    quoteRows.map((q) => q.id),
  );
  return {
    quotes: quoteRows.map((q) => ({
      id: q.id,
      requestId: q.requestId,
      status: q.status,
      message: q.message,
      validUntil: q.validUntil,
      acceptedOptionId: q.acceptedOptionId,
      declineReason: q.declineReason,
      sentAt: q.sentAt,
      answeredAt: q.answeredAt,
      options: optionRows.filter((o) => o.quoteId === q.id).map(optionFields),
    })),
    // The member's own holds on their requests (a hold is always the request owner's).
    holds: holdRows.filter((h) => h.userId === userId).map(({ userId: _u, ...h }) => h),
    deliveries: deliveryRows,
  };
};
