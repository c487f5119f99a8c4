/**
 * /admin/requests: every member's requests, searched (title, client name or email), filtered by status and
 * category, sorted by date or budget and paged by the server. The whole view lives in the URL (`?status=New`
 * from the spec, and q, category, assignee, sort, dir, page), so it survives a reload and can be shared. Live, and every
 * 30 s besides; Refresh on demand; the CSV exports the filtered view.
 */
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { SortingState } from "@tanstack/react-table";
import { Download, RefreshCw, Search } from "lucide-react";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { cn } from "@/client/lib/utils";
import { CATEGORY_LABELS } from "@/shared/labels";
import { REQUEST_CATEGORIES, REQUEST_STATUSES, type RequestCategory, type RequestStatus } from "@/shared/requests";
import { type PipelineParams, pipelineCsvHref, pipelineSearch, requestsAdminQueries } from "../admin-api";
import { formatPipelineTotal, PipelinePager, PipelineTable } from "../components/admin-pipeline-table";
import { StatusFilter } from "../components/status-filter";

const PAGE_SIZE = 25;
const ALL = "all";

type Sort = PipelineParams["sort"];
type Dir = PipelineParams["dir"];
interface View {
  q: string;
  status: RequestStatus | typeof ALL;
  category: RequestCategory | typeof ALL;
  assignee: "all" | "me" | "none";
  sort: Sort;
  dir: Dir;
  page: number;
}

