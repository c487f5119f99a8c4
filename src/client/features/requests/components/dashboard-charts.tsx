/**
 * The operations dashboard's three charts (recharts): requests per week by category, the status funnel, and the
 * median time to a first staff reply. Each is a ChartFigure: the chart for the eye, a table with the same
 * numbers for everyone else. With `stats` undefined each shows its skeleton, at its final size.
 */
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Bar,
  BarChart,
  type BarShapeProps,
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartFigure } from "@/client/components/chart-figure";
import { ChartLegend, ChartTooltip, HOVER_CURSOR } from "@/client/components/chart-tooltip";
import { Skeleton } from "@/client/components/ui/skeleton";
import { i18n } from "@/client/lib/i18n";
import { CATEGORY_LABELS, STATUS_LABELS } from "@/shared/labels";
import { REQUEST_CATEGORIES, type RequestStatus } from "@/shared/requests";
import type { AdminStats } from "../admin-api";
import { durationAxis, formatCount, formatDay, formatDuration } from "./dashboard-format";
import { AXIS_TICK, CATEGORY_COLORS, GRID_STROKE, STATUS_COLORS, TOKENS } from "./dashboard-palette";

/** The chart areas' heights: the chart and its skeleton alike. */
const WEEKLY_HEIGHT = "h-72";
const FUNNEL_HEIGHT = "h-64";
const REPLY_HEIGHT = "h-40";

/** A status as the interface says it; the values stay English in the data. */
const statusName = (value: string) => (value in STATUS_LABELS ? i18n._(STATUS_LABELS[value as RequestStatus]) : value);

