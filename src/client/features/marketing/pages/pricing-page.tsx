import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CheckIcon, MinusIcon } from "lucide-react";
import { lazy, memo, useRef } from "react";
import { OnDemand, useOnDemand } from "@/client/components/on-demand";
import { badgeVariants } from "@/client/components/ui/badge-variants";
import { buttonVariants } from "@/client/components/ui/button-variants";
import type { MessageDescriptor } from "@/client/lib/i18n";
import { useSession } from "@/client/lib/session";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { PLAN_DEFINITIONS, PLANS, type Plan, type PlanDefinition } from "@/shared/plans";
import { formatPrice } from "../content/price";

const loadInquiry = () => import("../components/black-inquiry-dialog");
const BlackInquiryDialog = lazy(loadInquiry);

/** What sets each tier apart, beyond the figures read from PLAN_DEFINITIONS. */
const THREAD = msg`A private message thread on every request`;
const UPDATES = msg`Status updates at every step`;
const SALES_LINE = msg`Direct line to our sales team`;
const PLAN_COPY: Record<Plan, { tagline: MessageDescriptor; extras: MessageDescriptor[] }> = {
  free: {
    tagline: msg`An introduction to Maison and its team.`,
    extras: [msg`Private member account`, SALES_LINE, msg`Upgrade whenever you are ready`],
  },
  silver: { tagline: msg`For occasional, considered acquisitions.`, extras: [THREAD, UPDATES, SALES_LINE] },
  gold: { tagline: msg`For frequent sourcing, with a concierge on call.`, extras: [THREAD, UPDATES, SALES_LINE] },
  black: {
    tagline: msg`Our most private tier, extended by invitation.`,
    extras: [THREAD, UPDATES, msg`Introductions to our closest partners`],
  },
};

const UNLIMITED = msg`Unlimited`;

/**
 * /pricing. What a plan's button does (sign in first, refuse a downgrade, open checkout) is the billing feature's:
 * app/ passes it in as `onSelectPlan`, with the plan being prepared as `pendingPlan`.
 */
