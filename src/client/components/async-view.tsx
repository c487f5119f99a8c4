/**
 * What a screen shows around one query: a skeleton while it loads, the error with a way to try again, an empty
 * state when there is nothing to show, and otherwise the data.
 */
import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { errorMessage } from "@/client/lib/api";
import { Button } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

/** The parts of a TanStack Query result this needs. */
export interface AsyncQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  refetch: () => unknown;
}

export function AsyncView<T>({
  query,
  children,
  loadingLabel,
  loading,
  errorFallback,
  error,
  isEmpty,
  empty,
}: {
  query: AsyncQuery<T>;
  children: (data: T) => React.ReactNode;
  /** Read by screen readers while the skeleton shows ("Loading"). */
  loadingLabel?: string;
  /** Replaces the default skeleton (three lines). */
  loading?: React.ReactNode;
  /** Said when the error carries no message of its own ("Something went wrong while loading."). */
  errorFallback?: string;
  /** Replaces the default error panel. */
  error?: (error: unknown, retry: () => void) => React.ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: React.ReactNode;
}) {
  const { t } = useLingui();
  const retry = () => void query.refetch();
  if (query.isPending) {
    return (
      loading ?? (
        <div role="status" aria-live="polite" className="flex flex-col gap-3">
          <span className="sr-only">{loadingLabel ?? t`Loading`}</span>
          <Skeleton className="h-7 w-2/5" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      )
    );
  }
  if (query.isError || query.data === undefined) {
    if (error) return error(query.error, retry);
    return (
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-oxblood/30 bg-oxblood/5 px-5 py-4">
        <p role="alert" className="text-sm text-oxblood">
          {errorMessage(query.error, errorFallback ?? t`Something went wrong while loading.`)}
        </p>
        <Button variant="outline" size="sm" onClick={retry} disabled={query.isRefetching}>
          {query.isRefetching ? t`Trying again…` : t`Try again`}
        </Button>
      </div>
    );
  }
  if (isEmpty?.(query.data)) return empty ?? null;
  return children(query.data);
}

/** The empty state: a short line and, where there is one, the way forward. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description?: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-stone-dark px-6 py-12 text-center">
      <p className="font-serif text-2xl">{title}</p>
      {description && <p className="max-w-sm text-sm text-ink-muted">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

/**
 * A list's loading skeleton, for AsyncView's `loading`: one block per entry of `items` (its classes, e.g.
 * "h-16"), with `label` read by screen readers.
 */
export function ListSkeleton({ label, items }: { label: string; items: string[] }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {items.map((className, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </div>
  );
}
