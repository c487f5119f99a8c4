/** How quotes answers its ports (`port.ts`); app.ts plugs them in. */
import { invoiceHandler, openBalanceInvoiceOf, sendBalanceReminders } from "./balance";
import type { QuotesContext } from "./common";
import { exportOf } from "./export";
import { holdHandler } from "./holds";
import { warnLapsingHolds } from "./lapse";
import { holdFlags, moneyMoved } from "./money";
import type { QuotesPort, QuotesQaPort } from "./port";
import { withRefunds } from "./refunds";
import { checkAskedAbout, optionsAskedAbout } from "./service";

export function makeQuotesPort(ctx: QuotesContext): QuotesPort {
  return {
    exportOf,
    holdFlags,
    moneyMoved,
    optionsAskedAbout,
    checkAskedAbout,
    holdHandler: withRefunds(ctx, holdHandler(ctx)),
    warnLapsingHolds: () => warnLapsingHolds(ctx),
    invoiceHandler: invoiceHandler(ctx),
    sendBalanceReminders: () => sendBalanceReminders(ctx),
  };
}

export const makeQuotesQaPort = (): QuotesQaPort => ({ openBalanceInvoiceOf });
