import { cva, type VariantProps } from "class-variance-authority";

/**
 * The Button's classes on their own, without tailwind-merge or Radix: the public pages style links and plain
 * buttons with these so their first load stays light. `Button` (./button) re-exports them.
 */
export const buttonVariants = cva(
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium tracking-wide transition-[color,background-color,border-color,opacity] duration-200 ease-luxe disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-gold-deep [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer select-none",
  {
    variants: {
      variant: {
        default: "bg-noir text-ivory hover:bg-noir-soft",
        gold: "bg-gold-deep text-ivory hover:bg-[#654e2a]",
        outline: "border border-noir/80 bg-transparent text-noir hover:bg-noir hover:text-ivory",
        "outline-light":
          "border border-ivory/60 bg-transparent text-ivory hover:border-ivory hover:bg-ivory hover:text-noir focus-visible:outline-gold-light",
        light: "bg-ivory text-noir hover:bg-gold-light focus-visible:outline-gold-light",
        secondary: "bg-stone text-noir hover:bg-stone-dark",
        ghost: "text-noir hover:bg-ivory-deep",
        destructive: "bg-oxblood text-ivory hover:bg-[#641823]",
        link: "text-noir underline-offset-4 underline decoration-gold hover:decoration-2 px-0",
      },
      size: {
        default: "h-11 px-6",
        sm: "h-9 px-4 text-[0.8rem]",
        lg: "h-12 px-8 text-[0.95rem]",
        /** The public pages' calls to action: small capitals, wide tracking. */
        cta: "h-13 px-8 text-[0.74rem] font-medium uppercase tracking-[0.2em] sm:px-10",
        /** A full-width call to action inside a narrow card (pricing plans). */
        "cta-block": "h-13 w-full px-4 text-[0.72rem] font-medium uppercase tracking-[0.16em]",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
