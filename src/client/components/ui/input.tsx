import type * as React from "react";
import { cn } from "@/client/lib/utils";

export const fieldClasses =
  "w-full rounded-md border border-input bg-white/70 px-3.5 text-[0.95rem] text-noir placeholder:text-ink-muted/80 transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-gold focus-visible:border-gold disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-ivory-deep aria-invalid:border-oxblood";

export function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return <input type={type} data-slot="input" className={cn(fieldClasses, "h-11", className)} {...props} />;
}
