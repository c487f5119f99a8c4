/**
 * Sourcing requests, the member's side (requestsApi): the dashboard, the list, a request, its thread and
 * attachment, the monthly allowance, creating, deleting and messaging, the conversations and the unread badge.
 * Calls and query keys are derived from the endpoint table (lib/endpoints.ts): keys are under ["requests"].
 */
import { keepPreviousData, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { endpointsOf } from "@/client/lib/endpoints";
import { uploadFile } from "@/client/lib/upload";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/requests";
import type { requestsApi } from "@/shared/contracts/requests";
import type { messageFileSchema } from "@/shared/message-files";
import type { NewRequest, RequestChanges } from "@/shared/schemas";

export const requests = endpointsOf<typeof requestsApi>("requests");

export type RequestSummary = Wire<typeof contract.requestSummarySchema>;
export type RequestDetail = Wire<typeof contract.requestDetailSchema>;
export type ThreadMessage = Wire<typeof contract.messageSchema>;
export type Timeline = Wire<typeof contract.timelineSchema>;
export type TimelineEntry = Timeline["items"][number];
export type Allowance = Wire<typeof contract.allowanceSchema>;
export type Attachment = Wire<typeof contract.attachmentSchema>;
export type MessageFile = Wire<typeof messageFileSchema>;
export type Dashboard = Wire<typeof contract.dashboardSchema>;
export type Conversations = Wire<typeof contract.conversationsSchema>;
export type Conversation = Conversations["items"][number];
/** The list's search, filter and page: the query of GET /requests. */
export type RequestListParams = z.input<typeof contract.requestListQuery>;

export const requestQueries = {
  all: requests.all,
  /** The member's own requests, searched, filtered and paged by the server. */
  list: (query: RequestListParams) =>
    requests.query(
      "GET /requests",
      { query },
      {
        placeholderData: keepPreviousData,
        // The spec: the list refreshes when the page becomes visible again.
        refetchOnWindowFocus: "always",
      },
    ),
  /** One request; a refused or missing one is said at once, not retried. */
  detail: (id: string) => requests.query("GET /requests/:id", { params: { id } }, { retry: false }),
  thread: (id: string) => requests.query("GET /requests/:id/messages", { params: { id } }, { retry: false }),
  timelines: () => requests.key("GET /requests/:id/timeline"),
  /** What happened to the request, in the member's words (issue 22, item 8). */
  timeline: (id: string) => requests.query("GET /requests/:id/timeline", { params: { id } }, { retry: false }),
  allowance: () => requests.query("GET /requests/allowance"),
  dashboard: () => requests.query("GET /dashboard"),
  conversations: () => requests.query("GET /messages/conversations"),
  /** The floating chat button's and the tab title's count (request messages and the concierge's, decision 014). */
  unread: () => requests.query("GET /messages/unread", undefined, { staleTime: 30_000 }),
};

/**
 * A request came, changed or went, or a thread did: everything of the member's requests. A concierge thread
 * changed or was read: the badge (staff count members' unread concierge messages, members the concierge's
 * unread replies: decision 014).
 */
export const requestsRealtime = {
  requests: [requests.all],
  messages: [requests.all],
  concierge: [requestQueries.unread().queryKey],
  /** A quote, hold or delivery changed: the request's timeline. */
  quotes: [requestQueries.timelines()],
};

/** The attachment's download link. */
export const attachmentUrl = (id: string) => requests.url("GET /requests/:id/attachment", { params: { id } });

/** Sends the file with its upload progress (0 to 1). */
export function uploadAttachment(id: string, file: File, onProgress: (fraction: number) => void) {
  return uploadFile<Attachment>(requests.url("POST /requests/:id/attachment", { params: { id } }), file, onProgress);
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewRequest) => requests.call("POST /requests", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requests.all }),
  });
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file, onProgress }: { id: string; file: File; onProgress: (fraction: number) => void }) =>
      uploadAttachment(id, file, onProgress),
    onSettled: (_data, _error, { id }) =>
      queryClient.invalidateQueries({ queryKey: requestQueries.detail(id).queryKey }),
  });
}

export function useDeleteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => requests.call("DELETE /requests/:id", { params: { id } }),
    onSuccess: (_data, id) => {
      // The deleted request's own queries are not refetched (they would answer 404); the rest are.
      queryClient.removeQueries({ queryKey: requestQueries.detail(id).queryKey });
      queryClient.removeQueries({ queryKey: requestQueries.thread(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: requests.all });
    },
  });
}

/** The member changes a request's budget, notes, urgency or deadline (New or Sourcing only). */
export function useChangeRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestChanges) => requests.call("PATCH /requests/:id", { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requests.all }),
  });
}

/** The member withdraws a request (New or Sourcing only): it stays, Withdrawn, with its history. */
export function useWithdrawRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requests.call("POST /requests/:id/withdraw", { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requests.all }),
  });
}

/** A file of the thread (issue 22 item 6): its authorized address. */
export const messageFileUrl = (id: string, fileId: string) =>
  requests.url("GET /requests/:id/messages/files/:fileId", { params: { id, fileId } });

/** Uploads one file for the thread's next message, with its progress (0 to 1); answers its id. */
export function uploadMessageFile(id: string, file: File, onProgress: (fraction: number) => void) {
  return uploadFile<MessageFile>(
    requests.url("POST /requests/:id/messages/files", { params: { id } }),
    file,
    onProgress,
  );
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { body: string; fileIds: string[]; aboutOptionId?: string }) =>
      requests.call("POST /requests/:id/messages", { params: { id }, body: message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestQueries.thread(id).queryKey }),
  });
}

/** Marks the thread's messages from others as read (idempotent on the server). */
export function markThreadRead(id: string) {
  return requests.call("POST /requests/:id/read", { params: { id } });
}
