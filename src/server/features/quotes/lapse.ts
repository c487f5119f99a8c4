/**
 * A hold that will lapse (issue 30, item 6). A card authorisation stays capturable about 7 days
 * (HOLD_VALIDITY_DAYS); 48 hours before it lapses the member and the team are told, once per hold, by a periodic
 * job (`warnLapsingHolds`, started by app.ts with the other workers); and after it lapsed the member may authorise
 * the accepted option again on their own while the request is still Found (`reauthorizationRefusal`, enforced by
 * `reauthorize` in holds.ts and shown on the quote as `canAuthoriseAgain`).
 */
import { and, asc, desc, eq, gt, isNull, lte, not, type SQL } from "drizzle-orm";
import type { NoticeReader } from "@/shared/contracts/notifications";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { HOLD_LAPSE_NOTICE_HOURS } from "@/shared/quotes";
import type { Queryable } from "../../db";
import { deliveries, holds, quoteOptions } from "../../db/schema";
import { conflict, type HttpError } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { MAIL_TEXTS } from "../../mail/texts";
import type { QuotedRequest } from "../requests/port";
import { type HoldRow, noticeToMember, type QuotesContext, quotesChanged } from "./common";
import { QUOTE_NOTICE_TEXTS as N, HOLD_LAPSE_TEXTS as T } from "./texts";

/** The warning's notification type (its email's reason is the same). */
export const HOLD_LAPSE_NOTICE_TYPE = "hold_lapsing" as const;
export const HOLD_LAPSE_REASON = "hold_lapsing";

/** How often the job looks (app.ts): the 48 hours are kept within a quarter of an hour. */
export const LAPSE_CHECK_EVERY_MS = 15 * 60_000;
const BATCH = 100;

/**
 * Tells the member and the team about each held hold lapsing within 48 hours and not yet warned: one transaction
 * per hold marks `lapse_warned_at` (only where it is still null) and writes both notices, so however many
 * instances run the job at once, each hold is warned once. The provider's "now" is the test provider's clock in
 * test mode. Returns how many holds were warned.
 */
export async function warnLapsingHolds(ctx: QuotesContext): Promise<number> {
  const now = (await ctx.payments.test?.now()) ?? new Date();
  const until = new Date(now.getTime() + HOLD_LAPSE_NOTICE_HOURS * 3_600_000);
  let warned = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: holds.id, requestId: holds.requestId })
      .from(holds)
      .where(
        and(
          eq(holds.status, "held"),
          isNull(holds.lapseWarnedAt),
          gt(holds.expiresAt, now),
          lte(holds.expiresAt, until),
        ),
      )
      .orderBy(asc(holds.expiresAt))
      .limit(BATCH);
    for (const hold of due) if (await warnOne(ctx, hold)) warned += 1;
    if (due.length < BATCH) return warned;
  }
}

