import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { PageSpinner } from "@/client/components/ui/spinner";
import { ApiError, errorMessage, serverText } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro, formatLongDate } from "@/shared/format";
import { appPath, billingQueries, type TestInvoice, useConfirmTestInvoice, usePayTestInvoice } from "../api";
import { DECLINED_CARD, TEST_CARD, THREE_D_SECURE_CARD } from "../card-format";
import { BankStep, CardStep, TestCheckout, TestPageNotice } from "../components/test-card-steps";

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
  const pay = usePayTestInvoice(invoice.id);
  const confirm = useConfirmTestInvoice(invoice.id);
  const queryClient = useQueryClient();
  return (
    <TestCheckout
      back={invoice.returnUrl}
      eyebrow={t`Balance invoice`}
      description={serverText(invoice.description, invoice.key, invoice.params)}
      amount={amount}
      caption={t`due by ${due}`}
      lines={[
        { label: t`Invoice total`, value: formatEuro(invoice.amountDueCents / 100) },
        { label: t`Already paid`, value: formatEuro(invoice.amountPaidCents / 100), className: "text-ink-muted" },
        { label: t`Amount due`, value: amount, className: "font-medium" },
      ]}
      note={
        <Trans>
          Pay with the test card <span className="tabular font-medium text-noir">{TEST_CARD}</span>, any future expiry
          date and any CVC. <span className="tabular">{DECLINED_CARD}</span> is always declined;{" "}
          <span className="tabular">{THREE_D_SECURE_CARD}</span> asks for your bank's confirmation. A bank transfer is
          marked received by the team in the QA tools.
        </Trans>
      }
      confirming={invoice.requiresAction}
      card={(failure, onRequiresAction) => (
        <CardStep
          email={invoice.email}
          emailId="invoice-email"
          heading={t`Pay with card`}
          submitLabel={t`Pay ${amount}`}
          pendingLabel={t`Paying…`}
          fallbackError={t`Your payment did not go through. Please try again.`}
          submit={pay}
          failure={failure}
          onRequiresAction={onRequiresAction}
        />
      )}
      bank={(onFailed) => (
        // The bank's 3-D Secure step for the payment.
        <BankStep
          heading={t`Confirm this payment`}
          text={
            <Trans>
              Your bank asks you to confirm the payment of{" "}
              <span className="tabular font-medium text-noir">{amount}</span>. In test mode, choose what the bank
              answers.
            </Trans>
          }
          failedText={t`Your bank did not confirm the payment. Please try again or use another card.`}
          confirm={confirm}
          onFailed={onFailed}
          onReopened={() =>
            void queryClient.invalidateQueries({ queryKey: billingQueries.testInvoice(invoice.id).queryKey })
          }
        />
      )}
    />
  );
}
