/**
 * The hold's state machine (hold-state.ts) over any order of the provider's events and their replays
 * (fast-check). A history is what happened at the provider, stamped in order; a delivery is that history
 * shuffled, with some events applied twice (a capture's own answer and its webhook, a redelivery).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HoldStatus } from "@/shared/quotes";
import { chargeRefunded, type HoldEvent, type HoldState, nextHoldState, RANK } from "./hold-state";

const AMOUNT = 5_000;
const PI = "pi_1";
const SESSION = "cs_1";

type Model = HoldState & { capturedCents: number; refundedCents: number; failure: string | null };
type Event = HoldEvent & { refundedCents?: number; fullyRefunded?: boolean };

const start = (): Model => ({
  status: "pending",
  amountCents: AMOUNT,
  paymentIntentId: null,
  checkoutSessionId: SESSION,
  pendingAction: null,
  actionBy: null,
  actionReason: null,
  receiptUrl: null,
  providerUpdatedAt: null,
  capturedCents: 0,
  refundedCents: 0,
  failure: null,
});

type Step = { state: Model; moved: string[]; orphan: boolean };

/** One event applied as the app applies it (charge.refunded through refunds.ts, the rest through holds.ts). */
function step(state: Model, event: Event): Step {
  if (event.kind === "refunded") {
    const next = chargeRefunded(state, event.refundedCents ?? 0, event.fullyRefunded === true);
    if (!next) return { state, moved: [], orphan: false };
    const status: HoldStatus = next.whole ? "refunded" : state.status;
    return { state: { ...state, refundedCents: next.refundedCents, status }, moved: [], orphan: false };
  }
  const t = nextHoldState(state, event, new Date(0));
  if (t.outcome === "orphan") return { state, moved: [], orphan: true };
  if (t.outcome === "unchanged") return { state, moved: [], orphan: false };
  const { updatedAt: _u, ...set } = t.set;
  const next = { ...state } as Record<string, unknown>;
  for (const [key, value] of Object.entries(set)) if (key in next) next[key] = value;
  return { state: next as Model, moved: t.effects.map((e) => e.type), orphan: false };
}

function run(events: Event[]) {
  let state = start();
  const trace: Step[] = [];
  for (const event of events) {
    const s = step(state, event);
    trace.push(s);
    state = s.state;
  }
  return { state, trace };
}

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1_000);

/** A history the provider could report for one hold, its events in the order they happened. */
const history: fc.Arbitrary<Event[]> = fc
  .record({
    linked: fc.boolean(),
    challenged: fc.boolean(),
    refusals: fc.integer({ min: 0, max: 2 }),
    end: fc.constantFrom("none", "held", "captured", "released", "expired", "abandoned", "refunded"),
    captured: fc.integer({ min: 50, max: AMOUNT + 1_000 }),
    refundedShare: fc.double({ min: 0, max: 1, noNaN: true }),
    fully: fc.boolean(),
  })
  .map((h) => {
    const events: Omit<Event, "stamp">[] = [];
    const intent = { paymentIntentId: PI, sessionId: null };
    if (h.challenged) events.push({ kind: "requires_action", ...intent });
    for (let i = 0; i < h.refusals; i += 1) events.push({ kind: "failed", ...intent, failure: `Refused ${i}` });
    if (h.end === "none") {
      // Still on the card page: a refusal at least (an empty history says nothing).
      events.push({ kind: "failed", ...intent, failure: "Refused" });
    } else if (h.end === "abandoned") {
      events.push({ kind: "abandoned", paymentIntentId: null, sessionId: SESSION });
    } else {
      if (h.linked) events.push({ kind: "linked", paymentIntentId: PI, sessionId: SESSION });
      events.push({ kind: "held", ...intent, amountCents: AMOUNT, card: { brand: "visa", last4: "4242" } });
      const captured = Math.min(h.captured, AMOUNT);
      if (h.end === "captured" || h.end === "refunded") {
        events.push({ kind: "captured", ...intent, amountCents: h.captured, receiptUrl: "https://receipt" });
      }
      if (h.end === "refunded") {
        // The charge's cumulative refunded amount never exceeds what was captured (the provider's rule).
        const total = h.fully ? captured : Math.floor(captured * h.refundedShare);
        events.push({ kind: "refunded", ...intent, refundedCents: total, fullyRefunded: total === captured });
      }
      if (h.end === "released") events.push({ kind: "released", ...intent });
      if (h.end === "expired") events.push({ kind: "expired", ...intent });
    }
    return events.map((e, i) => ({ ...e, stamp: at(i) }) as Event);
  });

/** The history delivered in any order, some events twice. */
const delivery = history.chain((events) =>
  fc
    .tuple(
      fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
      fc.array(fc.tuple(fc.nat(events.length - 1), fc.nat(events.length)), { maxLength: 4 }),
    )
    .map(([order, replays]) => {
      const delivered = [...order];
      for (const [which, where] of replays) delivered.splice(Math.min(where, delivered.length), 0, events[which]);
      return { events, delivered };
    }),
);

