/**
 * The card hold (issue 21, decision 018): 10 % of the accepted option's price, authorised on the provider's card
 * page (Checkout, manual capture) and captured or released by staff. The provider's events are the source of
 * truth: `applyHoldUpdate` is the one place a hold's state moves, for webhooks and for a capture's or release's
 * own answer alike, each change once, never backwards: the state machine is hold-state.ts (pure, property
 * tested), what a change does besides the row is hold-effects.ts, and this file does the reads and writes. No
 * provider call is made inside a transaction: a capture or release is first claimed on the row
 * (`pending_action`), then asked of the provider, then applied.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { captureSchema, holdSchema } from "@/shared/contracts/quotes";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { holdAmountCents } from "@/shared/quotes";
import { actorOf } from "../../audit/actor";
import type { Viewer } from "../../auth/viewer";
import type { Queryable } from "../../db";
import { holds, quoteOptions, quotes } from "../../db/schema";
import type { Effects } from "../../db/write";
import { badRequest, conflict } from "../../http/errors";
import { MAIL_TEXTS } from "../../mail/texts";
import type { HoldApplyResult, HoldHandler, HoldUpdate } from "../../payments";
import { intentUpdate } from "../../payments/holds";
import type { QuotedRequest } from "../requests/port";
import {
  type HoldRow,
  latestHold,
  liveHold,
  memberLink,
  noticeToMember,
  ownRequest,
  providerFailure,
  type QuotesContext,
  quotedRequest,
  quotesChanged,
} from "./common";
import { applyDispute } from "./disputes";
import { carryOut } from "./hold-effects";
import { claimable, nextHoldState } from "./hold-state";
import { isDelivered, lastAuthorisation, reauthorizationRefusal } from "./lapse";
import { QUOTE_NOTICE_TEXTS as T } from "./texts";

export function holdView(row: HoldRow): Served<typeof holdSchema> {
  return {
    id: row.id,
    status: row.status,
    optionId: row.optionId,
    amountCents: row.amountCents,
    capturedCents: row.capturedCents,
    refundedCents: row.refundedCents,
    expiresAt: row.expiresAt,
    reauthorizationRequested: row.reauthorizationRequested,
    receiptUrl: row.receiptUrl,
    captureReason:
      (row.status === "captured" || row.status === "refunded") && row.actionReason ? row.actionReason : null,
    failure: row.failure,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Closes a hold's card page at the provider; 409 when a card was authorised on it meanwhile (that hold is real). */
async function closePage(ctx: QuotesContext, hold: HoldRow, sessionId: string) {
  const closed = await ctx.payments.provider
    .expireHoldSession(sessionId, `maison-hold-close-${hold.id}`)
    .catch((error) => {
      throw providerFailure(error);
    });
  if (!closed) throw conflict(QUOTE_MESSAGES.alreadyAccepted, "already_accepted");
}

/**
 * Closes the card page of a hold the member opened but did not authorise (`quoteId`: only one on that quote).
 * 409 when a card was authorised meanwhile: that hold is real, and staff release it instead.
 *
 * A page is closed at the provider before its hold is released here, and the release names the page it closed:
 * a hold whose page is being made at this moment (no page recorded yet) is released only if it still has none,
 * and the call making that page then finds its hold gone and closes the page itself (openHold). So a page the
 * member can still authorise always belongs to a live hold (issue 30).
 */
