/**
 * Sourcing requests and their threads: the member's list, a request, its messages, the monthly allowance, and
 * creating (with the attachment's upload), deleting and messaging. Query keys are defined once, in
 * `requestQueries`; the answers' types come from src/shared/contracts/requests.ts.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, FALLBACK_ERROR } from "@/client/lib/api";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/requests";
import type { NewRequest } from "@/shared/schemas";

export type RequestSummary = Wire<typeof contract.requestSummarySchema>;
export type RequestList = Wire<typeof contract.requestListSchema>;
export type RequestDetail = Wire<typeof contract.requestDetailSchema>;
export type ThreadMessage = Wire<typeof contract.messageSchema>;
export type Thread = Wire<typeof contract.threadSchema>;
export type Allowance = Wire<typeof contract.allowanceSchema>;
export type CreatedRequest = Wire<typeof contract.createdRequestSchema>;
export type Attachment = Wire<typeof contract.attachmentSchema>;
export type StaffUnreadMessage = Wire<typeof contract.staffUnreadMessagesSchema>["items"][number];

export interface RequestListParams {
  q?: string;
  status?: string;
  page: number;
  pageSize: number;
}

const encode = encodeURIComponent;

function listPath({ q, status, page, pageSize }: RequestListParams) {
  const search = new URLSearchParams();
  if (q?.trim()) search.set("q", q.trim());
  if (status) search.set("status", status);
  search.set("page", String(page));
  search.set("pageSize", String(pageSize));
  return `/api/requests?${search}`;
}

export const requestQueries = {
  all: ["requests"] as const,
  lists: () => [...requestQueries.all, "list"] as const,
  /** The member's own requests, searched, filtered and paged by the server. */
  list: (params: RequestListParams) =>
    queryOptions({
      queryKey: [...requestQueries.lists(), params],
      queryFn: () => api.get<RequestList>(listPath(params)),
      placeholderData: keepPreviousData,
      // The spec: the list refreshes when the page becomes visible again.
      refetchOnWindowFocus: "always",
    }),
  /** One request; a refused or missing one is said at once, not retried. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...requestQueries.all, "detail", id],
      queryFn: () => api.get<RequestDetail>(`/api/requests/${encode(id)}`),
      retry: false,
    }),
  threads: ["request-threads"] as const,
  thread: (id: string) =>
    queryOptions({
      queryKey: [...requestQueries.threads, id],
      queryFn: () => api.get<Thread>(`/api/requests/${encode(id)}/messages`),
      retry: false,
    }),
  /** Staff inbox: members' request messages this staff member has not read, newest first. */
  inbox: () =>
    queryOptions({
      queryKey: ["request-inbox"],
      queryFn: () => api.get<Wire<typeof contract.staffUnreadMessagesSchema>>("/api/admin/inbox/messages"),
    }),
  allowance: () =>
    queryOptions({
      queryKey: [...requestQueries.all, "allowance"],
      queryFn: () => api.get<Allowance>("/api/requests/allowance"),
    }),
};

/** The member's requests changed (created, status, deleted), or a thread did (messages, read marks). */
export const requestsRealtime = {
  requests: [requestQueries.all, requestQueries.inbox().queryKey],
  messages: [requestQueries.threads, requestQueries.inbox().queryKey],
};

/** Sends the file as multipart/form-data through XMLHttpRequest, whose upload reports its progress (0 to 1). */
export function uploadAttachment(id: string, file: File, onProgress: (fraction: number) => void) {
  return new Promise<Attachment>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/requests/${encode(id)}/attachment`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: { error?: string; message?: string } | null = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(data as unknown as Attachment);
      } else reject(new ApiError(xhr.status, data?.error ?? data?.message ?? FALLBACK_ERROR));
    };
    xhr.onerror = () => reject(new ApiError(0, "We could not reach the server."));
    const body = new FormData();
    body.append("file", file);
    xhr.send(body);
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewRequest) => api.post<CreatedRequest>("/api/requests", values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestQueries.all }),
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
    mutationFn: (id: string) => api.delete<{ ok: true }>(`/api/requests/${encode(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: requestQueries.detail(id).queryKey });
      queryClient.removeQueries({ queryKey: requestQueries.thread(id).queryKey });
      void queryClient.invalidateQueries({ queryKey: requestQueries.lists() });
      void queryClient.invalidateQueries({ queryKey: requestQueries.allowance().queryKey });
    },
  });
}

export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post(`/api/requests/${encode(id)}/messages`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestQueries.thread(id).queryKey }),
  });
}

/** Marks the thread's messages from others as read (idempotent on the server). */
export function markThreadRead(id: string) {
  return api.post(`/api/requests/${encode(id)}/read`);
}

/** Staff inbox: marks one member message read, or unread again (so it is not forgotten). */
export function useMarkInboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      read
        ? api.post(`/api/admin/inbox/messages/${encode(id)}/read`)
        : api.delete(`/api/admin/inbox/messages/${encode(id)}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestQueries.inbox().queryKey }),
  });
}
