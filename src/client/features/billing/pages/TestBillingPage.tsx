import { ArrowLeft } from "lucide-react";
import { Link, Navigate, useLocation } from "react-router";
import { toast } from "sonner";
import { authRedirect } from "@/client/app/guards";
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
import { PageSpinner } from "@/client/components/ui/spinner";
import { useSession } from "@/client/features/auth/session";
import { errorMessage } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import type { TestBillingOverview } from "@/shared/billing";
import { formatEuro, formatLongDate } from "@/shared/format";
import { useSetCancelAtPeriodEnd, useTestBilling } from "../api";

const STATUS: Record<string, { label: string; variant: "success" | "destructive" | "muted" }> = {
  active: { label: "Active", variant: "success" },
  past_due: { label: "Past due", variant: "destructive" },
  canceled: { label: "Canceled", variant: "muted" },
};

/**
 * The test-mode billing page (/billing/test): what Manage Subscription opens in test mode, standing in for
 * Stripe's billing portal. The member can cancel at the end of the period (and change their mind).
 */
export default function TestBillingPage() {
  useDocumentTitle("Billing");
  const session = useSession();
  const location = useLocation();
  const billing = useTestBilling(session.isSignedIn);

  if (session.isLoading) return <PageSpinner />;
  if (!session.isSignedIn) return <Navigate to={authRedirect(location)} replace />;

  return (
    <div className="mx-auto max-w-3xl px-6 py-14 sm:py-20">
      <Link to="/profile" className="inline-flex items-center gap-2 text-sm text-ink-muted hover:text-noir">
        <ArrowLeft aria-hidden className="size-4" /> Back to Profile
      </Link>
      <div className="mt-8 flex flex-wrap items-center gap-3">
        <p className="eyebrow text-gold-deep">Billing</p>
        <Badge variant="gold">Test mode</Badge>
      </div>
      <h1 className="mt-3 text-4xl sm:text-5xl">Manage Subscription</h1>
      <p className="mt-3 text-sm text-ink-muted">Payments are simulated in test mode; no card is charged.</p>
      <div className="mt-10 flex flex-col gap-8">
        {billing.isPending ? (
          <PageSpinner />
        ) : billing.isError ? (
          <p role="alert" className="text-oxblood">
            {errorMessage(billing.error, "Failed to load your billing details")}
          </p>
        ) : (
          <>
            <SubscriptionCard overview={billing.data} />
            <InvoicesCard overview={billing.data} />
          </>
        )}
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
        <CardHeader>
          <CardTitle>Subscription</CardTitle>
          <CardDescription>You have no paid membership.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/pricing" className="text-sm underline decoration-gold underline-offset-4">
            View Membership Plans
          </Link>
        </CardContent>
      </Card>
    );
  }
  const status = STATUS[sub.status] ?? { label: sub.status, variant: "muted" as const };
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
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Maison {sub.planLabel}</CardTitle>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div>
            <dt className="eyebrow text-ink-muted">Price</dt>
            <dd className="mt-2 tabular">{formatEuro(sub.amountCents / 100)} per month</dd>
          </div>
          <div>
            <dt className="eyebrow text-ink-muted">
              {sub.status !== "active" ? "Ended on" : sub.cancelAtPeriodEnd ? "Ends on" : "Renews on"}
            </dt>
            <dd className="mt-2 tabular">{periodEnd}</dd>
          </div>
          <div>
            <dt className="eyebrow text-ink-muted">Card</dt>
            <dd className="mt-2 tabular capitalize">
              {sub.card.brand} •••• {sub.card.last4}
            </dd>
          </div>
        </dl>
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
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" disabled={change.isPending}>
                    Cancel Membership
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogTitle>Cancel your membership?</AlertDialogTitle>
                  <AlertDialogDescription>
                    Your {sub.planLabel} membership stays active until {periodEnd}, then ends. You will not be charged
                    again.
                  </AlertDialogDescription>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Keep Membership</AlertDialogCancel>
                    <AlertDialogAction destructive onClick={() => setCancel(true)}>
                      Cancel at Period End
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function InvoicesCard({ overview }: { overview: TestBillingOverview }) {
  if (overview.invoices.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-stone text-sm">
          {overview.invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <span className="tabular text-ink-muted">{formatLongDate(invoice.date)}</span> · {invoice.description}
              </span>
              <span className="tabular font-medium">{formatEuro(invoice.amountCents / 100)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
