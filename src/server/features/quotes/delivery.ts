/**
 * Delivery (issue 21): staff mark a Found request Delivered (a note, handover photos), the only path to
 * Delivered; the member then confirms receipt or, within spec section 9's 30 days, reports a problem. One answer.
 */
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { deliveryInput } from "@/shared/contracts/quotes";
import { QUOTE_ERRORS, QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { canReportProblem } from "@/shared/quotes";
import type { Viewer } from "../../auth/viewer";
import { deliveries, quoteFiles } from "../../db/schema";
import { badRequest, conflict } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import { noticeToMember, ownRequest, type QuotesContext, quotedRequest, quotesChanged } from "./common";
import { DELIVERY_TEXTS as D } from "./texts";

/** Staff: Found → Delivered, with the handover's note and photos; the member is told. */
export async function markDelivered(
  ctx: QuotesContext,
  staff: Viewer,
  requestId: string,
  input: z.output<typeof deliveryInput>,
) {
  await ctx.write(async (tx, out) => {
    const request = await quotedRequest(ctx, tx, requestId, { lock: true });
    if (request.status !== "Found") throw conflict(QUOTE_MESSAGES.notFound, "not_found_status");
    const photoIds = [...new Set(input.photoIds)];
    for (const id of photoIds) {
      const [file] = await tx
        .select({ id: quoteFiles.id })
        .from(quoteFiles)
        .where(and(eq(quoteFiles.id, id), eq(quoteFiles.requestId, requestId)));
      if (!file) throw badRequest(QUOTE_ERRORS.photoNotFound, "photo_not_found");
    }
    const now = new Date();
    const values = {
      status: "delivered" as const,
      note: input.note,
      photoIds,
      deliveredBy: staff.userId,
      deliveredAt: now,
      answeredAt: null,
      problem: null,
    };
    await tx
      .insert(deliveries)
      .values({ requestId, ...values })
      .onConflictDoUpdate({ target: deliveries.requestId, set: values });
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "delivered",
      details: { photos: photoIds.length, ...(input.note ? { note: input.note } : {}) },
    });
    await ctx.domains.requests.moveStatus(tx, out, {
      request,
      from: ["Found"],
      to: "Delivered",
      actorUserId: staff.userId,
      // The delivery's own email says it: one email per event.
      mail: false,
    });
    await out.notify({
      type: "delivered",
      ...noticeToMember(request),
      texts: ({ t }) => {
        const title = t(D.title, { title: request.title });
        return {
          title,
          body: input.note || t(D.confirmPlease),
          email: {
            reason: "delivered",
            subject: title,
            heading: t(D.heading),
            paragraphs: [t(MAIL_TEXTS.dear, { name: request.owner.name }), t(D.text, { title: request.title })],
            quote: input.note || undefined,
            actionLabel: t(D.action),
          },
        };
      },
    });
    out.publish(quotesChanged(request));
  });
  return { ok: true as const };
}

/** The member's answer to the delivery: receipt confirmed, or a problem (within the window). */
export async function answerDelivery(
  ctx: QuotesContext,
  viewer: Viewer,
  requestId: string,
  answer: { kind: "confirmed" } | { kind: "problem"; description: string },
  now = new Date(),
) {
  await ctx.write(async (tx, out) => {
    const request = await ownRequest(ctx, tx, viewer, requestId, { lock: true });
    const [delivery] = await tx.select().from(deliveries).where(eq(deliveries.requestId, requestId)).for("update");
    if (!delivery || request.status !== "Delivered") throw conflict(QUOTE_MESSAGES.notDelivered, "not_delivered");
    if (delivery.status !== "delivered") throw conflict(QUOTE_MESSAGES.alreadyAnswered, "already_answered");
    if (answer.kind === "problem" && !canReportProblem(delivery.deliveredAt, now)) {
      throw conflict(QUOTE_MESSAGES.disputeWindowClosed, "dispute_window_closed");
    }
    await tx
      .update(deliveries)
      .set({
        status: answer.kind,
        answeredAt: now,
        problem: answer.kind === "problem" ? answer.description : null,
      })
      .where(eq(deliveries.requestId, requestId));
    const confirmed = answer.kind === "confirmed";
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: viewer.userId,
      action: confirmed ? "receipt_confirmed" : "problem_reported",
      details: confirmed ? {} : { problem: answer.description },
    });
    const name = request.owner.name;
    await out.notify(
      teamNotice({
        type: confirmed ? "receipt_confirmed" : "problem_reported",
        // A problem is the team's to hear at once, in its mailbox too.
        teamMail: !confirmed,
        requestId,
        texts: ({ t }) => {
          const facts = { name, title: request.title };
          return {
            title: t(confirmed ? D.confirmedTitle : D.problemTitle, facts),
            body: confirmed ? t(D.confirmedBody, facts) : `${name}: ${answer.description}`,
            heading: t(confirmed ? D.confirmedHeading : D.problemHeading),
            paragraphs: [t(confirmed ? D.confirmedText : D.problemText, facts)],
            quote: confirmed ? undefined : answer.description,
          };
        },
      }),
    );
    out.publish(quotesChanged(request));
  });
  return { ok: true as const };
}
