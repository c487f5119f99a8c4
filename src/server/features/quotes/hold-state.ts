/**
 * A hold's state machine (decision 018), with no I/O: what one word of the provider (a webhook, or a capture's
 * or release's own answer) does to a hold, as the columns to set and the effects to carry out. holds.ts reads
 * and locks the rows, asks this, then writes, logs and notifies; the property tests (hold-state.test.ts) check
 * it over any order of events and replays: money moves once, a final state is never left, a replay changes
 * nothing, and reordered events end where ordered ones do.
 *
 *   pending ⇄ requires_action → held → captured → refunded
 *      └────────────┴────────────┴──→ released | expired
 *
 * A state never moves back (RANK); `failed` only records the message (requires_action falls back to pending);
 * `abandoned` (the card page expired) releases a hold no card was authorised on; an authorisation on a hold the
 * app released or saw lapse is an orphan, cancelled at the provider, unless an event newer than it was applied.
 */
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { HOLD_VALIDITY_DAYS, type HoldStatus } from "@/shared/quotes";
import type { holds } from "../../db/schema";
import type { HoldUpdate } from "../../payments";

/** A hold's states in order: an update never moves one back. */
export const RANK: Record<HoldStatus, number> = {
  pending: 0,
  requires_action: 1,
  held: 2,
  captured: 3,
  released: 3,
  expired: 3,
  refunded: 4,
};

/** What the state machine reads of a hold row. */
export type HoldState = Pick<
  typeof holds.$inferSelect,
  | "status"
  | "amountCents"
  | "paymentIntentId"
  | "checkoutSessionId"
  | "pendingAction"
  | "actionBy"
  | "actionReason"
  | "receiptUrl"
  | "providerUpdatedAt"
>;

/** What it reads of an update (the provider's word about a hold). */
export type HoldEvent = Pick<
  HoldUpdate,
  "kind" | "paymentIntentId" | "sessionId" | "amountCents" | "expiresAt" | "card" | "receiptUrl" | "failure" | "stamp"
>;

export type HoldChanges = Partial<typeof holds.$inferInsert>;

/** What the caller does, in this order, in the same transaction as the row's update. */
export type HoldEffect =
  /** The quote accepted with the hold's option, the request Found (the first authorisation). */
  | { type: "accept" }
  | { type: "hold_placed"; expiresAt: Date }
  | { type: "payment_captured"; capturedCents: number; reason: string | null; actorUserId: string | null }
  /** Only for a hold a card was authorised on: a card page closed unused moves no money, and nobody is told. */
  | { type: "hold_released"; reason: string | null; actorUserId: string | null }
  | { type: "hold_expired" };

export type HoldTransition =
  /** An authorisation of a hold the app no longer holds: recorded, and cancelled at the provider. */
  | { outcome: "orphan" }
  | { outcome: "unchanged"; reason: string }
  | {
      outcome: "changed";
      /** The new status, or null when only links, a failure message or the stamp change. */
      to: HoldStatus | null;
      set: HoldChanges;
      /** The PaymentIntent was recorded now (the request learns it too). */
      linked: boolean;
      effects: HoldEffect[];
    };

/** Whether a card authorised on this hold still counts (no: the app released it or saw it lapse). */
export function isOrphanAuthorisation(hold: HoldState, event: HoldEvent): boolean {
  const stale = Boolean(hold.providerUpdatedAt && hold.providerUpdatedAt > event.stamp);
  return (
    event.kind === "held" &&
    Boolean(event.paymentIntentId) &&
    (hold.status === "released" || hold.status === "expired") &&
    !stale
  );
}

