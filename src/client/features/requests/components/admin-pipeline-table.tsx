/**
 * The pipeline's rows: a dense table (sorted by the server, by date or budget) from 640 px, a list of cards below
 * it, and the pager, which says "10,000+" when the server stopped counting.
 */
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { SortingState } from "@tanstack/react-table";
import { AlertTriangle } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { DataTable, dataTableColumns } from "@/client/components/data-table";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { holdExpiryText } from "@/client/lib/hold-expiry";
import { i18n, type MessageDescriptor } from "@/client/lib/i18n";
import { cn } from "@/client/lib/utils";
import { formatCardDate, formatCount, formatEuro } from "@/shared/format";
import { CATEGORY_LABELS } from "@/shared/labels";
import { isHoldExpiringSoon } from "@/shared/quotes";
import { type Pipeline, type PipelineItem, useChangeStatus } from "../admin-api";
import { AssigneeSelect } from "./admin-assignee";
import { PriorityBadge } from "./admin-priority-badge";

/** "1,234", or "10,000+" when the server stopped counting at its cap (`total` is then the cap); "10 000+" in Portuguese. */
export function formatPipelineTotal(total: number, capped: boolean) {
  return capped ? `${formatCount(total)}+` : formatCount(total);
}

/** A column header, said in the interface's language when the table renders. */
const label = (descriptor: MessageDescriptor) => () => i18n._(descriptor);

const href = (request: { id: string }) => `/admin/requests/${request.id}`;

