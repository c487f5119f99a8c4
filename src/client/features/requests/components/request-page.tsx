/**
 * What the member's and the staff's request pages share: Back to Requests, the request's skeleton while it
 * loads, "Request not found" (with the way back) when it is gone, its eyebrow (category and status) and Delete.
 */
import { useLingui } from "@lingui/react/macro";
import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft, Trash2 } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { ApiError, sharedText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { ERRORS } from "@/shared/contracts/common-texts";
import { CATEGORY_LABELS } from "@/shared/labels";
import type { RequestDetail } from "../api";

/** A 404 or a malformed id: the request is not there (for this viewer). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export function RequestPage({
  query,
  back,
  staff = false,
  className,
  otherError,
  children,
}: {
  query: UseQueryResult<RequestDetail>;
  /** The list the page goes back to. */
  back: string;
  staff?: boolean;
  className: string;
  /** Any error but "not found". */
  otherError: (retry: () => void) => React.ReactNode;
  children: (request: RequestDetail) => React.ReactNode;
}) {
  const { t } = useLingui();
  const view = (
    <AsyncView
      query={query}
      loadingLabel={t`Loading the request`}
      loading={<DetailSkeleton staff={staff} />}
      errorFallback={staff ? t`Failed to load request` : undefined}
      error={(error, retry) =>
        isNotFound(error) ? (
          <EmptyState
            title={sharedText(ERRORS.requestNotFound)}
            description={t`It may have been deleted.`}
            action={
              <Button asChild>
                <Link to={back}>{t`Back to Requests`}</Link>
              </Button>
            }
          />
        ) : (
          otherError(retry)
        )
      }
    >
      {children}
    </AsyncView>
  );
  return (
    <div className={className}>
      <Button variant="ghost" size="sm" asChild className="-ml-3 self-start">
        <Link to={back}>
          <ArrowLeft /> {t`Back to Requests`}
        </Link>
      </Button>
      {staff ? view : <div className="mt-6">{view}</div>}
    </div>
  );
}

function DetailSkeleton({ staff }: { staff: boolean }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{t`Loading the request`}</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className={staff ? "h-10 w-2/3" : "h-12 w-2/3"} />
      <div className={cn("grid gap-6", staff ? "lg:grid-cols-[minmax(0,1fr)_22rem]" : "lg:grid-cols-3")}>
        <Skeleton className={staff ? "h-96" : "h-72 lg:col-span-2"} />
        <Skeleton className={staff ? "h-96" : "h-72"} />
      </div>
    </div>
  );
}

/** The request's category and status, above its title. */
export function RequestEyebrow({ request }: { request: RequestDetail }) {
  const { i18n } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="eyebrow text-gold-deep">{i18n._(CATEGORY_LABELS[request.category])}</p>
      <StatusBadge status={request.status} />
    </div>
  );
}

/**
 * Delete Request and its confirmation (while no money has moved on it). Deleted: back to the list (`back`)
 * with a toast. Failed: the server's words, else "Failed to delete request" (`forbidden` for a 403 where given).
 */
export function DeleteRequest({
  request,
  remove,
  back,
  forbidden,
  className,
}: {
  request: RequestDetail;
  remove: UseMutationResult<unknown, unknown, string>;
  back: string;
  forbidden?: string;
  className?: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  async function onDelete(event: React.MouseEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync(request.id);
      // Leave at once: this page's queries of the request are gone.
      navigate(back, { replace: true });
      toast.success(t`Request deleted successfully`);
    } catch (error) {
      setOpen(false);
      if (forbidden && error instanceof ApiError && error.status === 403) toast.error(forbidden);
      else toastFailure(error, t`Failed to delete request`);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !remove.isPending && setOpen(next)}
      trigger={
        <Button variant="ghost" className={cn("justify-start text-oxblood hover:bg-oxblood/5", className)}>
          <Trash2 /> {t`Delete Request`}
        </Button>
      }
      title={t`Delete this request?`}
      description={t`This permanently deletes the request, its attachment and all of its messages. This cannot be undone.`}
      cancelLabel={t`Keep Request`}
      confirmLabel={remove.isPending ? t`Deleting…` : t`Delete Request`}
      destructive
      busy={remove.isPending}
      onConfirm={onDelete}
    />
  );
}
