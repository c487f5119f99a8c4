/**
 * Notifications: each person's own list (the staff centre, the members' header menu), read marks, channel
 * preferences, the admin's test sends, and the admins' outbox (notificationsApi, notificationsAdminApi). Calls
 * and keys are derived from the endpoint tables (lib/endpoints.ts), under ["notifications"].
 */
import {
  keepPreviousData,
  type QueryClient,
  type QueryKey,
  queryOptions,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { endpointsOf } from "@/client/lib/endpoints";
import { useLocale } from "@/client/lib/i18n";
import type { RealtimeRefresh } from "@/client/lib/realtime";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/notifications";
import type { notificationsAdminApi, notificationsApi } from "@/shared/contracts/notifications";

const notifications = endpointsOf<typeof notificationsApi>("notifications");
const staff = endpointsOf<typeof notificationsAdminApi>("notifications");

export type Notification = Wire<typeof contract.notificationSchema>;
export type NotificationList = Wire<typeof contract.notificationListSchema>;
export type NotificationType = contract.NotificationType;
export type NotificationChannel = contract.NotificationChannel;
export type Preferences = Wire<typeof contract.preferencesSchema>;
export type TestSendResult = Wire<typeof contract.testSendResultSchema>;
export type OutboxList = Wire<typeof contract.outboxListSchema>;
export type OutboxItem = OutboxList["items"][number];
export type OutboxStatus = OutboxItem["status"];

export type NotificationFilter = "all" | NotificationType;
export type OutboxFilter = "all" | OutboxStatus;
export type PushDevice = Wire<typeof contract.pushDeviceSchema>;
export type PushSubscriptionBody = Wire<typeof contract.pushSubscriptionSchema>;

export interface NotificationListParams {
  type: NotificationFilter;
  unreadOnly: boolean;
  /** 1 to 100. */
  limit: number;
}

/** The header menu's list: the newest few, read or not. */
export const RECENT: NotificationListParams = { type: "all", unreadOnly: false, limit: 10 };

/** The list endpoint's query for the given view. */
const listQuery = ({ type, unreadOnly, limit }: NotificationListParams) => ({
  query: { type: type === "all" ? undefined : type, unread: unreadOnly ? ("true" as const) : undefined, limit },
});

/**
 * Notifications are said in the reader's language when read (decision 045: the server keeps their keys): when
 * the interface's language changes, the lists and the menu are asked for again, in the new one.
 */
export function useNotificationsInReadersLanguage() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    void queryClient.invalidateQueries({ queryKey: notificationQueries.lists() });
  }, [locale, queryClient]);
}

export const notificationQueries = {
  all: notifications.all,
  lists: () => notifications.key("GET /notifications"),
  /** The reader's own notifications, newest first, with their unread count. */
  list: (params: NotificationListParams) =>
    notifications.query("GET /notifications", listQuery(params), { placeholderData: keepPreviousData }),
  /** The bell's count alone (one row asked for; the answer carries the count of all unread). */
  unread: () =>
    queryOptions({
      queryKey: [...notifications.all, "unread"] as const,
      queryFn: async () =>
        (await notifications.call("GET /notifications", listQuery({ type: "all", unreadOnly: true, limit: 1 }))).unread,
    }),
  /** Outside the lists' prefix: a read mark does not refetch it. */
  preferences: () =>
    queryOptions({
      queryKey: ["notification-preferences"] as const,
      queryFn: () => notifications.call("GET /notifications/preferences"),
    }),
  /** The reader's devices with push on, and the server's key to subscribe with. */
  devices: () => notifications.query("GET /notifications/devices"),
  outboxes: staff.key("GET /admin/outbox"),
  /** Admins only (staff get a 403, said as it is and not retried). */
  outbox: (status: OutboxFilter) =>
    staff.query(
      "GET /admin/outbox",
      { query: { status: status === "all" ? undefined : status } },
      { placeholderData: keepPreviousData },
    ),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}

/** One notification read (shown read at once; put back if the server refuses). */
export function useMarkNotificationRead() {
  return useReadMutation(
    (id: string) => notifications.call("POST /notifications/:id/read", { params: { id } }),
    (id) => new Set([id]),
  );
}

/** Every notification of the reader read. */
export function useMarkAllNotificationsRead() {
  return useReadMutation<void>(
    () => notifications.call("POST /notifications/read-all"),
    () => null,
  );
}

// Preferences -----------------------------------------------------------------------------------------------

/** One channel on or off, shown at once; put back if the server refuses (members may change email only). */
export function useSetPreference() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationQueries.preferences();
  return useMutation({
    mutationFn: (body: { channel: NotificationChannel; enabled: boolean }) =>
      notifications.call("PUT /notifications/preferences", { body }),
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

// Push devices ----------------------------------------------------------------------------------------------

/** Push on for this browser: its subscription, sent to the server; the list refetched. */
export function useAddDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: PushSubscriptionBody) =>
      notifications.call("POST /notifications/devices", { body: subscription }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.devices().queryKey }),
  });
}

/** Push off for one device (404 if it is already gone); the list refetched. */
export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => notifications.call("DELETE /notifications/devices/:id", { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.devices().queryKey }),
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
    mutationFn: () => staff.call("POST /admin/notifications/test-email"),
    onSettled: refresh,
  });
}

/** A test post to the team's Slack-style webhook; 409 when SLACK_WEBHOOK_URL is not set. */
export function useSendTestSlack() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: () => staff.call("POST /admin/notifications/test-slack"),
    onSettled: refresh,
  });
}

// Outbox (admins) -------------------------------------------------------------------------------------------

/** A failed delivery queued again (409 unless it failed). */
export function useRetryDelivery() {
  const refresh = useRefreshOutbox();
  return useMutation({
    mutationFn: (id: string) => staff.call("POST /admin/outbox/:id/retry", { params: { id } }),
    onSettled: refresh,
  });
}
