/**
 * Satisfaction ratings (issue 31 item 5, decision 051): once a member confirms receipt of a delivery they are
 * asked for a rating from 1 to 5 and a comment, once; the staff's dashboard shows the scores per staff member and
 * per tier over 30 days.
 */
import { z } from "zod";
import { PLANS } from "../plans";
import { timestamp } from "./common";
import { endpoints } from "./endpoint";
import { RATING_COMMENT_MAX, RATING_ERRORS } from "./ratings-texts";
import { requestIdParams } from "./requests";

export { RATING_COMMENT_MAX };

export const ratingInput = z.object({
  score: z
    .number(RATING_ERRORS.scoreInvalid)
    .int(RATING_ERRORS.scoreInvalid)
    .min(1, RATING_ERRORS.scoreInvalid)
    .max(5, RATING_ERRORS.scoreInvalid),
  comment: z
    .string()
    .trim()
    .max(RATING_COMMENT_MAX, RATING_ERRORS.commentTooLong)
    .optional()
    .transform((v) => v ?? ""),
});

/** What the member sees: whether they may rate now ("open"), already did ("given"), or not yet ("unavailable"). */
export const ratingStateSchema = z.object({
  state: z.enum(["unavailable", "open", "given"]),
  rating: z.object({ score: z.number(), comment: z.string(), createdAt: timestamp }).nullable(),
});

const scoreRow = { average: z.number(), count: z.number() };
export const ratingStatsSchema = z.object({
  /** The window, in days (30). */
  days: z.number(),
  overall: z.object(scoreRow),
  byStaff: z.array(z.object({ id: z.string().nullable(), name: z.string().nullable(), ...scoreRow })),
  byTier: z.array(z.object({ tier: z.enum(PLANS), ...scoreRow })),
});

export const ratingsApi = endpoints({
  /** Whether the member may rate the request's delivery now, and their rating once given. */
  "GET /requests/:id/rating": { access: "user", params: requestIdParams, answer: ratingStateSchema },
  /** The member rates the delivery they confirmed: once (409 after), 1–5, a comment of at most 1,000 characters. */
  "POST /requests/:id/rating": {
    access: "user",
    params: requestIdParams,
    body: ratingInput,
    answer: ratingStateSchema,
    created: true,
  },
});

export const ratingsAdminApi = endpoints({
  /** Average score and count per staff member (the owner when rated) and per tier over the last 30 days. */
  "GET /admin/ratings": { access: "staff", answer: ratingStatsSchema },
});
