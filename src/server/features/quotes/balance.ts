/**
 * The balance invoice (issue 30, decision 035): after the hold was captured, staff send the rest of the price
 * (the accepted option's price less what was captured, or another amount with a reason) as a provider invoice
 * with a hosted page and a due date. The provider's word moves it: `applyInvoiceUpdate` is the one place a
 * balance invoice's state moves, for webhooks and for the provider's own answers alike, each change once and
 * never backwards (paid and void are final). 'Paid in full' is derived from the status paid only.
 *
 * No provider call is made inside a transaction: the row is written first (draft, under the request's lock; the
 * partial unique index keeps one draft or open invoice per request), then the provider is asked with the row's
 * idempotency key, then its answer is applied.
 */
import { and, desc, eq, gte, inArray, isNull, lt, lte, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { NoticeReader } from "@/shared/contracts/notifications";
import type { balanceInput, balanceInvoiceSchema } from "@/shared/contracts/quotes";
import { BALANCE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { lisbonDate } from "@/shared/dates";
import { actorById, currentActor, SYSTEM_ACTOR } from "../../audit/actor";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import { balanceInvoices, quoteOptions, quotes } from "../../db/schema";
import type { Effects } from "../../db/write";
import { badRequest, conflict } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import type { InvoiceApplyResult, InvoiceHandler, InvoiceUpdate } from "../../payments";
import { invoiceUpdateOf } from "../../payments/invoices";
import type { QuotedRequest } from "../requests/port";
import { BALANCE_NOTICE_TEXTS as T } from "./balance-texts";
import {
  latestHold,
  noticeToMember,
  providerFailure,
  type QuotesContext,
  quotedRequest,
  quotesChanged,
} from "./common";

export type BalanceRow = typeof balanceInvoices.$inferSelect;
type BalanceStatus = BalanceRow["status"];
type BalanceView = Served<typeof balanceInvoiceSchema>;

/** The smallest invoice the provider takes in euro. */
export const BALANCE_MIN_CENTS = 50;
/** The member's reminders: this many days before the due date, and the day after it. */
export const REMINDER_DAYS_BEFORE = 3;
/** A draft older than this with no provider invoice is a send that never finished: the next send completes it. */
export const DRAFT_STALE_MS = 2 * 60 * 1000;
/** How often the reminder job looks (every instance; each reminder is claimed once in the database). */
export const BALANCE_REMINDERS_EVERY_MS = 15 * 60 * 1000;

export function balanceView(row: BalanceRow, side: "member" | "staff"): BalanceView {
  return {
    id: row.id,
    amountCents: row.amountCents,
    reason: side === "staff" ? row.reason : null,
    dueDate: row.dueDate,
    status: row.status,
    amountPaidCents: row.amountPaidCents,
    refundedCents: row.refundedCents,
    hostedUrl: row.hostedUrl,
    pdfUrl: row.pdfUrl,
    overdue: row.overdue && (row.status === "open" || row.status === "uncollectible"),
    paidInFull: row.status === "paid",
    paidAt: row.paidAt,
    createdAt: row.createdAt,
  };
}

/** The request's newest balance invoice, for its quote (the member sees no draft: it is not sent yet). */
export async function quotesBalance(ctx: QuotesContext, requestId: string, side: "member" | "staff") {
  // Test mode: the provider's clock decides what is overdue, as Stripe's does.
  await ctx.payments.test?.markOverdueInvoices();
  const [row] = await ctx.db
    .select()
    .from(balanceInvoices)
    .where(eq(balanceInvoices.requestId, requestId))
    .orderBy(desc(balanceInvoices.createdAt))
    .limit(1);
  if (!row || (side === "member" && row.status === "draft")) return null;
  return balanceView(row, side);
}

/** The provider's id of the request's open balance invoice (null: none is open). */
export async function openBalanceInvoiceOf(db: Queryable, requestId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: balanceInvoices.providerInvoiceId })
    .from(balanceInvoices)
    .where(and(eq(balanceInvoices.requestId, requestId), eq(balanceInvoices.status, "open")));
  return row?.id ?? null;
}

