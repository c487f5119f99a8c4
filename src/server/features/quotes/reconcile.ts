/**
 * Reconciliation (issue 30 item 2, decision 031): the payment provider's hold PaymentIntents compared with our
 * `holds` rows, every difference repaired or reported, each run recorded in `reconciliation_runs`.
 *
 * - An **orphan authorisation** (requires_capture at the provider for a hold we do not hold: no row, our row
 *   released or expired, or our row bound to another intent) is cancelled at the provider with an idempotency
 *   key; the member's money is no longer blocked.
 * - An authorisation, capture, release, expiry or refund we **did not record** (its webhook lost) is applied
 *   through `ctx.payments.holds.apply`, the path webhooks take: the same activity, notices and events, once.
 * - A capture or release claim left by an instance that died mid-call is cleared once the provider's state is known.
 * - What cannot be repaired safely is reported: amounts that disagree, a capture on a hold we do not hold or
 *   believed released, an intent the provider no longer knows.
 *
 * One run at a time across every instance: a run is claimed by inserting its row under a transaction-scoped
 * advisory lock, refused while another unfinished run is younger than RUN_STALE_MS. No provider call is made
 * inside a transaction.
 */
import { and, desc, eq, inArray, isNotNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Served } from "@/shared/contracts/common";
import type { reconciliationDifferenceSchema, reconciliationRunSchema } from "@/shared/contracts/quotes";
import { ERRORS } from "@/shared/messages";
import type { HoldStatus } from "@/shared/quotes";
import { type Queryable, rowsOf } from "../../db";
import { holds, reconciliationRuns } from "../../db/schema";
import { conflict, HttpError } from "../../http/errors";
import type { HoldUpdate } from "../../payments";
import { chargeOf, intentUpdate } from "../../payments/holds";
import type { PaymentIntentLike } from "../../payments/types";
import { type HoldRow, PROVIDER_FAILED, type QuotesContext } from "./common";

export const RECONCILIATION_RUNNING = ERRORS.reconciliationRunning;

/** Stripe keeps an extended card authorisation at most 30 days: older intents are final on both sides. */
export const RECONCILE_LOOKBACK_DAYS = 31;
/** A run unfinished for this long died with its instance: another may start. */
export const RUN_STALE_MS = 15 * 60 * 1000;
/** A capture or release claimed this recently may still be under way: its row is left alone for now. */
export const CLAIM_GRACE_MS = 2 * 60 * 1000;
/** The advisory lock key that serialises claiming a run (any instance, any connection). */
const RUN_LOCK = sql`hashtext('maison reconciliation run')`;

type Kind = z.output<typeof reconciliationDifferenceSchema>["kind"];

/** A difference as stored (jsonb) and logged: `detail` is for the operator's command line and logs. */
export interface Difference {
  kind: Kind;
  paymentIntentId: string;
  holdId: string | null;
  requestId: string | null;
  providerStatus: string | null;
  ourStatus: HoldStatus | null;
  providerAmountCents: number | null;
  ourAmountCents: number | null;
  repaired: boolean;
  detail: string;
}

export type RunRow = typeof reconciliationRuns.$inferSelect;

