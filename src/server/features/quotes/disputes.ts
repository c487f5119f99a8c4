/**
 * Card disputes (issue 30): the bank's `charge.dispute.*` events mark the request and alert its owner and the
 * admins; staff see the deadline and an evidence pack built from what the app already holds (the quote and its
 * acceptance, the hold's authorisation and 3-D Secure result, the messages, the handover and the member's
 * answer), edit it, and submit it to the provider once. The provider's events stay the truth of its status.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { disputeEvidenceSchema, disputeViewSchema } from "@/shared/contracts/disputes";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import type { Viewer } from "../../auth/viewer";
import { qaToolsEnabled } from "../../config";
import type { Queryable } from "../../db";
import { deliveries, disputes, holds, messages, quoteOptions, quotes, userRoles } from "../../db/schema";
import type { Effects } from "../../db/write";
import { conflict } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import type { DisputeUpdate, HoldApplyResult } from "../../payments";
import { chargeOf } from "../../payments/holds";
import { euros, providerFailure, type QuotesContext, quotedRequest, quotesChanged } from "./common";
import { DISPUTE_NOTICE_TEXTS as T } from "./texts";

const FINAL = new Set(["won", "lost"]);
const ANSWERABLE = new Set(["needs_response", "warning_needs_response"]);

/** The dispute event applied to its request, once, never backwards (a decided dispute stays decided). */
export async function applyDispute(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  update: DisputeUpdate,
): Promise<HoldApplyResult> {
  // The charge's intent, as we recorded it on the hold: a dispute on anything else is not ours to mark.
  const [hold] = update.paymentIntentId
    ? await tx.select().from(holds).where(eq(holds.paymentIntentId, update.paymentIntentId))
    : [];
  if (!hold) return { changed: false, ignored: "dispute on no hold of ours" };
  const request = await ctx.domains.requests.forQuotes(tx, hold.requestId, { lock: true });
  if (!request) return { changed: false, ignored: "request gone" };
  const [current] = await tx
    .select()
    .from(disputes)
    .where(eq(disputes.providerDisputeId, update.disputeId))
    .for("update");
  if (current && (FINAL.has(current.status) || (current.providerUpdatedAt ?? 0) > update.stamp)) {
    return { changed: false, ignored: `dispute already ${current.status}` };
  }
  const now = new Date();
  const values = {
    amountCents: update.amountCents,
    reason: update.reason,
    status: update.status,
    evidenceDueBy: update.evidenceDueBy,
    providerUpdatedAt: update.stamp,
    updatedAt: now,
  };
  if (current) await tx.update(disputes).set(values).where(eq(disputes.id, current.id));
  else {
    await tx.insert(disputes).values({
      ...values,
      requestId: request.id,
      providerDisputeId: update.disputeId,
      chargeId: update.chargeId,
    });
  }
  const opened = !current;
  const decided = FINAL.has(update.status);
  if (opened || decided) {
    await ctx.domains.requests.logActivity(tx, out, {
      requestId: request.id,
      actorUserId: null,
      action: decided ? "dispute_closed" : "dispute_opened",
      details: { disputeId: update.disputeId, amountCents: update.amountCents, status: update.status },
    });
    // The request's owner (when not an admin already) and every admin.
    const owner = await ownerOf(tx, request.assigneeUserId);
    for (const to of [...(owner ? [owner] : []), "admins"]) {
      await out.notify(
        teamNotice({
          type: decided ? "dispute_closed" : "dispute_opened",
          to,
          requestId: request.id,
          texts: ({ t, euro, date }) => {
            const facts = {
              name: request.owner.name,
              title: request.title,
              amount: euro(update.amountCents / 100),
              reason: update.reason.replaceAll("_", " "),
              date: update.evidenceDueBy ? date(update.evidenceDueBy, "long") : "—",
              outcome: t(update.status === "won" ? T.won : T.lost),
            };
            return {
              title: t(decided ? T.closedTitle : T.openedTitle, facts),
              body: t(T.openedBody, facts),
              heading: t(decided ? T.closedHeading : T.openedHeading),
              paragraphs: [t(decided ? T.closedText : T.openedText, facts)],
            };
          },
        }),
      );
    }
  }
  out.publish(quotesChanged(request));
  return { changed: true, userId: request.userId };
}

/** The request's assigned staff member, unless they are an admin (the admins are told anyway). */
async function ownerOf(tx: Queryable, assignee: string | null): Promise<string | null> {
  if (!assignee) return null;
  const [admin] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, assignee), eq(userRoles.role, "admin")));
  return admin ? null : assignee;
}

// The evidence pack --------------------------------------------------------------------------------------------

type Evidence = z.output<typeof disputeEvidenceSchema>;

const when = (date: Date | null | undefined) =>
  date ? `${date.toISOString().slice(0, 16).replace("T", " ")} UTC` : "—";

