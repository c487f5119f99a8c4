/**
 * The admin dashboard's money (composed in by app/pages/admin-dashboard-route.tsx), from one query
 * (GET /admin/quotes/overview): the holds expiring within 24 h as flags at the top, and a section with the counters
 * (held now, captured and released over 12 weeks, expiring soon) and a chart of held, captured and released
 * money per week; and the newest reconciliation with the payment provider, its differences, and for admins a
 * "Reconcile now" button (decision 031).
 */
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, ArrowUpRight, Check, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { toast } from "sonner";
import { ChartFigure } from "@/client/components/chart-figure";
import { AXIS_TICK, GRID_STROKE, TOKENS } from "@/client/components/chart-palette";
import { ChartLegend, ChartTooltip, HOVER_CURSOR } from "@/client/components/chart-tooltip";
import { StatCard } from "@/client/components/stat-card";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { type MessageDescriptor, useLocale } from "@/client/lib/i18n";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { formatCount, formatMessageTime, formatWeek } from "@/shared/format";
import {
  type QuotesOverview,
  quoteQueries,
  type ReconciliationDifference,
  type ReconciliationRun,
  useReconcileNow,
} from "../api";
import { formatCents, moneyAxisTicks } from "../money";
import { HoldExpiry } from "./quote-parts";