/** 'Start' on a New request: New to Sourcing (spec section 4). */
function StartButton({ request }: { request: PipelineItem }) {
  const { t } = useLingui();
  const change = useChangeStatus();
  if (request.status !== "New") return null;
  async function start(event: React.MouseEvent) {
    event.stopPropagation(); // not the row's link
    try {
      await change.mutateAsync({ id: request.id, status: "Sourcing" });
      toast.success(t`Status updated`);
    } catch {
      toast.error(t`Failed to update status`);
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      className="h-8 px-3"
      aria-label={t`Start ${request.title}`}
      disabled={change.isPending}
      onClick={start}
    >
      {change.isPending ? t`Starting…` : t`Start`}
    </Button>
  );
}

const col = dataTableColumns<PipelineItem>();
const columns = col.columns([
  col.accessor("createdAt", {
    header: label(msg`Date`),
    cell: (info) => (
      <>
        <time dateTime={String(info.getValue())}>{formatCardDate(info.getValue())}</time>
        <span className="sr-only">: {info.row.original.title}</span>
      </>
    ),
    meta: { className: "tabular whitespace-nowrap" },
  }),
  col.accessor((row) => row.client.name, {
    id: "client",
    header: label(msg`Client`),
    enableSorting: false,
    cell: (info) => (
      <div className="max-w-32 min-w-28">
        <p className="truncate text-noir">{info.row.original.client.name}</p>
        <p className="truncate text-xs text-ink-muted">{info.row.original.client.email}</p>
      </div>
    ),
  }),
  col.accessor("title", {
    header: label(msg`Title`),
    enableSorting: false,
    // The column that gives: it wraps (two lines at most) so the table fits beside the sidebar.
    cell: (info) => (
      <span className="line-clamp-2 min-w-32 break-words" title={info.getValue()}>
        {info.getValue()}
      </span>
    ),
  }),
  col.accessor("category", {
    header: label(msg`Category`),
    enableSorting: false,
    cell: (info) => i18n._(CATEGORY_LABELS[info.getValue()]),
  }),
  col.accessor("budgetEur", {
    header: label(msg`Budget`),
    cell: (info) => formatEuro(info.getValue()),
    meta: { numeric: true, className: "whitespace-nowrap" },
  }),
  col.accessor("urgency", {
    header: label(msg`Priority`),
    enableSorting: false,
    cell: (info) => <PriorityBadge urgency={info.getValue()} />,
  }),
  col.accessor("status", {
    header: label(msg`Status`),
    enableSorting: false,
    cell: (info) => (
      <span className="flex flex-col items-start gap-1">
        <StatusBadge status={info.getValue()} />
        <HoldFlag hold={info.row.original.hold} />
      </span>
    ),
  }),
  // The owner (issue 22, item 1) and Start share a cell, so the row still fits beside the sidebar.
  col.display({
    id: "actions",
    // The hidden words sit in a positioned span: otherwise they are placed outside the table's scrolling box and
    // widen the page (the Portuguese header is long enough to show it at 1280 px).
    header: () => (
      <span className="relative">
        <Trans>
          Owner<span className="sr-only"> and actions</span>
        </Trans>
      </span>
    ),
    cell: (info) => (
      // Stacked below 1536 px: side by side they made the Portuguese table 1,518 px wide at 1440 (issue 34 item 13).
      <span className="flex flex-col items-start gap-1.5 2xl:flex-row 2xl:items-center 2xl:gap-2">
        <AssigneeSelect request={info.row.original} short className="w-28" />
        <StartButton request={info.row.original} />
      </span>
    ),
    meta: { className: "w-0 whitespace-nowrap" },
  }),
]);

/**
 * A card hold that needs the staff: one lapsing within 24 h ('Hold expires in 5 h'), or one that lapsed (the
 * member must authorise again). Other holds say nothing here.
 */
function HoldFlag({ hold }: { hold: PipelineItem["hold"] }) {
  const { t } = useLingui();
  if (!hold) return null;
  const soon = hold.status === "held" && hold.expiresAt && isHoldExpiringSoon(hold.expiresAt);
  if (!soon && hold.status !== "expired") return null;
  return (
    <span className="flex items-center gap-1 text-xs font-medium whitespace-nowrap text-oxblood">
      <AlertTriangle aria-hidden className="size-3.5" />
      {soon && hold.expiresAt ? holdExpiryText(hold.expiresAt) : t`Hold expired`}
    </span>
  );
}

export function PipelineTable({
  data,
  loading = false,
  updating = false,
  sorting,
  onSortingChange,
  empty,
}: {
  data: PipelineItem[] | undefined;
  loading?: boolean;
  /** Another page or filter is loading: the previous rows stay, dimmed. */
  updating?: boolean;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  empty: React.ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className={cn("transition-opacity duration-200", updating && "opacity-60")}>
      <DataTable
        className="hidden sm:flex"
        caption={t`Requests`}
        columns={columns}
        data={data}
        getRowId={(row) => row.id}
        rowHref={href}
        loading={loading}
        skeletonRows={8}
        sorting={sorting}
        onSortingChange={onSortingChange}
        empty={empty}
      />
      <PipelineCards items={data} loading={loading} empty={empty} />
    </div>
  );
}

/** Below 640 px: one card per request, the same facts, and Start. */
function PipelineCards({
  items,
  loading,
  empty,
}: {
  items: PipelineItem[] | undefined;
  loading: boolean;
  empty: React.ReactNode;
}) {
  const { t, i18n } = useLingui();
  if (loading || !items) {
    return (
      <ul aria-hidden className="flex flex-col gap-3 sm:hidden">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-28 animate-pulse rounded-lg border border-stone bg-ivory-deep/60" />
        ))}
      </ul>
    );
  }
  if (items.length === 0) {
    return <div className="rounded-lg border border-stone bg-card px-4 py-10 text-center sm:hidden">{empty}</div>;
  }
  return (
    <ul aria-label={t`Requests`} className="flex flex-col gap-3 sm:hidden">
      {items.map((request) => (
        <li key={request.id} className="rounded-lg border border-stone bg-card">
          <Link
            to={href(request)}
            className="flex flex-col gap-2 px-4 pt-3.5 pb-3 focus-visible:outline-2 focus-visible:outline-gold-deep"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-words">{request.title}</span>
              <span className="flex shrink-0 flex-col items-end gap-1">
                <StatusBadge status={request.status} />
                <HoldFlag hold={request.hold} />
              </span>
            </span>
            <span className="truncate text-xs text-ink-muted">
              {request.client.name} · {request.client.email}
            </span>
          </Link>
          <div className="flex items-center justify-between gap-3 border-t border-stone px-4 py-2.5">
            <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-muted">
              <time dateTime={String(request.createdAt)} className="tabular">
                {formatCardDate(request.createdAt)}
              </time>
              <span>{i18n._(CATEGORY_LABELS[request.category])}</span>
              <span className="tabular text-noir">{formatEuro(request.budgetEur)}</span>
              <PriorityBadge urgency={request.urgency} />
            </span>
            <span className="flex shrink-0 items-center gap-2">
              <AssigneeSelect request={request} className="w-32" />
              <StartButton request={request} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Previous / Next and where the page sits; with a capped count, the last page is not known. */
export function PipelinePager({ data, onPageChange }: { data: Pipeline; onPageChange: (page: number) => void }) {
  const { t } = useLingui();
  const { page, pageSize, total, totalCapped, items } = data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = items.length === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = (page - 1) * pageSize + items.length;
  const hasNext = totalCapped ? items.length === pageSize : page < pages;
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
      <p className="tabular">
        {t`${formatCount(first)}–${formatCount(last)} of ${formatPipelineTotal(total, totalCapped)}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          {t`Previous`}
        </Button>
        <span className="tabular px-1">
          {totalCapped ? t`Page ${formatCount(page)}` : t`Page ${formatCount(page)} of ${formatCount(pages)}`}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={!hasNext}>
          {t`Next`}
        </Button>
      </div>
    </nav>
  );
}
