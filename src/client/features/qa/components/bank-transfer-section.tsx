/**
 * Test mode: "Bank transfer received" on a request's open balance invoice (decision 035), as Stripe would report
 * a transfer reaching the member's customer balance: an amount (in part), or by default all that remains.
 */
import { useLingui } from "@lingui/react/macro";
import { Landmark } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { toastFailure } from "@/client/lib/toasts";
import { formatEuro } from "@/shared/format";
import { useBankTransfer } from "../api";

/** "1250" or "1250.50" (or with a comma) as cents; null when it is not an amount. */
function toCents(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

export function BankTransferSection() {
  const { t } = useLingui();
  const transfer = useBankTransfer();
  const [requestId, setRequestId] = useState("");
  const [amount, setAmount] = useState("");
  const requestField = useId();
  const amountField = useId();

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const cents = amount.trim() ? toCents(amount) : undefined;
    if (cents === null) return void toast.error(t`Enter an amount in euro, e.g. 450 or 450.50`);
    transfer.mutate(
      { requestId: requestId.trim(), ...(cents ? { amountCents: cents } : {}) },
      {
        onSuccess: (result) => {
          const paid = formatEuro(result.amountPaidCents / 100);
          const left = formatEuro(result.amountRemainingCents / 100);
          toast.success(
            result.status === "paid"
              ? t`Bank transfer received: paid in full`
              : t`Bank transfer received: ${paid} paid, ${left} due`,
          );
        },
        onError: (error) => toastFailure(error),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-3 text-2xl leading-tight">
          <Landmark aria-hidden className="size-5 text-gold-deep" strokeWidth={1.5} /> {t`Bank transfer received`}
        </h2>
        <CardDescription>
          {t`Test mode: a transfer reaches a request's open balance invoice. Leave the amount empty for all that remains.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-2">
            <Label htmlFor={requestField}>{t`Request ID`}</Label>
            <Input id={requestField} value={requestId} onChange={(event) => setRequestId(event.target.value)} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={amountField}>{t`Amount (€, optional)`}</Label>
            <Input
              id={amountField}
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={transfer.isPending || !requestId.trim()}>
            {transfer.isPending ? t`Recording…` : t`Bank transfer received`}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