export async function abandonPendingHold(ctx: QuotesContext, requestId: string, quoteId: string | null) {
  for (let round = 0; round < 3; round += 1) {
    const hold = await liveHold(ctx.db, requestId);
    if (!hold || hold.status === "held" || (quoteId && hold.quoteId !== quoteId)) return;
    if (hold.checkoutSessionId) await closePage(ctx, hold, hold.checkoutSessionId);
    // Its expiry event may have released it already (the test provider delivers at once).
    const released = await ctx.write(async (tx, out) => {
      const rows = await tx
        .update(holds)
        .set({ status: "released", updatedAt: new Date() })
        .where(
          and(
            eq(holds.id, hold.id),
            inArray(holds.status, ["pending", "requires_action"]),
            hold.checkoutSessionId
              ? eq(holds.checkoutSessionId, hold.checkoutSessionId)
              : isNull(holds.checkoutSessionId),
          ),
        )
        .returning({ id: holds.id });
      if (rows.length) out.publish(quotesChanged({ id: requestId, userId: hold.userId }));
      return rows.length > 0;
    });
    if (released) return;
    // Not released: gone or held meanwhile (the next look says which), or its page was recorded: closed next.
  }
  throw conflict(QUOTE_MESSAGES.offerChanged, "offer_changed");
}

/** A pending hold's card page can no longer be used (expired at the provider, or never heard of). */
async function sessionLapsed(ctx: QuotesContext, hold: HoldRow): Promise<boolean> {
  if (!hold.checkoutSessionId) return false;
  const status = await ctx.payments.provider.holdSessionStatus(hold.checkoutSessionId).catch((error) => {
    throw providerFailure(error);
  });
  return status === "expired";
}

/**
 * The card page for a hold on `option`: the request's live hold when it is for the same option (a double click,
 * a retry, two tabs: one hold, one page, through the unique live hold and the provider's idempotency key), else
 * a new one (a page opened for another option is closed first). At most one page per request can be authorised
 * at any moment: a page made for a hold that was superseded while it was being made is closed before anyone
 * sees it, and the caller is told the offer changed (409).
 */
export async function openHold(
  ctx: QuotesContext,
  viewer: Viewer,
  request: QuotedRequest,
  choice: { quoteId: string; option: typeof quoteOptions.$inferSelect },
): Promise<{ url: string }> {
  const { option } = choice;
  let hold: HoldRow | null = await liveHold(ctx.db, request.id);
  if (hold?.status === "held") throw conflict(QUOTE_MESSAGES.alreadyAccepted, "already_accepted");
  if (hold && (hold.optionId !== option.id || (await sessionLapsed(ctx, hold)))) {
    // Another option, or a card page that expired (its webhook not heard yet): closed, and a new hold opened.
    await abandonPendingHold(ctx, request.id, null);
    hold = null;
  }
  if (!hold) {
    hold = await ctx.write(async (tx, out) => {
      // Under the request's lock, as a decline or a new quote takes it: the quote must still be the one to answer
      // (or, authorising again after a lapse, the accepted one).
      const locked = await quotedRequest(ctx, tx, request.id, { lock: true });
      const [quote] = await tx.select().from(quotes).where(eq(quotes.id, choice.quoteId));
      const answerable = locked.status === "Quoted" && quote?.status === "sent";
      const again = locked.status === "Found" && quote?.status === "accepted" && quote.acceptedOptionId === option.id;
      if (!answerable && !again) throw conflict(QUOTE_MESSAGES.quoteNotCurrent, "not_current");
      const [created] = await tx
        .insert(holds)
        .values({
          requestId: request.id,
          userId: request.userId,
          quoteId: choice.quoteId,
          optionId: option.id,
          amountCents: holdAmountCents(option.priceCents),
        })
        .onConflictDoNothing()
        .returning();
      // The member is on their way to the card page: the team sees "Awaiting card" live.
      if (created) out.publish(quotesChanged(request));
      return created ?? (await liveHold(tx, request.id));
    });
    if (hold?.status === "held") throw conflict(QUOTE_MESSAGES.alreadyAccepted, "already_accepted");
    // Another tab chose another option at the same moment: the later choice stands.
    if (!hold || hold.optionId !== option.id) throw conflict(QUOTE_MESSAGES.offerChanged, "offer_changed");
  }
  if (hold.checkoutUrl) return { url: hold.checkoutUrl };
  const pending = hold;
  const session = await (async () => {
    const customerId = await ctx.payments.ensureCustomer({
      userId: viewer.userId,
      email: viewer.email,
      name: viewer.profile?.name ?? viewer.name,
    });
    return ctx.payments.provider.createHoldSession({
      requestId: request.id,
      holdId: pending.id,
      userId: viewer.userId,
      customerId,
      email: viewer.email,
      amountCents: pending.amountCents,
      description: `Hold for ${option.title}`,
      successUrl: `${ctx.config.APP_URL}${memberLink(request.id)}?hold=authorized`,
      cancelUrl: `${ctx.config.APP_URL}${memberLink(request.id)}`,
      idempotencyKey: `maison-hold-${pending.id}`,
    });
  })().catch((error) => {
    throw providerFailure(error);
  });
  // The page is the hold's only while the hold is still live and has no other page.
  const recorded = await ctx.write(async (tx) => {
    const rows = await tx
      .update(holds)
      .set({ checkoutSessionId: session.id, checkoutUrl: session.url, updatedAt: new Date() })
      .where(
        and(
          eq(holds.id, pending.id),
          inArray(holds.status, ["pending", "requires_action"]),
          isNull(holds.checkoutSessionId),
        ),
      )
      .returning({ id: holds.id });
    if (rows.length) return true;
    const [now] = await tx.select().from(holds).where(eq(holds.id, pending.id));
    // A twin call (same hold, same idempotency key, same page) recorded it first.
    return now?.checkoutSessionId === session.id && (now.status === "pending" || now.status === "requires_action");
  });
  if (recorded) return { url: session.url };
  // Superseded while its page was being made: nobody has seen the page; it is closed so nobody can.
  await ctx.payments.provider.expireHoldSession(session.id, `maison-hold-close-${pending.id}`).catch(() => {
    // Unreachable now: should a card still reach it, the webhook cancels that authorisation (holdHandler).
  });
  throw conflict(QUOTE_MESSAGES.offerChanged, "offer_changed");
}

