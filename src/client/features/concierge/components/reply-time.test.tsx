import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ReplyTime } from "./reply-time";

function renderWithMedian(medianMinutes: number | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () => new Response(JSON.stringify({ medianMinutes }), { headers: { "content-type": "application/json" } }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReplyTime />
    </QueryClientProvider>,
  );
}

const PROMISE = "Usually replies within minutes";

describe("the concierge's reply time (issue 34 item 7)", () => {
  it("says only the measured median when it breaks the promise of minutes", async () => {
    renderWithMedian(240);
    expect(await screen.findByText("Median reply this month: 4 hours")).toBeTruthy();
    expect(screen.queryByText(PROMISE)).toBeNull();
  });

  it("keeps the promise beside a median that bears it out", async () => {
    renderWithMedian(12);
    expect(await screen.findByText("Median reply this month: 12 min")).toBeTruthy();
    expect(screen.getByText(PROMISE)).toBeTruthy();
  });

  it("keeps the promise alone while there are too few replies to measure", async () => {
    renderWithMedian(null);
    expect(await screen.findByText(PROMISE)).toBeTruthy();
    expect(screen.queryByText(/Median reply this month/)).toBeNull();
  });
});
