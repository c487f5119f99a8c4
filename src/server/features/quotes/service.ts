/**
 * Quotes (issue 21): staff write a draft of one to three options, send it (Sourcing → Quoted, an earlier quote
 * superseded), and the member accepts one option (which opens the card hold, holds.ts) or declines the quote.
 * Drafts and their photos are the team's only. Every change writes activity and notices with the unit of work.
 */

import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import { ERRORS } from "@/shared/contracts/common-texts";
import type { NoticeReader } from "@/shared/contracts/notifications";
import type { quoteInput, requestQuotesSchema } from "@/shared/contracts/quotes";
import { QUOTE_ERRORS, QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { lisbonDate } from "@/shared/dates";
import { DISPUTE_WINDOW_DAYS, holdAmountCents, isQuoteExpired } from "@/shared/quotes";
import { vatOf } from "@/shared/tax";
import { actorOf } from "../../audit/actor";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import { deliveries, holds, quoteFiles, quoteOptions, quotes } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import type { QuotedRequest } from "../requests/port";
import { quotesBalance } from "./balance";
import {
  draftChanged,
  noticeToMember,
  optionFields,
  optionsOfQuotes,
  ownRequest,
  type QuotesContext,
  quotedRequest,
  quotesChanged,
} from "./common";
import { abandonPendingHold, holdView, openHold } from "./holds";
import { canAuthoriseAgain } from "./lapse";
import { refundsOf } from "./refunds";
import { QUOTE_SENT_TEXTS as Q } from "./texts";

type QuoteInput = z.output<typeof quoteInput>;
type RequestQuotes = Served<typeof requestQuotesSchema>;

/** The refusals a quote's dates get, on Lisbon's calendar. */
function checkDates(input: QuoteInput, now = new Date()) {
  const today = lisbonDate(now);
  if (input.validUntil < today) throw badRequest(QUOTE_MESSAGES.validUntilPast, "valid_until_past");
  for (const option of input.options) {
    if (option.estimatedDelivery && option.estimatedDelivery < today) {
      throw badRequest(QUOTE_MESSAGES.deliveryDatePast, "delivery_date_past");
    }
  }
}

/** Every photo must be a file of this request's quote. */
async function checkPhotos(q: Queryable, requestId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await q
    .select({ id: quoteFiles.id })
    .from(quoteFiles)
    .where(and(eq(quoteFiles.requestId, requestId), inArray(quoteFiles.id, unique)));
  if (found.length !== unique.length) throw badRequest(QUOTE_ERRORS.photoNotFound, "photo_not_found");
}

async function writeOptions(tx: Queryable, quoteId: string, input: QuoteInput) {
  await tx.insert(quoteOptions).values(
    input.options.map((o, i) => ({
      quoteId,
      position: i + 1,
      title: o.title,
      description: o.description,
      priceCents: o.priceCents,
      supplierTerms: o.supplierTerms,
      estimatedDelivery: o.estimatedDelivery,
      photoIds: [...new Set(o.photoIds)],
      vatRate: o.vatRate,
    })),
  );
}

/** Staff: a draft quote on a request that is still being sourced or quoted. */
export async function createQuote(ctx: QuotesContext, staff: Viewer, requestId: string, input: QuoteInput) {
  checkDates(input);
  return ctx.write(async (tx, out) => {
    const request = await quotedRequest(ctx, tx, requestId, { lock: true });
    if (!["New", "Sourcing", "Quoted"].includes(request.status)) {
      throw conflict(QUOTE_MESSAGES.cannotQuoteNow, "cannot_quote");
    }
    await checkPhotos(
      tx,
      requestId,
      input.options.flatMap((o) => o.photoIds),
    );
    const [quote] = await tx
      .insert(quotes)
      .values({ requestId, validUntil: input.validUntil, message: input.message, createdBy: staff.userId })
      .returning({ id: quotes.id });
    await writeOptions(tx, quote.id, input);
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "quote_drafted",
      details: { quoteId: quote.id, options: input.options.length },
    });
    out.publish(draftChanged(requestId));
    return { id: quote.id };
  });
}

