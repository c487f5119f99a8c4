/**
 * Spec section 6: viewing someone else's request shows 'You do not have permission to view this request' and
 * goes back to /requests. The server answers another member's request and a missing one alike (404 with those
 * words, decision 038); staff, who see every request, read "Request not found" for a missing one.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { Toaster } from "@/client/components/ui/sonner";
import RequestDetailPage from "./request-detail-page";

const ID = "5f2c8e9e-8a8b-4c9d-9f53-1b7a1c1f0c11";

function renderAnswering(status: number, body: object) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: "/requests/:id", element: <RequestDetailPage /> },
      { path: "/requests", element: <p>The member's requests</p> },
    ],
    { initialEntries: [`/requests/${ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

describe("a request the member may not see", () => {
  it("says the spec's words and goes back to /requests", async () => {
    const router = renderAnswering(404, {
      error: "You do not have permission to view this request",
      code: "not_found",
      key: "error.no_permission",
    });
    expect(await screen.findByText("You do not have permission to view this request")).toBeTruthy();
    expect(await screen.findByText("The member's requests")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/requests");
  });

  it("is 'Request not found' on the page when the answer says so (staff, a malformed address)", async () => {
    const router = renderAnswering(404, {
      error: "Request not found",
      code: "not_found",
      key: "error.request_not_found",
    });
    expect(await screen.findByText("It may have been deleted.")).toBeTruthy();
    expect(screen.getAllByText("Request not found").length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe(`/requests/${ID}`);
  });
});
