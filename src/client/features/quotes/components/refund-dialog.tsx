/**
 * The staff's Refund action on a captured payment or a paid balance invoice (issue 30, decision 033): the amount (what is left to refund,
 * to start with) and a reason, then a confirm step that says what will happen. The dialog makes one idempotency
 * key when it opens, so a retry (a double click, a timeout) is the same refund; a refund that failed gets a new
 * key for the next try. The server decides: its refusals are shown in the dialog.
 */
import { useLingui } from "@lingui/react/macro";
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { errorMessage, sharedText } from "@/client/lib/api";
import { REFUND_MESSAGES } from "@/shared/contracts/quotes-texts";
import { REFUND_REASON_MIN } from "@/shared/contracts/refunds";
import { type BalanceInvoice, type Hold, type Refund, useRefund } from "../api";
import { centsToEuroInput, formatCents, parseEuroToCents } from "../money";
import { AmountField, DialogError, ReasonField } from "./money-fields";

/** A v4 UUID; `randomUUID` exists only on secure origins, `getRandomValues` everywhere. */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What is left of a source: paid − refunded − pending, as the server counts it. */
function leftOf(source: Refund["source"], paidCents: number, refundedCents: number, refunds: Refund[]) {
  const own = refunds.filter((r) => r.source === source);
  const sum = (status: Refund["status"]) =>
    own.filter((r) => r.status === status).reduce((total, r) => total + r.amountCents, 0);
  return Math.max(0, paidCents - Math.max(refundedCents, sum("succeeded")) - sum("pending"));
}

/** What is left to refund of a captured hold: captured − refunded − pending (as the server counts it). */
export function refundableCents(hold: Hold, refunds: Refund[]): number {
  return leftOf("hold", hold.capturedCents, hold.refundedCents, refunds);
}

/** What is left to refund of a paid balance invoice: paid − refunded − pending. */
export function invoiceRefundableCents(balance: BalanceInvoice, refunds: Refund[]): number {
  if (balance.status !== "paid") return 0;
  return leftOf("invoice", balance.amountPaidCents, balance.refundedCents, refunds);
}

/**
 * The Refund button and its dialog, for the captured hold (`source` hold) or the paid balance invoice (`source`
 * invoice): it starts from `leftCents`, what is left to refund of that source.
 */
export function RefundAction({
  requestId,
  source,
  leftCents: left,
}: {
  requestId: string;
  source: Refund["source"];
  leftCents: number;
}) {
  const { t } = useLingui();
  const refund = useRefund(requestId);
  const tooHigh = source === "invoice" ? REFUND_MESSAGES.invoiceTooHigh : REFUND_MESSAGES.tooHigh;
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<"form" | "confirm">("form");
  const [amount, setAmount] = useState(centsToEuroInput(left));
  const [reason, setReason] = useState("");
  const [key, setKey] = useState(() => newKey());
  const [error, setError] = useState<string | null>(null);
  const cents = parseEuroToCents(amount);

  function onOpenChange(next: boolean) {
    if (refund.isPending) return;
    setOpen(next);
    setError(null);
    if (next) {
      setStep("form");
      setAmount(centsToEuroInput(left));
      setReason("");
      setKey(newKey());
    }
  }

  /** The form's checks (the server makes them again), then the confirm step. */
  function review(): boolean {
    if (cents === null || cents < 1) {
      setError(t`Enter an amount in euro, e.g. 450 or 450.50`);
      return false;
    }
    if (cents > left) {
      setError(sharedText(tooHigh));
      return false;
    }
    if (reason.trim().length < REFUND_REASON_MIN) {
      setError(sharedText(REFUND_MESSAGES.reasonRequired));
      return false;
    }
    setError(null);
    return true;
  }

  async function onConfirm(event: React.MouseEvent) {
    event.preventDefault();
    if (step === "form") {
      if (review()) setStep("confirm");
      return;
    }
    if (cents === null) return;
    try {
      const answer = await refund.mutateAsync({
        amountCents: cents,
        reason: reason.trim(),
        idempotencyKey: key,
        source,
      });
      if (answer.status === "failed" || answer.status === "canceled") {
        // That refund is over: the next try is a new one.
        setKey(newKey());
        setStep("form");
        setError(t`The refund failed: ${answer.failure ?? answer.status}`);
        return;
      }
      setOpen(false);
      toast.success(sharedText(REFUND_MESSAGES.refundSent));
    } catch (failure) {
      setError(errorMessage(failure, t`The refund could not be made.`));
    }
  }

  const leftText = formatCents(left);
  const refunded = cents !== null && cents > 0 ? formatCents(cents) : "";
  const edit = (change: () => void) => {
    change();
    setError(null);
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button size="sm" variant="outline" className="self-start">
          <Undo2 /> {t`Refund`}
        </Button>
      }
      title={
        step === "confirm"
          ? t`Refund ${refunded} to the member?`
          : source === "invoice"
            ? t`Refund the balance payment`
            : t`Refund the payment`
      }
      description={
        step === "confirm"
          ? source === "invoice"
            ? t`${refunded} goes back the way the member paid the balance, once. This cannot be undone.`
            : t`${refunded} goes back to the card the member paid with, once. This cannot be undone.`
          : source === "invoice"
            ? t`Up to ${leftText} of the balance paid can be refunded to the member. The member is told, with your reason.`
            : t`Up to ${leftText} can be refunded to the member's card. The member is told, with your reason.`
      }
      confirmLabel={
        step === "form" ? t`Review refund` : refund.isPending ? t`Refunding…` : t`Confirm refund of ${refunded}`
      }
      destructive={step === "confirm"}
      busy={refund.isPending}
      onConfirm={onConfirm}
    >
      <div className="flex flex-col gap-4">
        {step === "form" ? (
          <>
            <AmountField value={amount} onChange={(value) => edit(() => setAmount(value))} />
            <ReasonField
              label={t`Reason`}
              value={reason}
              placeholder={t`Returned in its box, a scuff on the clasp…`}
              onChange={(value) => edit(() => setReason(value))}
            />
          </>
        ) : (
          <div className="flex flex-col gap-2 text-sm">
            <p className="whitespace-pre-wrap break-words rounded-md border border-stone bg-ivory-deep/60 px-3 py-2">
              {reason.trim()}
            </p>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="self-start"
              disabled={refund.isPending}
              onClick={() => {
                setStep("form");
                setError(null);
              }}
            >
              {t`Change the amount or the reason`}
            </Button>
          </div>
        )}
        <DialogError error={error} />
      </div>
    </ConfirmDialog>
  );
}