/** The view from the URL; anything unknown falls back to its default. */
function readView(params: URLSearchParams): View {
  const status = params.get("status");
  const category = params.get("category");
  const page = Math.floor(Number(params.get("page")));
  return {
    q: params.get("q")?.trim() ?? "",
    status: REQUEST_STATUSES.find((s) => s === status) ?? ALL,
    category: REQUEST_CATEGORIES.find((c) => c === category) ?? ALL,
    assignee: params.get("assignee") === "me" ? "me" : params.get("assignee") === "none" ? "none" : ALL,
    sort: params.get("sort") === "budget" ? "budget" : "created",
    dir: params.get("dir") === "asc" ? "asc" : "desc",
    page: Number.isFinite(page) && page > 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The table's columns for the server's sorts. */
const SORT_COLUMNS: Record<Sort, string> = { created: "createdAt", budget: "budgetEur" };

const SORT_CHOICES = [
  { value: "created-desc", label: msg`Newest first` },
  { value: "created-asc", label: msg`Oldest first` },
  { value: "budget-desc", label: msg`Highest budget` },
  { value: "budget-asc", label: msg`Lowest budget` },
] as const;

/** "12 requests", "1 request", "10,000+ requests" (in the interface's language). */
function pipelineCount(total: number, capped: boolean) {
  const shown = formatPipelineTotal(total, capped);
  return plural(total, { one: `${shown} request`, other: `${shown} requests` });
}

export default function AdminRequestsPage() {
  const { t, i18n } = useLingui();
  useDocumentTitle(t`Requests`);
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const [search, setSearch] = useState(view.q);

  /** The search this page last wrote to the URL: any other change of `q` (back, a link) comes from outside. */
  const written = useRef(view.q);

  function update(next: Partial<View>) {
    const merged = { ...view, ...next };
    const search = pipelineSearch(merged, { paged: false });
    if (merged.page > 1) search.set("page", String(merged.page));
    written.current = merged.q;
    setParams(search, { replace: true });
  }

  // The search follows the typing after a short pause, onto the view as it is then (a filter may have changed).
  const applySearch = useEffectEvent((text: string) => {
    if (text !== view.q) update({ q: text, page: 1 });
  });
  useEffect(() => {
    const timer = setTimeout(() => applySearch(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);

  // The URL's search changed from outside (back, a shared link): the box follows.
  useEffect(() => {
    if (view.q === written.current) return;
    written.current = view.q;
    setSearch(view.q);
  }, [view.q]);

  const query = useQuery(
    requestsAdminQueries.list({
      q: view.q || undefined,
      status: view.status,
      category: view.category,
      assignee: view.assignee,
      sort: view.sort,
      dir: view.dir,
      page: view.page,
      pageSize: PAGE_SIZE,
    }),
  );

  const sorting: SortingState = [{ id: SORT_COLUMNS[view.sort], desc: view.dir === "desc" }];
  function onSortingChange(next: SortingState) {
    // The column asked for (the last: shift-click adds one); none when the sorted column was clicked again.
    // Another column starts with the largest first (newest, highest budget); the same column flips its order.
    const id = next[next.length - 1]?.id ?? SORT_COLUMNS[view.sort];
    const sort = (Object.keys(SORT_COLUMNS) as Sort[]).find((key) => SORT_COLUMNS[key] === id) ?? view.sort;
    const dir: Dir = sort !== view.sort ? "desc" : view.dir === "desc" ? "asc" : "desc";
    update({ sort, dir, page: 1 });
  }

  const filtered = Boolean(view.q || view.status !== ALL || view.category !== ALL || view.assignee !== ALL);
  // Refresh spins while the refetch it asked for runs (not for the 30 s or live refreshes).
  const [refreshing, setRefreshing] = useState(false);
  async function refresh() {
    setRefreshing(true);
    await query.refetch();
    setRefreshing(false);
  }
  const empty = filtered ? (
    <div className="flex flex-col items-center gap-3">
      <p className="font-serif text-xl text-noir">{t`No requests match these filters`}</p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setSearch("");
          update({ q: "", status: ALL, category: ALL, assignee: ALL, page: 1 });
        }}
      >
        {t`Clear filters`}
      </Button>
    </div>
  ) : (
    <div className="flex flex-col items-center gap-1">
      <p className="font-serif text-xl text-noir">{t`No requests yet`}</p>
      <p className="text-sm">{t`Members' requests appear here as they arrive.`}</p>
    </div>
  );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6">
      <PageHeader
        dense
        eyebrow={t`Pipeline`}
        title={t`Requests`}
        actions={
          <>
            <Button variant="outline" size="sm" asChild>
              <a href={pipelineCsvHref(view)} download>
                <Download /> {t`Export CSV`}
              </a>
            </Button>
            <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={refreshing}>
              <RefreshCw aria-hidden className={cn(refreshing && "animate-spin motion-reduce:animate-none")} />
              {refreshing ? t`Refreshing…` : t`Refresh`}
            </Button>
          </>
        }
      />
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <div className="relative md:flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          />
          <Input
            type="search"
            aria-label={t`Search requests`}
            placeholder={t`Search title, client name or email`}
            className="h-10 pl-9 text-sm"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-3 md:flex">
          <StatusFilter
            value={view.status}
            onChange={(value) => update({ status: value, page: 1 })}
            className="h-10 text-sm md:w-44"
          />
          <Select
            value={view.category}
            onValueChange={(value) => update({ category: value as View["category"], page: 1 })}
          >
            <SelectTrigger aria-label={t`Filter by category`} className="h-10 text-sm md:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t`All categories`}</SelectItem>
              {REQUEST_CATEGORIES.map((value) => (
                <SelectItem key={value} value={value}>
                  {i18n._(CATEGORY_LABELS[value])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select
            value={view.assignee}
            onValueChange={(value) => update({ assignee: value as View["assignee"], page: 1 })}
          >
            <SelectTrigger aria-label={t`Filter by owner`} className="h-10 text-sm md:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t`Everyone's`}</SelectItem>
              <SelectItem value="me">{t`Assigned to me`}</SelectItem>
              <SelectItem value="none">{t`Unassigned`}</SelectItem>
            </SelectContent>
          </Select>
          {/* The table's headers sort from 640 px; below, the cards have this. */}
          <Select
            value={`${view.sort}-${view.dir}`}
            onValueChange={(value) => {
              const [sort, dir] = value.split("-") as [Sort, Dir];
              update({ sort, dir, page: 1 });
            }}
          >
            <SelectTrigger aria-label={t`Sort`} className="h-10 text-sm sm:hidden">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SORT_CHOICES.map((choice) => (
                <SelectItem key={choice.value} value={choice.value}>
                  {i18n._(choice.label)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <AsyncView
        query={query}
        loading={
          <div role="status" aria-live="polite">
            <span className="sr-only">{t`Loading requests`}</span>
            <PipelineTable data={undefined} loading sorting={sorting} onSortingChange={onSortingChange} empty={empty} />
          </div>
        }
        errorFallback={t`Failed to load requests`}
      >
        {(data) => (
          <div className="flex flex-col gap-3">
            <p className="tabular text-sm text-ink-muted" aria-live="polite">
              {pipelineCount(data.total, data.totalCapped)}
              {query.isPlaceholderData && <span> · {t`Updating…`}</span>}
            </p>
            <PipelineTable
              data={data.items}
              updating={query.isPlaceholderData}
              sorting={sorting}
              onSortingChange={onSortingChange}
              empty={empty}
            />
            <PipelinePager
              data={data}
              onPageChange={(page) => {
                update({ page });
                window.scrollTo({ top: 0 });
              }}
            />
          </div>
        )}
      </AsyncView>
    </div>
  );
}
