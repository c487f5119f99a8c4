import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { BadgeCheckIcon, GemIcon, HeartHandshakeIcon, LockIcon } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { IconPoint, PageSection, RuledEyebrow, SectionHeading } from "../components/section-parts";

const VALUES = [
  {
    icon: LockIcon,
    title: msg`Discretion`,
    text: msg`Your requests, your budget and your name stay with the few people who handle them. We never publicise a client or a purchase.`,
  },
  {
    icon: BadgeCheckIcon,
    title: msg`Authenticity`,
    text: msg`We only work with suppliers we have vetted, and we verify every item, vehicle and property before it reaches you.`,
  },
  {
    icon: GemIcon,
    title: msg`Excellence`,
    text: msg`We would rather come back with one right answer than ten possible ones. Every proposal is considered, checked and explained.`,
  },
  {
    icon: HeartHandshakeIcon,
    title: msg`Personal Service`,
    text: msg`A concierge who knows you and your taste follows each request from the first message to delivery.`,
  },
] as const;

const WHY_CHOOSE = [
  msg`A global network of verified suppliers, dealers, agents and private collectors`,
  msg`A personal concierge who follows every request from the first brief to delivery`,
  msg`Authentication, inspection and due diligence before anything changes hands`,
  msg`Clear terms: a refundable authorization hold, released if we cannot deliver`,
  msg`One membership for fashion, autos, real estate and experiences`,
  msg`Discretion by default, with your details shared only with those who need them`,
] as const;

function AboutPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(
    t`About`,
    t`The story behind Maison: a global network of verified suppliers and a personal concierge service for members who expect the exceptional.`,
  );
  return (
    <>
      <section className="border-b border-stone">
        <div className="page-container grid gap-10 pt-16 pb-16 sm:pt-24 sm:pb-24 lg:grid-cols-12">
          <div className="lg:col-span-7">
            <RuledEyebrow>{t`Our story`}</RuledEyebrow>
            <h1 className="mt-7 text-display">{t`About Maison`}</h1>
          </div>
          <p className="self-end text-lede text-ink-muted lg:col-span-5">
            {t`Maison began with a simple conviction: the rarest things in the world should be within reach of the people who appreciate them, without the search, the doubt or the noise.`}
          </p>
        </div>
      </section>

      <PageSection labelledBy="our-story" className="section-y" innerClassName="grid gap-12 lg:grid-cols-12">
        <h2 id="our-story" className="text-headline lg:col-span-4">
          {t`A private house for exceptional things`}
        </h2>
        <div className="space-y-6 text-[1.05rem] leading-[1.8] text-ink-muted lg:col-span-7 lg:col-start-6">
          <p className="first-letter:float-left first-letter:mt-1.5 first-letter:mr-3 first-letter:font-serif first-letter:text-[4.4rem] first-letter:leading-[0.75] first-letter:text-gold-deep">
            {t`Over the years we have built a global network of verified suppliers: boutiques and ateliers, dealers and auction specialists, estate agents, charter operators and the people behind the most sought-after tables and seats. Each one is vetted, and each relationship is personal.`}
          </p>
          <p>
            {t`That network is only half of what we offer. The other half is a personal concierge service. Every member has a single point of contact who listens, asks the right questions and follows the request until it is delivered, reporting back at each step.`}
          </p>
          <p>
            {t`We source across fashion, autos, real estate and experiences, for members in Portugal and around the world. Whatever the request, the standard is the same: the right thing, verified, delivered with care.`}
          </p>
        </div>
      </PageSection>

      <PageSection labelledBy="our-values" className="border-y border-stone bg-ivory-deep/60 section-y">
        <SectionHeading id="our-values" eyebrow={t`What we hold to`}>
          {t`Our Values`}
        </SectionHeading>
        <ul className="mt-14 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title.id} className="flex flex-col rounded-lg border border-stone bg-card p-8">
              <IconPoint icon={Icon} title={i18n._(title)} text={i18n._(text)} textClassName="mt-8 text-[0.95rem]" />
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="why-choose" className="section-y" innerClassName="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-5">
          <SectionHeading id="why-choose" eyebrow={t`The difference`}>
            {t`Why Choose Maison`}
          </SectionHeading>
          <p className="mt-6 max-w-md text-lede text-ink-muted">
            {t`Membership is how we keep our attention where it belongs: on a small number of members, served well.`}
          </p>
          <Link to="/pricing" className={`${buttonVariants({ size: "cta" })} mt-10`}>
            {t`Explore Membership`}
          </Link>
        </div>
        <ol className="border-t border-stone lg:col-span-6 lg:col-start-7">
          {WHY_CHOOSE.map((reason, i) => (
            <li key={reason.id} className="flex gap-6 border-b border-stone py-6">
              <span aria-hidden className="tabular w-8 shrink-0 pt-1 font-serif text-xl text-gold-deep italic">
                {String(i + 1).padStart(2, "0")}
              </span>
              <span className="text-[1.02rem] leading-relaxed text-noir">{i18n._(reason)}</span>
            </li>
          ))}
        </ol>
      </PageSection>
    </>
  );
}

/** Memoised: the layout re-renders when the session or config arrives, and the page need not re-render with it. */
export default memo(AboutPage);