/** One hold's warning, claimed and written in one transaction; false when another run claimed it first. */
async function warnOne(ctx: QuotesContext, due: { id: string; requestId: string }): Promise<boolean> {
  return ctx.write(async (tx, out) => {
    // The claim: a concurrent run waits on the row, then finds it warned (or no longer held) and writes nothing.
    const [hold] = await tx
      .update(holds)
      .set({ lapseWarnedAt: new Date() })
      .where(and(eq(holds.id, due.id), eq(holds.status, "held"), isNull(holds.lapseWarnedAt)))
      .returning();
    if (!hold?.expiresAt) return false;
    const request = await ctx.domains.requests.forQuotes(tx, hold.requestId);
    if (!request) return true;
    const [option] = await tx
      .select({ title: quoteOptions.title })
      .from(quoteOptions)
      .where(eq(quoteOptions.id, hold.optionId));
    const expiresAt = hold.expiresAt;
    // On the request's activity (the team's; not on the member's timeline).
    await ctx.domains.requests.logActivity(tx, out, {
      requestId: request.id,
      actorUserId: null,
      action: "hold_lapse_warned",
      details: { holdId: hold.id, amountCents: hold.amountCents, expiresAt },
    });
    const facts = ({ euro, date }: NoticeReader) => ({
      title: request.title,
      option: option?.title ?? request.title,
      name: request.owner.name,
      amount: euro(hold.amountCents / 100),
      date: date(expiresAt, "utc"),
    });
    await out.notify({
      type: HOLD_LAPSE_NOTICE_TYPE,
      ...noticeToMember(request),
      texts: (reader) => {
        const { t } = reader;
        const f = facts(reader);
        return {
          title: t(T.memberTitle, f),
          body: t(N.item, f),
          email: {
            reason: HOLD_LAPSE_REASON,
            subject: t(T.memberSubject, f),
            heading: t(T.memberHeading),
            paragraphs: [t(MAIL_TEXTS.dear, { name: request.owner.name }), t(T.memberText, f), t(T.memberNext)],
            actionLabel: t(MAIL_TEXTS.openYourRequest),
          },
        };
      },
    });
    await out.notify(
      teamNotice({
        type: HOLD_LAPSE_NOTICE_TYPE,
        reason: HOLD_LAPSE_REASON,
        requestId: request.id,
        texts: (reader) => {
          const { t } = reader;
          const f = facts(reader);
          return {
            title: t(T.staffTitle, f),
            body: t(T.staffBody, f),
            heading: t(T.staffHeading),
            paragraphs: [t(T.staffText, f), t(T.staffNext)],
          };
        },
      }),
    );
    out.publish(quotesChanged(request));
    return true;
  });
}

// Authorising again ------------------------------------------------------------------------------------------

/**
 * The newest hold that reached, or may still reach, the member's card: a card page left unpaid (released without
 * ever being held) is passed over, so abandoning a page opened to authorise again does not close the way back.
 */
export async function lastAuthorisation(q: Queryable, requestId: string): Promise<HoldRow | null> {
  const [row] = await q
    .select()
    .from(holds)
    .where(and(eq(holds.requestId, requestId), not(and(eq(holds.status, "released"), isNull(holds.heldAt)) as SQL)))
    .orderBy(desc(holds.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Why the member may not authorise the accepted option again now (null: they may). They may once the hold that
 * reached their card expired, no live hold exists, and the request is still Found and not delivered; staff need
 * not have asked.
 */
export function reauthorizationRefusal(
  request: Pick<QuotedRequest, "status">,
  basis: HoldRow | null,
  delivered: boolean,
): HttpError | null {
  if (basis && (basis.status === "held" || basis.status === "pending" || basis.status === "requires_action")) {
    return conflict(QUOTE_MESSAGES.holdStillLive, "hold_live");
  }
  if (basis?.status !== "expired") return conflict(QUOTE_MESSAGES.holdNotExpired, "hold_not_expired");
  if (request.status !== "Found" || delivered) {
    return conflict(QUOTE_MESSAGES.reauthorizationClosed, "reauthorization_closed");
  }
  return null;
}

/** Whether the request has been handed over (a delivery recorded). */
export async function isDelivered(q: Queryable, requestId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: deliveries.requestId })
    .from(deliveries)
    .where(eq(deliveries.requestId, requestId));
  return Boolean(row);
}

/**
 * For the quote's answer: the member may authorise again now. Only asked when the newest hold is not live and the
 * request Found (one more query then).
 */
export async function canAuthoriseAgain(
  q: Queryable,
  request: Pick<QuotedRequest, "id" | "status">,
  latest: HoldRow | null,
  delivered: boolean,
): Promise<boolean> {
  if (!latest || request.status !== "Found" || delivered) return false;
  if (latest.status === "pending" || latest.status === "requires_action" || latest.status === "held") return false;
  const basis = latest.status === "expired" ? latest : await lastAuthorisation(q, request.id);
  return reauthorizationRefusal(request, basis, delivered) === null;
}
