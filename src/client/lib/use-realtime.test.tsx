import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type SessionInfo, SIGNED_OUT } from "@/shared/session";
import { sessionQueryKey } from "./session";
import { useRealtime } from "./use-realtime";

const signedIn = (id: string) => ({ ...SIGNED_OUT, user: { id } }) as unknown as SessionInfo;

/** The hook under a query client whose session is already known (no request to /api/me). */
function renderRealtime(session: SessionInfo) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(sessionQueryKey, session);
  const closes: Array<ReturnType<typeof vi.fn>> = [];
  const connect = vi.fn(async () => {
    const close = vi.fn();
    closes.push(close);
    return close;
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useRealtime(connect), { wrapper });
  /** The session changes (signing in or out, or another account): the query's data, as a refetch would set it. */
  const setSession = (next: SessionInfo) =>
    act(async () => {
      client.setQueryData(sessionQueryKey, next);
      await new Promise((resolve) => setTimeout(resolve, 0)); // TanStack Query notifies on the next tick
    });
  return { ...view, client, connect, closes, setSession };
}

describe("useRealtime", () => {
  beforeEach(() => {
    vi.stubGlobal("EventSource", class {});
  });

  it("opens the stream while signed in, with the app's query client, and closes it on unmount", async () => {
    const { connect, closes, client, unmount } = renderRealtime(signedIn("u1"));
    expect(connect).toHaveBeenCalledTimes(1);
    expect(connect).toHaveBeenCalledWith(client);
    unmount();
    await vi.waitFor(() => expect(closes[0]).toHaveBeenCalledTimes(1));
  });

  it("opens nothing for a visitor, then opens on sign-in and closes on sign-out", async () => {
    const { connect, closes, setSession } = renderRealtime(SIGNED_OUT);
    expect(connect).not.toHaveBeenCalled();

    await setSession(signedIn("u1"));
    expect(connect).toHaveBeenCalledTimes(1);
    await setSession(SIGNED_OUT);
    await vi.waitFor(() => expect(closes[0]).toHaveBeenCalledTimes(1));
    expect(connect).toHaveBeenCalledTimes(1);
  });

  it("opens a new stream for another account, closing the first", async () => {
    const { connect, closes, setSession } = renderRealtime(signedIn("u1"));
    await setSession(signedIn("u2"));
    expect(connect).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(closes[0]).toHaveBeenCalledTimes(1));
    expect(closes[1]).not.toHaveBeenCalled();
  });

  it("opens nothing where the browser has no EventSource", () => {
    vi.stubGlobal("EventSource", undefined);
    const { connect } = renderRealtime(signedIn("u1"));
    expect(connect).not.toHaveBeenCalled();
  });
});
