/**
 * The quotes feature's component tests' fixtures: a quote as the server answers it, and a render with a query
 * client, a router (whose location the test can read, by the test id "location") and a fake API whose calls are recorded.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { vi } from "vitest";
import { Toaster } from "@/client/components/ui/sonner";
import { vatOf } from "@/shared/tax";
import type { Hold, Quote, QuoteOption, Refund, RequestQuotes } from "./api";

export const REQUEST_ID = "11111111-1111-4111-8111-111111111111";
const at = "2026-11-20T10:00:00.000Z";
/** What the server would answer (data, not the interface's text). */
const DETAILS = "Full set, store receipt.";

export function option(position: number, extra: Partial<QuoteOption> = {}): QuoteOption {
  const priceCents = extra.priceCents ?? 450_000 + position * 100_000;
  return {
    id: `00000000-0000-4000-8000-00000000000${position}`,
    position,
    title: ["Birkin 25, Gold Togo", "Birkin 25, Etoupe Clemence", "Kelly 28, Noir"][position] ?? `Option ${position}`,
    description: DETAILS,
    priceCents,
    holdCents: Math.ceil(priceCents / 10),
    supplierTerms: "Non-refundable once shipped.",
    estimatedDelivery: "2099-12-10",
    photos: [],
    vatRate: extra.vatRate ?? "23",
    vatCents: vatOf(priceCents, extra.vatRate ?? "23"),
    ...extra,
  };
}

export function quote(extra: Partial<Quote> = {}): Quote {
  return {
    id: "22222222-2222-4222-8222-222222222222",
    status: "sent",
    expired: false,
    validUntil: "2099-12-31",
    message: "Two pieces we can secure this week.",
    options: [option(0), option(1)],
    acceptedOptionId: null,
    declineReason: null,
    createdAt: at,
    sentAt: at,
    answeredAt: null,
    ...extra,
  };
}

export function hold(extra: Partial<Hold> = {}): Hold {
  return {
    id: "33333333-3333-4333-8333-333333333333",
    status: "held",
    optionId: option(0).id,
    amountCents: 45_000,
    capturedCents: 0,
    refundedCents: 0,
    expiresAt: "2099-12-01T10:00:00.000Z",
    reauthorizationRequested: false,
    receiptUrl: null,
    captureReason: null,
    failure: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

export function refund(extra: Partial<Refund> = {}): Refund {
  return {
    id: "77777777-7777-4777-8777-777777777777",
    source: "hold",
    amountCents: 10_000,
    reason: "A scuff on the clasp",
    status: "succeeded",
    failure: null,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

export function requestQuotes(extra: Partial<RequestQuotes> = {}): RequestQuotes {
  return {
    requestStatus: "Quoted",
    quotes: [quote()],
    hold: null,
    delivery: null,
    canAuthoriseAgain: false,
    refunds: [],
    budgetCents: 2_000_000,
    balance: null,
    ...extra,
  };
}

type Reply = { status?: number; body?: unknown };
/** Answers each call by "METHOD /api/path" (a function of the body when it needs it); records every call. */
const EMPTY_STATEMENT = {
  priceCents: null,
  optionTitle: null,
  vatRate: null,
  lines: [],
  capturedCents: 0,
  refundedCents: 0,
  invoicePaidCents: 0,
  balanceDueCents: 0,
  paidInFull: false,
};

export function fakeApi(routes: Record<string, Reply | ((body: unknown) => Reply)> = {}) {
  const calls: Array<{ key: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const key = `${init?.method ?? "GET"} ${input}`;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    // The statement under a quote: empty, and not counted among the calls, unless a test says otherwise.
    const statement = !routes[key] && key.endsWith("/statement");
    if (!statement) calls.push({ key, body });
    const route = statement ? { body: EMPTY_STATEMENT } : routes[key];
    const reply = typeof route === "function" ? route(body) : (route ?? { body: { ok: true } });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetch);
  return { calls, fetch };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderWithApp(ui: React.ReactNode, { client }: { client?: QueryClient } = {}) {
  const queryClient = client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([
    {
      path: "*",
      element: (
        <>
          {ui}
          <Location />
        </>
      ),
    },
  ]);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, user: userEvent.setup(), queryClient, router };
}
