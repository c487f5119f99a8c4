/**
 * The Executive Concierge chat (Gold and Black members) and the staff's side of it in the inbox. Query keys are
 * defined once, in `conciergeQueries`; the answers' types come from src/shared/contracts/concierge.ts.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import { uploadFile } from "@/client/lib/upload";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/concierge";
import type { conciergeAdminApi, conciergeApi } from "@/shared/contracts/concierge";
import { MESSAGE_FILE_ACCEPT, MESSAGE_FILES_MAX, type messageFileSchema } from "@/shared/message-files";

const concierge = endpointsOf<typeof conciergeApi>("concierge");
const staff = endpointsOf<typeof conciergeAdminApi>("concierge");

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
  /** Staff: the internal notes on a member's conversation, merged into the thread by time. */
  memberNotes: (userId: string) =>
    staff.query("GET /admin/concierge/:userId/notes", { params: { userId } }, { retry: false }),
};

/**
 * A thread changed or was read: every concierge query. "concierge-typing" refreshes nothing: it is a transient
 * signal (./use-typing.ts).
 */
export const conciergeRealtime = {
  concierge: [conciergeQueries.all],
  notes: [staff.key("GET /admin/concierge/:userId/notes")],
};

/** Staff: an internal note on the member's conversation (staff only). */
export function useAddConciergeNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      staff.call("POST /admin/concierge/:userId/notes", { params: { userId }, body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.memberNotes(userId).queryKey }),
  });
}

export function useSendConciergeMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, fileIds }: { message: string; fileIds: string[] }) =>
      concierge.call("POST /concierge/messages", { body: { message, fileIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conciergeQueries.thread().queryKey }),
  });
}

export function useConciergeReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reply, fileIds }: { reply: string; fileIds: string[] }) =>
      staff.call("POST /admin/concierge/:userId", { params: { userId }, body: { reply, fileIds } }),
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

type MessageFile = Wire<typeof messageFileSchema>;

/**
 * Files in the chat (issue 22 item 6): the composer's attachment slot and a file's authorized address, for the
 * member (`memberId` absent) or for staff writing to a member.
 */
export function conciergeAttachments(memberId?: string) {
  const url = memberId
    ? staff.url("POST /admin/concierge/:userId/files", { params: { userId: memberId } })
    : concierge.url("POST /concierge/files");
  return {
    upload: (file: File, onProgress: (fraction: number) => void) => uploadFile<MessageFile>(url, file, onProgress),
    max: MESSAGE_FILES_MAX,
    accept: MESSAGE_FILE_ACCEPT,
  };
}

export const conciergeFileUrl = (fileId: string, memberId?: string) =>
  memberId
    ? staff.url("GET /admin/concierge/:userId/files/:fileId", { params: { userId: memberId, fileId } })
    : concierge.url("GET /concierge/files/:fileId", { params: { fileId } });
