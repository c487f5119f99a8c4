import type * as React from "react";
import { cn } from "@/client/lib/utils";

export interface Detail {
  label: React.ReactNode;
  value: React.ReactNode;
  /** The value's type: large serif for a plan name, tabular for figures and dates. */
  valueClassName?: string;
}

/** Facts as label and value pairs (a plan, its status, its dates), laid out in a grid by `className`. */
export function DetailList({
  items,
  className,
  itemClassName,
}: {
  items: Detail[];
  className?: string;
  /** Each pair's box (a bordered tile for counters, say). */
  itemClassName?: string;
}) {
  return (
    <dl className={cn("grid gap-4", className)}>
      {items.map((item, index) => (
        <div key={index} className={itemClassName}>
          <dt className="eyebrow text-ink-muted">{item.label}</dt>
          <dd className={cn("mt-2", item.valueClassName)}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
