/**
 * The membership's own charges in Profile → Payments (issue 30; composed into the quotes feature's payments card
 * by app/pages/profile-route.tsx): each paid invoice of the subscription, newest first, with its date, plan, why it
 * was charged, the card and its receipt. Nothing shows while there is none (a complimentary membership).
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ReceiptLink } from "@/client/components/receipt-link";
import type { MessageDescriptor } from "@/client/lib/i18n";
import { formatEuro, formatLongDate } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import { billingQueries, type MembershipCharge } from "../api";

const REASONS: Record<MembershipCharge["reason"], MessageDescriptor> = {
  first: msg`First month`,
  renewal: msg`Renewal`,
  upgrade: msg`Upgrade, prorated`,
  other: msg`Membership charge`,
};

export function MembershipCharges() {
  const query = useQuery(billingQueries.charges());
  if (!query.data || query.data.items.length === 0) return null;
  return <MembershipChargesView charges={query.data.items} />;
}

export function MembershipChargesView({ charges }: { charges: MembershipCharge[] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="membership-charges-heading" className="flex flex-col gap-2">
      <h3 id="membership-charges-heading" className="font-serif text-lg">{t`Membership`}</h3>
      <ul aria-label={t`Membership payments`} className="flex flex-col divide-y divide-stone border-y border-stone">
        {charges.map((charge) => (
          <ChargeRow key={charge.id} charge={charge} />
        ))}
      </ul>
    </section>
  );
}

function ChargeRow({ charge }: { charge: MembershipCharge }) {
  const { t, i18n } = useLingui();
  const label = charge.plan ? planLabel(charge.plan) : null;
  const plan = label ? t`${label} membership` : t`Membership`;
  const card = charge.card ? `${charge.card.brand.toUpperCase()} ·· ${charge.card.last4}` : null;
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 py-4 text-sm">
      <div className="min-w-0">
        <p className="font-medium break-words">{plan}</p>
        <p className="text-ink-muted break-words">
          <span className="tabular">{formatLongDate(charge.paidAt)}</span> · {i18n._(REASONS[charge.reason])}
          {card && (
            <>
              {" · "}
              <span className="tabular whitespace-nowrap">{card}</span>
            </>
          )}
        </p>
      </div>
      <span className="tabular font-serif text-xl">{formatEuro(charge.amountCents / 100)}</span>
      {charge.receiptUrl && (
        <ReceiptLink href={charge.receiptUrl} className="col-span-2 justify-self-start text-xs">
          <Trans>
            View receipt<span className="sr-only"> for {plan}</span>
          </Trans>
        </ReceiptLink>
      )}
    </li>
  );
}
