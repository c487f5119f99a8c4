/**
 * For component tests (decision 015): a stubbed server that records what it receives, a render inside a fresh
 * query client, and a signed-in member's session.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type * as React from "react";
import { vi } from "vitest";
import { sessionQueryKey } from "@/client/lib/session";
import type { SessionInfo } from "@/shared/session";

export interface Answer {
  status: number;
  body: unknown;
}

export interface ServerCall {
  url: string;
  method: string;
  body: unknown;
}

/**
 * Stubs fetch with a server that gives every call `answer` (or what `answer` makes of the call's body); returns the
 * calls it received, in order.
 */
export function stubServer(answer: Answer | ((body: unknown) => Answer) = { status: 200, body: { ok: true } }) {
  const calls: ServerCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: String(init.method), body });
      const reply = typeof answer === "function" ? answer(body) : answer;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return calls;
}

/** Renders `ui` in a new query client that does not retry; with `session`, signed in as it, and never refetched. */
export function renderWithQueries(ui: React.ReactNode, { session }: { session?: SessionInfo } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, ...(session && { staleTime: Number.POSITIVE_INFINITY }) } },
  });
  if (session) client.setQueryData(sessionQueryKey, session);
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return client;
}

/** A signed-in member without a subscription, Ana, in English; `profile` changes her profile's fields. */
export function memberSession(profile: Partial<NonNullable<SessionInfo["profile"]>> = {}): SessionInfo {
  const name = profile.name ?? "Ana";
  return {
    user: { id: "u1", email: "ana@example.com", name, twoFactorEnabled: false, emailVerified: true },
    profile: {
      name,
      email: "ana@example.com",
      phone: null,
      language: "en",
      billingName: null,
      billingAddress: null,
      taxId: null,
      ...profile,
    },
    role: "client",
    subscription: null,
  };
}
