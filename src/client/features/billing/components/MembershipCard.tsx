import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { DetailList } from "@/client/components/detail-list";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { formatLongDate } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import { openInNewTab, useCancelComplimentary, useOpenPortal } from "../api";

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
        <CardHeading
          title="Membership"
          description={
            sub?.status === "past_due"
              ? "Your last payment did not go through, so your membership is paused."
              : "You do not have an active membership yet."
          }
        />
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
      <CardHeading title="Membership" aside={<StatusBadge status={sub.status} />} />
      <CardContent className="flex flex-col gap-6">
        <DetailList
          className="sm:grid-cols-2"
          items={[
            { label: "Plan", value: planLabel(sub.plan), valueClassName: "mt-1 font-serif text-3xl" },
            {
              label: sub.cancelAtPeriodEnd ? "Ends on" : "Active until",
              value: sub.currentPeriodEnd ? formatLongDate(sub.currentPeriodEnd) : "No expiration",
              valueClassName: "tabular",
            },
          ]}
        />
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
            <ConfirmDialog
              trigger={
                <Button variant="ghost" className="text-oxblood">
                  Cancel Subscription
                </Button>
              }
              title="Cancel your membership?"
              description={`Your complimentary ${planLabel(sub.plan)} membership ends now and your account returns to Basic.`}
              cancelLabel="Keep Membership"
              confirmLabel="Cancel Subscription"
              destructive
              onConfirm={cancelComplimentary}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
