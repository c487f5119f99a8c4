/**
 * The header's two styled elements, as `buttonVariants({ variant: "outline", size: "sm" })` and
 * `badgeVariants({ variant: "gold" })` make them (header-classes.test.ts holds them equal): the first load
 * carries these two strings instead of the variant tables and their library (1.2 KB gzip, decision 028).
 */
export const SIGN_IN_BUTTON_CLASS =
  "inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium tracking-wide transition-[color,background-color,border-color,opacity] duration-200 ease-luxe disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-3 focus-visible:outline-gold-deep [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer select-none border border-noir/80 bg-transparent text-noir hover:bg-noir hover:text-ivory h-9 px-4 text-[0.8rem]";
export const PLAN_BADGE_CLASS =
  "inline-flex items-center gap-1 rounded-sm border px-2 py-0.5 text-[0.7rem] font-medium uppercase tracking-[0.12em] whitespace-nowrap border-gold bg-transparent text-gold-deep";
