/**
 * Money overviews (issue 21): the member's holds and captures, the admin dashboard's 12 weeks of money held,
 * captured and released (one aggregate statement), and the pipeline's hold flags (one query per page).
 */
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Served } from "@/shared/contracts/common";
import type { paymentsSchema, quotesOverviewSchema } from "@/shared/contracts/quotes";
import { HOLD_EXPIRY_WARNING_HOURS, type HoldStatus } from "@/shared/quotes";
import type { Viewer } from "../../auth/viewer";
import { type Queryable, rowsOf } from "../../db";
import { balanceInvoices, disputes, holds, quoteOptions, refunds } from "../../db/schema";
import type { QuotesContext } from "./common";
import { holdView } from "./holds";
import { latestRun } from "./reconcile";

/** The member's holds that reached their card (authorised at least once), newest first. */
export async function paymentsOf(ctx: QuotesContext, viewer: Viewer): Promise<Served<typeof paymentsSchema>> {
  await ctx.payments.test?.expireDueHolds();
  const rows = await ctx.db
    .select({ hold: holds, optionTitle: quoteOptions.title })
    .from(holds)
    .innerJoin(quoteOptions, eq(quoteOptions.id, holds.optionId))
    .where(and(eq(holds.userId, viewer.userId), isNotNull(holds.heldAt)))
    .orderBy(desc(holds.createdAt))
    .limit(200);
  const titles = await ctx.domains.requests.summariesOf(ctx.db, [...new Set(rows.map((r) => r.hold.requestId))]);
  return {
    items: rows.map(({ hold, optionTitle }) => ({
      ...holdView(hold),
      request: { id: hold.requestId, title: titles.get(hold.requestId)?.title ?? "" },
      optionTitle,
    })),
  };
}

/**
 * The dashboard's money: per week (Monday first, Lisbon time, the last 12, oldest first) what was authorised,
 * captured and released (released: let go, lapsed, or what a partial capture did not take); what is held now;
 * and the holds expiring within 24 h. One statement.
 */
export async function quotesOverview(
  ctx: QuotesContext,
  now = new Date(),
): Promise<Served<typeof quotesOverviewSchema>> {
  await ctx.payments.test?.expireDueHolds();
  const nowIso = now.toISOString();
  const lisbonNow = sql`(${nowIso}::timestamptz at time zone 'Europe/Lisbon')`;
  const week = (column: string) => sql.raw(`date_trunc('week', ${column} at time zone 'Europe/Lisbon')::date`);
  const warning = sql.raw(`interval '${HOLD_EXPIRY_WARNING_HOURS} hours'`);
  const rows = await rowsOf<{
    week: string;
    held: string | number;
    captured: string | number;
    released: string | number;
    held_now: string | number;
    expiring: Array<{ requestId: string; expiresAt: string }> | null;
  }>(
    ctx.db,
    sql`
    with weeks as (
      select generate_series(date_trunc('week', ${lisbonNow}) - interval '11 weeks', date_trunc('week', ${lisbonNow}),
        interval '1 week')::date as week),
    since as (select (min(week)::timestamp at time zone 'Europe/Lisbon') as at from weeks),
    moves as (
      select ${week("held_at")} as week, amount_cents as held, 0::bigint as captured, 0::bigint as released
        from ${holds} where held_at >= (select at from since)
      union all
      select ${week("captured_at")}, 0, captured_cents, 0 from ${holds} where captured_at >= (select at from since)
      union all
      select ${week("released_at")}, 0, 0,
          case when status in ('captured', 'refunded') then amount_cents - captured_cents else amount_cents end
        from ${holds} where released_at >= (select at from since)),
    expiring as (
      select request_id, expires_at from ${holds}
      where status = 'held' and expires_at > ${nowIso}::timestamptz and expires_at <= ${nowIso}::timestamptz + ${warning}
      order by expires_at limit 50)
    select to_char(w.week, 'YYYY-MM-DD') as week,
      coalesce(sum(m.held), 0)::bigint as held, coalesce(sum(m.captured), 0)::bigint as captured,
      coalesce(sum(m.released), 0)::bigint as released,
      (select coalesce(sum(amount_cents), 0)::bigint from ${holds} where status = 'held') as held_now,
      (select json_agg(json_build_object('requestId', request_id, 'expiresAt', expires_at) order by expires_at)
         from expiring) as expiring
    from weeks w left join moves m on m.week = w.week
    group by w.week order by w.week`,
  );
  const weekly = rows.map((r) => ({
    weekStart: r.week,
    heldCents: Number(r.held),
    capturedCents: Number(r.captured),
    releasedCents: Number(r.released),
  }));
  const expiring = rows[0]?.expiring ?? [];
  const titles = await ctx.domains.requests.summariesOf(ctx.db, [...new Set(expiring.map((e) => e.requestId))]);
  return {
    cards: {
      heldCents: Number(rows[0]?.held_now ?? 0),
      capturedCents: weekly.reduce((sum, w) => sum + w.capturedCents, 0),
      releasedCents: weekly.reduce((sum, w) => sum + w.releasedCents, 0),
      expiringSoon: expiring.length,
    },
    weekly,
    expiring: expiring.map((e) => ({
      requestId: e.requestId,
      title: titles.get(e.requestId)?.title ?? "",
      expiresAt: new Date(e.expiresAt),
    })),
    reconciliation: await latestRun(ctx),
    ledger: await ledgerOf(ctx.db, rows[0]?.week ?? nowIso.slice(0, 10)),
  };
}

