import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "@/client/lib/utils";
import { type ButtonVariantProps, buttonVariants } from "./button-variants";

export { buttonVariants };

export interface ButtonProps extends React.ComponentProps<"button">, ButtonVariantProps {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