/** A quote of the request, locked; 404 when it is not this request's. */
async function quoteOf(tx: Queryable, requestId: string, quoteId: string) {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.requestId, requestId)))
    .for("update");
  if (!quote) throw notFound(QUOTE_MESSAGES.quoteNotFound);
  return quote;
}

/** Staff: a draft's options and texts, replaced. */
export async function updateQuote(
  ctx: QuotesContext,
  staff: Viewer,
  requestId: string,
  quoteId: string,
  input: QuoteInput,
) {
  checkDates(input);
  await ctx.write(async (tx, out) => {
    await quotedRequest(ctx, tx, requestId, { lock: true });
    const quote = await quoteOf(tx, requestId, quoteId);
    if (quote.status !== "draft") throw conflict(QUOTE_MESSAGES.quoteNotDraft, "not_draft");
    await checkPhotos(
      tx,
      requestId,
      input.options.flatMap((o) => o.photoIds),
    );
    await tx
      .update(quotes)
      .set({ validUntil: input.validUntil, message: input.message, updatedAt: new Date() })
      .where(eq(quotes.id, quoteId));
    await tx.delete(quoteOptions).where(eq(quoteOptions.quoteId, quoteId));
    await writeOptions(tx, quoteId, input);
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "quote_updated",
      details: { quoteId, options: input.options.length },
    });
    out.publish(draftChanged(requestId));
  });
  return { ok: true as const };
}

/** Staff: a draft thrown away. */
export async function deleteQuote(ctx: QuotesContext, staff: Viewer, requestId: string, quoteId: string) {
  await ctx.write(async (tx, out) => {
    await quotedRequest(ctx, tx, requestId, { lock: true });
    const quote = await quoteOf(tx, requestId, quoteId);
    if (quote.status !== "draft") throw conflict(QUOTE_MESSAGES.quoteNotDraft, "not_draft");
    await tx.delete(quotes).where(eq(quotes.id, quoteId));
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "quote_deleted",
      details: { quoteId },
    });
    out.publish(draftChanged(requestId));
  });
  return { ok: true as const };
}

type OptionRow = typeof quoteOptions.$inferSelect;

/** What the price includes: "incl. VAT 23 % (€4,672.36)", or the margin scheme's words (decision 034). */
function vatLine({ t, euro }: Pick<NoticeReader, "t" | "euro">, o: OptionRow) {
  const vat = vatOf(o.priceCents, o.vatRate);
  return vat === null ? t(Q.marginScheme) : t(Q.vatIncluded, { percent: Number(o.vatRate), amount: euro(vat / 100) });
}

/** The email of a sent quote: each option on its own lines. */
function quoteEmailParagraphs(
  { t, euro, date }: NoticeReader,
  request: QuotedRequest,
  options: OptionRow[],
  validUntil: string,
  message: string,
) {
  return [
    t(MAIL_TEXTS.dear, { name: request.owner.name }),
    t(Q.found, { count: options.length, title: request.title }),
    ...(message ? [message] : []),
    ...options.map((o) =>
      [
        t(Q.option, { position: o.position, title: o.title, price: euro(o.priceCents / 100) }),
        vatLine({ t, euro }, o),
        o.estimatedDelivery ? t(Q.delivery, { date: date(o.estimatedDelivery, "long") }) : null,
        t(Q.hold, { amount: euro(holdAmountCents(o.priceCents) / 100) }),
      ]
        .filter(Boolean)
        .join(" · "),
    ),
    t(Q.validUntil, { date: date(validUntil, "long") }),
  ];
}

/**
 * Staff: sends a draft. Sourcing → Quoted; on a Quoted request the earlier quote becomes superseded (a card page
 * the member had opened for it is closed first, at the provider, outside the transaction).
 */
