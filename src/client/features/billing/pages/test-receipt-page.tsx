import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { useParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { PageSpinner } from "@/client/components/ui/spinner";
import { ApiError, errorMessage, serverText } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro, formatLongDate } from "@/shared/format";
import { billingQueries, type TestReceipt } from "../api";
import { TestPageNotice } from "../components/test-card-steps";

/**
 * The test-mode receipt (/checkout/test/receipts/:id, issue 30): our stand-in for the receipt page Stripe gives
 * every charge, so the statement's and Payments' receipt links work with nothing configured. It says what was
 * paid (or refunded), when, for what, and with which card; the member's own only.
 */
export default function TestReceiptPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Receipt`);
  const { id = "" } = useParams();
  const receipt = useQuery(billingQueries.testReceipt(id));
  return (
    <AsyncView
      query={receipt}
      loading={<PageSpinner label={t`Loading the receipt`} />}
      error={(error) => {
        const notFound = error instanceof ApiError && error.status === 404;
        return (
          <TestPageNotice
            eyebrow={t`Receipt`}
            title={notFound ? t`Receipt not found` : t`Receipt unavailable`}
            text={notFound ? t`This receipt was not found.` : errorMessage(error, t`Please try again.`)}
          />
        );
      }}
    >
      {(data) => <ReceiptView receipt={data} />}
    </AsyncView>
  );
}

export function ReceiptView({ receipt }: { receipt: TestReceipt }) {
  const { t } = useLingui();
  const amount = formatEuro(receipt.amountCents / 100);
  const refunded = formatEuro(receipt.refundedCents / 100);
  const paidWith = receipt.card
    ? `${receipt.card.brand.toUpperCase()} ·· ${receipt.card.last4}`
    : receipt.method === "bank_transfer"
      ? t`Bank transfer`
      : t`Card`;
  const description = serverText(receipt.description, receipt.key, receipt.params);
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-8 px-6 py-12 sm:py-16">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <p className="eyebrow text-gold-deep">{receipt.kind === "refund" ? t`Refund receipt` : t`Receipt`}</p>
          <Badge variant="gold">{t`Test mode`}</Badge>
        </div>
        <h1 className="tabular font-serif text-5xl">
          {receipt.kind === "refund" ? "−" : ""}
          {amount}
        </h1>
        {description && <p className="text-lg break-words">{description}</p>}
      </div>
      <dl className="divide-y divide-stone border-y border-stone text-sm">
        <div className="flex justify-between gap-4 py-3.5">
          <dt className="text-ink-muted">{receipt.kind === "refund" ? t`Refunded on` : t`Paid on`}</dt>
          <dd className="tabular text-right">{formatLongDate(receipt.date)}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3.5">
          <dt className="text-ink-muted">{receipt.kind === "refund" ? t`Back to` : t`Paid with`}</dt>
          <dd className="tabular text-right">{paidWith}</dd>
        </div>
        {receipt.refundedCents > 0 && (
          <div className="flex justify-between gap-4 py-3.5">
            <dt className="text-ink-muted">{t`Refunded since`}</dt>
            <dd className="tabular text-right">−{refunded}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 py-3.5">
          <dt className="text-ink-muted">{t`Receipt number`}</dt>
          <dd className="tabular min-w-0 text-right break-all">{receipt.id}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3.5">
          <dt className="text-ink-muted">{t`Sent to`}</dt>
          <dd className="min-w-0 text-right break-all">{receipt.email}</dd>
        </div>
      </dl>
      <p className="text-xs text-ink-muted">
        {t`Test mode: no real card was charged. A proof of payment, not a tax invoice.`}
      </p>
      <Button variant="outline" className="self-start print:hidden" onClick={() => window.print()}>
        <Printer /> {t`Print`}
      </Button>
    </section>
  );
}
