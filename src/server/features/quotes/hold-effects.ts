/**
 * What a hold's transition does besides its row (hold-state.ts decides, holds.ts writes the row): the quote
 * accepted and the request Found, the request's activity, and the member's and the team's notices, each in the
 * reader's language.
 */
import { eq } from "drizzle-orm";
import type { NoticeReader } from "@/shared/contracts/notifications";
import type { HoldStatus } from "@/shared/quotes";
import { actorById } from "../../audit/actor";
import type { Queryable } from "../../db";
import { quoteOptions, quotes } from "../../db/schema";
import type { Effects } from "../../db/write";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import type { QuotedRequest } from "../requests/port";
import { type HoldRow, noticeToMember, type QuotesContext } from "./common";
import type { HoldEffect } from "./hold-state";
import { QUOTE_NOTICE_TEXTS as T } from "./texts";

/** The quote is accepted with the hold's option, and the request Found (the first authorised hold). */
async function accept(ctx: QuotesContext, tx: Queryable, out: Effects, hold: HoldRow, request: QuotedRequest) {
  const [quote] = await tx.select().from(quotes).where(eq(quotes.id, hold.quoteId)).for("update");
  const first = quote?.status === "sent";
  if (first) {
    const now = new Date();
    await tx
      .update(quotes)
      .set({ status: "accepted", acceptedOptionId: hold.optionId, answeredAt: now, updatedAt: now })
      .where(eq(quotes.id, hold.quoteId));
  }
  await ctx.domains.requests.moveStatus(tx, out, {
    request,
    from: ["Quoted"],
    to: "Found",
    actorUserId: request.userId,
    // The hold's own email (hold_placed) says it: one email per event.
    mail: false,
  });
  return first;
}

