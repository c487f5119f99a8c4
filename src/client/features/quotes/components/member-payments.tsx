/**
 * The member's money on /profile (composed in by app/pages/profile-route.tsx): every card hold and capture,
 * newest first, with its request, amount, state and the receipt where the card processor gives one; under them,
 * `membership` (the billing feature's list of the membership's own charges).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { ReceiptLink } from "@/client/components/receipt-link";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { formatLongDate } from "@/shared/format";
import { type Payment, quoteQueries } from "../api";
import { formatCents } from "../money";
import { HoldBadge } from "./quote-parts";

export function MemberPayments({ membership }: { membership?: ReactNode } = {}) {
  const { t } = useLingui();
  const query = useQuery(quoteQueries.payments());
  return (
    <Card>
      <CardHeading
        icon={Receipt}
        title={t`Payments`}
        description={t`Card holds for the proposals you accepted, what was charged, and your membership's charges.`}
      />
      <CardContent className="flex flex-col gap-6">
        <AsyncView
          query={query}
          loading={<ListSkeleton label={t`Loading payments`} items={["h-16", "h-16"]} />}
          errorFallback={t`Failed to load payments`}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <p className="rounded-md border border-dashed border-stone-dark px-4 py-6 text-center text-sm text-ink-muted">
              {t`No payments for your requests yet. When you accept a proposal, its card hold appears here.`}
            </p>
          }
        >
          {(data) => (
            <ul aria-label={t`Payments`} className="flex flex-col divide-y divide-stone border-y border-stone">
              {data.items.map((payment) => (
                <PaymentRow key={payment.id} payment={payment} />
              ))}
            </ul>
          )}
        </AsyncView>
        {membership}
      </CardContent>
    </Card>
  );
}

/** What the row's amount is: the charge once captured, otherwise the hold. */
function amountOf(payment: Payment) {
  return payment.status === "captured" || payment.status === "refunded" ? payment.capturedCents : payment.amountCents;
}

function PaymentRow({ payment }: { payment: Payment }) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 py-4 text-sm">
      <div className="min-w-0">
        <Link to={`/requests/${payment.request.id}`} className="font-medium break-words hover:underline">
          {payment.request.title}
        </Link>
        <p className="text-ink-muted break-words">
          <span className="tabular">{formatLongDate(payment.createdAt)}</span> · {payment.optionTitle}
        </p>
        {payment.captureReason && <p className="text-ink-muted break-words">{payment.captureReason}</p>}
      </div>
      <div className="flex flex-col items-end gap-1.5">
        <span className="tabular font-serif text-xl">{formatCents(amountOf(payment))}</span>
        <HoldBadge status={payment.status} />
      </div>
      {payment.receiptUrl && (
        <ReceiptLink href={payment.receiptUrl} className="col-span-2 justify-self-start text-xs">
          <Trans>
            View receipt<span className="sr-only"> for {payment.request.title}</span>
          </Trans>
        </ReceiptLink>
      )}
    </li>
  );
}
