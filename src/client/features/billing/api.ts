/**
 * Membership calls: checkout, portal, complimentary cancellation, the post-checkout check, and test mode.
 * Query keys are defined once, in `billingQueries`; the answers' types come from src/shared/contracts/billing.ts.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import { sessionQueryKey } from "@/client/lib/session";
import type { TestBillingOverview } from "@/shared/billing";
import type * as contract from "@/shared/contracts/billing";
import type { billingApi } from "@/shared/contracts/billing";
import type { Wire } from "@/shared/contracts/common";
import type { Plan } from "@/shared/plans";

export type CheckoutStarted = Wire<typeof contract.checkoutStartedSchema>;
export type TestCheckoutSession = Wire<typeof contract.testCheckoutSessionSchema>;
export type TestHoldSession = Wire<typeof contract.testHoldSessionSchema>;
export type CardDetails = Wire<typeof contract.cardSchema>;
export type TestInvoice = Wire<typeof contract.testInvoiceSchema>;
export type MembershipCharge = Wire<typeof contract.membershipChargeSchema>;
export type TestReceipt = Wire<typeof contract.testReceiptSchema>;
export type { TestBillingOverview };

/** The billing domain's calls, typed from its endpoint table. */
export const billing = endpointsOf<typeof billingApi>("billing");

export const billingQueries = {
  all: billing.all,
  testOverview: () => billing.query("GET /billing/test/subscription"),
  /** The membership's own charges (Profile → Payments). */
  charges: () => billing.query("GET /billing/charges"),
  /** A test-mode checkout session; a missing one is said at once, not retried. */
  testCheckout: (id: string) => billing.query("GET /billing/test/checkout/:id", { params: { id } }, { retry: false }),
  /** A test-mode card page of a request's hold. */
  testHold: (id: string) => billing.query("GET /billing/test/holds/:id", { params: { id } }, { retry: false }),
  /** The test-mode hosted page of a balance invoice. */
  testInvoice: (id: string) => billing.query("GET /billing/test/invoices/:id", { params: { id } }, { retry: false }),
  /** The test-mode receipt of a payment or a refund. */
  testReceipt: (id: string) => billing.query("GET /billing/test/receipts/:id", { params: { id } }, { retry: false }),
};

/** A membership changed (payment, cancellation, sync): the session's plan and the billing pages, again. */
export const billingRealtime = { subscription: [sessionQueryKey, billingQueries.all] };

export function startCheckout(plan: Plan) {
  return billing.call("POST /billing/checkout", { body: { plan } });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: () => billing.call("POST /billing/portal") });
}

export function useCancelComplimentary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => billing.call("POST /billing/cancel-complimentary"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function checkSubscription() {
  return billing.call("POST /billing/check-subscription");
}

export function usePayTestCheckout(id: string) {
  return useMutation({
    mutationFn: (card: CardDetails) =>
      billing.call("POST /billing/test/checkout/:id/pay", { params: { id }, body: card }),
  });
}

/** Test mode: authorises a hold with a card (no capture); the bank may ask for a confirmation first. */
export function useAuthorizeTestHold(id: string) {
  return useMutation({
    mutationFn: (card: CardDetails) =>
      billing.call("POST /billing/test/holds/:id/authorize", { params: { id }, body: card }),
  });
}

/** Test mode: the 3-D Secure step, approved or failed. */
export function useConfirmTestHold(id: string) {
  return useMutation({
    mutationFn: (approve: boolean) =>
      billing.call("POST /billing/test/holds/:id/confirm", { params: { id }, body: { approve } }),
  });
}

export function useSetCancelAtPeriodEnd() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) =>
      billing.call("POST /billing/test/subscription", { body: { cancelAtPeriodEnd } }),
    onSuccess: (overview) => {
      queryClient.setQueryData(billingQueries.testOverview().queryKey, overview);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** A same-site URL from the server (absolute, on APP_URL) as a path for the router. */
/** Pays a test-mode balance invoice with a card (4242 pays, 0002 is declined, 3184 asks the bank first). */
export function usePayTestInvoice(id: string) {
  return useMutation({
    mutationFn: (card: CardDetails) =>
      billing.call("POST /billing/test/invoices/:id/pay", { params: { id }, body: card }),
  });
}

export function useConfirmTestInvoice(id: string) {
  return useMutation({
    mutationFn: (approve: boolean) =>
      billing.call("POST /billing/test/invoices/:id/confirm", { params: { id }, body: { approve } }),
  });
}

export function appPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return parsed.origin === window.location.origin ? parsed.pathname + parsed.search : url;
}
