/**
 * The Executive Concierge chat (Gold and Black members) and the staff's side of it in the inbox. Query keys are
 * defined once, in `conciergeQueries`; the answers' types come from src/shared/contracts/concierge.ts.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/concierge";

export type ConciergeThread = Wire<typeof contract.conciergeThreadSchema>;
export type ConciergeMessage = ConciergeThread["messages"][number];
export type ConciergeConversations = Wire<typeof contract.conciergeConversationsSchema>;
export type ConciergeConversation = ConciergeConversations["items"][number];

const encode = encodeURIComponent;

export const conciergeQueries = {
  all: ["concierge"] as const,
  /** The member's own thread (a refusal, 403, is said at once, not retried). */
  thread: () =>
    queryOptions({
      queryKey: [...conciergeQueries.all, "thread"],
      queryFn: () => api.get<ConciergeThread>("/api/concierge/messages"),
      retry: false,
    }),
  /** Staff: the conversations, newest first, with their unread counts. */
  conversations: () =>
    queryOptions({
      queryKey: [...conciergeQueries.all, "conversations"],
      queryFn: () => api.get<ConciergeConversations>("/api/admin/concierge"),
    }),
  /** Staff: one member's thread (reading it marks the member's messages read). */
  memberThread: (userId: string) =>
    queryOptions({
      queryKey: [...conciergeQueries.all, "member", userId],
      queryFn: () => api.get<ConciergeThread>(`/api/admin/concierge/${encode(userId)}`),
      retry: false,
    }),
};

/**
 * A thread changed or was read: every concierge query. "concierge-typing" refreshes nothing: it is a transient
 * signal (./use-typing.ts).
 */
export const conciergeRealtime = {
  concierge: [conciergeQueries.all],
};

export function useSendConciergeMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => api.post<{ id: string }>("/api/concierge/messages", { message }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.thread().queryKey }),
  });
}

export function useConciergeReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) => api.post<{ id: string }>(`/api/admin/concierge/${encode(userId)}`, { reply }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.all }),
  });
}

/** The member read the staff's messages (idempotent on the server, which tells staff through "concierge"). */
export function markConciergeRead() {
  return api.post("/api/concierge/read");
}

/** "…is typing" to the other side: the member's to staff, or staff's to one member. */
export function sendTyping(memberId?: string) {
  return api.post(memberId ? `/api/admin/concierge/${encode(memberId)}/typing` : "/api/concierge/typing");
}