export async function sendQuote(ctx: QuotesContext, staff: Viewer, requestId: string, quoteId: string) {
  const [draft] = await ctx.db
    .select({ status: quotes.status })
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.requestId, requestId)));
  if (draft?.status === "draft") {
    // A card page the member opened on the current quote (no card authorised yet) closes before it is replaced.
    await abandonPendingHold(ctx, requestId, null);
  }
  await ctx.write(async (tx, out) => {
    const request = await quotedRequest(ctx, tx, requestId, { lock: true });
    const quote = await quoteOf(tx, requestId, quoteId);
    if (quote.status !== "draft") throw conflict(QUOTE_MESSAGES.quoteNotDraft, "not_draft");
    if (request.status !== "Sourcing" && request.status !== "Quoted") {
      throw conflict(QUOTE_MESSAGES.cannotQuoteNow, "cannot_quote");
    }
    if (isQuoteExpired(quote.validUntil) || quote.validUntil < lisbonDate()) {
      throw badRequest(QUOTE_MESSAGES.validUntilPast, "valid_until_past");
    }
    const [live] = await tx
      .select({ status: holds.status })
      .from(holds)
      .where(and(eq(holds.requestId, requestId), inArray(holds.status, ["pending", "requires_action", "held"])));
    if (live) throw conflict(QUOTE_MESSAGES.alreadyAccepted, "hold_open");
    const superseded = await tx
      .update(quotes)
      .set({ status: "superseded", updatedAt: new Date() })
      .where(and(eq(quotes.requestId, requestId), eq(quotes.status, "sent")))
      .returning({ id: quotes.id });
    const now = new Date();
    await tx.update(quotes).set({ status: "sent", sentAt: now, updatedAt: now }).where(eq(quotes.id, quoteId));
    const options = await tx
      .select()
      .from(quoteOptions)
      .where(eq(quoteOptions.quoteId, quoteId))
      .orderBy(asc(quoteOptions.position));
    await out.audit({
      actor: actorOf(staff),
      action: "quote.send",
      target: { kind: "quote", id: quoteId },
      before: { status: quote.status },
      after: {
        status: "sent",
        requestId,
        options: options.map((o) => ({ title: o.title, priceCents: o.priceCents })),
        ...(superseded.length ? { supersedes: superseded[0].id } : {}),
      },
    });
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "quote_sent",
      details: { quoteId, options: options.length, ...(superseded.length ? { supersedes: superseded[0].id } : {}) },
    });
    await ctx.domains.requests.moveStatus(tx, out, {
      request,
      from: ["Sourcing"],
      to: "Quoted",
      actorUserId: staff.userId,
      // The quote's own email says it: one email per event.
      mail: false,
    });
    // Its message is the team's word in the conversation too, and counts as a reply (decision 020).
    if (quote.message.trim()) {
      await ctx.domains.requests.postTeamMessage(tx, out, {
        requestId,
        memberId: request.userId,
        senderUserId: staff.userId,
        body: quote.message,
      });
    }
    const revised = superseded.length > 0;
    await out.notify({
      type: "quote_sent",
      ...noticeToMember(request),
      texts: (reader) => {
        const { t, date } = reader;
        return {
          title: t(revised ? Q.revisedTitle : Q.title, { title: request.title }),
          body: t(Q.body, { count: options.length, date: date(quote.validUntil, "long") }),
          email: {
            reason: "quote_sent",
            subject: t(revised ? Q.revisedSubject : Q.subject, { title: request.title }),
            heading: t(revised ? Q.revisedHeading : Q.heading),
            paragraphs: quoteEmailParagraphs(reader, request, options, quote.validUntil, quote.message),
            actionLabel: t(Q.action),
          },
        };
      },
    });
    out.publish(quotesChanged(request));
  });
  return { ok: true as const };
}

