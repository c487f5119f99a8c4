/**
 * The dashboard's satisfaction scores (issue 31 item 5, decision 051): the average rating and how many, per staff
 * member (the owner when the member rated) and per tier, over the last 30 days. Tables with a bar in each row:
 * the numbers are the table itself, the bar only repeats them for the eye.
 */
import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Star } from "lucide-react";
import { AsyncView } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCount } from "@/shared/format";
import { interfaceLocale } from "@/shared/interface-locale";
import { planLabel } from "@/shared/plans";
import { type RatingStats, ratingsQueries } from "../api";

/** An average with one decimal in the interface's language ("4.5", "4,5"); "—" without ratings. */
const formatAverage = (value: number, count: number) =>
  count
    ? new Intl.NumberFormat(interfaceLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)
    : "—";

function ScoreTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: Array<{ key: string; label: string; average: number; count: number }>;
}) {
  const { t } = useLingui();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="pb-2 text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b border-stone text-left text-xs text-ink-muted">
            <th scope="col" className="py-2 pr-4 font-medium">
              {heading}
            </th>
            <th scope="col" className="py-2 pr-4 text-right font-medium">
              {t`Average`}
            </th>
            <th scope="col" className="hidden py-2 pr-4 font-medium sm:table-cell">
              <span className="sr-only">{t`Average, as a bar`}</span>
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t`Ratings`}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-stone last:border-0">
              <th scope="row" className="max-w-48 truncate py-2 pr-4 text-left font-normal">
                {row.label}
              </th>
              <td className="tabular py-2 pr-4 text-right">{formatAverage(row.average, row.count)}</td>
              <td className="hidden w-1/3 py-2 pr-4 sm:table-cell" aria-hidden>
                <div className="h-2 rounded-full bg-ivory-deep">
                  <div
                    className={row.average <= 2 ? "h-2 rounded-full bg-oxblood" : "h-2 rounded-full bg-gold-deep"}
                    style={{ width: `${(row.average / 5) * 100}%` }}
                  />
                </div>
              </td>
              <td className="tabular py-2 text-right">{formatCount(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Scores({ stats }: { stats: RatingStats }) {
  const { t } = useLingui();
  if (stats.overall.count === 0) {
    return (
      <p className="rounded-md border border-dashed border-stone-dark px-4 py-6 text-center text-sm text-ink-muted">
        {t`No ratings yet in the last 30 days.`}
      </p>
    );
  }
  const average = formatAverage(stats.overall.average, stats.overall.count);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <span className="tabular font-serif text-3xl">{average}</span>{" "}
        <span className="text-ink-muted">
          {plural(stats.overall.count, { one: "out of 5, from # rating", other: "out of 5, from # ratings" })}
        </span>
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ScoreTable
          caption={t`By staff member`}
          heading={t`Staff member`}
          rows={stats.byStaff.map((row) => ({
            key: row.id ?? "none",
            label: row.name ?? t`Unassigned`,
            average: row.average,
            count: row.count,
          }))}
        />
        <ScoreTable
          caption={t`By tier`}
          heading={t`Tier`}
          rows={stats.byTier.map((row) => ({
            key: row.tier,
            label: planLabel(row.tier),
            average: row.average,
            count: row.count,
          }))}
        />
      </div>
    </div>
  );
}

/** The dashboard's satisfaction card. */
export function SatisfactionScores() {
  const { t } = useLingui();
  const stats = useQuery(ratingsQueries.stats());
  return (
    <Card>
      <CardHeading
        icon={Star}
        title={t`Satisfaction`}
        description={t`Members' ratings of deliveries over the last 30 days, by the staff member who owned the request and by tier.`}
      />
      <CardContent>
        <AsyncView query={stats} loading={<Skeleton className="h-32" />} errorFallback={t`Failed to load the ratings`}>
          {(data) => <Scores stats={data} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}
