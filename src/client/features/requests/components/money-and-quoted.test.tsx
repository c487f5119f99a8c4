/**
 * Issue 30: the member's Delete Request only while no money has moved (item 4), and the staff's quick action
 * towards Quoted opening the quote editor instead of changing the status (item 5, decision 030).
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { QuickActions } from "../pages/request-detail-page";
import { requestDetail } from "../test-fixtures";
import { StatusActions } from "./admin-status-actions";

const REQUEST = requestDetail({ status: "Found" });

function renderAt(ui: React.ReactNode, path = "/") {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${url}`);
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, calls, user: userEvent.setup() };
}

describe("the member's Delete Request", () => {
  it("is offered while no money has moved", () => {
    renderAt(<QuickActions request={REQUEST} />);
    expect(screen.getByRole("button", { name: "Delete Request" })).toBeTruthy();
  });

  it("is not offered once a card hold was authorised", () => {
    renderAt(<QuickActions request={{ ...REQUEST, deletable: false }} />);
    expect(screen.queryByRole("button", { name: "Delete Request" })).toBeNull();
    expect(screen.getByRole("link", { name: "View All Messages" })).toBeTruthy();
  });
});

describe("the staff's quick action towards Quoted", () => {
  it("opens the quote editor (#quote-editor) and changes no status", async () => {
    const { router, calls, user } = renderAt(<StatusActions id={REQUEST.id} status="Sourcing" />, "/admin/requests/r1");
    expect(screen.queryByRole("button", { name: "Move to Quoted" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Write a quote" }));
    expect(router.state.location.pathname).toBe("/admin/requests/r1");
    expect(router.state.location.hash).toBe("#quote-editor");
    expect(calls).toEqual([]);
    // Failed stays a status change of its own.
    expect(screen.getByRole("button", { name: "Mark Failed" })).toBeTruthy();
  });
});
