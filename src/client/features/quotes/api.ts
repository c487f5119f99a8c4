/**
 * The business loop of a request (issue 21, decision 018), the client's side: the member's quote, hold and
 * delivery (quotesApi), the staff's editor, payment and delivery tools (quotesAdminApi), and both money
 * overviews. Keys are under ["quotes"]; the topic "quotes" (and "requests", which carries status changes)
 * refreshes them all. The answers' types come from src/shared/contracts/quotes.ts.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import { uploadFile } from "@/client/lib/upload";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/quotes";
import type { QuoteInput, quotesAdminApi, quotesApi } from "@/shared/contracts/quotes";

const member = endpointsOf<typeof quotesApi>("quotes");
const staff = endpointsOf<typeof quotesAdminApi>("quotes");

export type RequestQuotes = Wire<typeof contract.requestQuotesSchema>;
export type Quote = RequestQuotes["quotes"][number];
export type QuoteOption = Quote["options"][number];
export type Hold = NonNullable<RequestQuotes["hold"]>;
export type Delivery = NonNullable<RequestQuotes["delivery"]>;
export type Refund = RequestQuotes["refunds"][number];
export type BalanceInvoice = NonNullable<RequestQuotes["balance"]>;
export type QuoteFile = Wire<typeof contract.quoteFileSchema>;
export type Payment = Wire<typeof contract.paymentsSchema>["items"][number];
export type QuotesOverview = Wire<typeof contract.quotesOverviewSchema>;
export type ReconciliationRun = Wire<typeof contract.reconciliationRunSchema>;
export type ReconciliationDifference = ReconciliationRun["differences"][number];
export type { QuoteInput };

export const quoteQueries = {
  all: member.all,
  /** The member's view of a request's quotes (never drafts), its hold and its delivery. */
  requestQuotes: (id: string) => member.query("GET /requests/:id/quotes", { params: { id } }, { retry: false }),
  /** The staff's view, drafts included. */
  adminRequestQuotes: (id: string) =>
    staff.query("GET /admin/requests/:id/quotes", { params: { id } }, { retry: false }),
  /** The member's holds and captures, newest first. */
  payments: () => member.query("GET /payments"),
  /** The admin dashboard's money card, chart and expiring holds. */
  overview: () => staff.query("GET /admin/quotes/overview", undefined, { refetchInterval: 60_000 }),
};

/** A quote, hold or delivery changed (quote), or a request's status did (requests): everything of the loop. */
export const quotesRealtime = {
  quotes: [quoteQueries.all],
  requests: [quoteQueries.all],
};

/** A quote file (an option's photo, a handover photo) as a link or an image's source. */
export const quoteFileUrl = (requestId: string, fileId: string) =>
  member.url("GET /requests/:id/quotes/files/:fileId", { params: { id: requestId, fileId } });

/** Uploads one photo or PDF for a quote option or the handover, reporting progress (0 to 1). */
export function uploadQuoteFile(requestId: string, file: File, onProgress: (fraction: number) => void) {
  return uploadFile<QuoteFile>(
    staff.url("POST /admin/requests/:id/quotes/files", { params: { id: requestId } }),
    file,
    onProgress,
  );
}

/** Refetches the loop's queries after a change (the realtime event does too, for the other tabs and people). */
function useInvalidateQuotes() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: quoteQueries.all });
}

// The member -------------------------------------------------------------------------------------------

/** Chooses an option; answers the card page's URL (the same again for the same option: idempotent). */
export function useAcceptQuote(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ quoteId, optionId }: { quoteId: string; optionId: string }) =>
      member.call("POST /requests/:id/quotes/:quoteId/accept", {
        params: { id: requestId, quoteId },
        body: { optionId },
      }),
    onError: () => void invalidate(),
  });
}

export function useDeclineQuote(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: ({ quoteId, reason }: { quoteId: string; reason: string }) =>
      member.call("POST /requests/:id/quotes/:quoteId/decline", {
        params: { id: requestId, quoteId },
        body: { reason },
      }),
    onSettled: () => invalidate(),
  });
}

