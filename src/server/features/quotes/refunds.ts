/**
 * Refunds (issue 30, decision 033): staff give back part or all of a captured payment, with a reason. The amount
 * is claimed first, in a transaction that locks the request and the hold (a pending refund row counts against
 * what is left, so concurrent refunds never add up to more than was captured); then the provider is asked,
 * outside any transaction, with the key `maison-refund-<refund id>`; then its answer is applied as its webhook
 * would be. The provider's `refund.*` events move a refund row (once, never backwards), and `charge.refunded`
 * sets the hold's refunded total (the charge's cumulative amount_refunded; `refunded` only when all of it is).
 *
 * A refund has one source: the captured hold, or the paid balance invoice (`refunds.invoiceId`, its refund going
 * back through the invoice's largest payment, asked of the provider); the claim, the provider call and the
 * webhooks below take the source's PaymentIntent and refunded total. A paid invoice's refund is found by its
 * provider id or, the first time, by the refundId and balanceInvoiceId we set; `charge.refunded` of an invoice's
 * charge moves nothing (no hold recorded that PaymentIntent): its `refund.*` events are the truth.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { NoticeReader } from "@/shared/contracts/notifications";
import { REFUND_TEXTS } from "@/shared/contracts/quotes-texts";
import type { refundInput, refundSchema } from "@/shared/contracts/refunds";
import { actorOf } from "../../audit/actor";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import { balanceInvoices, holds, refunds } from "../../db/schema";
import type { Effects } from "../../db/write";
import { badRequest, conflict, HttpError } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import type { HoldApplyResult, HoldHandler, HoldUpdate } from "../../payments";
import { type RefundUpdate, refundUpdate } from "../../payments/refunds";
import type { QuotedRequest } from "../requests/port";
import { noticeToMember, providerFailure, type QuotesContext, quotedRequest, quotesChanged } from "./common";
import { chargeRefunded } from "./hold-state";
import { REFUND_NOTICE_TEXTS as T } from "./texts";

type RefundRow = typeof refunds.$inferSelect;
type RefundView = Served<typeof refundSchema>;
type HoldRow = typeof holds.$inferSelect;
type InvoiceRow = typeof balanceInvoices.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function refundView(row: RefundRow): RefundView {
  return {
    id: row.id,
    source: row.invoiceId ? "invoice" : "hold",
    amountCents: row.amountCents,
    reason: row.reason,
    status: row.status,
    failure: row.failure,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A request's refunds, oldest first (the quote's list). */
