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
  const detail = CATEGORY_DETAILS[category.id];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" returnFocusTo={returnFocusTo}>
        <DialogHeader>
          <p className="eyebrow text-gold-deep">What we source</p>
          <DialogTitle className="text-4xl sm:text-5xl">{category.name}</DialogTitle>
          <DialogDescription className="mt-1 text-[0.95rem]">{detail.description}</DialogDescription>
        </DialogHeader>
        <ul aria-label={`${category.name} details`} className="border-t border-stone">
          {detail.details.map((item) => (
            <li key={item} className="flex gap-4 border-b border-stone py-3.5 text-[0.92rem] leading-relaxed text-noir">
              <span aria-hidden className="mt-[0.7em] h-px w-4 shrink-0 bg-gold" />
              {item}
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-ink-muted">Sourced for members from the Silver tier.</p>
          <Link to="/pricing" className={buttonVariants({ size: "cta" })}>
            View Membership
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
