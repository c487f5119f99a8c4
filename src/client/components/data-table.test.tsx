import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useParams } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { formatEuro } from "@/shared/format";
import { DataTable, type DataTableProps, dataTableColumns } from "./data-table";

interface Item {
  id: string;
  name: string;
  budget: number;
}

const ITEMS: Item[] = [
  { id: "r1", name: "Birkin 25", budget: 30_000 },
  { id: "r2", name: "Audemars Royal Oak", budget: 45_000 },
  { id: "r3", name: "Cartier Tank", budget: 8_000 },
];

const col = dataTableColumns<Item>();
const columns = col.columns([
  col.accessor("name", { header: "Item" }),
  col.accessor("budget", {
    header: "Budget",
    cell: (info) => formatEuro(info.getValue()),
    sortFn: "basic",
    meta: { numeric: true },
  }),
  col.display({ id: "note", header: "Note", cell: () => "—" }),
]);

function RequestPage() {
  return <h1>Request {useParams().id}</h1>;
}

/** The table at "/" of a memory router whose "/requests/:id" is a detail page, as in the app. */
function renderTable(props: Partial<DataTableProps<Item>> = {}) {
  const table = (extra: Partial<DataTableProps<Item>>): ReactNode => (
    <DataTable caption="Requests" columns={columns} data={ITEMS} getRowId={(row) => row.id} {...props} {...extra} />
  );
  const router = createMemoryRouter([
    { path: "/", element: table({}) },
    { path: "/requests/:id", element: <RequestPage /> },
  ]);
  const view = render(<RouterProvider router={router} />);
  return {
    ...view,
    router,
    /** Renders the table again with other props (a new server page or order). */
    update: (extra: Partial<DataTableProps<Item>>) => {
      const next = createMemoryRouter([{ path: "/", element: table(extra) }]);
      view.rerender(<RouterProvider router={next} />);
    },
  };
}

const table = () => screen.getByRole("table", { name: "Requests" });
/** The text of the first cell of each body row, top to bottom. */
const firstCells = () =>
  within(table())
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0].textContent);
const header = (name: string) => screen.getByRole("columnheader", { name });