function PricingPage({ onSelectPlan, pendingPlan }: { onSelectPlan: (plan: Plan) => void; pendingPlan: Plan | null }) {
  const { t, i18n } = useLingui();
  useDocumentTitle(
    t`Membership`,
    t`Maison membership: Basic, Silver, Gold and Black by invitation. Monthly sourcing requests, an Executive Concierge from Gold, and a refundable authorization hold when you accept a quote.`,
  );
  const requestsLabel = (plan: PlanDefinition) =>
    plan.monthlyRequestLimit === null ? i18n._(UNLIMITED) : String(plan.monthlyRequestLimit);
  const session = useSession();
  const inquiry = useOnDemand();
  const inquiryButton = useRef<HTMLButtonElement>(null);
  const currentPlan = session.hasActiveMembership ? session.plan : null;

  return (
    <>
      <section className="border-b border-stone">
        <div className="page-container pt-16 pb-14 text-center sm:pt-24 sm:pb-20">
          <p className="eyebrow inline-flex items-center gap-4 text-gold-deep">
            <span aria-hidden className="gold-rule" />
            {t`Membership`}
            <span aria-hidden className="gold-rule" />
          </p>
          <h1 className="mx-auto mt-7 max-w-3xl text-headline sm:text-[clamp(3rem,2rem+3vw,4.5rem)]">
            {t`Choose Your Membership`}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lede text-ink-muted">
            {t`Every tier opens our network of verified suppliers and a team that follows each request personally. Upgrade whenever you are ready.`}
          </p>
        </div>
      </section>

      <section aria-label={t`Membership plans`} className="page-container py-14 sm:py-20">
        <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-4 xl:gap-4">
          {PLANS.map((id) => {
            const plan = PLAN_DEFINITIONS[id];
            const copy = PLAN_COPY[id];
            const dark = id === "black";
            const highlighted = id === "gold";
            const pending = pendingPlan === id;
            return (
              <li key={id} className="flex min-w-0">
                <article
                  aria-labelledby={`plan-${id}`}
                  className={[
                    "relative flex flex-1 flex-col rounded-lg border p-8 lg:p-9",
                    dark ? "surface-noir border-noir" : "border-stone bg-card",
                    highlighted ? "border-t-2 border-t-gold" : "",
                  ].join(" ")}
                >
                  <div className="flex min-h-7 items-center justify-between gap-3">
                    <p className={`eyebrow ${dark ? "text-gold" : "text-gold-deep"}`}>
                      {plan.invitationOnly ? t`Invitation only` : plan.concierge ? t`Concierge included` : t`Monthly`}
                    </p>
                    {currentPlan === id && (
                      <span className={badgeVariants({ variant: dark ? "gold-light" : "gold" })}>{t`Your plan`}</span>
                    )}
                  </div>
                  <h2 id={`plan-${id}`} className="mt-6 font-serif text-[2.5rem] leading-none">
                    {plan.label}
                  </h2>
                  <p
                    className={`mt-4 text-[0.92rem] md:min-h-12 leading-relaxed ${dark ? "text-ivory/70" : "text-ink-muted"}`}
                  >
                    {i18n._(copy.tagline)}
                  </p>

                  <p className="mt-8 flex items-baseline gap-2 md:min-h-14">
                    {plan.monthlyPriceEur === null ? (
                      <span className="font-serif text-[2.4rem] leading-none">{t`By invitation`}</span>
                    ) : (
                      <>
                        <span className="tabular font-serif text-[3.4rem] leading-none">
                          {formatPrice(plan.monthlyPriceEur)}
                        </span>
                        <span className={`text-sm ${dark ? "text-ivory/70" : "text-ink-muted"}`}>{t`per month`}</span>
                      </>
                    )}
                  </p>

                  <dl className={`mt-8 border-y text-sm ${dark ? "border-noir-line" : "border-stone"}`}>
                    <div className="flex items-center justify-between gap-4 py-3.5">
                      <dt className={dark ? "text-ivory/70" : "text-ink-muted"}>{t`Monthly requests`}</dt>
                      <dd className="tabular font-medium">{requestsLabel(plan)}</dd>
                    </div>
                    <div
                      className={`flex items-center justify-between gap-4 border-t py-3.5 ${dark ? "border-noir-line" : "border-stone"}`}
                    >
                      <dt className={dark ? "text-ivory/70" : "text-ink-muted"}>{t`Executive Concierge`}</dt>
                      <dd className="font-medium">
                        {plan.concierge ? (
                          t`Included`
                        ) : (
                          <>
                            <MinusIcon aria-hidden className="size-4 opacity-60" />
                            <span className="sr-only">{t`Not included`}</span>
                          </>
                        )}
                      </dd>
                    </div>
                  </dl>

                  <ul className="mt-7 mb-10 space-y-3 text-[0.92rem]">
                    {copy.extras.map((extra) => (
                      <li key={extra.id} className="flex gap-3">
                        <CheckIcon
                          aria-hidden
                          className={`mt-0.5 size-4 shrink-0 ${dark ? "text-gold" : "text-gold-deep"}`}
                          strokeWidth={1.5}
                        />
                        <span className={dark ? "text-ivory/85" : "text-noir/85"}>{i18n._(extra)}</span>
                      </li>
                    ))}
                  </ul>

                  {currentPlan === id ? (
                    // The plan the member has: nothing to choose (the server still answers a repeat with the
                    // spec's 'You already have the … membership.').
                    <button
                      type="button"
                      disabled
                      className={`${buttonVariants({ variant: dark ? "light" : "outline", size: "cta-block" })} mt-auto`}
                    >
                      {t`Current Plan`}
                    </button>
                  ) : plan.invitationOnly ? (
                    <button
                      ref={inquiryButton}
                      type="button"
                      aria-haspopup="dialog"
                      onClick={inquiry.show}
                      onPointerEnter={() => void loadInquiry()}
                      onFocus={() => void loadInquiry()}
                      className={`${buttonVariants({ variant: "light", size: "cta-block" })} mt-auto`}
                    >
                      {t`Request an Invitation`}
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onSelectPlan(id)}
                      aria-busy={pending || undefined}
                      className={`${buttonVariants({ variant: highlighted ? "default" : "outline", size: "cta-block" })} mt-auto`}
                    >
                      {pending ? t`Preparing…` : t`Choose ${plan.label}`}
                    </button>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-xs leading-relaxed text-ink-muted">
          {t`Prices in euro, billed monthly. Paid memberships can be cancelled at any time and end with the billing period.`}
        </p>
      </section>

      <section aria-labelledby="hold-policy" className="page-container pb-20 sm:pb-28">
        <div className="grid gap-8 rounded-lg border border-stone bg-ivory-deep/60 p-8 sm:p-12 lg:grid-cols-12 lg:gap-12">
          <div className="lg:col-span-4">
            <p className="eyebrow text-gold-deep">{t`How payment works`}</p>
            <h2 id="hold-policy" className="mt-4 text-title sm:text-[2.25rem]">
              {t`Authorization Hold Policy`}
            </h2>
          </div>
          <div className="lg:col-span-8">
            <p className="text-lede text-noir">
              {/* What the app does (decision 030): the hold follows the accepted quote, not the request's budget (decision 018). */}
              {t`When you accept a quote, we place a refundable authorization hold of 10% of the price of the option you choose on your card. Submitting a request places no hold, and nothing is charged unless we succeed.`}
            </p>
            <ul className="mt-6 grid gap-4 text-[0.95rem] leading-relaxed text-ink-muted sm:grid-cols-3 sm:gap-8">
              <li className="border-t border-stone-dark pt-4">
                <span className="block font-medium text-noir">{t`Not fulfilled`}</span>
                {t`The hold is released if we cannot fulfil your request within the agreed window.`}
              </li>
              <li className="border-t border-stone-dark pt-4">
                <span className="block font-medium text-noir">{t`Fulfilled`}</span>
                {t`The hold is captured in full or in part, and any balance is invoiced.`}
              </li>
              <li className="border-t border-stone-dark pt-4">
                <span className="block font-medium text-noir">{t`Disputes`}</span>
                {t`Any dispute must be raised within 30 days.`}
              </li>
            </ul>
          </div>
        </div>
      </section>

      <OnDemand when={inquiry.mounted}>
        <BlackInquiryDialog open={inquiry.open} onOpenChange={inquiry.setOpen} returnFocusTo={inquiryButton} />
      </OnDemand>
    </>
  );
}

/** Memoised: the layout re-renders when the session or config arrives, and the page need not re-render with it. */
export default memo(PricingPage);
