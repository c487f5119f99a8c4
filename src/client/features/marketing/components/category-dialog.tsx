import { useLingui } from "@lingui/react/macro";
import type { RefObject } from "react";
import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import type { CategorySummary } from "../content/categories";
import { CATEGORY_DETAILS } from "../content/category-details";

/** A category's dialog: its name, a description and six details. Loaded on demand from the landing page. */
export default function CategoryDialog({
  category,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  category: CategorySummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useLingui();
  const detail = CATEGORY_DETAILS[category.id];
  const name = i18n._(category.name);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <p className="eyebrow text-gold-deep">{t`What we source`}</p>
          <DialogTitle className="text-4xl sm:text-5xl">{name}</DialogTitle>
          <DialogDescription className="mt-1 text-[0.95rem]">{i18n._(detail.description)}</DialogDescription>
        </DialogHeader>
        <ul aria-label={t`${name} details`} className="border-t border-stone">
          {detail.details.map((item) => (
            <li
              key={item.id}
              className="flex gap-4 border-b border-stone py-3.5 text-[0.92rem] leading-relaxed text-noir"
            >
              <span aria-hidden className="mt-[0.7em] h-px w-4 shrink-0 bg-gold" />
              {i18n._(item)}
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-ink-muted">{t`Sourced for members from the Silver tier.`}</p>
          <Link to="/pricing" className={buttonVariants({ size: "cta" })}>
            {t`View Membership`}
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
