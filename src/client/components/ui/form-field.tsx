import type * as React from "react";
import { cn } from "@/client/lib/utils";
import { Label } from "./label";

/**
 * A label, the control and its hint or error, wired together for screen readers (the control carries
 * `aria-describedby="<id>-error"` while there is an error). The form fields of ../form.tsx are built on it.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-ink-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-oxblood">
          {error}
        </p>
      )}
    </div>
  );
}
