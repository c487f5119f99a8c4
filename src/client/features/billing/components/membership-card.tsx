import { useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { DetailList } from "@/client/components/detail-list";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { formatLongDate } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import { useCancelComplimentary, useOpenPortal } from "../api";
import { openInNewTab } from "../new-tab";

export function MembershipCard() {
  const { t } = useLingui();
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
      toastFailure(error, t`Failed to open billing portal`);
    }
  }

  if (!sub || !session.hasActiveMembership) {
    // A paid membership whose payment failed is fixed in the billing portal (a new card), not by buying again.
    const pastDue = sub?.status === "past_due" && !sub.complimentary;
    return (
      <Card>
        <CardHeading
          title={t`Membership`}
          description={
            sub?.status === "past_due"
              ? t`Your last payment did not go through, so your membership is paused.`
              : t`You do not have an active membership yet.`
          }
        />
        <CardContent className="flex flex-wrap gap-3">
          {pastDue && (
            <Button onClick={managePortal} disabled={portal.isPending}>
              {t`Manage Subscription`}
            </Button>
          )}
          <Button variant={pastDue ? "outline" : "default"} onClick={() => navigate("/pricing")}>
            {t`View Membership Plans`}
          </Button>
        </CardContent>
      </Card>
    );
  }

  async function cancelComplimentary() {
    try {
      await cancel.mutateAsync();
      toast.success(t`Subscription canceled successfully`);
    } catch {
      toast.error(t`Failed to cancel subscription`);
    }
  }

  const plan = planLabel(sub.plan);
  return (
    <Card>
      <CardHeading title={t`Membership`} aside={<StatusBadge status={sub.status} />} />
      <CardContent className="flex flex-col gap-6">
        <DetailList
          className="sm:grid-cols-2"
          items={[
            { label: t`Plan`, value: planLabel(sub.plan), valueClassName: "mt-1 font-serif text-3xl" },
            {
              label: sub.cancelAtPeriodEnd ? t`Ends on` : t`Active until`,
              value: sub.currentPeriodEnd ? formatLongDate(sub.currentPeriodEnd) : t`No expiration`,
              valueClassName: "tabular",
            },
          ]}
        />
        {sub.complimentary && (
          <p className="text-sm text-ink-muted">{t`Complimentary membership, offered by the house.`}</p>
        )}
        <div className="flex flex-wrap gap-3">
          {!sub.complimentary && (
            <Button onClick={managePortal} disabled={portal.isPending}>
              {t`Manage Subscription`}
            </Button>
          )}
          {sub.plan !== "black" && (
            <Button variant="outline" onClick={() => navigate("/pricing")}>
              {t`Upgrade Plan`}
            </Button>
          )}
          {sub.complimentary && (
            <ConfirmDialog
              trigger={
                <Button variant="ghost" className="text-oxblood">
                  {t`Cancel Subscription`}
                </Button>
              }
              title={t`Cancel your membership?`}
              description={t`Your complimentary ${plan} membership ends now and your account returns to Basic.`}
              cancelLabel={t`Keep Membership`}
              confirmLabel={t`Cancel Subscription`}
              destructive
              onConfirm={cancelComplimentary}
            />
          )}
        </div>
      </CardContent>
    </Card>
  );
}
