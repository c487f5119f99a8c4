/**
 * Reply and resolution times per staff member over the last 30 days (issue 22, item 5): the median time to the
 * first reply on the requests each answered first, and the median time from creation to Delivered or Failed of
 * the requests assigned to them.
 */
import { useLingui } from "@lingui/react/macro";
import { Timer } from "lucide-react";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import type { AdminStats } from "../admin-api";
import { formatCount, formatDuration } from "./dashboard-format";

export function StaffTimes({ stats, className }: { stats?: AdminStats; className?: string }) {
  const { t } = useLingui();
  const rows = stats?.byStaff;
  return (
    <Card className={className}>
      <CardHeading icon={Timer} title={t`Times by staff member`} />
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-ink-muted">
          {t`Medians over requests of the last 30 days: first reply on those each answered first, resolution (to Delivered or Failed) on those assigned to them.`}
        </p>
        {!rows ? (
          <Skeleton className="h-24" />
        ) : rows.length === 0 ? (
          <p className="rounded-md border border-dashed border-stone-dark px-4 py-6 text-center text-sm text-ink-muted">
            {t`No replies or resolutions yet in the last 30 days.`}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t`Times by staff member`}</caption>
              <thead>
                <tr className="border-b border-stone text-left text-xs text-ink-muted">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t`Staff member`}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t`First reply`}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t`Replied`}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    {t`Resolution`}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t`Resolved`}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id} className="border-b border-stone last:border-0">
                    <th scope="row" className="max-w-48 truncate py-2 pr-4 text-left font-normal">
                      {row.name}
                    </th>
                    <td className="tabular py-2 pr-4 text-right whitespace-nowrap">
                      {formatDuration(row.firstReplyMinutes)}
                    </td>
                    <td className="tabular py-2 pr-4 text-right">{formatCount(row.replied)}</td>
                    <td className="tabular py-2 pr-4 text-right whitespace-nowrap">
                      {formatDuration(row.resolutionMinutes)}
                    </td>
                    <td className="tabular py-2 text-right">{formatCount(row.resolved)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
