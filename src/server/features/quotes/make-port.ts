/** How quotes answers its ports (`port.ts`); app.ts plugs them in. */
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db";
import { deliveries } from "../../db/schema";
import { invoiceHandler, openBalanceInvoiceOf, sendBalanceReminders } from "./balance";
import type { QuotesContext } from "./common";
import { exportOf } from "./export";
import { holdHandler } from "./holds";
import { warnLapsingHolds } from "./lapse";
import { holdFlags, moneyMoved } from "./money";
import type { QuotesPort, QuotesQaPort } from "./port";
import { withRefunds } from "./refunds";
import { checkAskedAbout, optionsAskedAbout } from "./service";

/** When the member confirmed receipt of the request's delivery (decision 051: what opens the rating). */
async function receiptConfirmedAt(db: Queryable, requestId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: deliveries.answeredAt })
    .from(deliveries)
    .where(and(eq(deliveries.requestId, requestId), eq(deliveries.status, "confirmed")));
  return row?.at ?? null;
}

export function makeQuotesPort(ctx: QuotesContext): QuotesPort {
  return {
    exportOf,
    holdFlags,
    moneyMoved,
    optionsAskedAbout,
    checkAskedAbout,
    receiptConfirmedAt,
    holdHandler: withRefunds(ctx, holdHandler(ctx)),
    warnLapsingHolds: () => warnLapsingHolds(ctx),
    invoiceHandler: invoiceHandler(ctx),
    sendBalanceReminders: () => sendBalanceReminders(ctx),
  };
}

export const makeQuotesQaPort = (): QuotesQaPort => ({ openBalanceInvoiceOf });
