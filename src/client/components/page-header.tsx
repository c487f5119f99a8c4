/**
 * The head of a member or admin screen: a small gold eyebrow, the serif title, an optional line of description,
 * and actions on the right. `dense` is the admin area's quieter size.
 */
import type * as React from "react";

export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  dense = false,
  className,
}: {
  eyebrow: React.ReactNode;
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  dense?: boolean;
  className?: string;
}) {
  return (
    <header className={className}>
      <div className="flex flex-wrap items-center gap-3 eyebrow text-gold-deep">{eyebrow}</div>
      <div className={`flex flex-wrap items-end justify-between gap-4 ${dense ? "mt-2" : "mt-3"}`}>
        <h1 className={dense ? "text-4xl" : "text-4xl sm:text-5xl"}>{title}</h1>
        {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
      </div>
      {description && <p className="mt-3 text-sm text-ink-muted">{description}</p>}
    </header>
  );
}
