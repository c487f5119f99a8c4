import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { CreditCard, RefreshCw, Server } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { DataTable, dataTableColumns } from "@/client/components/data-table";
import { DetailList } from "@/client/components/detail-list";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { serverText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { formatEuro } from "@/shared/format";
import { type AdminSettings, billingStaffQueries, type SyncAllResult, useSyncAll } from "../admin-api";
import { MemberEmailForm } from "../components/member-email-form";

type Price = AdminSettings["prices"][number];
const col = dataTableColumns<Price>();
const priceColumns = col.columns([
  col.accessor("label", { header: () => <Trans>Plan</Trans>, enableSorting: false }),
  col.accessor("monthlyPriceEur", {
    header: () => <Trans>Monthly</Trans>,
    cell: (info) => {
      const price = info.getValue();
      return price === null ? "—" : formatEuro(price);
    },
    sortFn: "basic",
    sortUndefined: "last",
    meta: { numeric: true },
  }),
  col.accessor("priceId", {
    header: () => <Trans>Price id</Trans>,
    enableSorting: false,
    meta: { className: "font-mono text-xs break-all" },
  }),
]);

/** `notifications`: the notification channels card, composed in by app/ (it is the notifications feature's). */
export default function AdminSettingsPage({
  notifications,
  assignment,
  serviceLevels,
}: {
  notifications?: React.ReactNode;
  /** The requests feature's round-robin setting (issue 22, item 1). */
  assignment?: React.ReactNode;
  /** The service levels' settings, for admins (decision 049). */
  serviceLevels?: React.ReactNode;
}) {
  const { t } = useLingui();
  const settings = useQuery(billingStaffQueries.settings());
  return (
    <AdminPage documentTitle={t`Admin Settings`} width="4xl" spacious eyebrow={t`Admin`} title={t`Settings`}>
      <AsyncView query={settings} loadingLabel={t`Loading settings`} errorFallback={t`Failed to load settings`}>
        {(data) => (
          <>
            <EnvironmentCard settings={data} />
            <PaymentsCard settings={data} />
          </>
        )}
      </AsyncView>
      {notifications && <section aria-label={t`Notifications`}>{notifications}</section>}
      {assignment && <section aria-label={t`Assignment`}>{assignment}</section>}
      {serviceLevels && <section aria-label={t`Service levels`}>{serviceLevels}</section>}
      <SubscriptionSyncCard />
    </AdminPage>
  );
}

function EnvironmentCard({ settings }: { settings: AdminSettings }) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeading icon={Server} title={t`Environment`} />
      <CardContent>
        <dl className="divide-y divide-stone text-sm">
          {settings.environment.map((item) => (
            <div key={item.name} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
              <dt className="text-ink-muted">{serverText(item.name, item.nameKey)}</dt>
              <dd className="break-all">{serverText(item.value, item.key, item.params)}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function PaymentsCard({ settings }: { settings: AdminSettings }) {
  const { t } = useLingui();
  const test = settings.paymentMode === "TEST";
  return (
    <Card>
      <CardHeading
        icon={CreditCard}
        title={t`Payments`}
        aside={
          <p className="flex items-center gap-2 text-sm">
            <span className="text-ink-muted">{t`Payment mode`}</span>
            <Badge variant={settings.paymentMode === "LIVE" ? "success" : "gold"}>{settings.paymentMode}</Badge>
          </p>
        }
        description={
          test
            ? t`The built-in test mode: checkout opens Maison's own card page and no card is charged.`
            : settings.paymentMode === "LIVE"
              ? t`Stripe with a live key: real cards are charged.`
              : t`Stripe with a test key: use Stripe's test cards.`
        }
      />
      <CardContent className="flex flex-col gap-6 text-sm">
        {test && settings.testCard && (
          <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-4">
            <p>
              <Trans>
                Test card <span className="tabular font-medium">{settings.testCard}</span>, any future expiry, any CVC.
              </Trans>
            </p>
            {settings.declinedTestCard && (
              <p className="mt-1 text-ink-muted">
                <Trans>
                  <span className="tabular">{settings.declinedTestCard}</span> is always declined.
                </Trans>
              </p>
            )}
          </div>
        )}
        {settings.webhookUrl && (
          <p>
            <span className="text-ink-muted">{t`Stripe webhook endpoint:`} </span>
            <span className="break-all font-mono text-xs">{settings.webhookUrl}</span>
          </p>
        )}
        <DataTable
          caption={t`Prices by plan`}
          columns={priceColumns}
          data={settings.prices}
          getRowId={(price) => price.plan}
        />
      </CardContent>
    </Card>
  );
}

function SubscriptionSyncCard() {
  const { t } = useLingui();
  const syncAll = useSyncAll();
  const [allResult, setAllResult] = useState<SyncAllResult["results"] | null>(null);

  async function onSyncAll() {
    setAllResult(null);
    try {
      const result = await syncAll.mutateAsync();
      setAllResult(result.results);
      const { synced, failed, noStripeCustomer, noActiveSubscription } = result.results;
      toast.success(
        t`Synced ${synced}, failed ${failed}, without a Stripe customer ${noStripeCustomer}, without an active subscription ${noActiveSubscription}.`,
      );
    } catch (error) {
      toastFailure(error, t`Error syncing subscription`);
    }
  }

  return (
    <Card>
      <CardHeading
        icon={RefreshCw}
        title={t`Subscription Sync`}
        description={t`Memberships follow the payment provider's events. A sync asks the provider again, by the customer on file.`}
      />
      <CardContent className="flex flex-col gap-8">
        <MemberEmailForm kind="sync" />
        <div className="flex flex-col gap-4 border-t border-stone pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-muted">{t`Every member, one at a time, paced for the provider's rate limit.`}</p>
            <ConfirmDialog
              trigger={
                <Button variant="outline" disabled={syncAll.isPending}>
                  {syncAll.isPending ? t`Syncing…` : t`Sync All Subscriptions`}
                </Button>
              }
              title={t`Sync all subscriptions?`}
              description={t`Every member's subscription is checked with the payment provider, one at a time. With many members this takes a while.`}
              confirmLabel={t`Sync All`}
              onConfirm={onSyncAll}
            />
          </div>
          {allResult && (
            <div role="status">
              <DetailList
                className="grid-cols-2 sm:grid-cols-4"
                items={[
                  { label: t`Synced`, value: allResult.synced },
                  { label: t`Failed`, value: allResult.failed },
                  { label: t`No Stripe customer`, value: allResult.noStripeCustomer },
                  { label: t`No active subscription`, value: allResult.noActiveSubscription },
                ].map((item) => ({ ...item, valueClassName: "tabular font-serif text-3xl" }))}
                itemClassName="rounded-md border border-stone p-4"
              />
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
