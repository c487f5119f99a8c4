import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { Badge } from "@/client/components/ui/badge";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { PageSpinner } from "@/client/components/ui/spinner";
import { ApiError, errorMessage, serverText } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro, formatLongDate } from "@/shared/format";
import { appPath, billingQueries, type TestInvoice, useConfirmTestInvoice, usePayTestInvoice } from "../api";
import { DECLINED_CARD, TEST_CARD, THREE_D_SECURE_CARD } from "../card-format";
import { BankStep, CardStep, TestPageNotice } from "../components/test-card-steps";

/**
 * The test-mode hosted page of a balance invoice (/checkout/test/invoices/:id, decision 035): our stand-in for
 * Stripe's hosted invoice page. What remains is paid by card: 4242 pays, 0002 is declined (the invoice stays
 * open) and 3184 asks for a 3-D Secure confirmation first. A bank transfer is reported by the team's QA tools.
 */
export default function TestInvoicePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Pay your balance`);
  const { id = "" } = useParams();
  const invoice = useQuery(billingQueries.testInvoice(id));
  return (
    <AsyncView
      query={invoice}
      loading={<PageSpinner label={t`Loading the invoice`} />}
      error={(error) => {
        const notFound = error instanceof ApiError && error.status === 404;
        return (
          <Notice
            title={notFound ? t`Invoice not found` : t`Invoice unavailable`}
            text={notFound ? t`This invoice was not found.` : errorMessage(error, t`Please try again.`)}
          />
        );
      }}
    >
      {(data) =>
        data.status === "paid" ? (
          <Notice title={t`Paid in full`} text={t`Thank you: this invoice is paid.`}>
            <Link to={appPath(data.returnUrl)} className={buttonVariants()}>
              {t`Back to your request`}
            </Link>
          </Notice>
        ) : data.status !== "open" ? (
          <Notice title={t`Invoice closed`} text={t`This invoice can no longer be paid.`}>
            <Link to={appPath(data.returnUrl)} className={buttonVariants({ variant: "outline" })}>
              {t`Back to your request`}
            </Link>
          </Notice>
        ) : (
          <InvoiceCheckout invoice={data} />
        )
      }
    </AsyncView>
  );
}

function Notice(props: { title: string; text: string; children?: React.ReactNode }) {
  const { t } = useLingui();
  return <TestPageNotice eyebrow={t`Balance invoice`} {...props} />;
}

function InvoiceCheckout({ invoice }: { invoice: TestInvoice }) {
  const { t } = useLingui();
  const amount = formatEuro(invoice.amountRemainingCents / 100);
  const due = formatLongDate(invoice.dueDate);
  const [confirming, setConfirming] = useState(invoice.requiresAction);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="mx-auto grid max-w-5xl gap-10 px-6 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16">
      <div className="flex flex-col gap-8">
        <Link
          to={appPath(invoice.returnUrl)}
          className="inline-flex w-fit items-center gap-2 text-sm text-ink-muted hover:text-noir"
        >
          <ArrowLeft aria-hidden className="size-4" /> {t`Back to Maison`}
        </Link>
        <div>
          <div className="flex items-center gap-3">
            <p className="eyebrow text-gold-deep">{t`Balance invoice`}</p>
            <Badge variant="gold">{t`Test mode`}</Badge>
          </div>
          <p className="mt-3 text-lg break-words">{serverText(invoice.description, invoice.key, invoice.params)}</p>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="tabular font-serif text-5xl">{amount}</span>
            <span className="text-sm text-ink-muted">{t`due by ${due}`}</span>
          </p>
        </div>
        <dl className="divide-y divide-stone border-y border-stone text-sm">
          <div className="flex justify-between gap-4 py-3.5">
            <dt>{t`Invoice total`}</dt>
            <dd className="tabular">{formatEuro(invoice.amountDueCents / 100)}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 text-ink-muted">
            <dt>{t`Already paid`}</dt>
            <dd className="tabular">{formatEuro(invoice.amountPaidCents / 100)}</dd>
          </div>
          <div className="flex justify-between gap-4 py-3.5 font-medium">
            <dt>{t`Amount due`}</dt>
            <dd className="tabular">{amount}</dd>
          </div>
        </dl>
        <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-5 text-sm leading-relaxed">
          <p className="font-medium text-noir">{t`No real card is used here.`}</p>
          <p className="mt-1 text-ink-muted">
            <Trans>
              Pay with the test card <span className="tabular font-medium text-noir">{TEST_CARD}</span>, any future
              expiry date and any CVC. <span className="tabular">{DECLINED_CARD}</span> is always declined;{" "}
              <span className="tabular">{THREE_D_SECURE_CARD}</span> asks for your bank's confirmation. A bank transfer
              is marked received by the team in the QA tools.
            </Trans>
          </p>
        </div>
      </div>
      {confirming ? (
        <BankConfirmation
          invoice={invoice}
          amount={amount}
          onFailed={(message) => {
            setFailure(message);
            setConfirming(false);
          }}
        />
      ) : (
        <CardForm
          invoice={invoice}
          amount={amount}
          failure={failure}
          onRequiresAction={() => {
            setFailure(null);
            setConfirming(true);
          }}
        />
      )}
    </section>
  );
}

function CardForm({
  invoice,
  amount,
  failure,
  onRequiresAction,
}: {
  invoice: TestInvoice;
  amount: string;
  failure: string | null;
  onRequiresAction: () => void;
}) {
  const { t } = useLingui();
  return (
    <CardStep
      email={invoice.email}
      emailId="invoice-email"
      heading={t`Pay with card`}
      submitLabel={t`Pay ${amount}`}
      pendingLabel={t`Paying…`}
      fallbackError={t`Your payment did not go through. Please try again.`}
      submit={usePayTestInvoice(invoice.id)}
      failure={failure}
      onRequiresAction={onRequiresAction}
    />
  );
}

/** The bank's 3-D Secure step for the payment. */
function BankConfirmation({
  invoice,
  amount,
  onFailed,
}: {
  invoice: TestInvoice;
  amount: string;
  onFailed: (message: string) => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  return (
    <BankStep
      heading={t`Confirm this payment`}
      text={
        <Trans>
          Your bank asks you to confirm the payment of <span className="tabular font-medium text-noir">{amount}</span>.
          In test mode, choose what the bank answers.
        </Trans>
      }
      failedText={t`Your bank did not confirm the payment. Please try again or use another card.`}
      confirm={useConfirmTestInvoice(invoice.id)}
      onFailed={onFailed}
      onReopened={() =>
        void queryClient.invalidateQueries({ queryKey: billingQueries.testInvoice(invoice.id).queryKey })
      }
    />
  );
}
