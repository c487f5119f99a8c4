/**
 * The staff's inbox (issue 31): one list of conversations across requests, the concierge and sales, snoozes and
 * bulk actions. Query keys are defined once, in `inboxQueries`; types come from src/shared/contracts/inbox.ts.
 */
import { infiniteQueryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type {
  ConversationKey,
  ConversationKind,
  conversationRowSchema,
  InboxAction,
  InboxOwner,
  InboxShow,
  InboxSort,
  inboxAdminApi,
} from "@/shared/contracts/inbox";

const inbox = endpointsOf<typeof inboxAdminApi>("inbox");

export type Conversation = Wire<typeof conversationRowSchema>;
export interface InboxFilters {
  kind?: ConversationKind;
  owner: InboxOwner;
  show: InboxShow;
  sort: InboxSort;
}

export const conversationKey = (c: { kind: string; id: string }) => `${c.kind}:${c.id}`;

export const inboxQueries = {
  all: inbox.all,
  /** The list, page after page (keyset: each page's `next` asks for the one after). */
  list: (filters: InboxFilters) =>
    infiniteQueryOptions({
      queryKey: [...inbox.key("GET /admin/inbox"), filters] as const,
      queryFn: ({ pageParam }) =>
        inbox.call("GET /admin/inbox", { query: { ...filters, ...(pageParam ? { after: pageParam } : {}) } }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
    }),
};

/** A snooze set or lifted, a message written, an owner or a status changed: the list may have changed. */
export const inboxRealtime = {
  inbox: [inboxQueries.all],
  messages: [inboxQueries.all],
  concierge: [inboxQueries.all],
  sales: [inboxQueries.all],
  requests: [inboxQueries.all],
};

export function useSnooze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversations: ConversationKey[]; until: string; note?: string }) =>
      inbox.call("POST /admin/inbox/snoozes", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueries.all }),
  });
}

export function useUnsnooze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ConversationKey) => inbox.call("DELETE /admin/inbox/snoozes/:kind/:id", { params: key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueries.all }),
  });
}

export function useInboxAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversations: ConversationKey[]; action: InboxAction; assignee?: string | null }) =>
      inbox.call("POST /admin/inbox/actions", { body }),
    // Each domain's own lists change too (their events say so); the inbox refetches now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueries.all }),
  });
}
