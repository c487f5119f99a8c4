import { Label as LabelPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/client/lib/utils";

export function Label({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn("text-[0.8rem] font-medium tracking-wide text-noir select-none", className)}
      {...props}
    />
  );
}
