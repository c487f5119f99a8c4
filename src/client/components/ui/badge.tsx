import type * as React from "react";
import { cn } from "@/client/lib/utils";
import { type BadgeVariantProps, badgeVariants } from "./badge-variants";

export { badgeVariants };

export function Badge({ className, variant, ...props }: React.ComponentProps<"span"> & BadgeVariantProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
