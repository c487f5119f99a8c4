import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { toast } from "sonner";
import { AsyncView } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { DataTable, dataTableColumns } from "@/client/components/data-table";
import { DetailList } from "@/client/components/detail-list";
import { PageHeader } from "@/client/components/page-header";
import { StatusBadge } from "@/client/components/status-badge";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { serverText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro, formatLongDate } from "@/shared/format";
import { billingQueries, type TestBillingOverview, useSetCancelAtPeriodEnd } from "../api";

/**
 * The test-mode billing page (/billing/test): what Manage Subscription opens in test mode, standing in for
 * Stripe's billing portal. The member can cancel at the end of the period (and change their mind).
 */
export default function TestBillingPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Billing`);
  const billing = useQuery(billingQueries.testOverview());

  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <Link to="/profile" className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-noir">
        <ArrowLeft aria-hidden className="size-4" /> {t`Back to Profile`}
      </Link>
      <PageHeader
        className="mt-8"
        eyebrow={
          <>
            <p>{t`Billing`}</p>
            <Badge variant="gold">{t`Test mode`}</Badge>
          </>
        }
        title={t`Manage Subscription`}
        description={t`Payments are simulated in test mode; no card is charged.`}
      />
      <div className="mt-10 flex flex-col gap-8">
        <AsyncView
          query={billing}
          loadingLabel={t`Loading your billing details`}
          errorFallback={t`Failed to load your billing details`}
        >
          {(overview) => (
            <>
              <SubscriptionCard overview={overview} />
              <InvoicesCard overview={overview} />
            </>
          )}
        </AsyncView>
      </div>
    </div>
  );
}

function SubscriptionCard({ overview }: { overview: TestBillingOverview }) {
  const { t } = useLingui();
  const change = useSetCancelAtPeriodEnd();
  const sub = overview.subscription;
  if (!sub) {
    return (
      <Card>
        <CardHeading title={t`Subscription`} description={t`You have no paid membership.`} />
        <CardContent>
          <Link to="/pricing" className="text-sm underline decoration-gold underline-offset-4">
            {t`View Membership Plans`}
          </Link>
        </CardContent>
      </Card>
    );
  }
  const periodEnd = formatLongDate(sub.currentPeriodEnd);
  const plan = sub.planLabel;
  const price = formatEuro(sub.amountCents / 100);
  const card = `${sub.card.brand} •••• ${sub.card.last4}`;

  async function setCancel(cancel: boolean) {
    try {
      await change.mutateAsync(cancel);
      toast.success(cancel ? t`Your membership will end on ${periodEnd}.` : t`Your membership will renew.`);
    } catch (error) {
      toastFailure(error, t`Failed to update your subscription`);
    }
  }

  return (
    <Card>
      <CardHeading title={t`Maison ${plan}`} aside={<StatusBadge status={sub.status} />} />
      <CardContent className="flex flex-col gap-6">
        <DetailList
          className="sm:grid-cols-3"
          items={[
            { label: t`Price`, value: t`${price} per month`, valueClassName: "tabular" },
            {
              label: sub.status !== "active" ? t`Ended on` : sub.cancelAtPeriodEnd ? t`Ends on` : t`Renews on`,
              value: periodEnd,
              valueClassName: "tabular",
            },
            { label: t`Card`, value: card, valueClassName: "tabular capitalize" },
          ]}
        />
        {sub.status === "active" && sub.cancelAtPeriodEnd && (
          <p className="text-sm text-ink-muted">{t`Your membership is cancelled and stays active until ${periodEnd}.`}</p>
        )}
        {sub.status === "active" && (
          <div className="flex flex-wrap gap-3">
            {sub.cancelAtPeriodEnd ? (
              <Button onClick={() => setCancel(false)} disabled={change.isPending}>
                {t`Renew Membership`}
              </Button>
            ) : (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" disabled={change.isPending}>
                    {t`Cancel Membership`}
                  </Button>
                }
                title={t`Cancel your membership?`}
                description={t`Your ${plan} membership stays active until ${periodEnd}, then ends. You will not be charged again.`}
                cancelLabel={t`Keep Membership`}
                confirmLabel={t`Cancel at Period End`}
                destructive
                onConfirm={() => setCancel(true)}
              />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

type Invoice = TestBillingOverview["invoices"][number];
const col = dataTableColumns<Invoice>();
const invoiceColumns = col.columns([
  col.accessor("date", {
    header: () => <Trans>Date</Trans>,
    cell: (info) => formatLongDate(info.getValue()),
    sortFn: "datetime",
    meta: { className: "tabular whitespace-nowrap text-ink-muted" },
  }),
  col.accessor("description", {
    header: () => <Trans>Description</Trans>,
    cell: (info) => serverText(info.getValue(), info.row.original.key, info.row.original.params),
    enableSorting: false,
  }),
  col.accessor("status", {
    header: () => <Trans>Status</Trans>,
    cell: (info) => <StatusBadge status={info.getValue()} />,
    enableSorting: false,
  }),
  col.accessor("amountCents", {
    header: () => <Trans>Amount</Trans>,
    cell: (info) => formatEuro(info.getValue() / 100),
    sortFn: "basic",
    meta: { numeric: true, className: "font-medium" },
  }),
]);

function InvoicesCard({ overview }: { overview: TestBillingOverview }) {
  const { t } = useLingui();
  if (overview.invoices.length === 0) return null;
  return (
    <Card>
      <CardHeading title={t`Payments`} />
      <CardContent>
        <DataTable
          caption={t`Payments`}
          columns={invoiceColumns}
          data={overview.invoices}
          getRowId={(invoice) => invoice.id}
          initialSorting={[{ id: "date", desc: true }]}
        />
      </CardContent>
    </Card>
  );
}
