/**
 * Satisfaction ratings (issue 31 item 5, decision 051): the member rates a delivery once they have confirmed
 * receipt, once; the row keeps the request's owner and the member's plan at that moment. A rating of 1 or 2
 * tells the owner and the admins (a notification and an email each). The staff's dashboard reads the scores per
 * staff member and per tier over 30 days.
 */
import { and, avg, count, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { ratingInput, ratingStateSchema, ratingStatsSchema } from "@/shared/contracts/ratings";
import { RATING_ERRORS } from "@/shared/contracts/ratings-texts";
import { effectivePlan, PLANS } from "@/shared/plans";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { staffName } from "../../db/people";
import { profiles, ratings, userRoles, users } from "../../db/schema";
import { conflict } from "../../http/errors";
import { teamNotice } from "../../mail/team-notice";
import { toMemberAndStaff } from "../../realtime/events";
import { RATING_NOTICE_TEXTS as T } from "./texts";

type RatingsContext = Pick<AppContext, "db" | "write" | "domains">;
type RatingState = Served<typeof ratingStateSchema>;

/** The window of the dashboard's scores, in days. */
export const RATING_WINDOW_DAYS = 30;
/** Scores at or below this alert the owner and the admins. */
export const LOW_RATING = 2;

const subjectOfRequest = (requestId: string) => `request:${requestId}`;

/** The member's own request (404 for anyone else's, decision 038). */
async function ownRequest(ctx: RatingsContext, q: Queryable, viewer: Viewer, id: string) {
  return authorize("request:change:own", viewer, await ctx.domains.requests.forQuotes(q, id));
}

async function givenRating(q: Queryable, subject: string) {
  const [row] = await q
    .select({ score: ratings.score, comment: ratings.comment, createdAt: ratings.createdAt })
    .from(ratings)
    .where(eq(ratings.subject, subject));
  return row ?? null;
}

/** Whether the member may rate the request now, and their rating once given. */
export async function requestRating(ctx: RatingsContext, viewer: Viewer, requestId: string): Promise<RatingState> {
  await ownRequest(ctx, ctx.db, viewer, requestId);
  const rating = await givenRating(ctx.db, subjectOfRequest(requestId));
  if (rating) return { state: "given", rating };
  const confirmed = await ctx.domains.quotes.receiptConfirmedAt(ctx.db, requestId);
  return { state: confirmed ? "open" : "unavailable", rating: null };
}

/**
 * The member rates the delivery: only theirs, only after confirming receipt, once. Concurrent submissions race
 * on the subject's unique key: one row is written, the others are told it was rated already (409).
 */
export async function rateRequest(
  ctx: RatingsContext,
  viewer: Viewer,
  requestId: string,
  input: z.output<typeof ratingInput>,
): Promise<RatingState> {
  return ctx.write(async (tx, out) => {
    const request = await ownRequest(ctx, tx, viewer, requestId);
    if (!(await ctx.domains.quotes.receiptConfirmedAt(tx, requestId))) {
      throw conflict(RATING_ERRORS.notYet, "not_confirmed");
    }
    const [written] = await tx
      .insert(ratings)
      .values({
        subject: subjectOfRequest(requestId),
        requestId,
        memberUserId: viewer.userId,
        ownerUserId: request.assigneeUserId,
        tier: effectivePlan(viewer.subscription),
        score: input.score,
        comment: input.comment,
      })
      .onConflictDoNothing({ target: ratings.subject })
      .returning({ score: ratings.score, comment: ratings.comment, createdAt: ratings.createdAt });
    if (!written) throw conflict(RATING_ERRORS.alreadyRated, "already_rated");

    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: viewer.userId,
      action: "rated",
      details: { score: input.score, ...(input.comment ? { comment: input.comment } : {}) },
    });
    if (input.score <= LOW_RATING) {
      const owner = await nonAdmin(tx, request.assigneeUserId);
      for (const to of [...(owner ? [owner] : []), "admins"]) {
        await out.notify(
          teamNotice({
            type: "rating_low",
            to,
            requestId,
            texts: ({ t }) => {
              const facts = { name: request.owner.name, title: request.title, score: input.score };
              return {
                title: t(T.lowTitle, facts),
                body: input.comment ? `${t(T.lowBody, facts)} ${input.comment}` : t(T.lowBody, facts),
                heading: t(T.lowHeading),
                paragraphs: [t(T.lowText, facts)],
                quote: input.comment || undefined,
              };
            },
          }),
        );
      }
    }
    out.publish(toMemberAndStaff("ratings", viewer.userId, requestId));
    return { state: "given" as const, rating: written };
  });
}

/** The staff member, unless they are an admin (the admins are told anyway). */
async function nonAdmin(tx: Queryable, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [admin] = await tx
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, "admin")));
  return admin ? null : userId;
}

const round1 = (value: string | number | null) => Math.round(Number(value ?? 0) * 10) / 10;

/** Average and count per staff member (owner when rated; null: unowned) and per tier, over the window. */
export async function ratingStats(
  ctx: Pick<AppContext, "db">,
  now = new Date(),
): Promise<Served<typeof ratingStatsSchema>> {
  const since = new Date(now.getTime() - RATING_WINDOW_DAYS * 86_400_000);
  const recent = gte(ratings.createdAt, since);
  const scores = { average: avg(ratings.score), count: count() };
  const [overall, byStaff, byTier] = await Promise.all([
    ctx.db.select(scores).from(ratings).where(recent),
    ctx.db
      .select({ id: ratings.ownerUserId, name: staffName<string | null>(), ...scores })
      .from(ratings)
      .leftJoin(users, eq(users.id, ratings.ownerUserId))
      .leftJoin(profiles, eq(profiles.id, ratings.ownerUserId))
      .where(recent)
      .groupBy(ratings.ownerUserId, profiles.name, users.name, users.email)
      .orderBy(sql`avg(${ratings.score}) desc`, sql`count(*) desc`),
    ctx.db
      .select({ tier: ratings.tier, ...scores })
      .from(ratings)
      .where(recent)
      .groupBy(ratings.tier),
  ]);
  const rank = (tier: string) => PLANS.indexOf(tier as (typeof PLANS)[number]);
  return {
    days: RATING_WINDOW_DAYS,
    overall: { average: round1(overall[0]?.average ?? 0), count: Number(overall[0]?.count ?? 0) },
    byStaff: byStaff.map((r) => ({
      id: r.id,
      name: r.id ? r.name : null,
      average: round1(r.average),
      count: Number(r.count),
    })),
    byTier: byTier
      .sort((a, b) => rank(b.tier) - rank(a.tier))
      .map((r) => ({ tier: r.tier, average: round1(r.average), count: Number(r.count) })),
  };
}
