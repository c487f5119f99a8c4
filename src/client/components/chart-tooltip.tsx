/**
 * What the dashboards' charts share beside ChartFigure: the hover card (noir on ivory: the day or week, then each
 * series with its colour and value), the hover cursor of the bar charts, and the legend of coloured squares.
 */
import type * as React from "react";
import type { TooltipContentProps } from "recharts";
import { formatCount } from "@/shared/format";
import { TOKENS } from "./chart-palette";

export const HOVER_CURSOR = { fill: TOKENS.gold, fillOpacity: 0.1 };

export function ChartTooltip({
  active,
  payload,
  label,
  title = (value) => value,
  formatValue = formatCount,
  total,
  swatch,
}: Pick<TooltipContentProps, "active" | "payload" | "label"> & {
  title?: (label: string) => string;
  formatValue?: (value: number) => string;
  /** A stacked chart: its series top to bottom as the stack shows them, then their total under this label. */
  total?: React.ReactNode;
  /** The entry's colour from its data row, where the series has one colour per bar. */
  swatch?: (row: Record<string, unknown>) => string;
}) {
  if (!active || !payload?.length) return null;
  const entries = payload.filter((entry) => typeof entry.value === "number");
  const sum = entries.reduce((value, entry) => value + Number(entry.value), 0);
  return (
    <div className="min-w-36 rounded-md border border-noir-line bg-noir px-3 py-2 text-xs text-ivory shadow-lg">
      <p className="mb-1.5 font-medium text-gold-light">{title(String(label ?? ""))}</p>
      <ul className="flex flex-col gap-1">
        {(total === undefined ? entries : entries.slice().reverse()).map((entry) => (
          <li key={String(entry.dataKey ?? entry.name)} className="flex items-center gap-2">
            <span
              className="size-2 shrink-0 rounded-[2px] border border-ivory/30"
              style={{ backgroundColor: swatch ? swatch(entry.payload ?? {}) : String(entry.color ?? TOKENS.gold) }}
            />
            <span className="text-ivory/75">{entry.name}</span>
            <span className="tabular ml-auto pl-3">{formatValue(Number(entry.value))}</span>
          </li>
        ))}
        {total !== undefined && (
          <li className="mt-1 flex items-center gap-2 border-t border-ivory/15 pt-1.5">
            <span className="text-ivory/75">{total}</span>
            <span className="tabular ml-auto pl-3">{formatValue(sum)}</span>
          </li>
        )}
      </ul>
    </div>
  );
}

/** The chart's key, hidden from assistive technology like the chart (its table names the series). */
export function ChartLegend({ items }: { items: Array<{ key: string; label: string; color: string }> }) {
  return (
    <ul aria-hidden="true" className="-mt-1 flex flex-wrap gap-x-5 gap-y-1.5 text-xs text-ink-muted">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-2">
          <span className="size-2.5 rounded-[2px]" style={{ backgroundColor: item.color }} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
