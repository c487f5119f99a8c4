/** The admin area's payment tools: settings, subscription sync, and the debug page's checkout tools. */
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import type { Plan, PurchasablePlan } from "@/shared/plans";

export interface AdminSettings {
  paymentMode: "TEST" | "LIVE" | "STRIPE TEST";
  testCard: string | null;
  declinedTestCard: string | null;
  webhookUrl: string | null;
  prices: Array<{ plan: PurchasablePlan; label: string; monthlyPriceEur: number | null; priceId: string }>;
  environment: Array<{ name: string; value: string }>;
}

export function useAdminSettings() {
  return useQuery({ queryKey: ["admin", "settings"], queryFn: () => api.get<AdminSettings>("/api/admin/settings") });
}

export interface SyncUserResult {
  success: boolean;
  message: string;
  subscription?: { plan: Plan; status: string } | null;
}

export function useSyncUser() {
  return useMutation({
    mutationFn: (userEmail: string) => api.post<SyncUserResult>("/api/admin/subscriptions/sync", { userEmail }),
  });
}

export interface SyncAllResult {
  success: boolean;
  message: string;
  results: { synced: number; failed: number; noStripeCustomer: number; noActiveSubscription: number };
}

export function useSyncAll() {
  return useMutation({ mutationFn: () => api.post<SyncAllResult>("/api/admin/subscriptions/sync-all") });
}

export function useDebugCheckoutUrl() {
  return useMutation({
    mutationFn: (plan: PurchasablePlan) =>
      api.post<{ url: string; sessionId: string; priceId: string; mode: string }>("/api/admin/debug/checkout-url", {
        plan,
      }),
  });
}

export function useSimulateCheckout() {
  return useMutation({
    mutationFn: (input: { userEmail: string; plan: PurchasablePlan }) =>
      api.post<SyncUserResult & { sessionId?: string }>("/api/admin/debug/simulate-checkout", input),
  });
}
