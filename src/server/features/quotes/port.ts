/**
 * What other domains (and payments) may ask of quotes (decision 008): the interfaces only; `make-port.ts`
 * answers them and app.ts plugs them in. Other features import them type-only. `QuotesQaPort` is the QA
 * tools' alone.
 */
import type { accountExportSchema } from "@/shared/contracts/account";
import type { Served } from "@/shared/contracts/common";
import type { HoldStatus } from "@/shared/quotes";
import type { Queryable } from "../../db";
import type { HoldHandler, InvoiceHandler } from "../../payments";

type AccountExport = Served<typeof accountExportSchema>;

export interface QuotesPort {
  /** The member's part of their data export: quotes received (no drafts), holds and deliveries of `requestIds`. */
  exportOf(
    db: Queryable,
    userId: string,
    requestIds: string[],
  ): Promise<Pick<AccountExport, "quotes" | "holds" | "deliveries">>;
  /**
   * Whether money has moved on the request: a hold of it was ever authorised (held, captured, released or lapsed
   * after it was held, refunded). Such a request is never deleted (issue 30 item 4).
   */
  moneyMoved(db: Queryable, requestId: string): Promise<boolean>;
  /**
   * Options of the request's sent quotes (never a draft's) by id, with their place in the quote (from 1) and
   * title: what a message asks about (issue 34 item 2).
   */
  optionsAskedAbout(
    db: Queryable,
    requestId: string,
    optionIds: string[],
  ): Promise<Map<string, { optionId: string; number: number; title: string }>>;
  /** Refuses (404 "Option not found") an option that is not one of the request's sent quotes' options. */
  checkAskedAbout(db: Queryable, requestId: string, optionId: string): Promise<void>;
  /** When the request's member confirmed receipt of its delivery; null: not (yet), or a problem was reported. */
  receiptConfirmedAt(db: Queryable, requestId: string): Promise<Date | null>;
  /** Each request's newest hold (status, expiry), for a page of the pipeline: one query. */
  holdFlags(db: Queryable, requestIds: string[]): Promise<Map<string, { status: HoldStatus; expiresAt: Date | null }>>;
  /** Applies the payment provider's word on a hold (plugged into payments by app.ts). */
  holdHandler: HoldHandler;
  /** The periodic job: tells the member and staff, once, of each held hold lapsing within 48 h; how many. */
  warnLapsingHolds(): Promise<number>;
  /** Applies the payment provider's word on a balance invoice (plugged into payments by app.ts). */
  invoiceHandler: InvoiceHandler;
  /** The periodic job: the member's balance reminders, once each (claimed in the database); how many were sent. */
  sendBalanceReminders(): Promise<number>;
}

/** What the QA tools (and only they) may ask of quotes. */
export interface QuotesQaPort {
  /** The provider's id of the request's open balance invoice, if there is one (the QA tools' bank transfer). */
  openBalanceInvoiceOf(db: Queryable, requestId: string): Promise<string | null>;
}