/** What the app holds about the quote, in the fields the bank reads (Stripe's dispute evidence). */
async function evidencePack(ctx: QuotesContext, requestId: string): Promise<Evidence> {
  const request = await quotedRequest(ctx, ctx.db, requestId);
  const [hold] = await ctx.db
    .select()
    .from(holds)
    .where(and(eq(holds.requestId, requestId), inArray(holds.status, ["captured", "refunded"])))
    .orderBy(desc(holds.createdAt))
    .limit(1);
  const [quote] = hold ? await ctx.db.select().from(quotes).where(eq(quotes.id, hold.quoteId)) : [];
  const [option] = hold ? await ctx.db.select().from(quoteOptions).where(eq(quoteOptions.id, hold.optionId)) : [];
  const [delivery] = await ctx.db.select().from(deliveries).where(eq(deliveries.requestId, requestId));
  const thread = await ctx.db
    .select({ at: messages.createdAt, body: messages.body, senderUserId: messages.senderUserId })
    .from(messages)
    .where(eq(messages.requestId, requestId))
    .orderBy(asc(messages.createdAt));
  // The bank's own record of the authorisation: its 3-D Secure result, from the provider.
  const intent = hold?.paymentIntentId
    ? await ctx.payments.provider.retrievePaymentIntent(hold.paymentIntentId).catch(() => null)
    : null;
  const card = intent ? chargeOf(intent)?.payment_method_details?.card : null;
  const threeDSecure = card?.three_d_secure?.result;
  const amount = (cents: number) => euros(cents);
  return {
    product_description: option
      ? `${option.title}. ${option.description}`.trim() +
        (option.supplierTerms ? ` Terms: ${option.supplierTerms}` : "")
      : request.title,
    customer_name: request.owner.name,
    customer_email_address: request.owner.email,
    service_date: delivery ? delivery.deliveredAt.toISOString().slice(0, 10) : "",
    shipping_documentation_text: delivery
      ? [
          `Delivered ${when(delivery.deliveredAt)}.`,
          delivery.note,
          delivery.status === "confirmed"
            ? `The member confirmed receipt ${when(delivery.answeredAt)}.`
            : delivery.status === "problem"
              ? `The member reported a problem ${when(delivery.answeredAt)}: ${delivery.problem ?? ""}`
              : "The member has not answered yet.",
        ]
          .filter(Boolean)
          .join("\n")
      : "",
    customer_communication: thread
      .map((m) => `[${when(m.at)}] ${m.senderUserId === request.userId ? request.owner.name : "Maison"}: ${m.body}`)
      .join("\n"),
    uncategorized_text: [
      quote?.sentAt ? `Quote sent ${when(quote.sentAt)}, valid until ${quote.validUntil}.` : null,
      option && quote?.answeredAt
        ? `The member accepted "${option.title}" at ${amount(option.priceCents)} on ${when(quote.answeredAt)}.`
        : null,
      hold
        ? `Card authorised for ${amount(hold.amountCents)} on ${when(hold.heldAt)}` +
          `${threeDSecure ? ` with 3-D Secure (${threeDSecure})` : ""}; ` +
          `${amount(hold.capturedCents)} captured on ${when(hold.capturedAt)}` +
          `${hold.actionReason ? ` (${hold.actionReason})` : ""}.`
        : null,
    ]
      .filter(Boolean)
      .join("\n"),
  };
}

/** The request's newest dispute with its evidence pack (the one submitted, or one built now), or null. */
export async function disputeOf(ctx: QuotesContext, requestId: string): Promise<Served<typeof disputeViewSchema>> {
  await quotedRequest(ctx, ctx.db, requestId);
  const [row] = await ctx.db
    .select()
    .from(disputes)
    .where(eq(disputes.requestId, requestId))
    .orderBy(desc(disputes.createdAt))
    .limit(1);
  const testBank = Boolean(ctx.payments.test) && qaToolsEnabled(ctx.config);
  if (!row) return { testBank, dispute: null };
  return {
    testBank,
    dispute: {
      id: row.id,
      providerDisputeId: row.providerDisputeId,
      status: row.status,
      amountCents: row.amountCents,
      reason: row.reason,
      evidenceDueBy: row.evidenceDueBy,
      evidenceSubmittedAt: row.evidenceSubmittedAt,
      answerable: ANSWERABLE.has(row.status) && !row.evidenceSubmittedAt,
      createdAt: row.createdAt,
      evidence: await evidencePack(ctx, requestId),
    },
  };
}

/** Staff submit the (reviewed) evidence to the provider, once: a second submission is a 409. */
export async function submitEvidence(ctx: QuotesContext, staff: Viewer, requestId: string, evidence: Evidence) {
  const dispute = await ctx.write(async (tx) => {
    await quotedRequest(ctx, tx, requestId, { lock: true });
    const [row] = await tx
      .select()
      .from(disputes)
      .where(eq(disputes.requestId, requestId))
      .orderBy(desc(disputes.createdAt))
      .limit(1)
      .for("update");
    if (!row || !ANSWERABLE.has(row.status) || row.evidenceSubmittedAt) {
      throw conflict(QUOTE_MESSAGES.disputeNotAnswerable, "dispute_not_answerable");
    }
    // Claimed before the provider is asked: a second click waits for this one, then finds it submitted.
    await tx
      .update(disputes)
      .set({ evidenceSubmittedAt: new Date(), evidenceSubmittedBy: staff.userId, updatedAt: new Date() })
      .where(eq(disputes.id, row.id));
    return row;
  });
  const fields = Object.fromEntries(Object.entries(evidence).filter(([, value]) => value.trim() !== ""));
  await ctx.payments.provider
    .submitDisputeEvidence(dispute.providerDisputeId, fields, `maison-dispute-${dispute.id}`)
    .catch(async (error) => {
      await ctx.write(async (tx) => {
        await tx
          .update(disputes)
          .set({ evidenceSubmittedAt: null, evidenceSubmittedBy: null })
          .where(eq(disputes.id, dispute.id));
      });
      throw providerFailure(error);
    });
  await ctx.write(async (tx, out) => {
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "dispute_evidence_submitted",
      details: { disputeId: dispute.providerDisputeId },
    });
    out.publish(quotesChanged(await quotedRequest(ctx, tx, requestId)));
  });
  return disputeOf(ctx, requestId);
}
