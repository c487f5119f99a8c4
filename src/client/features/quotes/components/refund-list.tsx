/**
 * Refunds of a quote (issue 30, decision 033): each with its amount, date, status and reason. Staff see every
 * refund, a failed one with the provider's reason; the member sees what was (or is being) given back to them.
 */
import { useLingui } from "@lingui/react/macro";
import { Undo2 } from "lucide-react";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";
import { formatLongDate } from "@/shared/format";
import type { Refund } from "../api";
import { formatCents } from "../money";

function RefundStatus({ status }: { status: Refund["status"] }) {
  const { t } = useLingui();
  const label = {
    pending: t`Processing`,
    succeeded: t`Refunded`,
    failed: t`Refund failed`,
    canceled: t`Refund cancelled`,
  }[status];
  return (
    <span className={cn("text-xs", status === "failed" || status === "canceled" ? "text-oxblood" : "text-ink-muted")}>
      {label}
    </span>
  );
}

export function RefundList({ refunds, audience }: { refunds: Refund[]; audience: "member" | "staff" }) {
  const { t } = useLingui();
  const shown =
    audience === "staff" ? refunds : refunds.filter((r) => r.status === "pending" || r.status === "succeeded");
  if (shown.length === 0) return null;
  return (
    <ul aria-label={t`Refunds`} className="flex flex-col divide-y divide-stone/60 text-sm">
      {shown.map((refund) => {
        const amount = formatCents(refund.amountCents);
        return (
          <li key={refund.id} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
            <div className="flex items-baseline justify-between gap-3">
              <span className="tabular font-medium">{t`${amount} refunded`}</span>
              <RefundStatus status={refund.status} />
            </div>
            <span className="tabular text-xs text-ink-muted">{formatLongDate(refund.createdAt)}</span>
            <p className="whitespace-pre-wrap break-words text-ink-muted">
              {refund.reason || t`Refunded at the payment provider`}
            </p>
            {audience === "staff" && refund.failure && (
              <p className="text-xs text-oxblood">{t`The provider said: ${refund.failure}`}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The member's card of refunds, shown once something was refunded (or is being). */
export function MemberRefunds({ refunds }: { refunds: Refund[] }) {
  const { t } = useLingui();
  if (!refunds.some((r) => r.status === "pending" || r.status === "succeeded")) return null;
  return (
    <Card>
      <CardHeading icon={Undo2} title={t`Refunds`} />
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="text-ink-muted">{t`Refunds go back to the card you paid with; your bank usually shows them within 5 to 10 business days.`}</p>
        <RefundList refunds={refunds} audience="member" />
      </CardContent>
    </Card>
  );
}
