/** /pricing: the marketing feature's plan cards, whose buttons start the billing feature's checkout. */
import { usePlanSelection } from "@/client/features/billing/use-plan-selection";
import PricingPage from "@/client/features/marketing/pages/pricing-page";

export default function PricingRoute() {
  const { selectPlan, pendingPlan } = usePlanSelection();
  return <PricingPage onSelectPlan={selectPlan} pendingPlan={pendingPlan} />;
}
