/**
 * What the quotes domain's services share: its context, the request as the loop reads it (through the requests
 * port), the quote's realtime event and the paths notices lead to.
 */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { ERRORS } from "@/shared/contracts/common-texts";
import { QUOTE_ERRORS } from "@/shared/contracts/quotes-texts";
import { formatEuro } from "@/shared/format";
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import { authorize } from "../../auth/policies";
import type { Viewer } from "../../auth/viewer";
import type { AppContext } from "../../context";
import type { Queryable } from "../../db";
import { holds, quoteOptions } from "../../db/schema";
import { external, HttpError, notFound } from "../../http/errors";
import { type AppEvent, toMemberAndStaff } from "../../realtime/events";
import type { QuotedRequest } from "../requests/port";

export type QuotesContext = Pick<AppContext, "db" | "config" | "payments" | "storage" | "write" | "domains">;

export const memberLink = (id: string) => `/requests/${id}`;

/** A notice's address when it is for the request's member: them (as the request knows them), on their request. */
export const noticeToMember = (request: Pick<QuotedRequest, "id" | "userId" | "owner">) => ({
  to: request.userId,
  recipients: [request.owner],
  requestId: request.id,
  link: memberLink(request.id),
});

/** The request's quote changed: its member and the team refetch it (and the money overviews). */
export const quotesChanged = (request: { id: string; userId: string }): AppEvent =>
  toMemberAndStaff("quotes", request.userId, request.id);

/** A draft changed: the team only. */
export const draftChanged = (requestId: string): AppEvent => ({
  topic: "quotes",
  audience: "staff",
  subject: requestId,
});

/** The request, 404 when there is none. */
export async function quotedRequest(
  ctx: Pick<QuotesContext, "domains">,
  q: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<QuotedRequest> {
  const request = await ctx.domains.requests.forQuotes(q, id, options);
  if (!request) throw notFound(ERRORS.requestNotFound);
  return request;
}

/**
 * The request, if the viewer is its member (`request:change:own`): anyone else, another member as staff, is told
 * it does not exist (the member's actions are the member's only; staff act from the admin side).
 */
export async function ownRequest(
  ctx: Pick<QuotesContext, "domains">,
  q: Queryable,
  viewer: Viewer,
  id: string,
  options: { lock?: boolean } = {},
): Promise<QuotedRequest> {
  return authorize("request:change:own", viewer, await ctx.domains.requests.forQuotes(q, id, options));
}

export type HoldRow = typeof holds.$inferSelect;

/** The request's newest hold (live or not). */
export async function latestHold(q: Queryable, requestId: string, options: { lock?: boolean } = {}) {
  const query = q.select().from(holds).where(eq(holds.requestId, requestId)).orderBy(desc(holds.createdAt)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The request's live hold (pending, awaiting the bank, or held), if any. */
export async function liveHold(q: Queryable, requestId: string, options: { lock?: boolean } = {}) {
  const query = q
    .select()
    .from(holds)
    .where(and(eq(holds.requestId, requestId), inArray(holds.status, ["pending", "requires_action", "held"])));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Cents as the house writes euro everywhere ("€1,200", "€120.50"). */
/** Cents as euro, in the reader's language. */
/** The options of the quotes `quoteIds`, in their order. */
export const optionsOfQuotes = async (q: Queryable, quoteIds: string[]) =>
  quoteIds.length
    ? q.select().from(quoteOptions).where(inArray(quoteOptions.quoteId, quoteIds)).orderBy(asc(quoteOptions.position))
    : [];

/** An option's own fields, as the member's quote and their data export both give them. */
export const optionFields = (o: typeof quoteOptions.$inferSelect) => ({
  id: o.id,
  position: o.position,
  title: o.title,
  description: o.description,
  priceCents: o.priceCents,
  supplierTerms: o.supplierTerms,
  estimatedDelivery: o.estimatedDelivery,
  vatRate: o.vatRate,
});

export const euros = (cents: number, locale: Locale = DEFAULT_LOCALE) => formatEuro(cents / 100, locale);

/** A payment provider's refusal as a 502 with its own message; anything else stays what it is. */
export function providerFailure(error: unknown): Error {
  if (error instanceof HttpError) {
    // The test provider's refusals are the provider's answers too.
    return error.statusCode >= 500 ? error : new HttpError(502, error.text, "provider_error");
  }
  const stripeError = error as { type?: unknown; message?: string };
  if (typeof stripeError.type === "string" && stripeError.type.startsWith("Stripe")) {
    return new HttpError(
      502,
      stripeError.message ? external(stripeError.message) : QUOTE_ERRORS.providerFailed,
      "provider_error",
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}
