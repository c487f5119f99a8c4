/** A quiet placeholder block while content loads; still under `prefers-reduced-motion`. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`block animate-pulse rounded-md bg-stone/70 motion-reduce:animate-none ${className ?? ""}`}
    />
  );
}