/** Requests per week over the last 12 weeks, stacked by category. */
export function WeeklyChart({ stats, className }: { stats?: AdminStats; className?: string }) {
  const { t, i18n } = useLingui();
  const rows = stats?.weekly.map((week) => ({
    week: formatDay(week.weekStart),
    weekStart: week.weekStart,
    ...week.counts,
    total: REQUEST_CATEGORIES.reduce((sum, category) => sum + (week.counts[category] ?? 0), 0),
  }));
  return (
    <ChartFigure
      className={className}
      title={t`Requests per week`}
      description={t`New requests by category over the last 12 weeks, by the Monday each week starts.`}
      legend={<CategoryLegend />}
      chartClassName={WEEKLY_HEIGHT}
      chart={
        rows && (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={rows} margin={{ top: 8, right: 4, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} strokeWidth={1} />
              <XAxis dataKey="week" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: TOKENS.stoneDark }} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} tickLine={false} axisLine={false} width={48} />
              <Tooltip
                cursor={HOVER_CURSOR}
                content={(props) => <ChartTooltip {...props} title={(week) => t`Week of ${week}`} total={t`Total`} />}
              />
              {REQUEST_CATEGORIES.map((category) => (
                <Bar
                  key={category}
                  dataKey={category}
                  name={i18n._(CATEGORY_LABELS[category])}
                  stackId="week"
                  fill={CATEGORY_COLORS[category]}
                  stroke={TOKENS.card}
                  strokeWidth={1}
                  maxBarSize={40}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        rows && {
          rowHeader: t`Week of`,
          columns: [...REQUEST_CATEGORIES.map((category) => i18n._(CATEGORY_LABELS[category])), t`Total`],
          rows: rows.map((row) => ({
            key: row.weekStart,
            header: row.week,
            cells: [...REQUEST_CATEGORIES.map((category) => formatCount(row[category] ?? 0)), formatCount(row.total)],
          })),
        }
      }
    />
  );
}

function CategoryLegend() {
  const { i18n } = useLingui();
  return (
    <ChartLegend
      items={REQUEST_CATEGORIES.map((category) => ({
        key: category,
        label: i18n._(CATEGORY_LABELS[category]),
        color: CATEGORY_COLORS[category],
      }))}
    />
  );
}

/** Every request by its current status, in the pipeline's order. */
export function FunnelChart({ stats, className }: { stats?: AdminStats; className?: string }) {
  const { t } = useLingui();
  const total = stats?.funnel.reduce((sum, step) => sum + step.count, 0) ?? 0;
  const share = (count: number) => (total > 0 ? `${Math.round((count / total) * 100)} %` : "—");
  return (
    <ChartFigure
      className={className}
      title={t`Status funnel`}
      description={t`Every request by where it stands now: New, Sourcing, Quoted, then Found, Delivered or Failed.`}
      chartClassName={FUNNEL_HEIGHT}
      chart={
        stats && (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              data={stats.funnel}
              layout="vertical"
              margin={{ top: 0, right: 40, bottom: 0, left: 0 }}
              barCategoryGap="22%"
              accessibilityLayer={false}
            >
              <CartesianGrid horizontal={false} stroke={GRID_STROKE} strokeWidth={1} />
              <XAxis type="number" allowDecimals={false} hide />
              <YAxis
                type="category"
                dataKey="status"
                tick={{ ...AXIS_TICK, fill: TOKENS.noir }}
                tickLine={false}
                axisLine={{ stroke: TOKENS.stoneDark }}
                width={104}
                tickFormatter={(value: string) => statusName(value)}
              />
              <Tooltip
                cursor={HOVER_CURSOR}
                content={(props) => (
                  <ChartTooltip
                    {...props}
                    title={statusName}
                    swatch={(row) => STATUS_COLORS[row.status as RequestStatus]}
                  />
                )}
              />
              <Bar
                dataKey="count"
                name={t`Requests`}
                fill={TOKENS.noir}
                maxBarSize={28}
                shape={(props: BarShapeProps) => (
                  <Rectangle {...props} fill={STATUS_COLORS[props.payload.status as RequestStatus]} />
                )}
              >
                <LabelList
                  dataKey="count"
                  position="right"
                  offset={8}
                  formatter={(value) => formatCount(Number(value))}
                  style={{ fill: TOKENS.noir, fontSize: 12 }}
                />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )
      }
      table={
        stats && {
          rowHeader: t`Status`,
          columns: [t`Requests`, t`Share`],
          rows: stats.funnel.map((step) => ({
            key: step.status,
            header: statusName(step.status),
            cells: [formatCount(step.count), share(step.count)],
          })),
        }
      }
    />
  );
}

/** The median time from a request to the first staff message, over requests of the last 30 days. */
export function FirstReplyChart({ stats, className }: { stats?: AdminStats; className?: string }) {
  const { t } = useLingui();
  const reply = stats?.firstReply;
  const rows = reply?.daily.map((day) => ({ ...day, label: formatDay(day.day) }));
  const anyReply = rows?.some((day) => day.medianMinutes !== null) ?? false;
  const axis = durationAxis(Math.max(0, ...(rows ?? []).map((day) => day.medianMinutes ?? 0)));
  return (
    <ChartFigure
      className={className}
      title={t`Time to first reply`}
      description={t`Median time from a new request to the team's first message, over the last 30 days.`}
      summary={<ReplyHeadline reply={reply} />}
      chartClassName={REPLY_HEIGHT}
      chart={
        rows &&
        (anyReply ? (
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} strokeWidth={1} />
              <XAxis
                dataKey="label"
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={{ stroke: TOKENS.stoneDark }}
                minTickGap={24}
              />
              <YAxis
                tick={AXIS_TICK}
                tickLine={false}
                axisLine={false}
                width={56}
                domain={[0, axis.ticks[axis.ticks.length - 1]]}
                ticks={axis.ticks}
                tickFormatter={(value: number) => axis.format(value)}
              />
              <Tooltip
                cursor={{ stroke: TOKENS.gold, strokeWidth: 1 }}
                content={(props) => <ChartTooltip {...props} formatValue={formatDuration} />}
              />
              <Line
                dataKey="medianMinutes"
                name={t`Median`}
                type="linear"
                stroke={TOKENS.goldDeep}
                strokeWidth={1.5}
                dot={{ r: 2.5, fill: TOKENS.goldDeep, strokeWidth: 0 }}
                activeDot={{ r: 4, fill: TOKENS.noir, stroke: TOKENS.card, strokeWidth: 2 }}
                connectNulls
              />
            </LineChart>
          </ResponsiveContainer>
        ) : (
          <p className="flex h-full items-center justify-center rounded-md border border-dashed border-stone-dark px-4 text-center text-sm text-ink-muted">
            {t`No replies yet to requests from the last 30 days.`}
          </p>
        ))
      }
      table={
        rows && {
          rowHeader: t`Day`,
          columns: [t`Median`, t`Replied`],
          rows: rows.map((day) => ({
            key: day.day,
            header: day.label,
            cells: [formatDuration(day.medianMinutes), formatCount(day.replied)],
          })),
        }
      }
    />
  );
}

function ReplyHeadline({ reply }: { reply?: AdminStats["firstReply"] }) {
  return (
    <div className="flex flex-col gap-2">
      {reply ? (
        <p className="tabular h-12 font-serif text-5xl leading-none">{formatDuration(reply.medianMinutes)}</p>
      ) : (
        <Skeleton className="h-12 w-40" />
      )}
      <p className="text-sm text-ink-muted">
        {reply ? <ReplyCounts replied={reply.replied} waiting={reply.waiting} /> : "\u00a0"}
      </p>
    </div>
  );
}

/** "median · 3 requests answered, 1 waiting". */
function ReplyCounts({ replied, waiting }: { replied: number; waiting: number }) {
  const answered = plural(replied, { one: "# request answered", other: "# requests answered" });
  const waitingCount = formatCount(waiting);
  return (
    <Trans>
      median · {answered}, {waitingCount} waiting
    </Trans>
  );
}