/** After an expired hold, when staff asked for it: the card page again for the accepted option. */
export function useReauthorize(requestId: string) {
  return useMutation({
    mutationFn: () => member.call("POST /requests/:id/hold/reauthorize", { params: { id: requestId } }),
  });
}

export function useConfirmReceipt(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: () => member.call("POST /requests/:id/delivery/confirm", { params: { id: requestId } }),
    onSettled: () => invalidate(),
  });
}

export function useReportProblem(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (description: string) =>
      member.call("POST /requests/:id/delivery/problem", { params: { id: requestId }, body: { description } }),
    onSettled: () => invalidate(),
  });
}

// The staff --------------------------------------------------------------------------------------------

/** Saves a quote: a new draft (answers its id) or changes to an existing draft. */
export function useSaveQuote(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: async ({ quoteId, body }: { quoteId?: string; body: QuoteInput }) => {
      if (quoteId) {
        await staff.call("PUT /admin/requests/:id/quotes/:quoteId", { params: { id: requestId, quoteId }, body });
        return { id: quoteId };
      }
      return staff.call("POST /admin/requests/:id/quotes", { params: { id: requestId }, body });
    },
    onSettled: () => invalidate(),
  });
}

export function useSendQuote(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (quoteId: string) =>
      staff.call("POST /admin/requests/:id/quotes/:quoteId/send", { params: { id: requestId, quoteId } }),
    onSettled: () => invalidate(),
  });
}

export function useDeleteQuote(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (quoteId: string) =>
      staff.call("DELETE /admin/requests/:id/quotes/:quoteId", { params: { id: requestId, quoteId } }),
    onSettled: () => invalidate(),
  });
}

/** Captures the hold: all of it (no amount), or less with a reason (Stripe releases the rest). */
export function useCapture(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (body: { amountCents?: number; reason: string }) =>
      staff.call("POST /admin/requests/:id/hold/capture", { params: { id: requestId }, body }),
    onSettled: () => invalidate(),
  });
}

/** Refunds part or all of the captured payment or the paid balance; the dialog's key makes a retry the same refund. */
export function useRefund(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (body: { amountCents: number; reason: string; idempotencyKey: string; source: "hold" | "invoice" }) =>
      staff.call("POST /admin/requests/:id/refunds", { params: { id: requestId }, body }),
    onSettled: () => invalidate(),
  });
}

export function useRelease(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (reason: string) =>
      staff.call("POST /admin/requests/:id/hold/release", { params: { id: requestId }, body: { reason } }),
    onSettled: () => invalidate(),
  });
}

export function useRequestReauthorization(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: () =>
      staff.call("POST /admin/requests/:id/hold/request-reauthorization", { params: { id: requestId } }),
    onSettled: () => invalidate(),
  });
}

/** An admin reconciles the provider's holds with ours now (decision 031); the overview then shows the run. */
export function useReconcileNow() {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: () => staff.call("POST /admin/quotes/reconcile"),
    onSettled: () => invalidate(),
  });
}

export function useMarkDelivered(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (body: { note: string; photoIds: string[] }) =>
      staff.call("POST /admin/requests/:id/delivery", { params: { id: requestId }, body }),
    onSettled: () => invalidate(),
  });
}

/** Sends the balance invoice: the default amount (no amountCents), or another with a reason; due on `dueDate`. */
export function useSendBalance(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: (body: { amountCents?: number; reason: string; dueDate: string }) =>
      staff.call("POST /admin/requests/:id/balance", { params: { id: requestId }, body }),
    onSettled: () => invalidate(),
  });
}

export function useVoidBalance(requestId: string) {
  const invalidate = useInvalidateQuotes();
  return useMutation({
    mutationFn: () => staff.call("POST /admin/requests/:id/balance/void", { params: { id: requestId } }),
    onSettled: () => invalidate(),
  });
}