/**
 * The member authorises the accepted option again after the hold expired: on their own (issue 30, item 6) or
 * because staff asked, while the request is still Found, not delivered, and no live hold exists
 * (`reauthorizationRefusal`).
 */
export async function reauthorize(ctx: QuotesContext, viewer: Viewer, requestId: string) {
  const request = await ownRequest(ctx, ctx.db, viewer, requestId);
  const latest = await latestHold(ctx.db, requestId);
  // A new hold already opened for it (the page reloaded): the same page.
  const reopened = latest && (latest.status === "pending" || latest.status === "requires_action");
  const basis = reopened ? latest : await lastAuthorisation(ctx.db, requestId);
  if (!reopened) {
    const refusal = reauthorizationRefusal(request, basis, await isDelivered(ctx.db, requestId));
    if (refusal) throw refusal;
  }
  const hold = basis as HoldRow;
  const [option] = await ctx.db.select().from(quoteOptions).where(eq(quoteOptions.id, hold.optionId));
  return openHold(ctx, viewer, request, { quoteId: hold.quoteId, option });
}

// Applying the provider's word -----------------------------------------------------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The hold an update is about: by the PaymentIntent or the card page we recorded for it, never by the metadata
 * alone (an intent's page is the provider's word: see the event processor).
 */
async function findHold(tx: Queryable, update: HoldUpdate): Promise<HoldRow | null> {
  const by = [
    update.paymentIntentId ? eq(holds.paymentIntentId, update.paymentIntentId) : null,
    update.sessionId ? eq(holds.checkoutSessionId, update.sessionId) : null,
  ];
  for (const where of by) {
    if (!where) continue;
    const [row] = await tx.select().from(holds).where(where);
    if (row) return row;
  }
  return null;
}

/**
 * A card authorised that the app does not hold: a page superseded while it was made, or a hold that was closed.
 * Recorded on the request its metadata names, if that hold is ours; the caller cancels it at the provider. An
 * intent that names no hold of ours is not ours to cancel: it is only ignored (and reconciliation reports it).
 */