/** The provider's update applied to a hold: once, never backwards. `now` stamps the row's own times. */
export function nextHoldState(hold: HoldState, event: HoldEvent, now: Date): HoldTransition {
  if (isOrphanAuthorisation(hold, event)) return { outcome: "orphan" };
  const set: HoldChanges = {};
  let linked = false;
  if (event.paymentIntentId && !hold.paymentIntentId) {
    set.paymentIntentId = event.paymentIntentId;
    linked = true;
  }
  if (event.sessionId && !hold.checkoutSessionId) set.checkoutSessionId = event.sessionId;

  const from = hold.status;
  let to: HoldStatus | null = null;
  switch (event.kind) {
    case "linked":
      break;
    case "failed":
      if (from === "pending" || from === "requires_action") {
        set.failure = event.failure ?? QUOTE_MESSAGES.cardDeclined;
        if (from === "requires_action") to = "pending";
      }
      break;
    case "abandoned":
      if (from === "pending" || from === "requires_action") to = "released";
      break;
    default:
      if (RANK[event.kind] > RANK[from] && (event.kind !== "refunded" || from === "captured")) to = event.kind;
  }
  if (to) {
    set.status = to;
    if (to !== "pending") set.failure = null;
  }
  if (!to && !Object.keys(set).length) return { outcome: "unchanged", reason: `hold already ${from}` };

  const effects: HoldEffect[] = [];
  const byStaff = (action: "capture" | "release") => ({
    reason: hold.pendingAction === action ? hold.actionReason : null,
    actorUserId: hold.pendingAction === action ? hold.actionBy : null,
  });
  switch (to) {
    case "held": {
      const expiresAt = event.expiresAt ?? new Date(event.stamp.getTime() + HOLD_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
      Object.assign(set, {
        heldAt: now,
        expiresAt,
        ...(event.card ? { cardBrand: event.card.brand, cardLast4: event.card.last4 } : {}),
      });
      effects.push({ type: "accept" }, { type: "hold_placed", expiresAt });
      break;
    }
    case "captured": {
      const captured = Math.min(event.amountCents ?? hold.amountCents, hold.amountCents);
      // Only the staff's capture carries a reason (one captured elsewhere has none), so the member reads its own.
      const staff = byStaff("capture");
      Object.assign(set, {
        capturedCents: captured,
        capturedAt: now,
        releasedAt: captured < hold.amountCents ? now : null,
        receiptUrl: event.receiptUrl ?? hold.receiptUrl,
        pendingAction: null,
        actionReason: staff.reason,
      });
      // Captured before its authorisation was heard of (events in any order): the acceptance happens now.
      if (RANK[from] < RANK.held) {
        set.heldAt = now;
        effects.push({ type: "accept" });
      }
      effects.push({ type: "payment_captured", capturedCents: captured, ...staff });
      break;
    }
    case "released": {
      const wasHeld = RANK[from] >= RANK.held;
      Object.assign(set, { pendingAction: null, ...(wasHeld ? { releasedAt: now } : {}) });
      if (wasHeld) effects.push({ type: "hold_released", ...byStaff("release") });
      break;
    }
    case "expired":
      Object.assign(set, { releasedAt: now, pendingAction: null });
      effects.push({ type: "hold_expired" });
      break;
    // "refunded" never comes here in the app: charge.refunded is applied by refunds.ts (decision 033).
    default:
      break;
  }
  set.providerUpdatedAt =
    hold.providerUpdatedAt && hold.providerUpdatedAt > event.stamp ? hold.providerUpdatedAt : event.stamp;
  set.updatedAt = now;
  return { outcome: "changed", to, set, linked, effects };
}

/**
 * `charge.refunded`: the refunded total is the charge's cumulative amount_refunded (never lowered), and the hold
 * is refunded only when all of what was captured is. Null: nothing changes.
 */
export function chargeRefunded(
  hold: Pick<typeof holds.$inferSelect, "status" | "capturedCents" | "refundedCents">,
  total: number,
  full: boolean,
): { refundedCents: number; whole: boolean } | null {
  const refundedCents = Math.max(hold.refundedCents, total);
  const whole = hold.capturedCents > 0 && (full || refundedCents >= hold.capturedCents) && hold.status === "captured";
  if (refundedCents === hold.refundedCents && !whole) return null;
  return { refundedCents, whole };
}

/** Whether staff may claim the hold for a capture or a release: held, its intent known, no action under way. */
export function claimable(hold: Pick<HoldState, "status" | "paymentIntentId" | "pendingAction">): boolean {
  return hold.status === "held" && Boolean(hold.paymentIntentId) && !hold.pendingAction;
}
