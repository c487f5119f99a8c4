/** Membership calls: checkout, portal, complimentary cancellation, and the post-checkout check. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionQueryKey } from "@/client/features/auth/session";
import { api } from "@/client/lib/api";
import type { Plan } from "@/shared/plans";

export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: Plan) => api.post<{ url: string; sessionId: string }>("/api/billing/checkout", { plan }),
  });
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