async function orphanAuthorisation(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  update: HoldUpdate,
): Promise<HoldApplyResult> {
  const paymentIntentId = update.paymentIntentId as string;
  const named = update.holdId && UUID.test(update.holdId) ? update.holdId : null;
  const [hold] = named ? await tx.select().from(holds).where(eq(holds.id, named)) : [];
  if (!hold) return { changed: false, ignored: "unknown hold" };
  await ctx.domains.requests.logActivity(tx, out, {
    requestId: hold.requestId,
    actorUserId: null,
    action: "authorization_cancelled",
    details: { holdId: hold.id, paymentIntentId, amountCents: update.amountCents ?? hold.amountCents },
  });
  return { changed: false, ignored: "authorisation of no live hold", orphan: { paymentIntentId } };
}

/** The provider's update applied to its hold, with its activity, notices and events (once, never backwards). */
export function holdHandler(ctx: QuotesContext): HoldHandler {
  return {
    async knowsIntent(paymentIntentId) {
      const [row] = await ctx.db.select({ id: holds.id }).from(holds).where(eq(holds.paymentIntentId, paymentIntentId));
      return Boolean(row);
    },
    apply: (tx, out, update) => applyHoldUpdate(ctx, tx, out, update),
    dispute: (tx, out, update) => applyDispute(ctx, tx, out, update),
  };
}

async function applyHoldUpdate(
  ctx: QuotesContext,
  tx: Queryable,
  out: Effects,
  update: HoldUpdate,
): Promise<HoldApplyResult> {
  const found = await findHold(tx, update);
  if (!found)
    return update.kind === "held" && update.paymentIntentId
      ? orphanAuthorisation(ctx, tx, out, update)
      : { changed: false, ignored: "unknown hold" };
  // The request first, then the hold: the order every writer of a quote locks in.
  const request = await ctx.domains.requests.forQuotes(tx, found.requestId, { lock: true });
  if (!request) return { changed: false, ignored: "request gone" };
  const [hold] = await tx.select().from(holds).where(eq(holds.id, found.id)).for("update");
  const transition = nextHoldState(hold, update, new Date());
  if (transition.outcome === "orphan") return orphanAuthorisation(ctx, tx, out, { ...update, holdId: hold.id });
  if (transition.outcome === "unchanged") return { changed: false, ignored: transition.reason, userId: hold.userId };
  const { to, set, linked, effects } = transition;

  await carryOut(ctx, tx, out, { hold, request, to, effects });
  await tx.update(holds).set(set).where(eq(holds.id, hold.id));
  if (linked && update.paymentIntentId) {
    await ctx.domains.requests.setPaymentIntent(tx, request.id, update.paymentIntentId);
  }
  out.publish(quotesChanged(request));
  return { changed: true, userId: request.userId };
}

// Staff: capture, release, ask again -------------------------------------------------------------------------

/** Claims the held hold for one capture or release; a second (a double click, another tab) gets 409. */
async function claim(
  ctx: QuotesContext,
  staff: Viewer,
  requestId: string,
  action: "capture" | "release",
  reason: string,
  check?: (hold: HoldRow) => void,
): Promise<HoldRow> {
  return ctx.write(async (tx) => {
    await quotedRequest(ctx, tx, requestId, { lock: true });
    const hold = await liveHold(tx, requestId, { lock: true });
    if (!hold || !claimable(hold)) {
      throw conflict(QUOTE_MESSAGES.holdNotHeld, "hold_not_held");
    }
    check?.(hold);
    await tx
      .update(holds)
      .set({ pendingAction: action, actionBy: staff.userId, actionReason: reason || null, updatedAt: new Date() })
      .where(eq(holds.id, hold.id));
    return hold;
  });
}

async function unclaim(ctx: QuotesContext, holdId: string, action: "capture" | "release") {
  await ctx.write(async (tx) => {
    await tx
      .update(holds)
      .set({ pendingAction: null })
      .where(and(eq(holds.id, holdId), eq(holds.pendingAction, action)));
  });
}

