/**
 * One counter of a dashboard, in a `<dl>` of them: the label (with its hint for screen readers), the figure in
 * large serif, and the hint beside it; a skeleton of the figure's size while `value` is undefined.
 */
import { Skeleton } from "./ui/skeleton";

const SIZES = {
  large: { row: "h-12 gap-2", figure: "text-5xl", skeleton: "h-12 w-16" },
  medium: { row: "h-10 flex-wrap gap-x-2", figure: "text-4xl", skeleton: "h-10 w-24" },
} as const;

export function StatCard({
  label,
  hint,
  value,
  size = "large",
  alert = false,
}: {
  label: string;
  hint: string;
  /** The figure, formatted; undefined while loading. */
  value?: string;
  size?: keyof typeof SIZES;
  /** The figure in oxblood: something wants attention. */
  alert?: boolean;
}) {
  const sizes = SIZES[size];
  return (
    <div className="rounded-lg border border-stone bg-card px-5 py-4">
      <dt className="eyebrow text-ink-muted">
        {label}
        <span className="sr-only"> {hint}</span>
      </dt>
      <dd className={`mt-2 flex items-baseline ${sizes.row}`}>
        {value === undefined ? (
          <Skeleton className={sizes.skeleton} />
        ) : (
          <span className={`tabular font-serif leading-none ${sizes.figure} ${alert ? "text-oxblood" : ""}`}>
            {value}
          </span>
        )}
        <span aria-hidden="true" className="text-xs text-ink-muted">
          {hint}
        </span>
      </dd>
    </div>
  );
}
