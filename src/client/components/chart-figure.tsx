/**
 * One chart of the admin dashboard as an accessible figure: a serif heading, a quiet line of description,
 * the chart itself (hidden from assistive technology) and, always in the page, a table with the same numbers:
 * read by screen readers while the chart shows, and shown instead of the chart by "Show as table".
 */

import { useLingui } from "@lingui/react/macro";
import { Table2 } from "lucide-react";
import type * as React from "react";
import { useId, useState } from "react";
import { cn } from "@/client/lib/utils";
import { Button } from "./ui/button";
import { Card } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

export interface ChartTableData {
  /** The first column's heading (the row's name: a week, a status, a day). */
  rowHeader: string;
  columns: string[];
  rows: Array<{ key: string; header: React.ReactNode; cells: React.ReactNode[] }>;
}

export function ChartFigure({
  title,
  description,
  summary,
  legend,
  chartClassName,
  chart,
  table,
  className,
}: {
  title: string;
  description: React.ReactNode;
  /** Shown above the chart and the table alike (a headline figure). */
  summary?: React.ReactNode;
  /** The chart's key (hidden from assistive technology, like the chart): shown with the chart only. */
  legend?: React.ReactNode;
  /** The chart area's size (a fixed height), the same for the chart and its skeleton. */
  chartClassName: string;
  /** The chart; absent while loading, when a skeleton of the same size shows. */
  chart?: React.ReactNode;
  table?: ChartTableData;
  className?: string;
}) {
  const titleId = useId();
  const { t } = useLingui();
  const [asTable, setAsTable] = useState(false);
  const loading = chart === undefined;
  return (
    <Card className={cn("flex min-w-0 flex-col", className)}>
      <figure aria-labelledby={titleId} aria-busy={loading} className="flex min-w-0 flex-1 flex-col gap-5 p-6">
        <figcaption>
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-2xl leading-tight">
              {title}
            </h2>
            {/* No fade when the data arrives and the button turns enabled: half-way it is paler than the text
                contrast allows (axe caught it mid-fade). */}
            <Button
              variant="ghost"
              size="sm"
              className="-mt-0.5 -mr-2 h-8 shrink-0 px-2 text-ink-muted transition-none hover:text-noir"
              disabled={loading}
              onClick={() => setAsTable((value) => !value)}
            >
              <Table2 aria-hidden /> {asTable ? t`Show as chart` : t`Show as table`}
            </Button>
          </div>
          <p className="mt-1 text-sm text-ink-muted">{description}</p>
        </figcaption>
        {summary}
        {!asTable && legend}
        {loading ? (
          <Skeleton className={chartClassName} />
        ) : (
          <>
            {!asTable && (
              <div aria-hidden="true" className={cn("min-w-0", chartClassName)}>
                {chart}
              </div>
            )}
            {table && <ChartTable title={title} data={table} visible={asTable} />}
          </>
        )}
      </figure>
    </Card>
  );
}

function ChartTable({ title, data, visible }: { title: string; data: ChartTableData; visible: boolean }) {
  const { t } = useLingui();
  const table = (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{title}</caption>
      <thead>
        <tr className="border-b border-stone-dark text-left">
          <th scope="col" className="py-2 pr-4 font-medium whitespace-nowrap text-ink-muted">
            {data.rowHeader}
          </th>
          {data.columns.map((column) => (
            <th key={column} scope="col" className="py-2 pl-4 text-right font-medium whitespace-nowrap text-ink-muted">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.rows.map((row) => (
          <tr key={row.key} className="border-b border-stone last:border-b-0">
            <th scope="row" className="py-2 pr-4 text-left font-normal whitespace-nowrap">
              {row.header}
            </th>
            {row.cells.map((cell, index) => (
              <td key={index} className="tabular py-2 pl-4 text-right">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!visible) return <div className="sr-only">{table}</div>;
  return (
    // A wide table scrolls on a phone; the region takes focus so the keyboard can scroll it too.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
    <section aria-label={t`${title}, table`} tabIndex={0} className="-mx-1 overflow-x-auto px-1">
      {table}
    </section>
  );
}
