import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "@/client/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-sm border px-2 py-0.5 text-[0.7rem] font-medium uppercase tracking-[0.12em] whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "border-noir bg-noir text-ivory",
        outline: "border-stone-dark bg-transparent text-noir",
        gold: "border-gold bg-transparent text-gold-deep",
        success: "border-forest/30 bg-forest/10 text-forest",
        destructive: "border-oxblood/30 bg-oxblood/10 text-oxblood",
        muted: "border-stone bg-ivory-deep text-ink-muted",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
