import { useLingui } from "@lingui/react/macro";
import { memo } from "react";
import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useDocumentTitle } from "@/client/lib/use-document-title";

function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`, t`The page you are looking for does not exist or has moved.`);
  return (
    <section className="page-container flex min-h-[68vh] flex-col items-center justify-center py-24 text-center">
      <p aria-hidden className="font-serif text-[clamp(5rem,3.5rem+8vw,9rem)] leading-none text-gold-deep italic">
        404
      </p>
      <h1 className="mt-6 text-headline">{t`Page not found`}</h1>
      <p className="mt-5 max-w-md text-lede text-ink-muted">
        {t`The page you are looking for does not exist or has moved. Our concierge can find many things, but not this one.`}
      </p>
      <Link to="/" className={`${buttonVariants({ size: "cta" })} mt-10`}>
        {t`Return to Home`}
      </Link>
    </section>
  );
}

/** Memoised: the layout re-renders when the session or config arrives, and the page need not re-render with it. */
export default memo(NotFoundPage);