const LIVE: HoldStatus[] = ["pending", "requires_action", "held"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims the next run: its row id, or null when another run is under way (or, with `minGapMs`, began lately). */
async function claimRun(ctx: QuotesContext, startedBy: string | null, minGapMs: number | null): Promise<string | null> {
  return ctx.write(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${RUN_LOCK}) as locked`);
    if (!lock?.locked) return null;
    const now = Date.now();
    const [latest] = await tx.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.startedAt)).limit(1);
    if (latest && !latest.finishedAt && latest.startedAt.getTime() > now - RUN_STALE_MS) return null;
    if (latest && minGapMs !== null && latest.startedAt.getTime() > now - minGapMs) return null;
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({ provider: ctx.payments.provider.kind, startedBy })
      .returning({ id: reconciliationRuns.id });
    return run.id;
  });
}

/** The row an intent belongs to: by its recorded id first, else the hold its metadata names. */
async function rowFor(q: Queryable, intent: PaymentIntentLike): Promise<HoldRow | null> {
  const [linked] = await q.select().from(holds).where(eq(holds.paymentIntentId, intent.id));
  if (linked) return linked;
  const holdId = intent.metadata?.holdId;
  if (!holdId || !UUID.test(holdId)) return null;
  const [named] = await q.select().from(holds).where(eq(holds.id, holdId));
  return named ?? null;
}

/** Compares and repairs; the differences found. Provider failures while listing throw. */
async function compare(ctx: QuotesContext): Promise<{ checked: number; differences: Difference[] }> {
  const { provider } = ctx.payments;
  // Test mode lapses due authorisations lazily (Stripe does it by itself): first, as any read of money does.
  await ctx.payments.test?.expireDueHolds();
  const createdSince = new Date(Date.now() - RECONCILE_LOOKBACK_DAYS * 24 * 60 * 60 * 1000);
  const intents = await provider.listHoldPaymentIntents({ createdSince });
  const differences: Difference[] = [];
  const seen = new Set<string>();
  let checked = 0;

  for (const intent of intents) {
    seen.add(intent.id);
    checked += 1;
    const found = await examine(ctx, intent);
    if (found) differences.push(found);
  }
  // Our side: every hold the app still counts as live with an intent the list did not show (older than the window).
  const live = await ctx.db
    .select()
    .from(holds)
    .where(and(inArray(holds.status, LIVE), isNotNull(holds.paymentIntentId)));
  for (const row of live) {
    const id = row.paymentIntentId as string;
    if (seen.has(id)) continue;
    checked += 1;
    const intent = await provider.retrievePaymentIntent(id);
    if (!intent) {
      differences.push({
        ...facts(row, null, id),
        kind: "missing_at_provider",
        repaired: false,
        detail: `our ${row.status} hold's intent ${id} is unknown to the provider`,
      });
      continue;
    }
    const found = await examine(ctx, intent);
    if (found) differences.push(found);
  }
  return { checked, differences };
}

function facts(row: HoldRow | null, intent: PaymentIntentLike | null, id = intent?.id ?? "") {
  return {
    paymentIntentId: id,
    holdId: row?.id ?? intent?.metadata?.holdId ?? null,
    requestId: row?.requestId ?? intent?.metadata?.requestId ?? null,
    providerStatus: intent?.status ?? null,
    ourStatus: row?.status ?? null,
    providerAmountCents: intent ? providerAmount(intent) : null,
    ourAmountCents: row
      ? row.status === "captured" || row.status === "refunded"
        ? row.capturedCents
        : row.amountCents
      : null,
  };
}

function providerAmount(intent: PaymentIntentLike): number {
  if (intent.status === "succeeded") return intent.amount_received ?? intent.amount;
  if (intent.status === "requires_capture") return intent.amount_capturable ?? intent.amount;
  return intent.amount;
}

/** Applies the provider's state to our hold as its webhook would have; whether anything changed. */
async function applyState(ctx: QuotesContext, row: HoldRow, update: HoldUpdate): Promise<boolean> {
  const result = await ctx.payments.holds.apply({ ...update, holdId: row.id });
  return result.changed;
}

