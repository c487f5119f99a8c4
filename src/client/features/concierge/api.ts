/**
 * The Executive Concierge chat (Gold and Black members) and the staff's side of it in the inbox. Query keys are
 * defined once, in `conciergeQueries`; the answers' types come from src/shared/contracts/concierge.ts.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/concierge";
import type { conciergeApi, conciergeStaffApi } from "@/shared/contracts/concierge";

const concierge = endpointsOf<typeof conciergeApi>("concierge");
const staff = endpointsOf<typeof conciergeStaffApi>("concierge");

export type ConciergeThread = Wire<typeof contract.conciergeThreadSchema>;
export type ConciergeMessage = ConciergeThread["messages"][number];
export type ConciergeConversations = Wire<typeof contract.conciergeConversationsSchema>;
export type ConciergeConversation = ConciergeConversations["items"][number];
export type AssigneeFilter = "all" | "me" | "none";

export const conciergeQueries = {
  all: concierge.all,
  /** The member's own thread (a refusal, 403, is said at once, not retried). */
  thread: () => concierge.query("GET /concierge/messages", undefined, { retry: false }),
  /** Staff: the conversations, newest first, with their unread counts and owners; "me" or "none" filters. */
  conversations: (assignee: AssigneeFilter = "all") =>
    staff.query("GET /admin/concierge", assignee === "all" ? undefined : { query: { assignee } }),
  /** The team's median first reply this month (null until there are enough replies). */
  replyTime: () => concierge.query("GET /concierge/reply-time", undefined, { staleTime: 5 * 60_000 }),
  /** Staff: one member's thread. */
  memberThread: (userId: string) =>
    staff.query("GET /admin/concierge/:userId", { params: { userId } }, { retry: false }),
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
    mutationFn: (message: string) => concierge.call("POST /concierge/messages", { body: { message } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.thread().queryKey }),
  });
}

export function useConciergeReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) => staff.call("POST /admin/concierge/:userId", { params: { userId }, body: { reply } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.all }),
  });
}

/** Gives a member's conversation to a staff member, or to no one (null). */
export function useAssignConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, userId }: { memberId: string; userId: string | null }) =>
      staff.call("POST /admin/concierge/:userId/assignee", { params: { userId: memberId }, body: { userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.all }),
  });
}

/** The member read the staff's messages (idempotent on the server, which tells staff through "concierge"). */
export function markConciergeRead() {
  return concierge.call("POST /concierge/read");
}

/** Staff read a member's messages (for the whole team) and their own notifications about them. */
export function markMemberThreadRead(userId: string) {
  return staff.call("POST /admin/concierge/:userId/read", { params: { userId } });
}

/** "…is typing" to the other side: the member's to staff, or staff's to one member. */
export function sendTyping(memberId?: string) {
  return memberId
    ? staff.call("POST /admin/concierge/:userId/typing", { params: { userId: memberId } })
    : concierge.call("POST /concierge/typing");
}
