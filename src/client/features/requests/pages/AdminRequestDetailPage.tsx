/**
 * /admin/requests/:id: one request as the staff work it. The request (details, notes, phone, attachment), its
 * thread with the reply box, and the quick status moves; beside it the client, the payment hold, the activity
 * timeline and Delete. Two columns from 1024 px, one below. The quotes feature's editor (`deal`) and its payment
 * and delivery panels (`payment`) are composed in by app/pages/AdminRequestDetailRoute.tsx.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import type { SnippetSource } from "@/client/components/snippet-picker";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { ApiError, sharedText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatLongDate } from "@/shared/format";
import { CATEGORY_LABELS } from "@/shared/labels";
import { ERRORS } from "@/shared/messages";
import { pipelineQueries, useDeletePipelineRequest } from "../admin-api";
import type { RequestDetail } from "../api";
import { ActivityCard } from "../components/admin-request-activity";
import { ClientCard } from "../components/admin-request-client";
import { HandlingCard } from "../components/admin-request-handling";
import { AdminThreadCard } from "../components/admin-request-thread";
import { StatusActions } from "../components/admin-status-actions";
import { RequestDetailsCard } from "../components/request-details";

/** What another feature shows on the request's page. */
export type AdminRequestPart = (request: RequestDetail) => React.ReactNode;
interface Parts {
  deal?: AdminRequestPart;
  payment?: AdminRequestPart;
  /** Saved replies for the reply box. */
  snippets?: SnippetSource;
}

export default function AdminRequestDetailPage(parts: Parts) {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const query = useQuery(pipelineQueries.detail(id));
  useDocumentTitle(query.data?.title ?? t`Request`);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <Button variant="ghost" size="sm" asChild className="-ml-3 self-start">
        <Link to="/admin/requests">
          <ArrowLeft /> {t`Back to Requests`}
        </Link>
      </Button>
      <AsyncView
        query={query}
        loadingLabel={t`Loading the request`}
        loading={<DetailSkeleton />}
        errorFallback={t`Failed to load request`}
        error={(_error, retry) =>
          notFound ? (
            <EmptyState
              title={sharedText(ERRORS.requestNotFound)}
              description={t`It may have been deleted.`}
              action={
                <Button asChild>
                  <Link to="/admin/requests">{t`Back to Requests`}</Link>
                </Button>
              }
            />
          ) : (
            <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-oxblood/30 bg-oxblood/5 px-5 py-4">
              <p role="alert" className="text-sm text-oxblood">
                {t`Failed to load request`}
              </p>
              <Button variant="outline" size="sm" onClick={retry}>
                {t`Try again`}
              </Button>
            </div>
          )
        }
      >
        {(request) => <RequestView request={request} {...parts} />}
      </AsyncView>
    </div>
  );
}

function DetailSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-6">
      <span className="sr-only">{t`Loading the request`}</span>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-10 w-2/3" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    </div>
  );
}

function RequestView({ request, deal, payment, snippets }: { request: RequestDetail } & Parts) {
  const { t, i18n } = useLingui();
  const clientName = request.client.name;
  return (
    <>
      <header className="flex flex-col gap-4 border-b border-stone pb-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <p className="eyebrow text-gold-deep">{i18n._(CATEGORY_LABELS[request.category])}</p>
            <StatusBadge status={request.status} />
          </div>
          <h1 className="mt-2 text-3xl break-words sm:text-4xl">{request.title}</h1>
          <p className="mt-2 text-sm text-ink-muted">
            <Trans>
              Submitted <span className="tabular">{formatLongDate(request.createdAt)}</span> by {clientName}
            </Trans>
          </p>
        </div>
        <div className="shrink-0">
          <h2 className="sr-only">{t`Status`}</h2>
          <StatusActions id={request.id} status={request.status} />
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <RequestDetailsCard request={request} staff />
          {deal?.(request)}
          <AdminThreadCard
            requestId={request.id}
            requestTitle={request.title}
            clientName={request.client.name}
            snippets={snippets}
            closed={request.status === "Withdrawn"}
          />
        </div>
        <aside aria-label={t`Owner, client, payment and activity`} className="flex min-w-0 flex-col gap-6">
          <HandlingCard request={request} />
          <ClientCard requestId={request.id} />
          {payment?.(request)}
          <ActivityCard requestId={request.id} />
          {/* Once money has moved the request's records stay (issue 30 item 4). */}
          {request.deletable && <DeleteRequest request={request} />}
        </aside>
      </div>
    </>
  );
}

function DeleteRequest({ request }: { request: RequestDetail }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const remove = useDeletePipelineRequest();
  const [open, setOpen] = useState(false);

  async function onDelete(event: React.MouseEvent) {
    event.preventDefault();
    try {
      await remove.mutateAsync(request.id);
      // Leave at once: this page's queries of the request are gone.
      navigate("/admin/requests", { replace: true });
      toast.success(t`Request deleted successfully`);
    } catch (error) {
      setOpen(false);
      toastFailure(error, t`Failed to delete request`);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !remove.isPending && setOpen(next)}
      trigger={
        <Button variant="ghost" className="justify-start self-start text-oxblood hover:bg-oxblood/5">
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
