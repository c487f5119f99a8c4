import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type * as React from "react";
import { cn } from "@/client/lib/utils";

export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium tracking-wide transition-colors duration-200 ease-luxe disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer",
  {
    variants: {
      variant: {
        default: "bg-noir text-ivory hover:bg-noir-soft",
        gold: "bg-gold-deep text-ivory hover:bg-[#6f5630]",
        outline: "border border-noir/80 bg-transparent text-noir hover:bg-noir hover:text-ivory",
        "outline-light": "border border-ivory/70 bg-transparent text-ivory hover:bg-ivory hover:text-noir",
        secondary: "bg-stone text-noir hover:bg-stone-dark",
        ghost: "text-noir hover:bg-ivory-deep",
        destructive: "bg-oxblood text-ivory hover:bg-[#641823]",
        link: "text-noir underline-offset-4 underline decoration-gold hover:decoration-2 px-0",
      },
      size: {
        default: "h-11 px-6",
        sm: "h-9 px-4 text-[0.8rem]",
        lg: "h-12 px-8 text-[0.95rem]",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends React.ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
