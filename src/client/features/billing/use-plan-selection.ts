import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { i18n } from "@/client/lib/i18n";
import { useSession } from "@/client/lib/session";
import { checkPlanChange } from "@/shared/plan-change";
import type { Plan } from "@/shared/plans";
import { openInNewTab } from "./new-tab";

// Starting a checkout, and saying why it failed, load when a member picks a plan: none of it is in the page's
// first load (decision 042).
const loadErrorTexts = () => Promise.all([import("@/client/lib/api"), import("@/shared/contracts/billing-texts")]);

/** Toasts load sonner on demand, so the pricing page's first load stays light. */
function toastError(message: string) {
  void import("@/client/components/ui/sonner").then(({ toast }) => toast.error(message));
}

/**
 * What a plan card's button does. Signed out: sign in first. Signed in: upgrades only (the same plan or a lower
 * one is refused with the spec's message, here and again by the server), then checkout opens in a new tab.
 * Black is by invitation: its card opens the inquiry dialog instead.
 */
export function usePlanSelection() {
  const navigate = useNavigate();
  const session = useSession();
  const [pendingPlan, setPendingPlan] = useState<Plan | null>(null);
  const busy = useRef(false);

  async function selectPlan(plan: Plan) {
    if (session.isLoading || busy.current) return;
    if (!session.isSignedIn) {
      navigate(`/auth?next=${encodeURIComponent("/pricing")}`);
      return;
    }
    const change = checkPlanChange(session.subscription, plan);
    if (change.kind === "invitation-only") return;
    if (change.kind === "same" || change.kind === "downgrade") {
      toastError(i18n._(change.text));
      return;
    }
    busy.current = true;
    setPendingPlan(plan);
    const tab = openInNewTab();
    try {
      const { startCheckout } = await import("./api");
      const { url } = await startCheckout(plan);
      tab.go(url);
    } catch (error) {
      tab.close();
      const [{ errorMessage }, { BILLING_ERRORS }] = await loadErrorTexts();
      toastError(errorMessage(error, BILLING_ERRORS.checkoutFailed));
    } finally {
      busy.current = false;
      setPendingPlan(null);
    }
  }

  return { selectPlan, pendingPlan };
}
