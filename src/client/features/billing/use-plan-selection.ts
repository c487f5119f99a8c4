import { useState } from "react";
import { useNavigate } from "react-router";
import { useSession } from "@/client/features/auth/session";
import type { Plan } from "@/shared/plans";

/**
 * What a plan card's button does. Signed out: sign in first. Signed in: start checkout (wired by the
 * payments issue).
 */
export function usePlanSelection() {
  const navigate = useNavigate();
  const session = useSession();
  const [pendingPlan, setPendingPlan] = useState<Plan | null>(null);
  function selectPlan(plan: Plan) {
    if (!session.isSignedIn) {
      navigate(`/auth?next=${encodeURIComponent("/pricing")}`);
      return;
    }
    setPendingPlan(plan);
  }
  return { selectPlan, pendingPlan };
}
