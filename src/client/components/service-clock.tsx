/**
 * A conversation's service-level clock (issue 31 item 3, decision 049): how long is left of its running target, or
 * how long it is overdue, as a small badge with the target and its due time for screen readers and in a title.
 * Ticks every 30 seconds while shown. The inbox's rows and a request's page use it with the clocks of
 * `GET /admin/service-levels/clocks`.
 */
import { useLingui } from "@lingui/react/macro";
import { Clock3, Pause } from "lucide-react";
import { useEffect, useState } from "react";
import { cn } from "@/client/lib/utils";
import type { Wire } from "@/shared/contracts/common";
import type { clockSchema } from "@/shared/contracts/service-levels";
import { formatDate } from "@/shared/format";
import { badgeVariants } from "./ui/badge-variants";

export type ServiceClockValue = Pick<Wire<typeof clockSchema>, "state" | "target" | "dueAt" | "remainingMinutes">;

/** "12 min", "3 h 05", "2 d 4 h": a short span of wall-clock or business minutes. */
export function formatSpan(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")}`;
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

function useNow(enabled: boolean, every = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(new Date()), every);
    return () => clearInterval(timer);
  }, [enabled, every]);
  return now;
}

export function ServiceClock({
  clock,
  now: fixedNow,
  className,
}: {
  clock: ServiceClockValue;
  /** The time to measure against (tests); else the clock ticks. */
  now?: Date;
  className?: string;
}) {
  const { t } = useLingui();
  const ticking = useNow(!fixedNow && clock.dueAt !== null);
  const now = fixedNow ?? ticking;
  const targets = {
    first_reply: t`First reply`,
    next_reply: t`Next reply`,
    resolution: t`Resolution`,
  } as const;
  const target = clock.target ? targets[clock.target] : null;

  if (clock.state === "stopped") {
    return null;
  }
  if (clock.state === "paused" || !clock.dueAt) {
    const left = clock.remainingMinutes;
    const label = left === null ? t`Paused` : t`Paused · ${formatSpan(left)} left`;
    return (
      <span className={cn(badgeVariants({ variant: "muted" }), "gap-1 tabular", className)}>
        <Pause aria-hidden className="size-3" />
        {label}
        {target && <span className="sr-only">{t`(${target})`}</span>}
      </span>
    );
  }
  const due = new Date(clock.dueAt);
  const minutes = (due.getTime() - now.getTime()) / 60_000;
  // The server's state decides overdue (its clock may be a test clock ahead of this one).
  const overdue = clock.state === "breached" || minutes < 0;
  const soon = !overdue && (clock.state === "due_soon" || minutes <= 15);
  const label = overdue
    ? minutes < 0
      ? t`Overdue ${formatSpan(-minutes)}`
      : t`Target missed`
    : t`${formatSpan(minutes)} left`;
  const dueText = formatDate(due, "message");
  const description = target ? t`${target} due ${dueText}` : t`Due ${dueText}`;
  return (
    <span
      title={description}
      className={cn(
        badgeVariants({ variant: overdue ? "destructive" : soon ? "gold" : "outline" }),
        "gap-1 tabular",
        className,
      )}
    >
      <Clock3 aria-hidden className="size-3" />
      {label}
      <span className="sr-only">, {description}</span>
    </span>
  );
}
