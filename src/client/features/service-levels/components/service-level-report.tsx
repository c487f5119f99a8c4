/**
 * The dashboard's service levels (issue 31 item 3, decision 049): the share of targets met over 30 days, per tier
 * and per staff member (the conversation's owner), each a ChartFigure: bars for the eye, the same numbers as a
 * table for everyone else ("Show as table").
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ChartFigure, type ChartTableData } from "@/client/components/chart-figure";
import { formatCount } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import { type ServiceLevelReport as Report, serviceLevelsQueries } from "../api";

interface Bar {
  key: string;
  label: string;
  met: number;
  total: number;
}

const share = (bar: Pick<Bar, "met" | "total">) => (bar.total > 0 ? Math.round((bar.met / bar.total) * 100) : null);

function Bars({ bars, none }: { bars: Bar[]; none: string }) {
  if (bars.length === 0) return <p className="text-sm text-ink-muted">{none}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {bars.map((bar) => {
        const percent = share(bar);
        return (
          <li key={bar.key} className="grid grid-cols-[7rem_1fr_3.5rem] items-center gap-3 text-sm">
            <span className="truncate">{bar.label}</span>
            <span className="h-3 rounded-sm bg-stone">
              <span
                className={`block h-3 rounded-sm ${percent !== null && percent < 80 ? "bg-oxblood" : "bg-noir"}`}
                style={{ width: `${percent ?? 0}%` }}
              />
            </span>
            <span className="tabular text-right">{percent === null ? "—" : `${percent} %`}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function ServiceLevelReport() {
  const { t } = useLingui();
  const query = useQuery(serviceLevelsQueries.report());
  const report: Report | undefined = query.data;
  const tiers: Bar[] =
    report?.tiers
      .slice()
      .reverse()
      .map((row) => ({ key: row.tier, label: planLabel(row.tier), met: row.met, total: row.total })) ?? [];
  const staff: Bar[] =
    report?.staff.map((row) => ({ key: row.id ?? "unowned", label: row.id ? row.name : t`Unassigned`, ...row })) ?? [];
  const tableOf = (rowHeader: string, bars: Bar[]): ChartTableData => ({
    rowHeader,
    columns: [t`Met`, t`Targets`, t`Share met`],
    rows: bars.map((bar) => {
      const percent = share(bar);
      return {
        key: bar.key,
        header: bar.label,
        cells: [formatCount(bar.met), formatCount(bar.total), percent === null ? "—" : `${percent} %`],
      };
    }),
  });
  const none = t`No target has ended in the last 30 days.`;
  return (
    <section aria-label={t`Service levels`} className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartFigure
        title={t`Service levels met, by tier`}
        description={t`First replies, next replies and resolutions that ended in the last 30 days, in business hours.`}
        chartClassName="min-h-32"
        chart={report && <Bars bars={tiers} none={none} />}
        table={report && tableOf(t`Tier`, tiers)}
      />
      <ChartFigure
        title={t`Service levels met, by owner`}
        description={t`The same targets, by the staff member who owns the conversation.`}
        chartClassName="min-h-32"
        chart={report && <Bars bars={staff} none={none} />}
        table={report && tableOf(t`Staff member`, staff)}
      />
    </section>
  );
}
