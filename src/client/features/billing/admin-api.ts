/**
 * Memberships, the staff's side (billingAdminApi): the settings page's environment and payment mode, the
 * subscription sync (one member, everyone) and the debug page's checkout tools. Keys are under ["billing"].
 */
import { useMutation } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type * as contract from "@/shared/contracts/billing";
import type { billingAdminApi } from "@/shared/contracts/billing";
import type { Wire } from "@/shared/contracts/common";
import type { PurchasablePlan } from "@/shared/plans";

const staff = endpointsOf<typeof billingAdminApi>("billing");

export type AdminSettings = Wire<typeof contract.adminSettingsSchema>;
export type SyncAllResult = Wire<typeof contract.syncAllResultSchema>;

export const billingStaffQueries = {
  settings: () => staff.query("GET /admin/settings"),
};

export function useSyncUser() {
  return useMutation({
    mutationFn: (userEmail: string) => staff.call("POST /admin/subscriptions/sync", { body: { userEmail } }),
  });
}

export function useSyncAll() {
  return useMutation({ mutationFn: () => staff.call("POST /admin/subscriptions/sync-all") });
}

export function useDebugCheckoutUrl() {
  return useMutation({
    mutationFn: (plan: PurchasablePlan) => staff.call("POST /admin/debug/checkout-url", { body: { plan } }),
  });
}

export function useSimulateCheckout() {
  return useMutation({
    mutationFn: (body: { userEmail: string; plan: PurchasablePlan }) =>
      staff.call("POST /admin/debug/simulate-checkout", { body }),
  });
}
