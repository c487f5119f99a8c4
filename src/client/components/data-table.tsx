/**
 * The dense table of the member and admin screens, on TanStack Table: sortable columns (by the table itself, or
 * by the server when `sorting` is controlled), server pagination (`page`, `pageSize`, `total`), a skeleton while
 * loading, an empty state, and rows that link to a detail page. Keyboard: sortable headers are buttons carrying
 * aria-sort; a linked row is reached by its link (the first cell), and a click anywhere on the row follows it.
 */
import { useLingui } from "@lingui/react/macro";
import {
  type ColumnDef,
  createColumnHelper,
  createSortedRowModel,
  metaHelper,
  type RowData,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "@/client/lib/utils";
import { Button } from "./ui/button";
import { Skeleton } from "./ui/skeleton";

interface DataTableColumnMeta {
  /** Right-aligned, tabular figures (money, counts). */
  numeric?: boolean;
  /** The column's cells (not its header). */
  className?: string;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic, datetime: sortFn_datetime },
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

/** Columns for a DataTable of `T`: `const col = dataTableColumns<Invoice>()`, then `col.accessor(…)`. */
export const dataTableColumns = <T extends RowData>() => createColumnHelper<typeof features, T>();
// biome-ignore lint/suspicious/noExplicitAny: a column's value type differs from column to column
export type DataTableColumns<T extends RowData> = ReadonlyArray<ColumnDef<typeof features, T, any>>;

export interface DataTablePagination {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T extends RowData> {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: DataTableColumns<T>;
  data: T[] | undefined;
  getRowId: (row: T) => string;
  /** A detail page per row: the first cell becomes its link, and a click on the row follows it. */
  rowHref?: (row: T) => string;
  loading?: boolean;
  skeletonRows?: number;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** Initial order for table-side sorting. */
  initialSorting?: SortingState;
  /** Controlled order: the server sorts (the data arrives in this order). */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  pagination?: DataTablePagination;
  className?: string;
}

const NO_ROWS: never[] = [];

export function DataTable<T extends RowData>({
  caption,
  columns,
  data,
  getRowId,
  rowHref,
  loading = false,
  skeletonRows = 5,
  empty,
  initialSorting = NO_ROWS,
  sorting: controlledSorting,
  onSortingChange,
  pagination,
  className,
}: DataTableProps<T>) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [localSorting, setLocalSorting] = useState<SortingState>(initialSorting);
  const serverSorted = controlledSorting !== undefined;
  const sorting = controlledSorting ?? localSorting;
  const table = useTable({
    features,
    columns,
    data: data ?? NO_ROWS,
    getRowId: (row) => getRowId(row),
    state: { sorting },
    manualSorting: serverSorted,
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      if (serverSorted) onSortingChange?.(next);
      else setLocalSorting(next);
    },
  });
  const leafColumns = table.getAllLeafColumns();
  const rows = table.getRowModel().rows;

  return (
    <div className={cn("flex flex-col gap-3", className)}>
      <div className="overflow-x-auto rounded-lg border border-stone bg-card">
        <table className="w-full border-collapse text-left text-sm" aria-busy={loading || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-stone bg-ivory-deep/60">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta;
                  const sorted = header.column.getIsSorted();
                  const SortIcon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                      className={cn(
                        "eyebrow h-10 px-3 font-medium whitespace-nowrap text-ink-muted sm:px-4",
                        meta?.numeric && "text-right",
                      )}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={header.column.getToggleSortingHandler()}
                          className={cn(
                            "-mx-1 inline-flex cursor-pointer items-center gap-1.5 rounded-sm px-1 py-1 uppercase hover:text-noir focus-visible:outline-2 focus-visible:outline-gold-deep",
                            sorted && "text-noir",
                          )}
                        >
                          <table.FlexRender header={header} />
                          <SortIcon aria-hidden className={cn("size-3.5", !sorted && "opacity-40")} />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-stone">
            {loading ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={i}>
                  {leafColumns.map((column) => (
                    <td key={column.id} className="h-11 px-3 sm:px-4">
                      <Skeleton className="h-3.5 w-3/4" />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={leafColumns.length} className="px-4 py-10 text-center text-ink-muted">
                  {empty ?? t`Nothing to show yet.`}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const href = rowHref?.(row.original);
                return (
                  <tr
                    key={row.id}
                    onClick={href ? () => navigate(href) : undefined}
                    className={cn(
                      "transition-colors duration-150",
                      href && "cursor-pointer hover:bg-ivory-deep focus-within:bg-ivory-deep",
                    )}
                  >
                    {row.getAllCells().map((cell, index) => {
                      const meta = cell.column.columnDef.meta;
                      return (
                        <td
                          key={cell.id}
                          className={cn(
                            "h-11 px-3 py-2 sm:px-4",
                            meta?.numeric && "tabular text-right",
                            meta?.className,
                          )}
                        >
                          {href && index === 0 ? (
                            <Link
                              to={href}
                              onClick={(event) => event.stopPropagation()}
                              className="font-medium text-noir underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold-deep"
                            >
                              <table.FlexRender cell={cell} />
                            </Link>
                          ) : (
                            <table.FlexRender cell={cell} />
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {pagination && <Pager {...pagination} />}
    </div>
  );
}

function Pager({ page, pageSize, total, onPageChange }: DataTablePagination) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t`Pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
      <p className="tabular" aria-live="polite">
        {t`${first}–${last} of ${total}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          {t`Previous`}
        </Button>
        <span className="tabular px-1">{t`Page ${page} of ${pages}`}</span>
        <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= pages}>
          {t`Next`}
        </Button>
      </div>
    </nav>
  );
}