/** Carries out a transition's effects, in order, in the caller's transaction (before its row is written). */
export async function carryOut(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  input: { hold: HoldRow; request: QuotedRequest; to: HoldStatus | null; effects: HoldEffect[] },
) {
  const { hold, request, to, effects } = input;
  const option = to ? (await tx.select().from(quoteOptions).where(eq(quoteOptions.id, hold.optionId)))[0] : undefined;
  const optionTitle = option?.title ?? "your option";
  const activity = (action: string, details: Record<string, unknown>, actorUserId: string | null = null) =>
    ctx.domains.requests.logActivity(tx, out, { requestId: request.id, actorUserId, action, details });
  /** A notice to the member about their hold, in their language: the amount and option in each text. */
  const toMember = (
    type: "hold_placed" | "payment_captured" | "hold_released" | "hold_expired",
    texts: (
      reader: NoticeReader,
      facts: { title: string; option: string },
    ) => {
      title: string;
      subject: string;
      heading: string;
      paragraphs: string[];
    },
  ) =>
    out.notify({
      type,
      ...noticeToMember(request),
      texts: (reader) => {
        const { t } = reader;
        const facts = { title: request.title, option: optionTitle };
        const made = texts(reader, facts);
        return {
          title: made.title,
          body: t(T.item, facts),
          email: {
            reason: type,
            subject: made.subject,
            heading: made.heading,
            paragraphs: [t(MAIL_TEXTS.dear, { name: request.owner.name }), ...made.paragraphs],
            actionLabel: t(MAIL_TEXTS.openYourRequest),
          },
        };
      },
    });

  let first = false;
  for (const effect of effects) {
    switch (effect.type) {
      case "accept":
        first = await accept(ctx, tx, out, hold, request);
        break;
      case "hold_placed": {
        const { expiresAt } = effect;
        await out.audit({
          actor: await actorById(tx, request.userId),
          action: "hold.authorise",
          target: { kind: "hold", id: hold.id },
          before: { status: hold.status },
          after: { status: "held", requestId: request.id, optionId: hold.optionId, amountCents: hold.amountCents },
        });
        await activity(
          "hold_placed",
          { holdId: hold.id, optionId: hold.optionId, amountCents: hold.amountCents, expiresAt },
          request.userId,
        );
        await toMember("hold_placed", ({ t, euro, date }, facts) => {
          const amount = euro(hold.amountCents / 100);
          return {
            title: t(T.heldTitle, { amount }),
            subject: t(T.heldSubject, { ...facts, amount }),
            heading: t(T.heldHeading),
            paragraphs: [t(T.heldText, { ...facts, amount }), t(T.heldUntil, { date: date(expiresAt, "long") })],
          };
        });
        await out.notify(
          teamNotice({
            type: first ? "quote_accepted" : "hold_placed",
            requestId: request.id,
            texts: ({ t, euro, date }) => {
              const amount = euro(hold.amountCents / 100);
              const facts = { name: request.owner.name, option: optionTitle, title: request.title, amount };
              return {
                title: t(first ? T.acceptedTitle : T.reheldTitle, facts),
                body: t(T.heldBody, facts),
                heading: t(first ? T.acceptedHeading : T.reheldHeading),
                paragraphs: [
                  t(first ? T.acceptedText : T.reheldText, facts),
                  t(T.heldOnCard, { amount, date: date(expiresAt, "long") }),
                ],
              };
            },
          }),
        );
        break;
      }
      case "payment_captured": {
        const { capturedCents: captured, reason } = effect;
        await out.audit({
          actor: await actorById(tx, effect.actorUserId),
          action: "hold.capture",
          target: { kind: "hold", id: hold.id },
          before: { status: hold.status, capturedCents: 0 },
          after: { status: "captured", capturedCents: captured, requestId: request.id, ...(reason ? { reason } : {}) },
        });
        await activity(
          "payment_captured",
          { holdId: hold.id, amountCents: captured, heldCents: hold.amountCents, ...(reason ? { reason } : {}) },
          effect.actorUserId,
        );
        const rest = hold.amountCents - captured;
        await toMember("payment_captured", ({ t, euro }, facts) => {
          const amount = euro(captured / 100);
          return {
            title: t(T.capturedTitle, { amount }),
            subject: t(T.capturedSubject, { ...facts, amount }),
            heading: t(T.capturedHeading),
            paragraphs: [
              t(T.capturedText, { ...facts, amount }),
              ...(rest > 0 ? [t(T.capturedRest, { amount: euro(rest / 100) })] : []),
              ...(rest > 0 && reason ? [t(T.capturedReason, { amount: euro(rest / 100), reason })] : []),
            ],
          };
        });
        break;
      }
      case "hold_released": {
        const { reason } = effect;
        await out.audit({
          actor: await actorById(tx, effect.actorUserId),
          action: "hold.release",
          target: { kind: "hold", id: hold.id },
          before: { status: hold.status },
          after: { status: "released", requestId: request.id, ...(reason ? { reason } : {}) },
        });
        await activity(
          "hold_released",
          { holdId: hold.id, amountCents: hold.amountCents, ...(reason ? { reason } : {}) },
          effect.actorUserId,
        );
        await toMember("hold_released", ({ t, euro }, facts) => {
          const amount = euro(hold.amountCents / 100);
          return {
            title: t(T.releasedTitle, { amount }),
            subject: t(T.releasedSubject, { ...facts, amount }),
            heading: t(T.releasedHeading),
            paragraphs: [t(T.releasedText, { ...facts, amount })],
          };
        });
        break;
      }
      case "hold_expired": {
        await activity("hold_expired", { holdId: hold.id, amountCents: hold.amountCents });
        await toMember("hold_expired", ({ t, euro }, facts) => {
          const amount = euro(hold.amountCents / 100);
          return {
            title: t(T.expiredTitle, { amount }),
            subject: t(T.expiredSubject, facts),
            heading: t(T.expiredHeading),
            paragraphs: [t(T.expiredText, { ...facts, amount }), t(T.expiredNext)],
          };
        });
        await out.notify(
          teamNotice({
            type: "hold_expired",
            requestId: request.id,
            texts: ({ t, euro }) => {
              const facts = { name: request.owner.name, title: request.title, amount: euro(hold.amountCents / 100) };
              return {
                title: t(T.staffExpiredTitle, facts),
                body: t(T.staffExpiredBody, facts),
                heading: t(T.staffExpiredHeading),
                paragraphs: [t(T.staffExpiredText, facts), t(T.staffExpiredNext)],
              };
            },
          }),
        );
        break;
      }
    }
  }
}
