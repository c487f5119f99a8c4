import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRightIcon, ConciergeBellIcon, GlobeIcon, ShieldCheckIcon } from "lucide-react";
import { lazy, memo, useRef, useState } from "react";
import { Link } from "react-router";
import { OnDemand } from "@/client/components/on-demand";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { PLAN_DEFINITIONS } from "@/shared/plans";
import { MembershipCards } from "../components/membership-cards";
import { IconPoint, PageSection, Point, RuledEyebrow, SectionHeading, SplitIntro } from "../components/section-parts";
import { CATEGORY_SUMMARIES, type CategoryId } from "../content/categories";
import { formatPrice } from "../content/price";

/** The dialogs (Radix, the details copy) load when a visitor reaches for a card, not with the page. */
const loadCategoryDialog = () => import("../components/category-dialog");
const CategoryDialog = lazy(loadCategoryDialog);

const STEPS = [
  {
    title: msg`Submit Your Request`,
    text: msg`Describe the piece, the car, the home or the moment you have in mind, with your budget and your timing. It takes a few minutes.`,
  },
  {
    title: msg`We Source It`,
    text: msg`Your concierge briefs our partners, compares what they find and comes back to you with real availability, condition and price.`,
  },
  {
    title: msg`Delivered with Care`,
    text: msg`Once you approve, we handle payment, authentication, insurance and delivery, to your door or wherever you happen to be.`,
  },
] as const;

const TRUST = [
  {
    icon: ShieldCheckIcon,
    title: msg`Verified Suppliers`,
    text: msg`Every dealer, broker, agent and boutique we work with is vetted before they reach you, and every item is checked before it changes hands.`,
  },
  {
    icon: ConciergeBellIcon,
    title: msg`White-Glove Service`,
    text: msg`One person follows your request from the first brief to the final delivery, with an update at every step and nothing left for you to chase.`,
  },
  {
    icon: GlobeIcon,
    title: msg`Global Network`,
    text: msg`Long-standing relationships across Europe, the Middle East, Asia and the Americas open doors that stay closed to the public.`,
  },
] as const;

const ROMAN = ["I", "II", "III"];

function LandingPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(
    "",
    t`Maison is a members-only sourcing and concierge house for fashion, autos, real estate and experiences. Submit a request; we source it and deliver it with care.`,
  );
  const [openCategory, setOpenCategory] = useState<CategoryId | null>(null);
  const [shownCategory, setShownCategory] = useState<CategoryId | null>(null);
  const triggers = useRef<Partial<Record<CategoryId, HTMLButtonElement | null>>>({});
  const returnFocus = useRef<HTMLElement | null>(null);
  const shown = CATEGORY_SUMMARIES.find((c) => c.id === shownCategory);
  const fromPrice = formatPrice(PLAN_DEFINITIONS.free.monthlyPriceEur ?? 0);

  function open(id: CategoryId) {
    returnFocus.current = triggers.current[id] ?? null;
    setShownCategory(id);
    setOpenCategory(id);
  }

  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden border-b border-stone">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-y-0 right-0 hidden w-[42%] border-l border-stone bg-ivory-deep/60 lg:block"
        />
        <div className="page-container relative grid items-center gap-14 pt-14 pb-20 sm:pt-20 lg:grid-cols-12 lg:gap-8 lg:pt-24 lg:pb-28">
          <div className="lg:col-span-7">
            <RuledEyebrow>{t`Private sourcing & concierge`}</RuledEyebrow>
            <h1 className="mt-8 text-display text-noir">
              <Trans>
                Luxury Procurement <span className="block text-gold-deep">Redefined</span>
              </Trans>
            </h1>
            <p className="mt-8 max-w-xl text-lede text-ink-muted">
              {t`Tell us what you are looking for. A personal concierge and a network of trusted partners find it, check it and bring it to you, wherever you are.`}
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
              <Link to="/pricing" className={buttonVariants({ size: "cta" })}>
                {t`Explore Membership`}
              </Link>
              <Link to="/about" className={buttonVariants({ variant: "outline", size: "cta" })}>
                {t`Learn More`}
              </Link>
            </div>
            <p className="mt-8 text-sm text-ink-muted">
              <Trans>
                By membership only, from <span className="tabular text-noir">{fromPrice}</span> a month.
              </Trans>
            </p>
          </div>
          <div className="lg:col-span-5 lg:pl-6">
            <MembershipCards />
          </div>
        </div>
      </section>

      {/* How It Works */}
      <PageSection labelledBy="how-it-works" className="render-lazy section-y">
        <SplitIntro
          id="how-it-works"
          eyebrow={t`The process`}
          title={t`How It Works`}
          lede={t`Three steps and one point of contact. You tell us what you want; we take care of everything in between.`}
        />
        <ol className="mt-14 grid border-t border-stone md:mt-20 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li
              key={step.title.id}
              className="border-b border-stone py-10 md:border-b-0 md:border-l md:px-10 md:first:border-l-0 md:first:pl-0 md:last:pr-0"
            >
              <span aria-hidden className="font-serif text-5xl leading-none text-gold-deep italic">
                {ROMAN[i]}
              </span>
              <div className="mt-8">
                <Point title={i18n._(step.title)} text={i18n._(step.text)} className="mt-4" />
              </div>
            </li>
          ))}
        </ol>
      </PageSection>

      {/* Categories */}
      <PageSection labelledBy="what-we-source" className="render-lazy surface-noir section-y">
        <SplitIntro
          id="what-we-source"
          eyebrow={t`What we source`}
          title={t`Four worlds, one address`}
          lede={t`Choose a world to see what our members ask of us most often.`}
          onDark
          wideHeading
        />
        <ul className="mt-14 grid gap-px overflow-hidden rounded-lg border border-noir-line bg-noir-line sm:grid-cols-2 md:mt-20 xl:grid-cols-4">
          {CATEGORY_SUMMARIES.map((category, i) => (
            <li
              key={category.id}
              className="group relative flex min-h-[19rem] flex-col bg-noir p-8 transition-colors duration-200 hover:bg-noir-soft lg:p-10"
            >
              <span
                aria-hidden
                className="absolute inset-x-0 top-0 h-px origin-left scale-x-0 bg-gold transition-transform duration-300 ease-luxe group-hover:scale-x-100 group-has-[:focus-visible]:scale-x-100"
              />
              <span aria-hidden className="eyebrow tabular text-gold">
                {String(i + 1).padStart(2, "0")}
              </span>
              <h3 className="mt-10 text-title text-ivory">{i18n._(category.name)}</h3>
              <p className="mt-4 text-[0.95rem] leading-relaxed text-ivory/70">{i18n._(category.teaser)}</p>
              <button
                ref={(el) => {
                  triggers.current[category.id] = el;
                }}
                type="button"
                aria-haspopup="dialog"
                onClick={() => open(category.id)}
                onPointerEnter={() => void loadCategoryDialog()}
                onFocus={() => void loadCategoryDialog()}
                className="mt-auto inline-flex items-center gap-3 self-start pt-10 text-[0.74rem] font-medium tracking-[0.2em] text-gold-light uppercase cursor-pointer after:absolute after:inset-0 after:content-[''] focus-visible:outline-gold-light"
              >
                {t`Discover`} <span className="sr-only">{i18n._(category.name)}</span>
                <ArrowRightIcon
                  aria-hidden
                  className="size-4 transition-transform duration-200 ease-luxe group-hover:translate-x-1"
                />
              </button>
            </li>
          ))}
        </ul>
      </PageSection>

      {/* Why Trust */}
      <PageSection
        labelledBy="why-trust"
        className="render-lazy section-y"
        innerClassName="grid gap-14 lg:grid-cols-12"
      >
        <div className="lg:col-span-5">
          <SectionHeading id="why-trust" eyebrow={t`Why members stay`}>
            {t`Why Trust Maison`}
          </SectionHeading>
          <p className="mt-6 max-w-md text-lede text-ink-muted">
            {t`Discretion, diligence and the right introductions. It is what we are asked for, and what we are known for.`}
          </p>
        </div>
        <ul className="border-t border-stone lg:col-span-6 lg:col-start-7">
          {TRUST.map(({ icon: Icon, title, text }) => (
            <li key={title.id} className="flex gap-6 border-b border-stone py-9">
              <IconPoint icon={Icon} title={i18n._(title)} text={i18n._(text)} />
            </li>
          ))}
        </ul>
      </PageSection>

      {/* Closing call to action */}
      <PageSection
        labelledBy="closing-cta"
        className="render-lazy border-t border-stone bg-ivory-deep"
        innerClassName="section-y text-center"
      >
        <span aria-hidden className="gold-rule" />
        <h2 id="closing-cta" className="mx-auto mt-8 max-w-3xl text-headline">
          {t`Whatever you are looking for, begin with a request.`}
        </h2>
        <p className="mx-auto mt-6 max-w-xl text-lede text-ink-muted">
          {t`Membership opens our sourcing team to you and, from Gold, a personal concierge. Choose the tier that suits the way you live.`}
        </p>
        <Link to="/pricing" className={`${buttonVariants({ size: "cta" })} mt-10`}>
          {t`Become a Member`}
        </Link>
      </PageSection>

      <OnDemand when={shown !== undefined}>
        {shown && (
          <CategoryDialog
            category={shown}
            open={openCategory !== null}
            onOpenChange={(isOpen) => {
              if (!isOpen) setOpenCategory(null);
            }}
            returnFocusTo={returnFocus}
          />
        )}
      </OnDemand>
    </>
  );
}

/** Memoised: the layout re-renders when the session or config arrives, and the page need not re-render with it. */
export default memo(LandingPage);