async function current(ctx: QuotesContext, holdId: string) {
  const [row] = await ctx.db.select().from(holds).where(eq(holds.id, holdId));
  return holdView(row);
}

/**
 * Captures the hold once: in full, or less with a reason (the provider releases the rest). The provider's
 * answer is applied as its webhook would be; the webhook then changes nothing.
 */
export async function captureHold(
  ctx: QuotesContext,
  staff: Viewer,
  requestId: string,
  input: z.output<typeof captureSchema>,
) {
  const hold = await claim(ctx, staff, requestId, "capture", input.reason, (h) => {
    const amount = input.amountCents ?? h.amountCents;
    if (amount > h.amountCents) throw badRequest(QUOTE_MESSAGES.captureTooHigh, "capture_too_high");
    if (amount < h.amountCents && !input.reason) {
      throw badRequest(QUOTE_MESSAGES.captureReasonRequired, "capture_reason_required");
    }
  });
  const startedAt = new Date();
  const intent = await ctx.payments.provider
    .capturePaymentIntent(hold.paymentIntentId as string, {
      amountToCapture: input.amountCents ?? hold.amountCents,
      idempotencyKey: `maison-capture-${hold.id}`,
    })
    .catch(async (error) => {
      await unclaim(ctx, hold.id, "capture");
      throw providerFailure(error);
    });
  const update = intentUpdate(intent, startedAt);
  if (update) await ctx.payments.holds.apply({ ...update, holdId: hold.id });
  return current(ctx, hold.id);
}

/** Releases the hold (nothing is taken). */
export async function releaseHold(ctx: QuotesContext, staff: Viewer, requestId: string, reason: string) {
  const hold = await claim(ctx, staff, requestId, "release", reason);
  const startedAt = new Date();
  const intent = await ctx.payments.provider
    .cancelPaymentIntent(hold.paymentIntentId as string, { idempotencyKey: `maison-release-${hold.id}` })
    .catch(async (error) => {
      await unclaim(ctx, hold.id, "release");
      throw providerFailure(error);
    });
  const update = intentUpdate(intent, startedAt);
  if (update) await ctx.payments.holds.apply({ ...update, holdId: hold.id });
  return current(ctx, hold.id);
}

/** After a hold expired: the member is asked to authorise the accepted option again (once). */
export async function requestReauthorization(ctx: QuotesContext, staff: Viewer, requestId: string) {
  await ctx.write(async (tx, out) => {
    const request = await quotedRequest(ctx, tx, requestId, { lock: true });
    const hold = await latestHold(tx, requestId, { lock: true });
    if (hold?.status !== "expired") throw conflict(QUOTE_MESSAGES.holdNotExpired, "hold_not_expired");
    if (hold.reauthorizationRequested) return;
    await tx.update(holds).set({ reauthorizationRequested: true, updatedAt: new Date() }).where(eq(holds.id, hold.id));
    await out.audit({
      actor: actorOf(staff),
      action: "hold.request_reauthorization",
      target: { kind: "hold", id: hold.id },
      before: { reauthorizationRequested: false },
      after: { reauthorizationRequested: true, requestId },
    });
    await ctx.domains.requests.logActivity(tx, out, {
      requestId,
      actorUserId: staff.userId,
      action: "reauthorization_requested",
      details: { holdId: hold.id },
    });
    await out.notify({
      type: "reauthorization_requested",
      ...noticeToMember(request),
      texts: ({ t, euro }) => {
        const facts = { title: request.title, amount: euro(hold.amountCents / 100) };
        return {
          title: t(T.reauthTitle, facts),
          body: request.title,
          email: {
            reason: "reauthorization_requested",
            subject: t(T.reauthSubject, facts),
            heading: t(T.reauthHeading),
            paragraphs: [t(MAIL_TEXTS.dear, { name: request.owner.name }), t(T.reauthText, facts), t(T.reauthNext)],
            actionLabel: t(T.reauthAction),
          },
        };
      },
    });
    out.publish(quotesChanged(request));
  });
  return { ok: true as const };
}
