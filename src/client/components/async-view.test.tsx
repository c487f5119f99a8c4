import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/client/lib/api";
import { AsyncView, EmptyState } from "./async-view";

/** A promise settled from the test, so each state can be looked at in turn. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A screen around one real TanStack query, as the pages use AsyncView. */
function Requests({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ["requests"], queryFn: load, retry: false });
  return (
    <AsyncView
      query={query}
      loadingLabel="Loading requests"
      errorFallback="Failed to load requests"
      isEmpty={(titles) => titles.length === 0}
      empty={<EmptyState title="No requests yet" description="Tell us what you are looking for." />}
    >
      {(titles) => (
        <ul aria-label="Requests">
          {titles.map((title) => (
            <li key={title}>{title}</li>
          ))}
        </ul>
      )}
    </AsyncView>
  );
}

function renderRequests(load: () => Promise<string[]>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Requests load={load} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), client };
}

describe("AsyncView", () => {
  it("shows the skeleton, then the error with a retry that works, then the content", async () => {
    const first = deferred<string[]>();
    const second = deferred<string[]>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { user } = renderRequests(load);

    expect(screen.getByRole("status").textContent).toBe("Loading requests");
    expect(screen.queryByRole("alert")).toBeNull();

    first.reject(new ApiError(503, "The service is briefly unavailable."));
    expect((await screen.findByRole("alert")).textContent).toBe("The service is briefly unavailable.");
    expect(screen.queryByRole("status")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(load).toHaveBeenCalledTimes(2);
    // With nothing loaded yet, trying again is loading again.
    expect((await screen.findByRole("status")).textContent).toBe("Loading requests");
    expect(screen.queryByRole("alert")).toBeNull();

    second.resolve(["Birkin 25", "Royal Oak"]);
    const list = await screen.findByRole("list", { name: "Requests" });
    expect([...list.querySelectorAll("li")].map((item) => item.textContent)).toEqual(["Birkin 25", "Royal Oak"]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says it is trying again, with the button disabled, when a refetch of loaded data failed", async () => {
    const retry = deferred<string[]>();
    const load = vi
      .fn()
      .mockResolvedValueOnce(["Birkin 25"])
      .mockRejectedValueOnce(new ApiError(500, "An error occurred"))
      .mockReturnValueOnce(retry.promise);
    const { user, client } = renderRequests(load);
    await screen.findByRole("list", { name: "Requests" });

    await client.refetchQueries({ queryKey: ["requests"] });
    expect((await screen.findByRole("alert")).textContent).toBe("An error occurred");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    const retrying = (await screen.findByRole("button", { name: "Trying again…" })) as HTMLButtonElement;
    expect(retrying.disabled).toBe(true);
    expect(load).toHaveBeenCalledTimes(3);

    retry.resolve(["Birkin 25", "Royal Oak"]);
    expect(await screen.findByText("Royal Oak")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says the fallback when the error carries no message of its own", async () => {
    renderRequests(() => Promise.reject(new TypeError("Failed to fetch")));
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to load requests");
  });

  it("shows the empty state when there is nothing to show", async () => {
    renderRequests(() => Promise.resolve([]));
    expect(await screen.findByText("No requests yet")).toBeTruthy();
    expect(screen.getByText("Tell us what you are looking for.")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("hands its own error panel the error and a retry", async () => {
    const user = userEvent.setup();
    const refetch = vi.fn();
    render(
      <AsyncView
        query={{
          data: undefined,
          error: new ApiError(404, "Request not found"),
          isPending: false,
          isError: true,
          refetch,
        }}
        error={(error, retry) => (
          <button type="button" onClick={retry}>
            {(error as Error).message}: reload
          </button>
        )}
      >
        {() => "content"}
      </AsyncView>,
    );
    await user.click(screen.getByRole("button", { name: "Request not found: reload" }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("content")).toBeNull();
  });
});
