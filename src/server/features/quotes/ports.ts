/** What other domains may ask of quotes (QuotesPort in context.ts); app.ts plugs it in. */
import type { QuotesPort } from "../../context";
import type { QuotesContext } from "./common";
import { exportOf } from "./export";
import { holdHandler } from "./holds";
import { holdFlags } from "./money";
import { withRefunds } from "./refunds";

export function quotesPort(ctx: QuotesContext): QuotesPort {
  return {
    exportOf,
    holdFlags,
    holdHandler: withRefunds(ctx, holdHandler(ctx)),
  };
}
