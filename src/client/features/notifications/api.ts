/**
 * Notifications: each person's own list (the staff centre, the members' header menu), read marks, channel
 * preferences, the admin's test sends, and the admins' outbox. Query keys are defined once, in
 * `notificationQueries`; the answers' types come from src/shared/contracts/notifications.ts and outbox.ts.
 */
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type { RealtimeRefresh } from "@/client/lib/realtime";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/notifications";
import type * as outbox from "@/shared/contracts/notifications";

export type Notification = Wire<typeof contract.notificationSchema>;
export type NotificationList = Wire<typeof contract.notificationListSchema>;
export type NotificationType = contract.NotificationType;
export type NotificationChannel = contract.NotificationChannel;
export type Preferences = Wire<typeof contract.preferencesSchema>;
export type TestSendResult = Wire<typeof contract.testSendResultSchema>;
export type OutboxList = Wire<typeof outbox.outboxListSchema>;
export type OutboxItem = OutboxList["items"][number];
export type OutboxStatus = OutboxItem["status"];

export type NotificationFilter = "all" | NotificationType;
export type OutboxFilter = "all" | OutboxStatus;

export interface NotificationListParams {
  type: NotificationFilter;
  unreadOnly: boolean;
  /** 1 to 100. */
  limit: number;
}

/** The header menu's list: the newest few, read or not. */
export const RECENT: NotificationListParams = { type: "all", unreadOnly: false, limit: 10 };

const encode = encodeURIComponent;

function listPath({ type, unreadOnly, limit }: NotificationListParams) {
  const search = new URLSearchParams();
  if (type !== "all") search.set("type", type);
  if (unreadOnly) search.set("unread", "true");
  search.set("limit", String(limit));
  return `/api/notifications?${search}`;
}

/** The admin sidebar's counts (the admin feature's query): a read mark lowers its Notifications badge. */
const ADMIN_BADGES: QueryKey = ["admin", "badges"];

export const notificationQueries = {
  all: ["notifications"] as const,
  lists: () => [...notificationQueries.all, "list"] as const,
  /** The reader's own notifications, newest first, with their unread count. */
  list: (params: NotificationListParams) =>
    queryOptions({
      queryKey: [...notificationQueries.lists(), params],
      queryFn: () => api.get<NotificationList>(listPath(params)),
      placeholderData: keepPreviousData,
    }),
  /** The bell's count alone (one row asked for; the answer carries the count of all unread). */
  unread: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, "unread"] as const,
      queryFn: async () =>
        (await api.get<NotificationList>(listPath({ type: "all", unreadOnly: true, limit: 1 }))).unread,
    }),
  preferences: () =>
    queryOptions({
      queryKey: ["notification-preferences"] as const,
      queryFn: () => api.get<Preferences>("/api/notifications/preferences"),
    }),
  outboxes: ["outbox"] as const,
  /** Admins only (staff get a 403, said as it is and not retried). */
  outbox: (status: OutboxFilter) =>
    queryOptions({
      queryKey: [...notificationQueries.outboxes, status] as const,
      queryFn: () => api.get<OutboxList>(status === "all" ? "/api/admin/outbox" : `/api/admin/outbox?status=${status}`),
      placeholderData: keepPreviousData,
    }),
};

/** The server says "notifications" to the reader whenever theirs change; the other topics touch none of this. */
export const notificationsRealtime: RealtimeRefresh = {
  notifications: [notificationQueries.lists(), notificationQueries.unread().queryKey],
  requests: [],
  messages: [],
  concierge: [],
  sales: [],
};

// Read marks ------------------------------------------------------------------------------------------------

type Snapshot = Array<[QueryKey, unknown]>;

/** Marks the given notifications (all when `ids` is null) read in every cached list and count, at once. */
async function markReadInCache(queryClient: QueryClient, ids: ReadonlySet<string> | null): Promise<Snapshot> {
  await queryClient.cancelQueries({ queryKey: notificationQueries.all });
  const snapshot: Snapshot = queryClient.getQueriesData({ queryKey: notificationQueries.all });
  const marks = (item: Notification) => !item.read && (!ids || ids.has(item.id));
  // The count is the reader's whole unread count: lowered by the unread ones marked, however many lists show them.
  let lowered = 0;
  for (const [, list] of queryClient.getQueriesData<NotificationList>({ queryKey: notificationQueries.lists() })) {
    lowered = Math.max(lowered, list?.items.filter(marks).length ?? 0);
  }
  queryClient.setQueriesData<NotificationList>({ queryKey: notificationQueries.lists() }, (list) =>
    list
      ? {
          items: list.items.map((item) => (marks(item) ? { ...item, read: true } : item)),
          unread: ids ? Math.max(0, list.unread - lowered) : 0,
        }
      : list,
  );
  queryClient.setQueryData<number>(notificationQueries.unread().queryKey, (count) =>
    count === undefined ? count : ids ? Math.max(0, count - lowered) : 0,
  );
  return snapshot;
}

function useReadMutation<T>(mutationFn: (variables: T) => Promise<unknown>, ids: (variables: T) => Set<string> | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: (variables: T) => markReadInCache(queryClient, ids(variables)),
    onError: (_error, _variables, snapshot) => {
      for (const [queryKey, data] of snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_BADGES }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}

/** One notification read (shown read at once; put back if the server refuses). */
export function useMarkNotificationRead() {
  return useReadMutation(
    (id: string) => api.post<{ ok: true }>(`/api/notifications/${encode(id)}/read`),
    (id) => new Set([id]),
  );
}

/** Every notification of the reader read. */
export function useMarkAllNotificationsRead() {
  return useReadMutation<void>(
    () => api.post<{ updated: number }>("/api/notifications/read-all"),
    () => null,
  );
}

// Preferences -----------------------------------------------------------------------------------------------

/** One channel on or off, shown at once; put back if the server refuses (members may change email only). */
export function useSetPreference() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationQueries.preferences();
  return useMutation({
    mutationFn: (change: { channel: NotificationChannel; enabled: boolean }) =>
      api.put<Preferences>("/api/notifications/preferences", change),
    onMutate: async ({ channel, enabled }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Preferences>(queryKey);
      if (previous) queryClient.setQueryData<Preferences>(queryKey, { ...previous, [channel]: enabled });
      return previous;
    },
    onError: (_error, _change, previous) => {
      if (previous) queryClient.setQueryData(queryKey, previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(queryKey, preferences),
  });
}

// Test sends (staff) ----------------------------------------------------------------------------------------

function useRefreshOutbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: notificationQueries.outboxes });
}

/** A test email to the staff member asking, delivered at once through the outbox; its outcome. */
export function useSendTestEmail() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: () => api.post<TestSendResult>("/api/admin/notifications/test-email"),
    onSettled: refresh,
  });
}

/** A test post to the team's Slack-style webhook; 409 when SLACK_WEBHOOK_URL is not set. */
export function useSendTestSlack() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: () => api.post<TestSendResult>("/api/admin/notifications/test-slack"),
    onSettled: refresh,
  });
}

// Outbox (admins) -------------------------------------------------------------------------------------------

/** A failed delivery queued again (409 unless it failed). */
export function useRetryDelivery() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: (id: string) => api.post<{ ok: true }>(`/api/admin/outbox/${encode(id)}/retry`),
    onSettled: refresh,
  });
}