/** Holds that lapse within 24 h unless captured or released: each a link to its request. */
export function ExpiringHolds() {
  useLocale();
  const { data } = useQuery(quoteQueries.overview());
  if (!data || data.expiring.length === 0) return null;
  return (
    <section
      aria-labelledby="expiring-holds"
      className="rounded-lg border border-oxblood/30 bg-oxblood/5 px-5 py-4 text-sm"
    >
      <h2 id="expiring-holds" className="flex items-center gap-2 font-sans text-sm font-medium text-oxblood">
        <AlertTriangle aria-hidden className="size-4" />
        {plural(data.expiring.length, { one: "A card hold expires soon", other: "# card holds expire soon" })}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {data.expiring.map((hold) => (
          <li key={hold.requestId}>
            <Link
              to={`/admin/requests/${hold.requestId}`}
              className="group flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 hover:underline"
            >
              <span className="min-w-0 break-words font-medium">{hold.title}</span>
              <span className="flex items-center gap-1 text-oxblood">
                <HoldExpiry expiresAt={hold.expiresAt} />
                <ArrowUpRight aria-hidden className="size-3.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SERIES = [
  { key: "heldCents", name: msg`Held`, color: TOKENS.gold },
  { key: "capturedCents", name: msg`Captured`, color: TOKENS.forest },
  { key: "releasedCents", name: msg`Released`, color: TOKENS.stoneDark },
] as const;

const CARDS: Array<{
  key: keyof QuotesOverview["cards"];
  label: MessageDescriptor;
  hint: MessageDescriptor;
  money: boolean;
}> = [
  { key: "heldCents", label: msg`Held`, hint: msg`on cards now`, money: true },
  { key: "capturedCents", label: msg`Captured`, hint: msg`12 weeks`, money: true },
  { key: "releasedCents", label: msg`Released`, hint: msg`12 weeks`, money: true },
  { key: "expiringSoon", label: msg`Expiring`, hint: msg`holds, under 24 h`, money: false }, // said with its figure
];

export function MoneySection() {
  const { t, i18n } = useLingui();
  const query = useQuery(quoteQueries.overview());
  const data = query.data;
  return (
    <section aria-labelledby="money-heading" className="flex flex-col gap-4">
      <h2 id="money-heading" className="text-3xl">
        {t`Money`}
      </h2>
      {query.isError ? (
        <p role="alert" className="rounded-lg border border-oxblood/30 bg-oxblood/5 px-5 py-4 text-sm text-oxblood">
          {errorMessage(query.error, t`Failed to load the money overview`)}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            {CARDS.map((card) => (
              <StatCard
                key={card.key}
                size="medium"
                label={i18n._(card.label)}
                hint={
                  card.key === "expiringSoon"
                    ? plural(data?.cards.expiringSoon ?? 0, { one: "hold, under 24 h", other: "holds, under 24 h" })
                    : i18n._(card.hint)
                }
                value={data && (card.money ? formatCents(data.cards[card.key]) : formatCount(data.cards[card.key]))}
                alert={card.key === "expiringSoon" && (data?.cards.expiringSoon ?? 0) > 0}
              />
            ))}
          </dl>
          {data && <Ledger ledger={data.ledger} />}
          <Reconciliation run={data?.reconciliation} loading={!data} />
          <MoneyChart data={data} />
        </>
      )}
    </section>
  );
}

/** What is still owed on balance invoices, what went back, and the disputes not yet decided (issue 30). */
function Ledger({ ledger }: { ledger: QuotesOverview["ledger"] }) {
  const { t } = useLingui();
  const open = ledger.openInvoices;
  const items = [
    {
      label: t`Balance due`,
      value: formatCents(ledger.balanceDueCents),
      hint: t`${open} open invoices`,
      alert: false,
    },
    {
      label: t`Overdue`,
      value: formatCount(ledger.overdueInvoices),
      hint: t`invoices`,
      alert: ledger.overdueInvoices > 0,
    },
    { label: t`Refunded`, value: formatCents(ledger.refundedCents), hint: t`12 weeks`, alert: false },
    {
      label: t`Card disputes`,
      value: formatCount(ledger.openDisputes),
      hint: formatCents(ledger.disputedCents),
      alert: ledger.openDisputes > 0,
    },
  ];
  return (
    <dl aria-label={t`Balances, refunds and disputes`} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-md border border-stone bg-card px-4 py-3">
          <dt className="text-xs text-ink-muted">{item.label}</dt>
          <dd className="mt-1 flex flex-wrap items-baseline gap-x-2">
            <span className={`tabular font-serif text-2xl leading-none ${item.alert ? "text-oxblood" : ""}`}>
              {item.value}
            </span>
            <span className="text-xs text-ink-muted">{item.hint}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What each kind of difference is, in the staff's words. */
const DIFFERENCES: Record<ReconciliationDifference["kind"], MessageDescriptor> = {
  orphan_authorisation: msg`A card authorisation for a hold the app does not hold`,
  unrecorded_authorisation: msg`An authorisation the app had not recorded`,
  unrecorded_capture: msg`A capture the app had not recorded`,
  unrecorded_release: msg`A release the app had not recorded`,
  unrecorded_expiry: msg`A lapsed hold the app had not recorded`,
  unrecorded_refund: msg`A refund the app had not recorded`,
  stale_claim: msg`A capture or release left unfinished`,
  amount_mismatch: msg`The amounts differ`,
  unexpected_capture: msg`Captured at the provider on a hold the app does not hold`,
  status_mismatch: msg`The provider still holds what the app counts as captured`,
  missing_at_provider: msg`The provider does not know this payment`,
};

/**
 * The newest reconciliation of the provider's holds with ours: when, how much was compared, each difference
 * (repaired, or left to a person) with its request; admins may run one now.
 */
function Reconciliation({ run, loading }: { run?: ReconciliationRun | null; loading: boolean }) {
  const { t } = useLingui();
  const session = useSession();
  const reconcile = useReconcileNow();
  const when = run ? formatMessageTime(run.startedAt) : "";
  let summary: string;
  if (!run) summary = t`No reconciliation has run yet.`;
  else if (!run.finishedAt) summary = t`Running since ${when}…`;
  else if (run.error) summary = t`The run of ${when} could not read the payment provider.`;
  else if (run.differences.length === 0) {
    const checked = formatCount(run.checked);
    summary = t`Last run ${when}: ${checked} payments compared, no differences.`;
  } else {
    const repaired = formatCount(run.repaired);
    summary = plural(run.differences.length, {
      one: `Last run ${when}: # difference, ${repaired} repaired.`,
      other: `Last run ${when}: # differences, ${repaired} repaired.`,
    });
  }
  const open = run?.differences.filter((d) => !d.repaired).length ?? 0;
  return (
    <section
      aria-labelledby="reconciliation-heading"
      className={`rounded-lg border px-5 py-4 text-sm ${open > 0 || run?.error ? "border-oxblood/30 bg-oxblood/5" : "border-stone bg-card"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id="reconciliation-heading" className="font-sans text-sm font-medium">
            {t`Reconciliation with the payment provider`}
          </h3>
          {loading ? (
            <Skeleton className="mt-1 h-4 w-64" />
          ) : (
            <p className="mt-1 text-ink-muted" aria-live="polite">
              {summary}
            </p>
          )}
          {run?.error && <p className="mt-1 break-words text-xs text-oxblood">{run.error}</p>}
        </div>
        {session.role === "admin" && (
          <Button
            size="sm"
            variant="outline"
            disabled={reconcile.isPending}
            onClick={() =>
              reconcile.mutate(undefined, {
                onSuccess: (done) =>
                  toast.success(
                    done.differences.length === 0
                      ? t`Reconciled: no differences.`
                      : plural(done.differences.length, {
                          one: "Reconciled: # difference found.",
                          other: "Reconciled: # differences found.",
                        }),
                  ),
                onError: (error) => toastFailure(error, t`The reconciliation could not be run.`),
              })
            }
          >
            <RefreshCw aria-hidden className={`size-3.5 ${reconcile.isPending ? "animate-spin" : ""}`} />
            {reconcile.isPending ? t`Reconciling…` : t`Reconcile now`}
          </Button>
        )}
      </div>
      {run && run.differences.length > 0 && (
        <ul className="mt-3 flex flex-col gap-2">
          {run.differences.map((difference) => (
            <DifferenceItem key={`${difference.kind}-${difference.paymentIntentId}`} difference={difference} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DifferenceItem({ difference: d }: { difference: ReconciliationDifference }) {
  const { t, i18n } = useLingui();
  const provider = d.providerAmountCents === null ? null : formatCents(d.providerAmountCents);
  const ours = d.ourAmountCents === null ? null : formatCents(d.ourAmountCents);
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-stone/60 pt-2">
      <span className="min-w-0">
        <span className="font-medium">{i18n._(DIFFERENCES[d.kind])}</span>
        {d.requestId && d.requestTitle && (
          <>
            {" · "}
            <Link to={`/admin/requests/${d.requestId}`} className="break-words underline-offset-2 hover:underline">
              {d.requestTitle}
            </Link>
          </>
        )}
        <span className="block text-xs text-ink-muted">
          {provider !== null && ours !== null
            ? t`Provider ${provider} · Maison ${ours}`
            : provider !== null
              ? t`Provider ${provider}`
              : null}{" "}
          <span className="font-mono">{d.paymentIntentId}</span>
        </span>
      </span>
      {d.repaired ? (
        <span className="flex items-center gap-1 text-forest">
          <Check aria-hidden className="size-3.5" />
          {t`Repaired`}
        </span>
      ) : (
        <span className="flex items-center gap-1 text-oxblood">
          <AlertTriangle aria-hidden className="size-3.5" />
          {t`Needs a person`}
        </span>
      )}
    </li>
  );
}

/** Money per week: what was newly held, captured and released, by the Monday each week starts. */
function MoneyChart({ data }: { data?: QuotesOverview }) {
  const { t, i18n } = useLingui();
  const rows = data?.weekly.map((week) => ({
    ...week,
    week: formatWeek(week.weekStart),
    heldCents: week.heldCents / 100,
    capturedCents: week.capturedCents / 100,
    releasedCents: week.releasedCents / 100,
  }));
  const euro = (value: number) => formatCents(Math.round(value * 100));
  const ticks = moneyAxisTicks(
    Math.max(0, ...(rows ?? []).map((row) => Math.max(row.heldCents, row.capturedCents, row.releasedCents))),
  );
  return (
    <ChartFigure
      title={t`Holds per week`}
      description={t`Money held on members' cards, captured and released over the last 12 weeks, by the Monday each week starts.`}
      legend={
        <ChartLegend
          items={SERIES.map((series) => ({ key: series.key, label: i18n._(series.name), color: series.color }))}
        />
      }
      chartClassName="h-72"
      chart={
        rows && (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} strokeWidth={1} />
              <XAxis dataKey="week" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: TOKENS.stoneDark }} />
              <YAxis
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={false}
                width={64}
                domain={[0, ticks[ticks.length - 1]]}
                ticks={ticks}
                tickFormatter={(value: number) => euro(value)}
              />
              <Tooltip
                cursor={HOVER_CURSOR}
                content={(props) => <ChartTooltip {...props} title={(week) => t`Week of ${week}`} formatValue={euro} />}
              />
              {SERIES.map((series) => (
                <Bar
                  key={series.key}
                  dataKey={series.key}
                  name={i18n._(series.name)}
                  fill={series.color}
                  maxBarSize={18}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        data && {
          rowHeader: t`Week of`,
          columns: SERIES.map((series) => i18n._(series.name)),
          rows: data.weekly.map((week) => ({
            key: week.weekStart,
            header: formatWeek(week.weekStart),
            cells: SERIES.map((series) => formatCents(week[series.key])),
          })),
        }
      }
    />
  );
}
