import { CreditCard, RefreshCw, Server } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/client/components/ui/alert-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatEuro } from "@/shared/format";
import { firstIssueMessage, syncUserSchema } from "@/shared/schemas";
import { type AdminSettings, type SyncAllResult, useAdminSettings, useSyncAll, useSyncUser } from "../api";

export default function AdminSettingsPage() {
  useDocumentTitle("Admin Settings");
  const settings = useAdminSettings();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8">
      <header>
        <p className="eyebrow text-gold-deep">Admin</p>
        <h1 className="mt-2 text-4xl">Settings</h1>
      </header>
      {settings.isPending ? (
        <Spinner label="Loading settings" showLabel />
      ) : settings.isError ? (
        <p role="alert" className="text-oxblood">
          {errorMessage(settings.error, "Failed to load settings")}
        </p>
      ) : (
        <>
          <EnvironmentCard settings={settings.data} />
          <PaymentsCard settings={settings.data} />
        </>
      )}
      <SubscriptionSyncCard />
    </div>
  );
}

function EnvironmentCard({ settings }: { settings: AdminSettings }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-3">
          <Server aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> Environment
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-stone text-sm">
          {settings.environment.map((item) => (
            <div key={item.name} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
              <dt className="text-ink-muted">{item.name}</dt>
              <dd className="break-all">{item.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function PaymentsCard({ settings }: { settings: AdminSettings }) {
  const test = settings.paymentMode === "TEST";
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-3">
            <CreditCard aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> Payments
          </CardTitle>
          <p className="flex items-center gap-2 text-sm">
            <span className="text-ink-muted">Payment mode</span>
            <Badge variant={settings.paymentMode === "LIVE" ? "success" : "gold"}>{settings.paymentMode}</Badge>
          </p>
        </div>
        <CardDescription>
          {test
            ? "The built-in test mode: checkout opens Maison's own card page and no card is charged."
            : settings.paymentMode === "LIVE"
              ? "Stripe with a live key: real cards are charged."
              : "Stripe with a test key: use Stripe's test cards."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 text-sm">
        {test && settings.testCard && (
          <div className="rounded-md border border-gold/50 bg-ivory-deep/60 p-4">
            <p>
              Test card <span className="tabular font-medium">{settings.testCard}</span>, any future expiry, any CVC.
            </p>
            {settings.declinedTestCard && (
              <p className="mt-1 text-ink-muted">
                <span className="tabular">{settings.declinedTestCard}</span> is always declined.
              </p>
            )}
          </div>
        )}
        {settings.webhookUrl && (
          <p>
            <span className="text-ink-muted">Stripe webhook endpoint: </span>
            <span className="break-all font-mono text-xs">{settings.webhookUrl}</span>
          </p>
        )}
        <table className="w-full text-left">
          <caption className="sr-only">Prices by plan</caption>
          <thead className="eyebrow text-ink-muted">
            <tr>
              <th scope="col" className="pb-2 font-medium">
                Plan
              </th>
              <th scope="col" className="pb-2 font-medium">
                Monthly
              </th>
              <th scope="col" className="pb-2 font-medium">
                Price id
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone border-t border-stone">
            {settings.prices.map((price) => (
              <tr key={price.plan}>
                <td className="py-2.5">{price.label}</td>
                <td className="tabular py-2.5">
                  {price.monthlyPriceEur === null ? "—" : formatEuro(price.monthlyPriceEur)}
                </td>
                <td className="py-2.5 font-mono text-xs break-all">{price.priceId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}

function SubscriptionSyncCard() {
  const syncUser = useSyncUser();
  const syncAll = useSyncAll();
  const [email, setEmail] = useState("");
  const [userResult, setUserResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [allResult, setAllResult] = useState<SyncAllResult["results"] | null>(null);

  async function onSyncUser(event: FormEvent) {
    event.preventDefault();
    const parsed = syncUserSchema.safeParse({ userEmail: email });
    if (!parsed.success) {
      toast.error(firstIssueMessage(parsed.error));
      return;
    }
    setUserResult(null);
    try {
      const result = await syncUser.mutateAsync(parsed.data.userEmail);
      setUserResult({ ok: result.success, message: result.message });
      if (result.success) toast.success(result.message);
      else toast.error(result.message || "Failed to sync subscription");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to sync subscription"));
    }
  }

  async function onSyncAll() {
    setAllResult(null);
    try {
      const result = await syncAll.mutateAsync();
      setAllResult(result.results);
      toast.success(result.message);
    } catch (error) {
      toast.error(errorMessage(error, "Error syncing subscription"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-3">
          <RefreshCw aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> Subscription Sync
        </CardTitle>
        <CardDescription>
          Memberships follow the payment provider's events. A sync asks the provider again, by the customer on file.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <form onSubmit={onSyncUser} noValidate className="flex flex-col gap-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FormField id="sync-email" label="User email" className="flex-1">
              <Input
                id="sync-email"
                type="email"
                placeholder="member@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </FormField>
            <Button type="submit" disabled={syncUser.isPending}>
              {syncUser.isPending ? "Syncing…" : "Sync User"}
            </Button>
          </div>
          {userResult && (
            <p role="status" className={`text-sm ${userResult.ok ? "text-forest" : "text-oxblood"}`}>
              {userResult.message}
            </p>
          )}
        </form>

        <div className="flex flex-col gap-4 border-t border-stone pt-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-muted">Every member, one at a time, paced for the provider's rate limit.</p>
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="outline" disabled={syncAll.isPending}>
                  {syncAll.isPending ? "Syncing…" : "Sync All Subscriptions"}
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogTitle>Sync all subscriptions?</AlertDialogTitle>
                <AlertDialogDescription>
                  Every member's subscription is checked with the payment provider, one at a time. With many members
                  this takes a while.
                </AlertDialogDescription>
                <AlertDialogFooter>
                  <AlertDialogCancel>Cancel</AlertDialogCancel>
                  <AlertDialogAction onClick={onSyncAll}>Sync All</AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </div>
          {allResult && (
            <div role="status">
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                {(
                  [
                    ["Synced", allResult.synced],
                    ["Failed", allResult.failed],
                    ["No Stripe customer", allResult.noStripeCustomer],
                    ["No active subscription", allResult.noActiveSubscription],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-md border border-stone p-4">
                    <dt className="eyebrow text-ink-muted">{label}</dt>
                    <dd className="mt-2 tabular font-serif text-3xl">{value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
