import type * as React from "react";
import { cn } from "@/client/lib/utils";
import { Input } from "./input";
import { Label } from "./label";

/** A label, the control and its error, wired together for screen readers. */
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

/** The common case: a labelled text input with its error. Extra props go to the input. */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  ...inputProps
}: { id: string; label: React.ReactNode; error?: string; hint?: React.ReactNode; className?: string } & Omit<
  React.ComponentProps<typeof Input>,
  "id" | "className"
>) {
  return (
    <FormField id={id} label={label} error={error} hint={hint} className={className}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
    </FormField>
  );
}
