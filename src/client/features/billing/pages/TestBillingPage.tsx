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
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro, formatLongDate } from "@/shared/format";
import { billingQueries, type TestBillingOverview, useSetCancelAtPeriodEnd } from "../api";

/**
 * The test-mode billing page (/billing/test): what Manage Subscription opens in test mode, standing in for
 * Stripe's billing portal. The member can cancel at the end of the period (and change their mind).
 */
export default function TestBillingPage() {
  useDocumentTitle("Billing");
  const billing = useQuery(billingQueries.testOverview());

  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <Link to="/profile" className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-noir">
        <ArrowLeft aria-hidden className="size-4" /> Back to Profile
      </Link>
      <PageHeader
        className="mt-8"
        eyebrow={
          <>
            <p>Billing</p>
            <Badge variant="gold">Test mode</Badge>
          </>
        }
        title="Manage Subscription"
        description="Payments are simulated in test mode; no card is charged."
      />
      <div className="mt-10 flex flex-col gap-8">
        <AsyncView
          query={billing}
          loadingLabel="Loading your billing details"
          errorFallback="Failed to load your billing details"
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
  const change = useSetCancelAtPeriodEnd();
  const sub = overview.subscription;
  if (!sub) {
    return (
      <Card>
        <CardHeading title="Subscription" description="You have no paid membership." />
        <CardContent>
          <Link to="/pricing" className="text-sm underline decoration-gold underline-offset-4">
            View Membership Plans
          </Link>
        </CardContent>
      </Card>
    );
  }
  const periodEnd = formatLongDate(sub.currentPeriodEnd);

  async function setCancel(cancel: boolean) {
    try {
      await change.mutateAsync(cancel);
      toast.success(cancel ? `Your membership will end on ${periodEnd}.` : "Your membership will renew.");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to update your subscription"));
    }
  }

  return (
    <Card>
      <CardHeading title={`Maison ${sub.planLabel}`} aside={<StatusBadge status={sub.status} />} />
      <CardContent className="flex flex-col gap-6">
        <DetailList
          className="sm:grid-cols-3"
          items={[
            { label: "Price", value: `${formatEuro(sub.amountCents / 100)} per month`, valueClassName: "tabular" },
            {
              label: sub.status !== "active" ? "Ended on" : sub.cancelAtPeriodEnd ? "Ends on" : "Renews on",
              value: periodEnd,
              valueClassName: "tabular",
            },
            { label: "Card", value: `${sub.card.brand} •••• ${sub.card.last4}`, valueClassName: "tabular capitalize" },
          ]}
        />
        {sub.status === "active" && sub.cancelAtPeriodEnd && (
          <p className="text-sm text-ink-muted">Your membership is cancelled and stays active until {periodEnd}.</p>
        )}
        {sub.status === "active" && (
          <div className="flex flex-wrap gap-3">
            {sub.cancelAtPeriodEnd ? (
              <Button onClick={() => setCancel(false)} disabled={change.isPending}>
                Renew Membership
              </Button>
            ) : (
              <ConfirmDialog
                trigger={
                  <Button variant="outline" disabled={change.isPending}>
                    Cancel Membership
                  </Button>
                }
                title="Cancel your membership?"
                description={`Your ${sub.planLabel} membership stays active until ${periodEnd}, then ends. You will not be charged again.`}
                cancelLabel="Keep Membership"
                confirmLabel="Cancel at Period End"
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
    header: "Date",
    cell: (info) => formatLongDate(info.getValue()),
    sortFn: "datetime",
    meta: { className: "tabular whitespace-nowrap text-ink-muted" },
  }),
  col.accessor("description", { header: "Description", enableSorting: false }),
  col.accessor("status", {
    header: "Status",
    cell: (info) => <StatusBadge status={info.getValue()} />,
    enableSorting: false,
  }),
  col.accessor("amountCents", {
    header: "Amount",
    cell: (info) => formatEuro(info.getValue() / 100),
    sortFn: "basic",
    meta: { numeric: true, className: "font-medium" },
  }),
]);

function InvoicesCard({ overview }: { overview: TestBillingOverview }) {
  if (overview.invoices.length === 0) return null;
  return (
    <Card>
      <CardHeading title="Payments" />
      <CardContent>
        <DataTable
          caption="Payments"
          columns={invoiceColumns}
          data={overview.invoices}
          getRowId={(invoice) => invoice.id}
          initialSorting={[{ id: "date", desc: true }]}
        />
      </CardContent>
    </Card>
  );
}