const FINAL: HoldStatus[] = ["released", "expired", "refunded"];
const MONEY = ["payment_captured", "hold_released", "hold_expired"];

describe("the hold's state machine", () => {
  it("never moves money twice, whatever the order and the replays", () => {
    fc.assert(
      fc.property(delivery, ({ delivered }) => {
        const { state, trace } = run(delivered);
        const moved = trace.flatMap((s) => s.moved);
        expect(moved.filter((m) => MONEY.includes(m)).length).toBeLessThanOrEqual(1);
        expect(moved.filter((m) => m === "accept").length).toBeLessThanOrEqual(1);
        expect(moved.filter((m) => m === "hold_placed").length).toBeLessThanOrEqual(1);
        for (const { state: s } of trace) {
          expect(s.capturedCents).toBeLessThanOrEqual(s.amountCents);
          if (s.status === "captured" || s.status === "refunded") {
            expect(s.refundedCents).toBeLessThanOrEqual(s.capturedCents);
          }
        }
        if (state.status === "refunded") expect(state.capturedCents).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });

  it("never leaves a final state, and leaves captured only for refunded", () => {
    fc.assert(
      fc.property(delivery, ({ delivered }) => {
        const { trace } = run(delivered);
        for (let i = 1; i < trace.length; i += 1) {
          const from = trace[i - 1].state.status;
          const to = trace[i].state.status;
          if (FINAL.includes(from)) expect(to).toBe(from);
          if (from === "captured") expect(["captured", "refunded"]).toContain(to);
          // Never backwards, but for a refusal after a bank's challenge (requires_action → pending).
          if (!(from === "requires_action" && to === "pending")) expect(RANK[to]).toBeGreaterThanOrEqual(RANK[from]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("changes nothing when an event is applied again", () => {
    fc.assert(
      fc.property(delivery, ({ delivered }) => {
        let state = start();
        for (const event of delivered) {
          state = step(state, event).state;
          const again = step(state, event);
          expect(again.state).toEqual(state);
          expect(again.moved).toEqual([]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("ends where the ordered history ends, whatever the order, once the hold is settled", () => {
    fc.assert(
      fc.property(delivery, ({ events, delivered }) => {
        // Known to diverge, and kept as the app does it today (see the two examples below): a refusal delivered
        // before its challenge, and charge.refunded delivered before the capture.
        const settled = events.some((e) => e.kind !== "requires_action" && e.kind !== "failed");
        const refund = delivered.findIndex((e) => e.kind === "refunded");
        const capture = delivered.findIndex((e) => e.kind === "captured");
        fc.pre(settled && (refund < 0 || refund > capture));
        const ordered = run(events).state;
        const reordered = run(delivered).state;
        for (const key of ["status", "capturedCents", "refundedCents", "paymentIntentId", "failure"] as const) {
          expect(reordered[key]).toEqual(ordered[key]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("cancels an authorisation of a hold the app released, unless a newer event was applied", () => {
    const released = { ...start(), status: "released" as const };
    const held: Event = { kind: "held", paymentIntentId: PI, sessionId: null, stamp: at(2) };
    expect(step(released, held).orphan).toBe(true);
    expect(step({ ...released, providerUpdatedAt: at(3) }, held).orphan).toBe(false);
  });

  // Today's behaviour where delivery order matters (the provider does not promise one): pinned so a change is seen.
  it("keeps the later word of a challenge and a refusal delivered out of order", () => {
    const challenge: Event = { kind: "requires_action", paymentIntentId: PI, sessionId: null, stamp: at(0) };
    const refusal: Event = { kind: "failed", paymentIntentId: PI, sessionId: null, failure: "No", stamp: at(1) };
    expect(run([challenge, refusal]).state).toMatchObject({ status: "pending", failure: "No" });
    expect(run([refusal, challenge]).state).toMatchObject({ status: "requires_action", failure: null });
  });

  it("counts a refund heard of before its capture, without marking the hold refunded", () => {
    const intent = { paymentIntentId: PI, sessionId: null };
    const held: Event = { kind: "held", ...intent, amountCents: AMOUNT, stamp: at(0) };
    const captured: Event = { kind: "captured", ...intent, amountCents: AMOUNT, stamp: at(1) };
    const refunded: Event = { kind: "refunded", ...intent, refundedCents: AMOUNT, fullyRefunded: true, stamp: at(2) };
    expect(run([held, captured, refunded]).state).toMatchObject({ status: "refunded", refundedCents: AMOUNT });
    expect(run([held, refunded, captured]).state).toMatchObject({ status: "captured", refundedCents: AMOUNT });
  });
});
