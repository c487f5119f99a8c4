import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { DataTable, dataTableColumns } from "@/client/components/data-table";
import { PageHeader } from "@/client/components/page-header";
import { StatusBadge, UrgencyLabel } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { i18n, type MessageDescriptor } from "@/client/lib/i18n";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatCardDate, formatEuro } from "@/shared/format";
import { CATEGORY_LABELS } from "@/shared/labels";
import { REQUEST_STATUSES, type RequestStatus } from "@/shared/requests";
import { type RequestSummary, requestQueries } from "../api";
import { RequestSearch } from "../components/request-search";
import { StatusFilter } from "../components/status-filter";

const PAGE_SIZE = 10;
const ALL = "all";

/** A column header, said in the interface's language when the table renders. */
const label = (descriptor: MessageDescriptor) => () => i18n._(descriptor);

const col = dataTableColumns<RequestSummary>();
const columns = [
  col.accessor("title", {
    header: label(msg`Request`),
    enableSorting: false,
    meta: { className: "max-w-72 truncate" },
  }),
  col.accessor("category", {
    header: label(msg`Category`),
    enableSorting: false,
    cell: (info) => i18n._(CATEGORY_LABELS[info.getValue()]),
  }),
  col.accessor("createdAt", {
    header: label(msg`Date`),
    enableSorting: false,
    cell: (info) => formatCardDate(info.getValue()),
    meta: { className: "tabular whitespace-nowrap" },
  }),
  col.accessor("budgetEur", {
    header: label(msg`Budget`),
    enableSorting: false,
    cell: (info) => formatEuro(info.getValue()),
    meta: { numeric: true },
  }),
  col.accessor("urgency", {
    header: label(msg`Urgency`),
    enableSorting: false,
    cell: (info) => <UrgencyLabel urgency={info.getValue()} />,
  }),
  col.accessor("status", {
    header: label(msg`Status`),
    enableSorting: false,
    cell: (info) => <StatusBadge status={info.getValue()} />,
  }),
];

/** /requests: the member's own requests, searched (title or category), filtered and paged by the server. */
export default function RequestsPage() {
  const { t } = useLingui();
  useDocumentTitle(t`My Requests`);
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const status = params.get("status") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [search, setSearch] = useState(q);

  function update(next: { q?: string; status?: string; page?: number }) {
    const merged = { q, status, page, ...next };
    const search = new URLSearchParams();
    if (merged.q) search.set("q", merged.q);
    if (merged.status) search.set("status", merged.status);
    if (merged.page > 1) search.set("page", String(merged.page));
    setParams(search, { replace: true });
  }

  // The search follows the typing after a short pause.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed text starts a search
  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => update({ q: search.trim(), page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [search]);

  // A status the URL names that is not one is no filter.
  const known = (REQUEST_STATUSES as readonly string[]).includes(status) ? (status as RequestStatus) : undefined;
  const query = useQuery(requestQueries.list({ q, status: known, page, pageSize: PAGE_SIZE }));
  const filtered = Boolean(q || status);

  return (
    <div className="mx-auto max-w-6xl px-6 py-14 sm:py-20">
      <PageHeader
        eyebrow={t`Private sourcing`}
        title={t`My Requests`}
        description={t`Every request you have placed with our team, and where each one stands.`}
        actions={
          <Button asChild>
            <Link to="/new-request">
              <Plus /> {t`New Request`}
            </Link>
          </Button>
        }
      />
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <RequestSearch
          className="flex-1"
          placeholder={t`Search by title or category`}
          value={search}
          onChange={setSearch}
        />
        <StatusFilter
          value={(status || ALL) as RequestStatus | typeof ALL}
          onChange={(value) => update({ status: value === ALL ? "" : value, page: 1 })}
          className="sm:w-52"
        />
      </div>
      <div className="mt-6">
        <AsyncView
          query={query}
          loading={
            <DataTable caption={t`My requests`} columns={columns} data={undefined} getRowId={(r) => r.id} loading />
          }
          errorFallback={t`Failed to load your requests.`}
          isEmpty={(data) => data.total === 0 && !filtered}
          empty={
            <EmptyState
              title={t`No requests yet`}
              description={t`Tell us what you are looking for and our team will source it for you.`}
              action={
                <Button asChild>
                  <Link to="/new-request">{t`Create Your First Request`}</Link>
                </Button>
              }
            />
          }
        >
          {(data) => (
            <>
              <RequestCards items={data.items} />
              <DataTable
                className="hidden sm:flex"
                caption={t`My requests`}
                columns={columns}
                data={data.items}
                getRowId={(row) => row.id}
                rowHref={(row) => `/requests/${row.id}`}
                empty={<span className="font-serif text-xl text-noir">{t`No requests match your filters`}</span>}
                pagination={
                  data.total > data.pageSize
                    ? {
                        page: data.page,
                        pageSize: data.pageSize,
                        total: data.total,
                        onPageChange: (p) => update({ page: p }),
                      }
                    : undefined
                }
              />
              {data.total > data.pageSize && (
                <div className="mt-4 flex items-center justify-between gap-3 text-sm text-ink-muted sm:hidden">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.page <= 1}
                    onClick={() => update({ page: data.page - 1 })}
                  >
                    {t`Previous`}
                  </Button>
                  <span className="tabular">{t`Page ${data.page} of ${Math.ceil(data.total / data.pageSize)}`}</span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={data.page * data.pageSize >= data.total}
                    onClick={() => update({ page: data.page + 1 })}
                  >
                    {t`Next`}
                  </Button>
                </div>
              )}
            </>
          )}
        </AsyncView>
      </div>
    </div>
  );
}

/** Below 640 px the table becomes a calm list of cards. */
function RequestCards({ items }: { items: RequestSummary[] }) {
  const { t, i18n } = useLingui();
  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-stone-dark px-6 py-10 text-center font-serif text-xl sm:hidden">
        {t`No requests match your filters`}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3 sm:hidden">
      {items.map((request) => (
        <li key={request.id}>
          <Link
            to={`/requests/${request.id}`}
            className="flex flex-col gap-3 rounded-lg border border-stone bg-card px-5 py-4 focus-visible:outline-2 focus-visible:outline-gold-deep"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="font-medium">{request.title}</span>
              <StatusBadge status={request.status} />
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
              <span>{i18n._(CATEGORY_LABELS[request.category])}</span>
              <span className="tabular">{formatCardDate(request.createdAt)}</span>
              <span className="tabular text-noir">{formatEuro(request.budgetEur)}</span>
              <UrgencyLabel urgency={request.urgency} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
