/**
 * The detail's quick status buttons: exactly the moves `allowedTransitions` offers (New to Sourcing, Sourcing to
 * Quoted, Quoted to Found, any to Failed). Failed is final, so it asks first. Quoted is reached only by sending a
 * quote (decision 030): its button opens the quote editor on the page instead of changing the status.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ArrowRight, Ban, Check, ScrollText } from "lucide-react";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { ApiError, errorMessage } from "@/client/lib/api";
import type { MessageDescriptor } from "@/client/lib/i18n";
import { QUOTE_EDITOR_ANCHOR } from "@/client/lib/quote-editor-anchor";
import { allowedTransitions, type RequestStatus } from "@/shared/requests";
import { useChangeStatus } from "../admin-api";

const LABELS: Record<RequestStatus, MessageDescriptor> = {
  New: msg`Move to New`,
  Sourcing: msg`Move to Sourcing`,
  Quoted: msg`Move to Quoted`,
  Found: msg`Mark Found`,
  Delivered: msg`Mark Delivered`,
  Failed: msg`Mark Failed`,
  /** Only the member withdraws a request: never a staff action (allowedTransitions offers it to no one). */
  Withdrawn: msg`Withdrawn`,
};

export function StatusActions({
  id,
  status,
  quotePage,
}: {
  id: string;
  status: RequestStatus;
  /** Where the quote editor is, when not on this page (the inbox's pane opens the request's page). */
  quotePage?: string;
}) {
  const { t, i18n } = useLingui();
  const change = useChangeStatus();
  const [confirming, setConfirming] = useState(false);
  const targets = allowedTransitions(status);
  const location = useLocation();
  const navigate = useNavigate();

  async function move(to: RequestStatus) {
    try {
      await change.mutateAsync({ id, status: to });
      toast.success(t`Status updated`);
    } catch (error) {
      toast.error(t`Failed to update status`, {
        description: error instanceof ApiError && error.status === 409 ? errorMessage(error) : undefined,
      });
    } finally {
      setConfirming(false);
    }
  }

  if (targets.length === 0) {
    return <p className="text-sm text-ink-muted">{t`No further status changes.`}</p>;
  }
  const pendingTo = change.isPending ? change.variables?.status : undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fieldset
    <div role="group" aria-label={t`Change status`} className="flex flex-wrap items-center gap-2">
      {targets.map((to) =>
        to === "Quoted" ? (
          <Button
            key={to}
            size="sm"
            disabled={change.isPending}
            onClick={() =>
              navigate(
                quotePage
                  ? { pathname: quotePage, hash: QUOTE_EDITOR_ANCHOR }
                  : { pathname: location.pathname, search: location.search, hash: QUOTE_EDITOR_ANCHOR },
              )
            }
          >
            <ScrollText /> {t`Write a quote`}
          </Button>
        ) : to === "Failed" ? (
          <ConfirmDialog
            key={to}
            open={confirming}
            onOpenChange={(next) => !change.isPending && setConfirming(next)}
            trigger={
              <Button variant="ghost" size="sm" className="text-oxblood hover:bg-oxblood/5" disabled={change.isPending}>
                <Ban /> {pendingTo === to ? t`Updating…` : i18n._(LABELS[to])}
              </Button>
            }
            title={t`Mark this request as failed?`}
            description={t`A failed request cannot be moved again. The member is notified of the change.`}
            cancelLabel={t`Keep Status`}
            confirmLabel={pendingTo === to ? t`Updating…` : t`Mark Failed`}
            destructive
            busy={change.isPending}
            onConfirm={(event) => {
              event.preventDefault();
              void move(to);
            }}
          />
        ) : (
          <Button key={to} size="sm" disabled={change.isPending} onClick={() => void move(to)}>
            {to === "Found" ? <Check /> : <ArrowRight />} {pendingTo === to ? t`Updating…` : i18n._(LABELS[to])}
          </Button>
        ),
      )}
    </div>
  );
}