/** A sent quote the member may still answer, with the option they chose (refusals in QUOTE_MESSAGES). */
async function answerableQuote(q: Queryable, requestId: string, quoteId: string, now = new Date()) {
  const [quote] = await q
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, quoteId), eq(quotes.requestId, requestId), ne(quotes.status, "draft")));
  if (!quote) throw notFound(QUOTE_MESSAGES.quoteNotFound);
  if (quote.status === "accepted") throw conflict(QUOTE_MESSAGES.alreadyAccepted, "already_accepted");
  if (quote.status !== "sent") throw conflict(QUOTE_MESSAGES.quoteNotCurrent, "not_current");
  if (isQuoteExpired(quote.validUntil, now)) throw conflict(QUOTE_MESSAGES.quoteExpired, "quote_expired");
  return quote;
}

/**
 * The member accepts an option: its hold is opened on the provider's card page (holds.ts). The quote becomes
 * accepted, and the request Found, only when the bank has authorised the hold (the webhook). The same option
 * again (a double click, a retry) answers the same page.
 */
export async function acceptQuote(
  ctx: QuotesContext,
  viewer: Viewer,
  requestId: string,
  quoteId: string,
  optionId: string,
) {
  const request = await ownRequest(ctx, ctx.db, viewer, requestId);
  const quote = await answerableQuote(ctx.db, requestId, quoteId);
  if (request.status !== "Quoted") throw conflict(QUOTE_MESSAGES.quoteNotCurrent, "not_current");
  const [option] = await ctx.db
    .select()
    .from(quoteOptions)
    .where(and(eq(quoteOptions.id, optionId), eq(quoteOptions.quoteId, quote.id)));
  if (!option) throw notFound(QUOTE_MESSAGES.optionNotFound);
  return openHold(ctx, viewer, request, { quoteId: quote.id, option });
}

/** The member declines the current quote (a reason is optional); staff hear, and may send a revised one. */
export async function declineQuote(
  ctx: QuotesContext,
  viewer: Viewer,
  requestId: string,
  quoteId: string,
  reason: string,
) {
  await ownRequest(ctx, ctx.db, viewer, requestId);
  await answerableQuote(ctx.db, requestId, quoteId);
  // A card page opened for this quote (no card authorised) closes with it.
  await abandonPendingHold(ctx, requestId, quoteId);
  await ctx.write(async (tx, out) => {
    const request = await ownRequest(ctx, tx, viewer, requestId, { lock: true });
    await answerableQuote(tx, requestId, quoteId);
    const [live] = await tx
      .select({ status: holds.status })
      .from(holds)
      .where(and(eq(holds.requestId, requestId), inArray(holds.status, ["pending", "requires_action", "held"])));
    if (live?.status === "pending") {
      // A card page opened in another tab since the one above was closed: that choice is the later one.
      throw conflict(QUOTE_MESSAGES.offerChanged, "offer_changed");
    }
    if (live) throw conflict(QUOTE_MESSAGES.alreadyAccepted, "hold_open");
    const now = new Date();
    await tx
      .update(quotes)
      .set({ status: "declined", declineReason: reason || null, answeredAt: now, updatedAt: now })
      .where(eq(quotes.id, quoteId));
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: viewer.userId,
      action: "quote_declined",
      details: { quoteId, ...(reason ? { reason } : {}) },
    });
    await out.notify(
      teamNotice({
        type: "quote_declined",
        requestId,
        texts: ({ t }) => {
          const facts = { name: request.owner.name, title: request.title };
          return {
            title: t(Q.declinedTitle, facts),
            body: reason ? `${request.owner.name}: ${reason}` : t(Q.declinedBody, facts),
            heading: t(Q.declinedHeading),
            paragraphs: [t(Q.declinedText, facts)],
            quote: reason || undefined,
          };
        },
      }),
    );
    out.publish(quotesChanged(request));
  });
  return { ok: true as const };
}

/**
 * A request's quote: its quotes (newest first; drafts for staff only), its newest hold and its delivery. In test
 * mode the provider's clock is consulted first, so a lapsed hold shows as expired.
 */
