/** What other domains may ask of quotes (QuotesPort in context.ts); app.ts plugs it in. */
import type { QuotesPort } from "../../context";
import { invoiceHandler, openBalanceInvoiceOf, sendBalanceReminders } from "./balance";
import type { QuotesContext } from "./common";
import { exportOf } from "./export";
import { holdHandler } from "./holds";
import { warnLapsingHolds } from "./lapse";
import { holdFlags, moneyMoved } from "./money";
import { withRefunds } from "./refunds";

export function quotesPort(ctx: QuotesContext): QuotesPort {
  return {
    exportOf,
    holdFlags,
    moneyMoved,
    holdHandler: withRefunds(ctx, holdHandler(ctx)),
    warnLapsingHolds: () => warnLapsingHolds(ctx),
    invoiceHandler: invoiceHandler(ctx),
    sendBalanceReminders: () => sendBalanceReminders(ctx),
    openBalanceInvoiceOf,
  };
}