describe("DataTable", () => {
  it("shows skeleton rows, and no data, while loading", () => {
    renderTable({ loading: true, skeletonRows: 3 });
    expect(table().getAttribute("aria-busy")).toBe("true");
    const rows = within(table()).getAllByRole("row");
    expect(rows).toHaveLength(4); // the header and three placeholders
    for (const row of rows.slice(1)) {
      expect(within(row).getAllByRole("cell")).toHaveLength(3);
      expect(row.textContent).toBe("");
    }
    expect(screen.queryByText("Birkin 25")).toBeNull();
  });

  it("shows its rows once loaded, and the empty state when there are none", () => {
    const { update } = renderTable();
    expect(table().getAttribute("aria-busy")).toBeNull();
    expect(firstCells()).toEqual(["Birkin 25", "Audemars Royal Oak", "Cartier Tank"]);
    expect(within(table()).getByRole("cell", { name: formatEuro(45_000) })).toBeTruthy();

    update({ data: [], empty: "No requests yet." });
    expect(within(table()).getByRole("cell", { name: "No requests yet." })).toBeTruthy();
    expect(within(table()).getAllByRole("row")).toHaveLength(2);
  });

  it("sorts when a sortable header is clicked, and says so with aria-sort", async () => {
    const user = userEvent.setup();
    renderTable();
    expect(header("Item").getAttribute("aria-sort")).toBeNull();

    await user.click(within(header("Item")).getByRole("button", { name: "Item" }));
    expect(header("Item").getAttribute("aria-sort")).toBe("ascending");
    expect(firstCells()).toEqual(["Audemars Royal Oak", "Birkin 25", "Cartier Tank"]);

    await user.click(within(header("Item")).getByRole("button", { name: "Item" }));
    expect(header("Item").getAttribute("aria-sort")).toBe("descending");
    expect(firstCells()).toEqual(["Cartier Tank", "Birkin 25", "Audemars Royal Oak"]);

    await user.click(within(header("Budget")).getByRole("button", { name: "Budget" }));
    expect(header("Item").getAttribute("aria-sort")).toBeNull();
    // Figures sort largest first on the first click (TanStack's default for non-text values).
    expect(header("Budget").getAttribute("aria-sort")).toBe("descending");
    expect(firstCells()).toEqual(["Audemars Royal Oak", "Birkin 25", "Cartier Tank"]);
  });

  it("offers no sorting on a column that cannot be sorted", () => {
    renderTable();
    expect(within(header("Note")).queryByRole("button")).toBeNull();
    expect(within(header("Item")).getByRole("button")).toBeTruthy();
  });

  it("asks the server for an order when sorting is controlled, and keeps the server's order", async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn();
    const { update } = renderTable({ sorting: [], onSortingChange });

    await user.click(within(header("Item")).getByRole("button", { name: "Item" }));
    expect(onSortingChange).toHaveBeenCalledWith([{ id: "name", desc: false }]);
    expect(firstCells()).toEqual(["Birkin 25", "Audemars Royal Oak", "Cartier Tank"]);

    // The server answers in its own order (its collation puts "Écrin" among the E's, where a code-unit
    // comparison would not); the table shows that order as it is and marks the column.
    const serverOrder = ["Dior Saddle", "Écrin Cartier", "Fendi Baguette"];
    const page = serverOrder.map((name, i) => ({ id: `s${i}`, name, budget: 1_000 * (i + 1) }));
    update({ sorting: [{ id: "name", desc: false }], onSortingChange, data: page });
    expect(header("Item").getAttribute("aria-sort")).toBe("ascending");
    expect(firstCells()).toEqual(serverOrder);
    update({ sorting: [{ id: "name", desc: true }], onSortingChange, data: page.toReversed() });
    expect(header("Item").getAttribute("aria-sort")).toBe("descending");
    expect(firstCells()).toEqual(serverOrder.toReversed());
  });

  it("pages with the server's total", async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { update } = renderTable({ pagination: { page: 2, pageSize: 25, total: 60, onPageChange } });
    const pages = () => screen.getByRole("navigation", { name: "Pages" });
    const button = (name: string) => within(pages()).getByRole("button", { name }) as HTMLButtonElement;

    expect(within(pages()).getByText("26–50 of 60")).toBeTruthy();
    expect(within(pages()).getByText("Page 2 of 3")).toBeTruthy();
    await user.click(button("Next"));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(button("Previous"));
    expect(onPageChange).toHaveBeenLastCalledWith(1);

    update({ pagination: { page: 3, pageSize: 25, total: 60, onPageChange } });
    expect(within(pages()).getByText("51–60 of 60")).toBeTruthy();
    expect(within(pages()).getByText("Page 3 of 3")).toBeTruthy();
    expect(button("Next").disabled).toBe(true);
    expect(button("Previous").disabled).toBe(false);

    update({ data: [], pagination: { page: 1, pageSize: 25, total: 0, onPageChange } });
    expect(within(pages()).getByText("0–0 of 0")).toBeTruthy();
    expect(within(pages()).getByText("Page 1 of 1")).toBeTruthy();
    expect(button("Next").disabled).toBe(true);
    expect(button("Previous").disabled).toBe(true);
  });

  it("links each row to its detail page, from its first cell or anywhere on the row", async () => {
    const user = userEvent.setup();
    const { router } = renderTable({ rowHref: (row) => `/requests/${row.id}` });

    const link = screen.getByRole("link", { name: "Audemars Royal Oak" });
    expect(link.getAttribute("href")).toBe("/requests/r2");
    expect(screen.getAllByRole("link")).toHaveLength(3);
    await user.click(link);
    expect(await screen.findByRole("heading", { name: "Request r2" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/requests/r2");

    await router.navigate("/");
    await user.click(await screen.findByRole("cell", { name: formatEuro(8_000) }));
    expect(await screen.findByRole("heading", { name: "Request r3" })).toBeTruthy();
  });

  it("has no links when rows have no detail page", () => {
    renderTable();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