export async function refundsOf(q: Queryable, requestId: string): Promise<RefundView[]> {
  const rows = await q
    .select()
    .from(refunds)
    .where(eq(refunds.requestId, requestId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map(refundView);
}

/** What a source has given back or is giving back: succeeded and pending refunds (failed ones release theirs). */
async function refundTotals(q: Queryable, source: { holdId: string } | { invoiceId: string }) {
  const [row] = await q
    .select({
      pending: sql<string>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} = 'pending'), 0)`,
      succeeded: sql<string>`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} = 'succeeded'), 0)`,
    })
    .from(refunds)
    .where("holdId" in source ? eq(refunds.holdId, source.holdId) : eq(refunds.invoiceId, source.invoiceId));
  return { pending: Number(row?.pending ?? 0), succeeded: Number(row?.succeeded ?? 0) };
}

/**
 * What is left to refund of a captured hold: captured − refunded − pending. Refunded is the larger of the
 * provider's total (which includes refunds made in its dashboard) and our succeeded rows, so a refund is never
 * counted short, only (for a moment, between its two events) twice.
 */
async function refundable(q: Queryable, hold: HoldRow) {
  const totals = await refundTotals(q, { holdId: hold.id });
  return hold.capturedCents - Math.max(hold.refundedCents, totals.succeeded) - totals.pending;
}

/** What is left to refund of a paid balance invoice: paid − refunded − pending, counted as for a hold. */
async function invoiceRefundable(q: Queryable, invoice: InvoiceRow) {
  const totals = await refundTotals(q, { invoiceId: invoice.id });
  return invoice.amountPaidCents - Math.max(invoice.refundedCents, totals.succeeded) - totals.pending;
}

/** The request's paid balance invoice, locked (there is at most one: nothing is sent once one is paid). */
async function paidInvoice(q: Queryable, requestId: string) {
  const [row] = await q
    .select()
    .from(balanceInvoices)
    .where(and(eq(balanceInvoices.requestId, requestId), eq(balanceInvoices.status, "paid")))
    .orderBy(desc(balanceInvoices.createdAt))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** The request's captured hold, locked (the newest hold that took money). */
async function capturedHold(q: Queryable, requestId: string) {
  const [row] = await q
    .select()
    .from(holds)
    .where(and(eq(holds.requestId, requestId), inArray(holds.status, ["captured", "refunded"])))
    .orderBy(desc(holds.createdAt))
    .limit(1)
    .for("update");
  return row ?? null;
}

/** A provider refusal that is final (a bad request, a card refusal): the refund failed, its amount is free again. */
function isFinalRefusal(error: unknown): boolean {
  if (error instanceof HttpError) return error.statusCode < 500;
  const type = (error as { type?: unknown }).type;
  return type === "StripeInvalidRequestError" || type === "StripeCardError";
}

/**
 * Staff: refunds `amountCents` of the captured payment (source hold) or of the paid balance invoice (source
 * invoice), with a reason. The same idempotency key answers the same refund (a double click, a retry after a
 * timeout) and never asks the provider for a second one.
 */
export async function refundPayment(
  ctx: QuotesContext,
  staff: Viewer,
  requestId: string,
  input: z.output<typeof refundInput>,
): Promise<RefundView> {
  const claimed = await ctx.write(async (tx, out) => {
    // The request first, then the hold or the invoice: the order every writer of a quote locks in.
    const request = await quotedRequest(ctx, tx, requestId, { lock: true });
    const [known] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.idempotencyKey));
    if (known) {
      if (
        known.requestId !== requestId ||
        known.amountCents !== input.amountCents ||
        (known.invoiceId ? "invoice" : "hold") !== input.source
      ) {
        throw conflict(REFUND_TEXTS.keyReused, "key_reused");
      }
      const [hold] = known.holdId ? await tx.select().from(holds).where(eq(holds.id, known.holdId)) : [];
      const [invoice] = known.invoiceId
        ? await tx.select().from(balanceInvoices).where(eq(balanceInvoices.id, known.invoiceId))
        : [];
      return { refund: known, hold: hold ?? null, invoice: invoice ?? null };
    }
    let hold: HoldRow | null = null;
    let invoice: InvoiceRow | null = null;
    if (input.source === "invoice") {
      invoice = await paidInvoice(tx, requestId);
      if (!invoice?.providerInvoiceId) throw conflict(REFUND_TEXTS.invoiceNotRefundable, "not_refundable");
      if (input.amountCents > invoice.amountPaidCents) {
        throw badRequest(REFUND_TEXTS.invoiceTooHigh, "refund_too_high");
      }
      if (input.amountCents > (await invoiceRefundable(tx, invoice))) {
        throw conflict(REFUND_TEXTS.invoiceTooHigh, "refund_too_high");
      }
    } else {
      hold = await capturedHold(tx, requestId);
      if (hold?.status !== "captured" || !hold.paymentIntentId) {
        throw conflict(REFUND_TEXTS.notRefundable, "not_refundable");
      }
      if (input.amountCents > hold.capturedCents) throw badRequest(REFUND_TEXTS.tooHigh, "refund_too_high");
      if (input.amountCents > (await refundable(tx, hold))) throw conflict(REFUND_TEXTS.tooHigh, "refund_too_high");
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        requestId,
        holdId: hold?.id ?? null,
        invoiceId: invoice?.id ?? null,
        amountCents: input.amountCents,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        createdBy: staff.userId,
      })
      .returning();
    await out.audit({
      actor: actorOf(staff),
      action: "refund.create",
      target: { kind: "refund", id: refund.id },
      after: {
        requestId,
        source: input.source,
        amountCents: input.amountCents,
        reason: input.reason,
        status: "pending",
      },
    });
    out.publish(quotesChanged(request));
    return { refund, hold, invoice };
  });

  const { refund, hold, invoice } = claimed;
  // Answered already (or failed): the same refund, no second call.
  if (refund.status !== "pending" || refund.providerRefundId) return refundView(refund);
  if (!hold?.paymentIntentId && !invoice?.providerInvoiceId) return refundView(refund);

  const startedAt = new Date();
  const answer = await (async () => {
    // A paid invoice's refund goes back through its (largest) payment: the same one on every retry.
    const paymentIntentId = invoice?.providerInvoiceId
      ? await ctx.payments.provider.invoicePaymentIntent(invoice.providerInvoiceId)
      : (hold?.paymentIntentId ?? null);
    if (!paymentIntentId) throw conflict(REFUND_TEXTS.invoiceNotRefundable, "not_refundable");
    return ctx.payments.provider.createRefund({
      paymentIntentId,
      amountCents: refund.amountCents,
      metadata: invoice
        ? { requestId, refundId: refund.id, balanceInvoiceId: invoice.id }
        : { requestId, refundId: refund.id, holdId: hold?.id ?? "" },
      idempotencyKey: `maison-refund-${refund.id}`,
    });
  })().catch(async (error) => {
    const failure = providerFailure(error);
    // A final refusal frees the amount; anything else (a timeout) leaves it claimed, and the same key retries.
    if (isFinalRefusal(error)) {
      await ctx.write(async (tx, out) => {
        const request = await quotedRequest(ctx, tx, requestId, { lock: true });
        await tx
          .update(refunds)
          .set({ status: "failed", failure: failure.message, updatedAt: new Date() })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"), isNull(refunds.providerRefundId)));
        out.publish(quotesChanged(request));
      });
    }
    throw failure;
  });
  await ctx.write((tx, out) =>
    applyRefundUpdate(ctx, tx, out, { ...refundUpdate(answer, startedAt), refundId: refund.id }),
  );
  const [now] = await ctx.db.select().from(refunds).where(eq(refunds.id, refund.id));
  return refundView(now);
}

// Applying the provider's word -----------------------------------------------------------------------------

/**
 * The refund row an update is about: by the provider's refund id; else ours by the id in its metadata, if that
 * refund was made for this very PaymentIntent and has no provider id yet; else (a refund made in the provider's
 * dashboard) a new row on the hold that recorded the PaymentIntent.
 */
async function findRefund(tx: Queryable, update: RefundUpdate): Promise<RefundRow | "unknown"> {
  const [byProvider] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, update.providerRefundId));
  if (byProvider) return byProvider;
  // A paid invoice's refund of ours, named by its metadata (refundId and the invoice it was made for).
  if (update.balanceInvoiceId && UUID.test(update.balanceInvoiceId) && update.refundId && UUID.test(update.refundId)) {
    const [ours] = await tx
      .select()
      .from(refunds)
      .where(
        and(
          eq(refunds.id, update.refundId),
          eq(refunds.invoiceId, update.balanceInvoiceId),
          isNull(refunds.providerRefundId),
        ),
      );
    return ours ?? "unknown";
  }
  if (!update.paymentIntentId) return "unknown";
  const [hold] = await tx.select().from(holds).where(eq(holds.paymentIntentId, update.paymentIntentId));
  if (!hold) return "unknown";
  if (update.refundId && UUID.test(update.refundId)) {
    const [ours] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.id, update.refundId), eq(refunds.holdId, hold.id), isNull(refunds.providerRefundId)));
    if (ours) return ours;
  }
  if (update.amountCents < 1) return "unknown";
  const [made] = await tx
    .insert(refunds)
    .values({
      requestId: hold.requestId,
      holdId: hold.id,
      amountCents: update.amountCents,
      reason: "",
      providerRefundId: update.providerRefundId,
      idempotencyKey: `provider-${update.providerRefundId}`,
    })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [raced] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, update.providerRefundId));
  return raced ?? "unknown";
}

/**
 * A refund's update applied to its row: a pending refund moves once to succeeded, failed or canceled, never back
 * (a replayed or late event changes nothing). A refund that succeeds raises its hold's refunded total (the hold
 * is refunded when all of it is), writes the request's activity and tells the member and the team, once.
 */
export async function applyRefundUpdate(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  update: RefundUpdate,
): Promise<HoldApplyResult> {
  const found = await findRefund(tx, update);
  if (found === "unknown") return { changed: false, ignored: "unknown refund" };
  const request = await ctx.domains.requests.forQuotes(tx, found.requestId, { lock: true });
  if (!request) return { changed: false, ignored: "request gone" };
  const [hold] = found.holdId ? await tx.select().from(holds).where(eq(holds.id, found.holdId)).for("update") : [];
  const [invoice] = found.invoiceId
    ? await tx.select().from(balanceInvoices).where(eq(balanceInvoices.id, found.invoiceId)).for("update")
    : [];
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, found.id)).for("update");

  const set: Partial<typeof refunds.$inferInsert> = {};
  if (!row.providerRefundId) set.providerRefundId = update.providerRefundId;
  const moved = row.status === "pending" && update.status !== "pending";
  if (moved) {
    set.status = update.status;
    set.failure = update.status === "succeeded" ? null : update.failure;
  }
  if (!moved && !Object.keys(set).length) {
    return { changed: false, ignored: `refund already ${row.status}`, userId: request.userId };
  }
  const now = new Date();
  const stamp = row.providerUpdatedAt && row.providerUpdatedAt > update.stamp ? row.providerUpdatedAt : update.stamp;
  await tx
    .update(refunds)
    .set({ ...set, providerUpdatedAt: stamp, updatedAt: now })
    .where(eq(refunds.id, row.id));

  if (moved && update.status === "succeeded") {
    if (hold) await raiseRefunded(tx, hold, (await refundTotals(tx, { holdId: hold.id })).succeeded, now);
    if (invoice) {
      const total = (await refundTotals(tx, { invoiceId: invoice.id })).succeeded;
      if (total > invoice.refundedCents) {
        await tx
          .update(balanceInvoices)
          .set({ refundedCents: total, updatedAt: now })
          .where(eq(balanceInvoices.id, invoice.id));
      }
    }
    await refunded(ctx, tx, out, request, row);
  } else if (moved) {
    await refundFailed(ctx, tx, out, request, row, update.failure ?? update.status);
  }
  out.publish(quotesChanged(request));
  return { changed: true, userId: request.userId };
}

/** The hold's refunded total, never lowered; refunded (the status) once all that was captured is given back. */
async function raiseRefunded(tx: Queryable, hold: HoldRow, total: number, now: Date, full = false) {
  const next = chargeRefunded(hold, total, full);
  if (!next) return false;
  const { refundedCents, whole } = next;
  await tx
    .update(holds)
    .set({ refundedCents, ...(whole ? { status: "refunded" as const, refundedAt: now } : {}), updatedAt: now })
    .where(eq(holds.id, hold.id));
  return true;
}

/** The refund went through: the request's activity, the member told in their language, the team told. */
async function refunded(ctx: QuotesContext, tx: Queryable, out: Effects, request: QuotedRequest, row: RefundRow) {
  await ctx.domains.requests.logActivity(tx, out, {
    requestId: request.id,
    actorUserId: row.createdBy,
    action: "payment_refunded",
    details: {
      refundId: row.id,
      ...(row.invoiceId ? { invoiceId: row.invoiceId } : { holdId: row.holdId }),
      amountCents: row.amountCents,
      reason: row.reason,
    },
  });
  await out.notify({
    type: "payment_refunded",
    ...noticeToMember(request),
    texts: ({ t, euro }) => {
      const facts = { title: request.title, amount: euro(row.amountCents / 100) };
      return {
        title: t(T.title, facts),
        body: t(T.body, facts),
        email: {
          reason: "payment_refunded",
          subject: t(T.subject, facts),
          heading: t(T.heading),
          paragraphs: [
            t(MAIL_TEXTS.dear, { name: request.owner.name }),
            t(T.text, facts),
            ...(row.reason ? [t(T.reason, { reason: row.reason })] : []),
            t(T.timing),
          ],
          actionLabel: t(MAIL_TEXTS.openYourRequest),
        },
      };
    },
  });
  await noticeStaffOfRefund(out, request, "payment_refunded", ({ t, euro }) => {
    const facts = {
      title: request.title,
      name: request.owner.name,
      amount: euro(row.amountCents / 100),
      reason: row.reason || "—",
    };
    return {
      title: t(T.staffTitle, facts),
      body: t(T.staffBody, facts),
      heading: t(T.staffHeading),
      paragraphs: [t(T.staffText, facts)],
    };
  });
}

/** The team's notice of a refund (made or failed): its title is the email's subject, its button opens the request. */
function noticeStaffOfRefund(
  out: Effects,
  request: QuotedRequest,
  reason: string,
  texts: (reader: NoticeReader) => { title: string; body: string; heading: string; paragraphs: string[] },
) {
  return out.notify(teamNotice({ type: "payment_refunded", reason, requestId: request.id, texts }));
}

/** The provider refused or cancelled the refund: nothing moved; the team is told (the member was never told). */
async function refundFailed(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  request: QuotedRequest,
  row: RefundRow,
  failure: string,
) {
  await ctx.domains.requests.logActivity(tx, out, {
    requestId: request.id,
    actorUserId: null,
    action: "refund_failed",
    details: {
      refundId: row.id,
      ...(row.invoiceId ? { invoiceId: row.invoiceId } : { holdId: row.holdId }),
      amountCents: row.amountCents,
      failure,
    },
  });
  await noticeStaffOfRefund(out, request, "refund_failed", ({ t, euro }) => {
    const facts = { title: request.title, name: request.owner.name, amount: euro(row.amountCents / 100), failure };
    return {
      title: t(T.failedTitle, facts),
      body: t(T.failedBody, facts),
      heading: t(T.failedHeading),
      paragraphs: [t(T.failedBody, facts), t(T.failedNext)],
    };
  });
}

/**
 * `charge.refunded`: the hold's refunded total is the charge's cumulative amount_refunded (never lowered), and
 * the hold is refunded only when all of it is. The activity and the notices come with each refund's own event.
 */
export async function applyChargeRefunded(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  update: HoldUpdate,
): Promise<HoldApplyResult> {
  if (!update.paymentIntentId) return { changed: false, ignored: "unknown hold" };
  const [found] = await tx.select().from(holds).where(eq(holds.paymentIntentId, update.paymentIntentId));
  if (!found) return { changed: false, ignored: "unknown hold" };
  const request = await ctx.domains.requests.forQuotes(tx, found.requestId, { lock: true });
  if (!request) return { changed: false, ignored: "request gone" };
  const [hold] = await tx.select().from(holds).where(eq(holds.id, found.id)).for("update");
  const changed = await raiseRefunded(tx, hold, update.refundedCents ?? 0, new Date(), update.fullyRefunded === true);
  if (!changed) return { changed: false, ignored: `hold already ${hold.status}`, userId: request.userId };
  out.publish(quotesChanged(request));
  return { changed: true, userId: request.userId };
}

/** The quotes domain's hold handler, with refunds: `charge.refunded` and `refund.*` are applied here. */
export function withRefunds(ctx: QuotesContext, handler: HoldHandler): HoldHandler {
  return {
    ...handler,
    apply: (tx, out, update) =>
      update.kind === "refunded" ? applyChargeRefunded(ctx, tx, out, update) : handler.apply(tx, out, update),
    applyRefund: (tx, out, update) => applyRefundUpdate(ctx, tx, out, update),
  };
}