/** One intent against our row: the difference (repaired or reported), or null when both agree. */
async function examine(ctx: QuotesContext, intent: PaymentIntentLike): Promise<Difference | null> {
  if (!intent.metadata?.holdId) return null;
  const row = await rowFor(ctx.db, intent);
  // The row this authorisation is: bound to it, or the live hold it was opened for and not yet linked.
  const ours =
    row && (row.paymentIntentId === intent.id || (!row.paymentIntentId && LIVE.includes(row.status))) ? row : null;
  const base = facts(row, intent);
  const now = Date.now();
  // A capture or release under way (claimed moments ago): its own answer is about to be applied.
  if (ours?.pendingAction && ours.updatedAt.getTime() > now - CLAIM_GRACE_MS) return null;
  const stamp = new Date();
  const update = intentUpdate(intent, stamp);

  switch (intent.status) {
    case "requires_capture": {
      if (!ours || ours.status === "released" || ours.status === "expired") {
        // Money blocked on a card for a hold the app does not hold: let it go.
        const repaired = await ctx.payments.provider
          .cancelPaymentIntent(intent.id, { idempotencyKey: `maison-orphan-${intent.id}` })
          .then(
            (after) => after.status === "canceled",
            () => false,
          );
        return {
          ...base,
          kind: "orphan_authorisation",
          repaired,
          detail: `authorisation ${intent.id} for ${row ? `a ${row.status} hold` : "an unknown hold"} ${repaired ? "cancelled" : "could not be cancelled"}`,
        };
      }
      if (ours.status === "pending" || ours.status === "requires_action") {
        const repaired = update ? await applyState(ctx, ours, update) : false;
        return { ...base, kind: "unrecorded_authorisation", repaired, detail: `authorisation ${intent.id} recorded` };
      }
      if (ours.status === "held") {
        if (ours.pendingAction) {
          // The instance that claimed a capture or release died before the provider moved: the claim is cleared.
          await ctx.write(async (tx) => {
            await tx
              .update(holds)
              .set({ pendingAction: null })
              .where(and(eq(holds.id, ours.id), lt(holds.updatedAt, new Date(now - CLAIM_GRACE_MS))));
          });
          return { ...base, kind: "stale_claim", repaired: true, detail: `${ours.pendingAction} claim cleared` };
        }
        if (base.providerAmountCents !== ours.amountCents) {
          return { ...base, kind: "amount_mismatch", repaired: false, detail: "authorised amounts differ" };
        }
        return null;
      }
      // We believe it captured (or refunded) while the provider still holds it: a person decides.
      return { ...base, kind: "status_mismatch", repaired: false, detail: `provider holds it, ours is ${ours.status}` };
    }
    case "succeeded": {
      if (!ours || ours.status === "released" || ours.status === "expired") {
        return {
          ...base,
          kind: "unexpected_capture",
          repaired: false,
          detail: `captured at the provider for ${row ? `a ${row.status} hold` : "an unknown hold"}`,
        };
      }
      if (LIVE.includes(ours.status)) {
        const repaired = update ? await applyState(ctx, ours, update) : false;
        return { ...base, kind: "unrecorded_capture", repaired, detail: `capture of ${intent.id} recorded` };
      }
      const charge = chargeOf(intent);
      // Refunded at the provider beyond what we recorded (refunds are partial too: decision 033).
      const refundedThere = charge?.amount_refunded ?? (charge?.refunded ? ours.capturedCents : 0);
      const fullyThere = charge?.refunded === true;
      if (
        (ours.status === "captured" || ours.status === "refunded") &&
        (refundedThere > ours.refundedCents || (fullyThere && ours.status !== "refunded"))
      ) {
        const repaired = await applyState(ctx, ours, {
          kind: "refunded",
          holdId: ours.id,
          paymentIntentId: intent.id,
          sessionId: null,
          receiptUrl: charge?.receipt_url ?? null,
          refundedCents: refundedThere,
          fullyRefunded: fullyThere,
          stamp,
        });
        return { ...base, kind: "unrecorded_refund", repaired, detail: `refund of ${intent.id} recorded` };
      }
      if (base.providerAmountCents !== ours.capturedCents) {
        return { ...base, kind: "amount_mismatch", repaired: false, detail: "captured amounts differ" };
      }
      return null;
    }
    case "canceled": {
      if (!ours || !LIVE.includes(ours.status) || !update) return null;
      // Not linked yet and cancelled: its card page was left; that is the page's expiry, nothing held.
      const repaired = await applyState(ctx, ours, update);
      return {
        ...base,
        kind: update.kind === "expired" ? "unrecorded_expiry" : "unrecorded_release",
        repaired,
        detail: `${update.kind === "expired" ? "lapse" : "release"} of ${intent.id} recorded`,
      };
    }
    default:
      return null;
  }
}

