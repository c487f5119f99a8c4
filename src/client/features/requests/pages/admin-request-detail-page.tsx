/**
 * /admin/requests/:id: one request as the staff work it. The request (details, notes, phone, attachment), its
 * thread with the reply box, and the quick status moves; beside it the client, the payment hold, the activity
 * timeline and Delete. Two columns from 1024 px, one below. The quotes feature's editor (`quote`) and its payment
 * and delivery panels (`payment`) are composed in by app/pages/admin-request-detail-route.tsx.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import type { ConversationPresence } from "@/client/components/presence";
import type { SnippetSource } from "@/client/components/snippet-picker";
import { Button } from "@/client/components/ui/button";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatLongDate } from "@/shared/format";
import { requestsAdminQueries, useDeletePipelineRequest } from "../admin-api";
import type { RequestDetail } from "../api";
import { ActivityCard } from "../components/admin-request-activity";
import { ClientCard } from "../components/admin-request-client";
import { HandlingCard } from "../components/admin-request-handling";
import { AdminThreadCard } from "../components/admin-request-thread";
import { StatusActions } from "../components/admin-status-actions";
import { RequestDetailsCard } from "../components/request-details";
import { DeleteRequest, RequestEyebrow, RequestPage } from "../components/request-page";

/** What another feature shows on the request's page. */
export type AdminRequestPart = (request: RequestDetail) => React.ReactNode;
interface Parts {
  requestQuotes?: AdminRequestPart;
  payment?: AdminRequestPart;
  /** The service-level clock, beside the submission line (decision 049). */
  clock?: AdminRequestPart;
  /** Saved replies for the reply box. */
  snippets?: SnippetSource;
  /** Who else has the thread open and who is typing (decision 051). */
  presence?: ConversationPresence;
}

export default function AdminRequestDetailPage(parts: Parts) {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const query = useQuery(requestsAdminQueries.detail(id));
  useDocumentTitle(query.data?.title ?? t`Request`);

  return (
    <RequestPage
      query={query}
      back="/admin/requests"
      staff
      className="mx-auto flex max-w-7xl flex-col gap-6"
      otherError={(retry) => (
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-oxblood/30 bg-oxblood/5 px-5 py-4">
          <p role="alert" className="text-sm text-oxblood">
            {t`Failed to load request`}
          </p>
          <Button variant="outline" size="sm" onClick={retry}>
            {t`Try again`}
          </Button>
        </div>
      )}
    >
      {(request) => <RequestView request={request} {...parts} />}
    </RequestPage>
  );
}

function RequestView({
  request,
  requestQuotes,
  payment,
  clock,
  snippets,
  presence,
}: { request: RequestDetail } & Parts) {
  const { t } = useLingui();
  const remove = useDeletePipelineRequest();
  const clientName = request.client.name;
  return (
    <>
      <header className="flex flex-col gap-4 border-b border-stone pb-6 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <RequestEyebrow request={request} />
          <h1 className="mt-2 text-3xl break-words sm:text-4xl">{request.title}</h1>
          <p className="mt-2 text-sm text-ink-muted">
            <Trans>
              Submitted <span className="tabular">{formatLongDate(request.createdAt)}</span> by {clientName}
            </Trans>
          </p>
          {clock && <div className="mt-2">{clock(request)}</div>}
        </div>
        <div className="shrink-0">
          <h2 className="sr-only">{t`Status`}</h2>
          <StatusActions id={request.id} status={request.status} />
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <RequestDetailsCard request={request} staff />
          {requestQuotes?.(request)}
          <AdminThreadCard
            requestId={request.id}
            requestTitle={request.title}
            clientName={request.client.name}
            snippets={snippets}
            presence={presence}
            closed={request.status === "Withdrawn"}
          />
        </div>
        <aside aria-label={t`Owner, client, payment and activity`} className="flex min-w-0 flex-col gap-6">
          <HandlingCard request={request} />
          <ClientCard requestId={request.id} />
          {payment?.(request)}
          <ActivityCard requestId={request.id} />
          {/* Once money has moved the request's records stay (issue 30 item 4). */}
          {request.deletable && (
            <DeleteRequest request={request} remove={remove} back="/admin/requests" className="self-start" />
          )}
        </aside>
      </div>
    </>
  );
}
