/**
 * The admin area's own screens: the operations dashboard, the QA tools, settings, subscription sync, and the
 * debug page's checkout tools. The answers' types come from src/shared/contracts/admin.ts and billing.ts; query
 * keys are defined once, in `adminQueries`.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type * as billing from "@/shared/contracts/billing";
import type { Wire } from "@/shared/contracts/common";
import type * as qa from "@/shared/contracts/qa";
import type * as requests from "@/shared/contracts/requests";
import type { PurchasablePlan } from "@/shared/plans";

export type AdminSettings = Wire<typeof billing.adminSettingsSchema>;
export type SyncAllResult = Wire<typeof billing.syncAllResultSchema>;

export type AdminBadges = Wire<typeof requests.adminBadgesSchema>;

export type AdminStats = Wire<typeof requests.adminStatsSchema>;
export type QaStatus = Wire<typeof qa.qaStatusSchema>;
export type QaSeedResult = Wire<typeof qa.qaSeedResultSchema>;
export type QaRemoveResult = Wire<typeof qa.qaRemoveResultSchema>;
export type QaFakeRequestResult = Wire<typeof qa.qaFakeRequestResultSchema>;
export type QaTestNotificationResult = Wire<typeof qa.qaTestNotificationResultSchema>;

const getSettings = () => api.get<AdminSettings>("/api/admin/settings");
const getBadges = () => api.get<AdminBadges>("/api/admin/badges");
const getStats = () => api.get<AdminStats>("/api/admin/stats");
/** A 404 ("QA tools are turned off on this deployment.") where the tools are disabled; never retried (4xx). */
const getQa = () => api.get<QaStatus>("/api/admin/qa");

export const adminQueries = {
  all: ["admin"] as const,
  settings: () => queryOptions({ queryKey: [...adminQueries.all, "settings"], queryFn: getSettings }),
  /** The sidebar's counts: live through the realtime topics below, and every 30 s besides (spec). */
  badges: () =>
    queryOptions({ queryKey: [...adminQueries.all, "badges"], queryFn: getBadges, refetchInterval: 30_000 }),
  /** The operations dashboard's cards and charts: live through the realtime topics below. */
  stats: () => queryOptions({ queryKey: [...adminQueries.all, "stats"], queryFn: getStats }),
  /** How much demo data the QA tools have made. */
  qa: () => queryOptions({ queryKey: [...adminQueries.all, "qa"], queryFn: getQa }),
};

/** What changes the sidebar's counts, the dashboard's figures and the QA tools' demo data count. */
export const adminRealtime = {
  requests: [adminQueries.badges().queryKey, adminQueries.stats().queryKey, adminQueries.qa().queryKey],
  messages: [adminQueries.badges().queryKey, adminQueries.stats().queryKey],
  concierge: [adminQueries.badges().queryKey, adminQueries.stats().queryKey],
  notifications: [adminQueries.badges().queryKey],
};

export function useSyncUser() {
  return useMutation({
    mutationFn: (userEmail: string) =>
      api.post<Wire<typeof billing.syncUserResultSchema>>("/api/admin/subscriptions/sync", { userEmail }),
  });
}

export function useSyncAll() {
  return useMutation({ mutationFn: () => api.post<SyncAllResult>("/api/admin/subscriptions/sync-all") });
}

export function useDebugCheckoutUrl() {
  return useMutation({
    mutationFn: (plan: PurchasablePlan) =>
      api.post<Wire<typeof billing.debugCheckoutUrlSchema>>("/api/admin/debug/checkout-url", { plan }),
  });
}

export function useSimulateCheckout() {
  return useMutation({
    mutationFn: (input: { userEmail: string; plan: PurchasablePlan }) =>
      api.post<Wire<typeof billing.simulateCheckoutResultSchema>>("/api/admin/debug/simulate-checkout", input),
  });
}

// QA tools --------------------------------------------------------------------------------------------------

/** Demo data changes every admin figure: the QA count, the dashboard and the sidebar's badges. */
function useRefreshAfterQa() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [adminQueries.qa(), adminQueries.stats(), adminQueries.badges()].map(({ queryKey }) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSeedDemoData() {
  const refresh = useRefreshAfterQa();
  return useMutation({
    mutationFn: () => api.post<QaSeedResult>("/api/admin/qa/seed"),
    onSettled: refresh,
  });
}

export function useRemoveDemoData() {
  const refresh = useRefreshAfterQa();
  return useMutation({
    mutationFn: () => api.delete<QaRemoveResult>("/api/admin/qa/seed"),
    onSettled: refresh,
  });
}

/** 409 QA_NO_CLIENT when there is no client to ask it. */
export function useCreateFakeRequest() {
  const refresh = useRefreshAfterQa();
  return useMutation({
    mutationFn: () => api.post<QaFakeRequestResult>("/api/admin/qa/fake-request"),
    onSettled: refresh,
  });
}

/** 409 QA_NO_REQUEST when there is no request to write about. */
export function useSendTestNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<QaTestNotificationResult>("/api/admin/qa/test-notification"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.badges().queryKey }),
  });
}