export type ReconcileOutcome = { run: RunRow } | { running: true };

/**
 * One reconciliation: claimed (one at a time across instances), compared, repaired, recorded. `startedBy` is the
 * admin who asked (null: the schedule or the command line); with `minGapMs` (the schedule) a run that began within
 * it counts as this one.
 */
export async function reconcile(
  ctx: QuotesContext,
  options: { startedBy?: string | null; minGapMs?: number | null } = {},
): Promise<ReconcileOutcome> {
  const runId = await claimRun(ctx, options.startedBy ?? null, options.minGapMs ?? null);
  if (!runId) return { running: true };
  let result: { checked: number; differences: Difference[] } = { checked: 0, differences: [] };
  let error: string | null = null;
  try {
    result = await compare(ctx);
  } catch (cause) {
    error = cause instanceof Error ? cause.message : String(cause);
  }
  const [run] = await ctx.write(async (tx) =>
    tx
      .update(reconciliationRuns)
      .set({
        finishedAt: new Date(),
        checked: result.checked,
        differences: result.differences as unknown as Array<Record<string, unknown>>,
        repaired: result.differences.filter((d) => d.repaired).length,
        error,
      })
      .where(eq(reconciliationRuns.id, runId))
      .returning(),
  );
  return { run };
}

/** The newest run, as the money overview and the admin's button show it. */
export async function runView(ctx: QuotesContext, run: RunRow): Promise<Served<typeof reconciliationRunSchema>> {
  const differences = (run.differences ?? []) as unknown as Difference[];
  const titles = await ctx.domains.requests.summariesOf(ctx.db, [
    ...new Set(differences.map((d) => d.requestId).filter((id): id is string => Boolean(id && UUID.test(id)))),
  ]);
  return {
    id: run.id,
    provider: run.provider,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    checked: run.checked,
    repaired: run.repaired,
    error: run.error,
    differences: differences.map((d) => ({
      kind: d.kind,
      paymentIntentId: d.paymentIntentId,
      holdId: d.holdId,
      requestId: d.requestId,
      requestTitle: (d.requestId && titles.get(d.requestId)?.title) || "",
      providerStatus: d.providerStatus,
      ourStatus: d.ourStatus,
      providerAmountCents: d.providerAmountCents,
      ourAmountCents: d.ourAmountCents,
      repaired: d.repaired,
    })),
  };
}

export async function latestRun(ctx: QuotesContext): Promise<Served<typeof reconciliationRunSchema> | null> {
  const [run] = await ctx.db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.startedAt)).limit(1);
  return run ? runView(ctx, run) : null;
}

/** POST /admin/quotes/reconcile: a run now; 409 while another is under way, 502 when the provider failed. */
export async function reconcileNow(ctx: QuotesContext, adminId: string) {
  const outcome = await reconcile(ctx, { startedBy: adminId });
  if ("running" in outcome) throw conflict(RECONCILIATION_RUNNING, "reconciliation_running");
  // Recorded with its cause (the overview shows it); the admin reads that the provider could not be reached.
  if (outcome.run.error) throw new HttpError(502, PROVIDER_FAILED, "provider_error");
  return runView(ctx, outcome.run);
}

/**
 * The scheduled runs: every `intervalMs`, the first a minute after the start. Every instance keeps this timer;
 * a run that began less than half an interval ago (on any instance) counts, so the house reconciles about once
 * per interval whatever the number of instances. `stop` waits for a run under way.
 */
export function startReconciliation(
  ctx: QuotesContext,
  options: { intervalMs: number; firstAfterMs?: number; onError?: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped || running) return;
    running = reconcile(ctx, { minGapMs: options.intervalMs / 2 })
      .then((outcome) => {
        if ("run" in outcome && outcome.run.error) options.onError?.(new Error(outcome.run.error));
      })
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, options.firstAfterMs ?? 60_000);
  const timer = setInterval(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
