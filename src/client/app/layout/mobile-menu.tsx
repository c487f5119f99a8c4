import { useLingui } from "@lingui/react/macro";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { Sheet, SheetContent, SheetTitle } from "@/client/components/ui/sheet";
import { LanguageChoice } from "./language-choice";
import type { NavItem } from "./nav-items";

/** The phone menu (below 768 px): the same links as the header bar, in a dark sheet from the right. */
export default function MobileMenu({
  open,
  onOpenChange,
  items,
  planLabel,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  planLabel: string | null;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t, i18n } = useLingui();
  const links = items.filter((item) => !item.emphasis);
  const signIn = items.find((item) => item.emphasis);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby={undefined} className="gap-0 px-8 pt-7 pb-10" returnFocusTo={returnFocusTo}>
        <SheetTitle className="eyebrow flex h-10 items-center text-gold-light">{t`Menu`}</SheetTitle>
        <nav aria-label={t`Main`} className="mt-10 flex flex-1 flex-col">
          <ul className="flex flex-col border-t border-noir-line">
            {links.map((item) => (
              <li key={item.to} className="border-b border-noir-line">
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={() => onOpenChange(false)}
                  className={({ isActive }) =>
                    `flex items-center justify-between py-5 font-serif text-[1.9rem] leading-none transition-colors ${
                      isActive ? "text-ivory" : "text-ivory/75 hover:text-ivory"
                    }`
                  }
                >
                  {({ isActive }) => (
                    <>
                      {i18n._(item.label)}
                      {isActive && <span aria-hidden className="size-1.5 rounded-full bg-gold" />}
                    </>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
          {planLabel && (
            <p className="mt-8 flex items-center gap-3 text-sm text-ivory/70">
              {t`Membership`}
              <Badge variant="gold-light">
                <span className="sr-only">{t`Plan:`} </span>
                {planLabel}
              </Badge>
            </p>
          )}
          {signIn && (
            <NavLink
              to={signIn.to}
              onClick={() => onOpenChange(false)}
              className={`${buttonVariants({ variant: "light", size: "cta" })} mt-10 w-full`}
            >
              {i18n._(signIn.label)}
            </NavLink>
          )}
          <LanguageChoice tone="dark" showLabel className="mt-10" />
          <p className="mt-auto pt-12 text-xs tracking-[0.18em] text-ivory/60 uppercase">
            {t`Private sourcing & concierge`}
          </p>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