/** Open balance invoices (what is still owed on them), refunds since `since`, undecided disputes: one statement. */
async function ledgerOf(db: Queryable, since: string) {
  const [row] = await rowsOf<Record<string, string | number>>(
    db,
    sql`select
      (select coalesce(sum(amount_cents - amount_paid_cents), 0)::bigint from ${balanceInvoices}
         where status = 'open') as balance_due,
      (select count(*)::int from ${balanceInvoices} where status = 'open') as open_invoices,
      (select count(*)::int from ${balanceInvoices} where status = 'open' and overdue) as overdue_invoices,
      (select coalesce(sum(amount_cents), 0)::bigint from ${refunds}
         where status = 'succeeded' and created_at >= (${since}::date::timestamp at time zone 'Europe/Lisbon'))
         as refunded,
      (select count(*)::int from ${disputes} where status not in ('won', 'lost')) as open_disputes,
      (select coalesce(sum(amount_cents), 0)::bigint from ${disputes} where status not in ('won', 'lost'))
         as disputed`,
  );
  return {
    balanceDueCents: Number(row?.balance_due ?? 0),
    openInvoices: Number(row?.open_invoices ?? 0),
    overdueInvoices: Number(row?.overdue_invoices ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
    openDisputes: Number(row?.open_disputes ?? 0),
    disputedCents: Number(row?.disputed ?? 0),
  };
}

/** Each request's newest hold, for a page of the pipeline: one query. */
export async function holdFlags(
  db: Queryable,
  requestIds: string[],
): Promise<Map<string, { status: HoldStatus; expiresAt: Date | null }>> {
  if (!requestIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([holds.requestId], {
      requestId: holds.requestId,
      status: holds.status,
      expiresAt: holds.expiresAt,
    })
    .from(holds)
    .where(inArray(holds.requestId, requestIds))
    .orderBy(holds.requestId, desc(holds.createdAt));
  return new Map(rows.map(({ requestId, ...flag }) => [requestId, flag]));
}

/**
 * Whether a hold of the request was ever authorised (held, captured, released or lapsed after it was held,
 * refunded): money moved, and the request's records stay.
 */
export async function moneyMoved(db: Queryable, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: holds.id })
    .from(holds)
    .where(
      and(
        eq(holds.requestId, requestId),
        or(isNotNull(holds.heldAt), inArray(holds.status, ["held", "captured", "expired", "refunded"])),
      ),
    )
    .limit(1);
  return Boolean(row);
}
