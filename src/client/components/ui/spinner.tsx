import { useLingui } from "@lingui/react/macro";

/**
 * A quiet gold ring; the label is read by screen readers and optionally shown ("Loading" unless given). The root
 * layout renders it while a page loads, so it stays free of tailwind-merge and keeps the first load light:
 * `className` is appended.
 */
export function Spinner({
  label,
  showLabel = false,
  className,
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className={`flex flex-col items-center gap-4 ${className ?? ""}`}>
      <span className="size-8 animate-spin rounded-full border-2 border-stone border-t-gold motion-reduce:animate-[spin_1.5s_linear_infinite]" />
      <span className={showLabel ? "text-sm text-ink-muted" : "sr-only"}>{label ?? t`Loading`}</span>
    </div>
  );
}

export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} showLabel />
    </div>
  );
}
