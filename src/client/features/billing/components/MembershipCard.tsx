import { useNavigate } from "react-router";
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
import { useSession } from "@/client/features/auth/session";
import { errorMessage } from "@/client/lib/api";
import { formatLongDate } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import { openInNewTab, useCancelComplimentary, useOpenPortal } from "../api";

const STATUS_LABEL = { active: "Active", canceled: "Canceled", past_due: "Past due" } as const;

export function MembershipCard() {
  const session = useSession();
  const navigate = useNavigate();
  const portal = useOpenPortal();
  const cancel = useCancelComplimentary();
  const sub = session.subscription;

  async function managePortal() {
    const tab = openInNewTab();
    try {
      const { url } = await portal.mutateAsync();
      tab.go(url);
    } catch (error) {
      tab.close();
      toast.error(errorMessage(error, "Failed to open billing portal"));
    }
  }

  if (!sub || !session.hasActiveMembership) {
    // A paid membership whose payment failed is fixed in the billing portal (a new card), not by buying again.
    const pastDue = sub?.status === "past_due" && !sub.complimentary;
    return (
      <Card>
        <CardHeader>
          <CardTitle>Membership</CardTitle>
          <CardDescription>
            {sub?.status === "past_due"
              ? "Your last payment did not go through, so your membership is paused."
              : "You do not have an active membership yet."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          {pastDue && (
            <Button onClick={managePortal} disabled={portal.isPending}>
              Manage Subscription
            </Button>
          )}
          <Button variant={pastDue ? "outline" : "default"} onClick={() => navigate("/pricing")}>
            View Membership Plans
          </Button>
        </CardContent>
      </Card>
    );
  }

  async function cancelComplimentary() {
    try {
      await cancel.mutateAsync();
      toast.success("Subscription canceled successfully");
    } catch {
      toast.error("Failed to cancel subscription");
    }
  }

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle>Membership</CardTitle>
          <Badge variant={sub.status === "active" ? "success" : "destructive"}>{STATUS_LABEL[sub.status]}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="eyebrow text-ink-muted">Plan</dt>
            <dd className="mt-1 font-serif text-3xl">{planLabel(sub.plan)}</dd>
          </div>
          <div>
            <dt className="eyebrow text-ink-muted">{sub.cancelAtPeriodEnd ? "Ends on" : "Active until"}</dt>
            <dd className="mt-2 tabular">
              {sub.currentPeriodEnd ? formatLongDate(sub.currentPeriodEnd) : "No expiration"}
            </dd>
          </div>
        </dl>
        {sub.complimentary && <p className="text-sm text-ink-muted">Complimentary membership, offered by the house.</p>}
        <div className="flex flex-wrap gap-3">
          {!sub.complimentary && (
            <Button onClick={managePortal} disabled={portal.isPending}>
              Manage Subscription
            </Button>
          )}
          {sub.plan !== "black" && (
            <Button variant="outline" onClick={() => navigate("/pricing")}>
              Upgrade Plan
            </Button>
          )}
          {sub.complimentary && (
            <AlertDialog>
              <AlertDialogTrigger asChild>
                <Button variant="ghost" className="text-oxblood">
                  Cancel Subscription
                </Button>
              </AlertDialogTrigger>
              <AlertDialogContent>
                <AlertDialogTitle>Cancel your membership?</AlertDialogTitle>
                <AlertDialogDescription>
                  Your complimentary {planLabel(sub.plan)} membership ends now and your account returns to Basic.
                </AlertDialogDescription>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep Membership</AlertDialogCancel>
                  <AlertDialogAction destructive onClick={cancelComplimentary}>
                    Cancel Subscription
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
