/**
 * The member's conversations (one per request) and the unread count of the floating chat button (and of the tab's
 * title): request messages, and for members with the concierge its unread replies (decision 014). Keys are
 * defined once, in `messagesQueries`; the answers' types come from src/shared/contracts/requests.ts.
 */
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/requests";

export type Conversations = Wire<typeof contract.conversationsSchema>;
export type Conversation = Conversations["items"][number];
export type Unread = Wire<typeof contract.unreadSchema>;

export const messagesQueries = {
  all: ["messages"] as const,
  conversations: () =>
    queryOptions({
      queryKey: [...messagesQueries.all, "conversations"],
      queryFn: () => api.get<Conversations>("/api/messages/conversations"),
    }),
  unread: () =>
    queryOptions({
      queryKey: [...messagesQueries.all, "unread"],
      queryFn: () => api.get<Unread>("/api/messages/unread"),
      staleTime: 30_000,
    }),
};

/**
 * A thread changed or was read: the conversations and the unread badge; a request came or went: the list; a
 * concierge thread changed or was read: the badge (staff count members' unread concierge messages, members the
 * concierge's unread replies: decision 014).
 */
export const messagesRealtime = {
  messages: [messagesQueries.all],
  requests: [messagesQueries.all],
  concierge: [messagesQueries.unread().queryKey],
};
