/**
 * The admin area's payment tools: settings, subscription sync, and the debug page's checkout tools. The answers'
 * types come from src/shared/contracts/billing.ts; query keys are defined once, in `adminQueries`.
 */
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type * as billing from "@/shared/contracts/billing";
import type { Wire } from "@/shared/contracts/common";
import type * as requests from "@/shared/contracts/requests";
import type { PurchasablePlan } from "@/shared/plans";

export type AdminSettings = Wire<typeof billing.adminSettingsSchema>;
export type SyncAllResult = Wire<typeof billing.syncAllResultSchema>;

export type AdminBadges = Wire<typeof requests.adminBadgesSchema>;

const getSettings = () => api.get<AdminSettings>("/api/admin/settings");
const getBadges = () => api.get<AdminBadges>("/api/admin/badges");

export const adminQueries = {
  all: ["admin"] as const,
  settings: () => queryOptions({ queryKey: [...adminQueries.all, "settings"], queryFn: getSettings }),
  /** The sidebar's counts: live through the realtime topics below, and every 30 s besides (spec). */
  badges: () =>
    queryOptions({ queryKey: [...adminQueries.all, "badges"], queryFn: getBadges, refetchInterval: 30_000 }),
};

/** What changes the sidebar's counts. */
export const adminRealtime = {
  requests: [adminQueries.badges().queryKey],
  messages: [adminQueries.badges().queryKey],
  concierge: [adminQueries.badges().queryKey],
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
