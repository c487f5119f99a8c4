import { cva, type VariantProps } from "class-variance-authority";

/** The Badge's classes without tailwind-merge, for the light public pages; `Badge` (./badge) re-exports them. */
export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-sm border px-2 py-0.5 text-[0.7rem] font-medium uppercase tracking-[0.12em] whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "border-noir bg-noir text-ivory",
        outline: "border-stone-dark bg-transparent text-noir",
        gold: "border-gold bg-transparent text-gold-deep",
        "gold-light": "border-gold/70 bg-transparent text-gold-light",
        success: "border-forest/30 bg-forest/10 text-forest",
        destructive: "border-oxblood/30 bg-oxblood/10 text-oxblood",
        muted: "border-stone bg-ivory-deep text-ink-muted",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeVariantProps = VariantProps<typeof badgeVariants>;
