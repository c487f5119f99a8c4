/**
 * A quiet gold ring; the label is read by screen readers and optionally shown. The root layout renders it while a
 * page loads, so it stays free of tailwind-merge and keeps the first load light: `className` is appended.
 */
export function Spinner({
  label = "Loading",
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center gap-4 ${className ?? ""}`}>
      <span className="size-8 animate-spin rounded-full border-2 border-stone border-t-gold motion-reduce:animate-[spin_1.5s_linear_infinite]" />
      <span className={showLabel ? "text-sm text-ink-muted" : "sr-only"}>{label}</span>
    </div>
  );
}

export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} showLabel />
    </div>
  );
}
