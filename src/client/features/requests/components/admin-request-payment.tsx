/**
 * The request's payment: the refundable authorization hold (10 % of the budget, spec section 9) and the Capture
 * Payment and Release Hold buttons, which the spec shows but which do nothing yet. They stay focusable
 * (aria-disabled, not disabled) so a keyboard or screen reader user reaches them and hears why.
 */
import { CreditCard } from "lucide-react";
import { useId } from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { formatEuro } from "@/shared/format";
import { AUTHORIZATION_HOLD_RATE, authorizationHoldEur } from "@/shared/requests";

export function PaymentCard({ budgetEur }: { budgetEur: number }) {
  const noteId = useId();
  const percent = `${Math.round(AUTHORIZATION_HOLD_RATE * 100)}%`;
  return (
    <Card>
      <CardHeading icon={CreditCard} title="Payment" />
      <CardContent className="flex flex-col gap-4 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <span className="eyebrow text-ink-muted">Authorization hold</span>
          <span className="tabular font-serif text-2xl">{formatEuro(authorizationHoldEur(budgetEur))}</span>
        </div>
        <p className="leading-relaxed text-ink-muted">
          A refundable hold of {percent} of the stated budget ({formatEuro(budgetEur)}). It is released if the request
          is not fulfilled within the agreed window; on success it is captured in full or in part, and any balance is
          invoiced.
        </p>
        <div className="grid grid-cols-2 gap-2">
          <Button size="sm" variant="outline" aria-disabled="true" aria-describedby={noteId} onClick={() => undefined}>
            Capture Payment
          </Button>
          <Button size="sm" variant="outline" aria-disabled="true" aria-describedby={noteId} onClick={() => undefined}>
            Release Hold
          </Button>
        </div>
        <p id={noteId} className="text-xs text-ink-muted">
          Payments on requests arrive in a later release.
        </p>
      </CardContent>
    </Card>
  );
}
