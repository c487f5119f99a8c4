import { useLingui } from "@lingui/react/macro";
import { Badge } from "@/client/components/ui/badge";
import { URGENCY_LABELS } from "@/shared/labels";
import type { Urgency } from "@/shared/requests";

const VARIANTS = { High: "destructive", Medium: "outline", Low: "muted" } as const;

/** A request's urgency as the pipeline's Priority: High in the destructive badge style (spec section 4). */
export function PriorityBadge({ urgency, className }: { urgency: Urgency; className?: string }) {
  const { i18n } = useLingui();
  return (
    <Badge variant={VARIANTS[urgency]} data-urgency={urgency} className={className}>
      {i18n._(URGENCY_LABELS[urgency])}
    </Badge>
  );
}