/** Adds `days` to a calendar day. */
function plusDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The accepted option's price less what the hold captured (the default balance), with what it is for. */
async function balanceBasis(tx: Queryable, requestId: string) {
  const hold = await latestHold(tx, requestId);
  if (hold?.status !== "captured") throw conflict(BALANCE_MESSAGES.notCaptured, "not_captured");
  const [option] = await tx
    .select({ priceCents: quoteOptions.priceCents, title: quoteOptions.title, vatRate: quoteOptions.vatRate })
    .from(quoteOptions)
    .innerJoin(quotes, eq(quotes.id, quoteOptions.quoteId))
    .where(and(eq(quoteOptions.id, hold.optionId), eq(quotes.status, "accepted")));
  if (!option) throw conflict(BALANCE_MESSAGES.notCaptured, "not_captured");
  return { defaultCents: option.priceCents - hold.capturedCents, title: option.title, vatRate: option.vatRate };
}

/**
 * Staff: sends the balance invoice. 409 before the capture, while another is open (or being sent), or once the
 * balance is paid. Twenty calls at once make one row (the request's lock and the partial unique index) and so one
 * provider invoice (its idempotency key is the row's id).
 */
export async function sendBalance(
  ctx: QuotesContext,
  staff: Viewer,
  requestId: string,
  input: z.output<typeof balanceInput>,
): Promise<BalanceView> {
  if (input.dueDate < lisbonDate()) throw badRequest(BALANCE_MESSAGES.duePast, "due_date_past");
  const { row, request, title } = await ctx.write(async (tx) => {
    const request = await quotedRequest(ctx, tx, requestId, { lock: true });
    const { defaultCents, title, vatRate } = await balanceBasis(tx, requestId);
    const existing = await tx
      .select()
      .from(balanceInvoices)
      .where(and(eq(balanceInvoices.requestId, requestId), inArray(balanceInvoices.status, ["draft", "open", "paid"])))
      .for("update");
    if (existing.some((r) => r.status === "paid")) throw conflict(BALANCE_MESSAGES.alreadyPaid, "balance_paid");
    // A send that never finished (its instance died between the row and the provider's answer): this one
    // completes it, with what was first asked and the same idempotency key (the same provider invoice).
    const stale = existing.find(
      (r) => r.status === "draft" && !r.providerInvoiceId && r.updatedAt.getTime() < Date.now() - DRAFT_STALE_MS,
    );
    if (stale) {
      const [claimed] = await tx
        .update(balanceInvoices)
        .set({ updatedAt: new Date() })
        .where(eq(balanceInvoices.id, stale.id))
        .returning();
      return { row: claimed, request, title };
    }
    if (existing.length) throw conflict(BALANCE_MESSAGES.alreadyOpen, "balance_open");
    const amountCents = input.amountCents ?? defaultCents;
    if (amountCents !== defaultCents && !input.reason) {
      throw badRequest(BALANCE_MESSAGES.reasonRequired, "balance_reason_required");
    }
    if (amountCents < BALANCE_MIN_CENTS) throw badRequest(BALANCE_MESSAGES.amountTooLow, "balance_too_low");
    const [created] = await tx
      .insert(balanceInvoices)
      .values({
        requestId,
        userId: request.userId,
        amountCents,
        reason: amountCents !== defaultCents ? input.reason : null,
        // The accepted option's VAT: the invoice's line says what the balance includes (decision 034).
        vatRate,
        dueDate: input.dueDate,
        createdBy: staff.userId,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(BALANCE_MESSAGES.alreadyOpen, "balance_open");
    return { row: created, request, title };
  });

  const startedAt = new Date();
  const invoice = await (async () => {
    const customerId = await ctx.payments.ensureCustomer({
      userId: request.userId,
      email: request.owner.email,
      name: request.owner.name,
    });
    return ctx.payments.provider.createBalanceInvoice({
      customerId,
      requestId,
      invoiceId: row.id,
      amountCents: row.amountCents,
      description: `Balance for ${title}`,
      dueDate: row.dueDate,
      vatRate: row.vatRate,
      idempotencyKey: `maison-balance-${row.id}`,
    });
  })().catch(async (error) => {
    // Nothing was recorded from the provider: the row goes, so staff can send again (decision 035).
    await ctx.write(async (tx) => {
      await tx
        .delete(balanceInvoices)
        .where(
          and(
            eq(balanceInvoices.id, row.id),
            eq(balanceInvoices.status, "draft"),
            isNull(balanceInvoices.providerInvoiceId),
          ),
        );
    });
    throw providerFailure(error);
  });
  await ctx.payments.invoices.apply(invoiceUpdateOf("invoice.sent", invoice, startedAt));
  return current(ctx, row.id);
}

async function current(ctx: QuotesContext, id: string) {
  const [row] = await ctx.db.select().from(balanceInvoices).where(eq(balanceInvoices.id, id));
  return balanceView(row, "staff");
}

/** Staff: voids the open balance invoice on which nothing was paid (409 otherwise). */
export async function voidBalance(ctx: QuotesContext, _staff: Viewer, requestId: string): Promise<BalanceView> {
  const row = await ctx.write(async (tx) => {
    await quotedRequest(ctx, tx, requestId, { lock: true });
    const [open] = await tx
      .select()
      .from(balanceInvoices)
      .where(and(eq(balanceInvoices.requestId, requestId), eq(balanceInvoices.status, "open")))
      .for("update");
    if (!open?.providerInvoiceId || open.amountPaidCents > 0) {
      throw conflict(BALANCE_MESSAGES.nothingToVoid, "nothing_to_void");
    }
    return open;
  });
  const startedAt = new Date();
  const invoice = await ctx.payments.provider
    .voidInvoice(row.providerInvoiceId as string, `maison-balance-void-${row.id}`)
    .catch((error) => {
      throw providerFailure(error);
    });
  await ctx.payments.invoices.apply(invoiceUpdateOf("invoice.voided", invoice, startedAt));
  return current(ctx, row.id);
}

// Applying the provider's word -----------------------------------------------------------------------------

/** A balance invoice's states in order: an update never moves one back; paid and void are final. */
const RANK: Record<BalanceStatus, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };
const STATUSES = new Set<string>(Object.keys(RANK));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The row an update is about: by the provider's invoice id we recorded. An invoice whose id is not recorded yet
 * (its event came before the answer of the call that made it) is linked to the row its metadata names only when
 * that row is still a draft with no provider invoice, for the same request and the same amount: the call making
 * it then finds the same id. Anything else is ignored (decision 035).
 */
async function findRow(tx: Queryable, update: InvoiceUpdate): Promise<{ row: BalanceRow; link: boolean } | null> {
  const [byId] = await tx
    .select()
    .from(balanceInvoices)
    .where(eq(balanceInvoices.providerInvoiceId, update.providerInvoiceId));
  if (byId) return { row: byId, link: false };
  const named = update.balanceInvoiceId && UUID.test(update.balanceInvoiceId) ? update.balanceInvoiceId : null;
  if (!named) return null;
  const [row] = await tx.select().from(balanceInvoices).where(eq(balanceInvoices.id, named));
  const agrees =
    row &&
    !row.providerInvoiceId &&
    row.status === "draft" &&
    row.requestId === update.requestId &&
    row.amountCents === update.amountDue;
  return agrees ? { row, link: true } : null;
}

export function invoiceHandler(ctx: QuotesContext): InvoiceHandler {
  return { apply: (tx, out, update) => applyInvoiceUpdate(ctx, tx, out, update) };
}

async function applyInvoiceUpdate(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  update: InvoiceUpdate,
): Promise<InvoiceApplyResult> {
  const found = await findRow(tx, update);
  if (!found) return { changed: false, ignored: "unknown balance invoice" };
  // The request first, then the invoice: the order every writer of a quote locks in.
  const request = await ctx.domains.requests.forQuotes(tx, found.row.requestId, { lock: true });
  if (!request) return { changed: false, ignored: "request gone" };
  const [row] = await tx.select().from(balanceInvoices).where(eq(balanceInvoices.id, found.row.id)).for("update");
  if (found.link && row.providerInvoiceId && row.providerInvoiceId !== update.providerInvoiceId) {
    return { changed: false, ignored: "another provider invoice" };
  }
  const from = row.status;
  if (from === "paid" || from === "void")
    return { changed: false, ignored: `invoice already ${from}`, userId: row.userId };

  const now = new Date();
  const set: Partial<typeof balanceInvoices.$inferInsert> = {};
  if (!row.providerInvoiceId) set.providerInvoiceId = update.providerInvoiceId;
  if (update.hostedUrl && update.hostedUrl !== row.hostedUrl) set.hostedUrl = update.hostedUrl;
  if (update.pdfUrl && update.pdfUrl !== row.pdfUrl) set.pdfUrl = update.pdfUrl;
  const said = update.status && STATUSES.has(update.status) ? (update.status as BalanceStatus) : null;
  const to = said && RANK[said] > RANK[from] ? said : null;
  if (to) set.status = to;
  // What was paid only grows (a partial payment, then the rest), whatever order the events come in.
  const paid = Math.max(row.amountPaidCents, update.amountPaid ?? 0, to === "paid" ? (update.amountDue ?? 0) : 0);
  if (paid !== row.amountPaidCents) set.amountPaidCents = paid;
  const becomesOverdue = update.kind === "overdue" && !row.overdue && to !== "paid" && to !== "void";
  if (becomesOverdue) set.overdue = true;
  const failed = update.kind === "failed" && (to ?? from) === "open";
  if (!Object.keys(set).length && !failed)
    return { changed: false, ignored: `invoice already ${from}`, userId: row.userId };

  const invoice = { ...row, ...set } as BalanceRow;
  const activity = (action: string, details: Record<string, unknown>, actorUserId: string | null = null) =>
    ctx.domains.requests.logActivity(tx, out, { requestId: request.id, actorUserId, action, details });

  if (to === "open" && from === "draft") {
    await out.audit({
      actor: await actorById(tx, row.createdBy),
      action: "balance.send",
      target: { kind: "balance_invoice", id: row.id },
      before: { status: from },
      after: {
        status: to,
        requestId: request.id,
        amountCents: row.amountCents,
        dueDate: row.dueDate,
        ...(row.reason ? { reason: row.reason } : {}),
      },
    });
    await activity(
      "balance_invoice_sent",
      {
        invoiceId: row.id,
        amountCents: row.amountCents,
        dueDate: row.dueDate,
        ...(row.reason ? { reason: row.reason } : {}),
      },
      row.createdBy,
    );
    await toMember(out, request, invoice, "balance_invoice_sent", ({ t, locale }, facts) => ({
      title: t(T.sentTitle, facts),
      subject: t(T.sentSubject, facts),
      heading: t(T.sentHeading),
      paragraphs: [t(T.sentText, facts), t(T.sentHow)],
      actionLabel: t(T.payNow),
      locale,
    }));
  }
  if (paid > row.amountPaidCents && to !== "paid") {
    await activity("balance_payment_received", { invoiceId: row.id, amountCents: paid - row.amountPaidCents });
  }
  if (paid > row.amountPaidCents) {
    await out.audit({
      actor: await actorById(tx, row.userId),
      action: "balance.pay",
      target: { kind: "balance_invoice", id: row.id },
      before: { status: from, amountPaidCents: row.amountPaidCents },
      after: { status: to ?? from, amountPaidCents: paid, requestId: request.id },
    });
  }
  if (to === "paid") {
    set.paidAt = now;
    await activity("balance_paid", { invoiceId: row.id, amountCents: paid });
    await toMember(out, request, invoice, "balance_paid", ({ t, euro, locale }, facts) => ({
      title: t(T.paidTitle, facts),
      subject: t(T.paidSubject, facts),
      heading: t(T.paidHeading),
      paragraphs: [t(T.paidText, { ...facts, amount: euro(paid / 100) })],
      locale,
    }));
    await toStaff(out, request, invoice, "balance_paid", ({ t, euro }, facts) => {
      const all = { ...facts, amount: euro(paid / 100) };
      return { title: t(T.staffPaidTitle, all), heading: t(T.paidHeading), paragraphs: [t(T.staffPaidText, all)] };
    });
  }
  if (to === "void") {
    await out.audit({
      actor: currentActor() ?? SYSTEM_ACTOR,
      action: "balance.void",
      target: { kind: "balance_invoice", id: row.id },
      before: { status: from },
      after: { status: to, requestId: request.id },
    });
    await activity("balance_invoice_voided", { invoiceId: row.id, amountCents: row.amountCents });
  }
  if (failed) {
    await toMember(out, request, invoice, "balance_payment_failed", ({ t, locale }, facts) => ({
      title: t(T.failedTitle),
      subject: t(T.failedSubject, facts),
      heading: t(T.failedHeading),
      paragraphs: [t(T.failedText, facts)],
      actionLabel: t(T.payNow),
      locale,
    }));
  }
  if (becomesOverdue) {
    await activity("balance_overdue", { invoiceId: row.id, amountCents: row.amountCents - paid });
    await toMember(out, request, invoice, "balance_overdue", ({ t, locale }, facts) => ({
      title: t(T.overdueTitle, facts),
      subject: t(T.overdueSubject, facts),
      heading: t(T.overdueHeading),
      paragraphs: [t(T.overdueText, facts)],
      actionLabel: t(T.payNow),
      locale,
    }));
    await toStaff(out, request, invoice, "balance_overdue", ({ t }, facts) => ({
      title: t(T.staffOverdueTitle, facts),
      heading: t(T.overdueHeading),
      paragraphs: [t(T.staffOverdueText, facts)],
    }));
  }

  const stamp = row.providerUpdatedAt && row.providerUpdatedAt > update.stamp ? row.providerUpdatedAt : update.stamp;
  await tx
    .update(balanceInvoices)
    .set({ ...set, providerUpdatedAt: stamp, updatedAt: now })
    .where(eq(balanceInvoices.id, row.id));
  out.publish(quotesChanged(request));
  return { changed: true, userId: request.userId };
}

/** The facts every balance text may say, in the reader's language: what remains due, by when, for what. */
function factsOf({ euro, date }: NoticeReader, request: QuotedRequest, invoice: BalanceRow) {
  return {
    title: request.title,
    name: request.owner.name,
    amount: euro(Math.max(invoice.amountCents - invoice.amountPaidCents, 0) / 100),
    date: date(invoice.dueDate, "long"),
  };
}

type Reason =
  | "balance_invoice_sent"
  | "balance_paid"
  | "balance_payment_failed"
  | "balance_overdue"
  | "balance_reminder";

/** The notices' type (each email says its own reason in the outbox: sent, paid, failed, overdue, reminder). */
export const BALANCE_NOTICE_TYPE = "balance_invoice" as const;

/** A notice to the member about their balance, in their language, leading to their request (and its Pay now). */
function toMember(
  out: Effects,
  request: QuotedRequest,
  invoice: BalanceRow,
  reason: Reason,
  texts: (
    reader: NoticeReader,
    facts: ReturnType<typeof factsOf>,
  ) => { title: string; subject: string; heading: string; paragraphs: string[]; actionLabel?: string; locale: string },
) {
  return out.notify({
    type: BALANCE_NOTICE_TYPE,
    ...noticeToMember(request),
    texts: (reader) => {
      const { t } = reader;
      const made = texts(reader, factsOf(reader, request, invoice));
      return {
        title: made.title,
        body: request.title,
        email: {
          reason,
          subject: made.subject,
          heading: made.heading,
          paragraphs: [t(MAIL_TEXTS.dear, { name: request.owner.name }), ...made.paragraphs],
          actionLabel: made.actionLabel ?? t(MAIL_TEXTS.openYourRequest),
        },
      };
    },
  });
}

function toStaff(
  out: Effects,
  request: QuotedRequest,
  invoice: BalanceRow,
  reason: "balance_paid" | "balance_overdue",
  texts: (
    reader: NoticeReader,
    facts: ReturnType<typeof factsOf>,
  ) => { title: string; heading: string; paragraphs: string[] },
) {
  return out.notify(
    teamNotice({
      type: BALANCE_NOTICE_TYPE,
      reason,
      requestId: request.id,
      texts: (reader) => ({ ...texts(reader, factsOf(reader, request, invoice)), body: request.title }),
    }),
  );
}

// Reminders -------------------------------------------------------------------------------------------------

/**
 * The periodic job: the member is reminded once a few days before the due date and once the day after it, of
 * each open balance invoice. Each reminder is claimed by `UPDATE … WHERE reminded_… IS NULL RETURNING` with its
 * notice in the same transaction, so several instances running it at once send each reminder once. In test mode
 * the provider's clock is "today" (and overdue invoices are reported first, as Stripe's clock would).
 */
export async function sendBalanceReminders(ctx: QuotesContext): Promise<number> {
  const test = ctx.payments.test;
  if (test) await test.markOverdueInvoices();
  const now = test ? await test.now() : new Date();
  const today = lisbonDate(now);
  return ctx.write(async (tx, out) => {
    /** Claims the reminder `column` (still unsent) of the open invoices that also meet `when`. */
    const claim = (column: "remindedBeforeAt" | "remindedAfterAt", ...when: SQL[]) =>
      tx
        .update(balanceInvoices)
        .set({ [column]: now })
        .where(and(eq(balanceInvoices.status, "open"), isNull(balanceInvoices[column]), ...when))
        .returning();
    const before = await claim(
      "remindedBeforeAt",
      // Not for an invoice sent within the last day (it was just sent, with its due date).
      lt(balanceInvoices.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      gte(balanceInvoices.dueDate, today),
      lte(balanceInvoices.dueDate, plusDays(today, REMINDER_DAYS_BEFORE)),
    );
    const after = await claim("remindedAfterAt", lt(balanceInvoices.dueDate, today));
    const reminders = [...before.map((row) => ({ row, late: false })), ...after.map((row) => ({ row, late: true }))];
    for (const { row, late } of reminders) {
      const request = await ctx.domains.requests.forQuotes(tx, row.requestId);
      if (!request) continue;
      await ctx.domains.requests.logActivity(tx, out, {
        requestId: row.requestId,
        actorUserId: null,
        action: "balance_reminder",
        details: { invoiceId: row.id, late },
      });
      await toMember(out, request, row, "balance_reminder", ({ t, locale }, facts) => ({
        title: t(late ? T.reminderLateTitle : T.reminderTitle, facts),
        subject: t(late ? T.reminderLateSubject : T.reminderSubject, facts),
        heading: t(T.reminderHeading),
        paragraphs: [t(late ? T.overdueText : T.sentText, facts), t(T.sentHow)],
        actionLabel: t(T.payNow),
        locale,
      }));
    }
    return reminders.length;
  });
}
