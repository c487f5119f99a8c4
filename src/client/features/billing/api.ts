/** Membership calls: checkout, portal, complimentary cancellation, the post-checkout check, and test mode. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionQueryKey } from "@/client/features/auth/session";
import { api } from "@/client/lib/api";
import type { TestBillingOverview } from "@/shared/billing";
import type { Plan, PurchasablePlan } from "@/shared/plans";

export const CHECKOUT_FAILED = "Failed to start checkout. Please try again.";

export interface CheckoutStarted {
  url: string;
  sessionId: string;
  /** An existing paid subscription was moved to the new plan; the url is our post-checkout page. */
  upgraded: boolean;
}

export function startCheckout(plan: Plan) {
  return api.post<CheckoutStarted>("/api/billing/checkout", { plan });
}

export function useStartCheckout() {
  return useMutation({ mutationFn: startCheckout });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: () => api.post<{ url: string }>("/api/billing/portal") });
}

export function useCancelComplimentary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/billing/cancel-complimentary"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function checkSubscription() {
  return api.post<{ subscribed: boolean }>("/api/billing/check-subscription");
}

/**
 * Opens a URL in a new tab as the spec asks. The tab is opened before the call (browsers block pop-ups that
 * are not a direct result of a click) and sent to the URL when it arrives; if the browser refused a tab,
 * the current one goes there instead.
 */
export function openInNewTab(): { go: (url: string) => void; close: () => void } {
  const tab = window.open("", "_blank");
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.href = url;
    },
    close() {
      tab?.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// Test mode: our own checkout page and billing page
// ---------------------------------------------------------------------------------------------------------

export interface TestCheckoutSession {
  id: string;
  plan: PurchasablePlan;
  amountCents: number;
  currency: "eur";
  status: "open" | "complete" | "expired";
  email: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CardDetails {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export function useTestCheckoutSession(id: string) {
  return useQuery({
    queryKey: ["billing", "test-checkout", id],
    queryFn: () => api.get<TestCheckoutSession>(`/api/billing/test/checkout/${encodeURIComponent(id)}`),
    retry: false,
  });
}

export function usePayTestCheckout(id: string) {
  return useMutation({
    mutationFn: (card: CardDetails) =>
      api.post<{ redirectUrl: string }>(`/api/billing/test/checkout/${encodeURIComponent(id)}/pay`, card),
  });
}

const testBillingKey = ["billing", "test-overview"] as const;

export function useTestBilling(enabled: boolean) {
  return useQuery({
    queryKey: testBillingKey,
    queryFn: () => api.get<TestBillingOverview>("/api/billing/test/subscription"),
    enabled,
  });
}

export function useSetCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) =>
      api.post<TestBillingOverview>("/api/billing/test/subscription", { cancelAtPeriodEnd }),
    onSuccess: (overview) => {
      queryClient.setQueryData(testBillingKey, overview);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** A same-site URL from the server (absolute, on APP_URL) as a path for the router. */
export function appPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : url;
}