export async function requestQuotesOf(
  ctx: QuotesContext,
  viewer: Viewer,
  requestId: string,
  side: "member" | "staff",
): Promise<RequestQuotes> {
  // The member's side: its member and staff (`request:read`); the staff's side: any request there is.
  const found = await ctx.domains.requests.forQuotes(ctx.db, requestId);
  const request = side === "member" ? authorize("request:read", viewer, found) : found;
  if (!request) throw notFound(ERRORS.requestNotFound);
  await ctx.payments.test?.expireDueHolds();
  const staffView = side === "staff";
  const quoteRows = await ctx.db
    .select()
    .from(quotes)
    .where(and(eq(quotes.requestId, requestId), staffView ? undefined : ne(quotes.status, "draft")))
    .orderBy(desc(quotes.createdAt));
  const [optionRows, [hold], [delivery], refundList] = await Promise.all([
    optionsOfQuotes(
      ctx.db,
      quoteRows.map((q) => q.id),
    ),
    ctx.db.select().from(holds).where(eq(holds.requestId, requestId)).orderBy(desc(holds.createdAt)).limit(1),
    ctx.db.select().from(deliveries).where(eq(deliveries.requestId, requestId)),
    refundsOf(ctx.db, requestId),
  ]);
  const fileIds = [...optionRows.flatMap((o) => o.photoIds), ...(delivery?.photoIds ?? [])];
  const files = fileIds.length
    ? await ctx.db
        .select({ id: quoteFiles.id, name: quoteFiles.name, type: quoteFiles.type, size: quoteFiles.size })
        .from(quoteFiles)
        .where(and(eq(quoteFiles.requestId, requestId), inArray(quoteFiles.id, [...new Set(fileIds)])))
    : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  const photos = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const now = new Date();
  return {
    requestStatus: request.status,
    quotes: quoteRows.map((q) => ({
      id: q.id,
      status: q.status,
      expired: q.status === "sent" && isQuoteExpired(q.validUntil, now),
      validUntil: q.validUntil,
      message: q.message,
      options: optionRows
        .filter((o) => o.quoteId === q.id)
        .map((o) => ({
          ...optionFields(o),
          holdCents: holdAmountCents(o.priceCents),
          photos: photos(o.photoIds),
          vatCents: vatOf(o.priceCents, o.vatRate),
        })),
      acceptedOptionId: q.acceptedOptionId,
      declineReason: q.declineReason,
      createdAt: q.createdAt,
      sentAt: q.sentAt,
      answeredAt: q.answeredAt,
    })),
    hold: hold ? holdView(hold) : null,
    canAuthoriseAgain: await canAuthoriseAgain(ctx.db, request, hold ?? null, Boolean(delivery)),
    delivery: delivery
      ? {
          status: delivery.status,
          note: delivery.note,
          photos: photos(delivery.photoIds),
          deliveredAt: delivery.deliveredAt,
          answeredAt: delivery.answeredAt,
          problem: delivery.problem,
          disputeUntil: new Date(delivery.deliveredAt.getTime() + DISPUTE_WINDOW_DAYS * 24 * 60 * 60 * 1000),
        }
      : null,
    refunds: refundList,
    balance: await quotesBalance(ctx, requestId, side),
    budgetCents: Math.round(request.budgetEur * 100),
  };
}

/** Options of the request's sent quotes (never a draft's), by id, as a message names them (issue 34 item 2). */
export async function optionsAskedAbout(db: Queryable, requestId: string, optionIds: string[]) {
  const rows = optionIds.length
    ? await db
        .select({ optionId: quoteOptions.id, number: quoteOptions.position, title: quoteOptions.title })
        .from(quoteOptions)
        .innerJoin(quotes, eq(quotes.id, quoteOptions.quoteId))
        .where(
          and(
            eq(quotes.requestId, requestId),
            ne(quotes.status, "draft"),
            inArray(quoteOptions.id, [...new Set(optionIds)]),
          ),
        )
    : [];
  return new Map(rows.map((row) => [row.optionId, row]));
}

export async function checkAskedAbout(db: Queryable, requestId: string, optionId: string) {
  if (!(await optionsAskedAbout(db, requestId, [optionId])).has(optionId))
    throw notFound(QUOTE_MESSAGES.optionNotFound);
}
