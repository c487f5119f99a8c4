/**
 * The balance invoice (issue 30, decision 035). Staff (BalanceInvoicePanel, in the payment panels): after the
 * capture, "Send balance invoice" with the amount (the accepted option's price less what was captured), a reason
 * when it is changed, and a due date, behind a confirm step; then its status, what was paid, its hosted page and
 * Void. The member (MemberBalance, on their request): "Balance due €X by {date} — Pay now" (the hosted page, in
 * the same tab), "Paid in full" once the provider says so, and "Overdue".
 */
import { useLingui } from "@lingui/react/macro";
import { AlertTriangle, Check, Receipt } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ActionDialog } from "@/client/components/action-dialog";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { ReceiptLink } from "@/client/components/receipt-link";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { errorMessage, sharedText } from "@/client/lib/api";
import { BALANCE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { lisbonDate } from "@/shared/dates";
import { formatLongDate } from "@/shared/format";
import { type BalanceInvoice, type RequestQuotes, useSendBalance, useVoidBalance } from "../api";
import { centsToEuroInput, formatCents, parseEuroToCents } from "../money";
import { AmountField, DialogError, ReasonField } from "./money-fields";
import { useFollowUrl } from "./quote-parts";
import { invoiceRefundableCents, RefundAction } from "./refund-dialog";

/** The accepted option's price less what the hold captured: what the balance is by default (null: no capture). */
export function defaultBalanceCents(requestQuotes: RequestQuotes): number | null {
  const hold = requestQuotes.hold;
  if (hold?.status !== "captured") return null;
  for (const quote of requestQuotes.quotes) {
    const option = quote.options.find((candidate) => candidate.id === hold.optionId);
    if (option) return option.priceCents - hold.capturedCents;
  }
  return null;
}

function StatusBadge({ balance }: { balance: BalanceInvoice }) {
  const { t } = useLingui();
  if (balance.paidInFull) return <Badge variant="success">{t`Paid in full`}</Badge>;
  if (balance.overdue) return <Badge variant="destructive">{t`Overdue`}</Badge>;
  if (balance.status === "void") return <Badge variant="muted">{t`Void`}</Badge>;
  if (balance.status === "uncollectible") return <Badge variant="destructive">{t`Uncollectible`}</Badge>;
  if (balance.status === "draft") return <Badge variant="muted">{t`Sending`}</Badge>;
  return <Badge variant="gold">{t`Open`}</Badge>;
}

// Staff ------------------------------------------------------------------------------------------------

export function BalanceInvoicePanel({ requestId, requestQuotes }: { requestId: string; requestQuotes: RequestQuotes }) {
  const { t } = useLingui();
  const byDefault = defaultBalanceCents(requestQuotes);
  const balance = requestQuotes.balance;
  if (byDefault === null && !balance) return null;
  const canSend = byDefault !== null && (!balance || balance.status === "void");
  return (
    <Card>
      <CardHeading icon={Receipt} title={t`Balance`} aside={balance && <StatusBadge balance={balance} />} />
      <CardContent className="flex flex-col gap-4 text-sm">
        {balance && balance.status !== "void" && (
          <AdminBalanceState balance={balance} requestId={requestId} refunds={requestQuotes.refunds} />
        )}
        {balance?.status === "void" && <p className="text-ink-muted">{t`The last balance invoice was voided.`}</p>}
        {canSend && <SendBalance requestId={requestId} defaultCents={byDefault} />}
      </CardContent>
    </Card>
  );
}

function AdminBalanceState({
  balance,
  requestId,
  refunds,
}: {
  balance: BalanceInvoice;
  requestId: string;
  refunds: RequestQuotes["refunds"];
}) {
  const { t } = useLingui();
  const refundable = invoiceRefundableCents(balance, refunds);
  const refunded = formatCents(balance.refundedCents);
  const amount = formatCents(balance.amountCents);
  const paid = formatCents(balance.amountPaidCents);
  const due = formatLongDate(balance.dueDate);
  return (
    <>
      <div className="flex items-baseline justify-between gap-3">
        <span className="eyebrow text-ink-muted">{t`Invoiced`}</span>
        <span className="tabular font-serif text-2xl">{amount}</span>
      </div>
      {balance.reason && <p className="text-ink-muted whitespace-pre-wrap break-words">{balance.reason}</p>}
      <p className="tabular text-ink-muted">
        {balance.paidInFull ? t`Paid in full.` : t`Due by ${due}. Paid so far: ${paid}.`}
      </p>
      <div className="flex flex-wrap gap-3">
        {balance.hostedUrl && <ReceiptLink href={balance.hostedUrl}>{t`Invoice page`}</ReceiptLink>}
        {balance.pdfUrl && <ReceiptLink href={balance.pdfUrl}>{t`PDF`}</ReceiptLink>}
      </div>
      {balance.refundedCents > 0 && <p className="tabular text-ink-muted">{t`Refunded: ${refunded}.`}</p>}
      {balance.status === "open" && balance.amountPaidCents === 0 && <VoidBalance requestId={requestId} />}
      {refundable > 0 && <RefundAction requestId={requestId} source="invoice" leftCents={refundable} />}
    </>
  );
}

/** Fourteen days from today, the default due date. */
function inFourteenDays() {
  const [y, m, d] = lisbonDate().split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + 14)).toISOString().slice(0, 10);
}

function SendBalance({ requestId, defaultCents }: { requestId: string; defaultCents: number }) {
  const { t } = useLingui();
  const send = useSendBalance(requestId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(centsToEuroInput(defaultCents));
  const [reason, setReason] = useState("");
  const [dueDate, setDueDate] = useState(inFourteenDays);
  const [error, setError] = useState<string | null>(null);
  const dueId = useId();
  const cents = parseEuroToCents(amount);
  const changed = cents !== null && cents !== defaultCents;

  function reset(next: boolean) {
    if (send.isPending) return;
    setOpen(next);
    setError(null);
    if (next) {
      setAmount(centsToEuroInput(defaultCents));
      setReason("");
      setDueDate(inFourteenDays());
    }
  }

  /** A field's change clears the error. */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  async function onConfirm(event: React.MouseEvent) {
    event.preventDefault();
    if (cents === null) return setError(t`Enter an amount in euro, e.g. 450 or 450.50`);
    if (cents < 50) return setError(sharedText(BALANCE_MESSAGES.amountTooLow));
    if (changed && !reason.trim()) return setError(sharedText(BALANCE_MESSAGES.reasonRequired));
    if (!dueDate || dueDate < lisbonDate()) return setError(sharedText(BALANCE_MESSAGES.duePast));
    try {
      await send.mutateAsync(
        changed ? { amountCents: cents, reason: reason.trim(), dueDate } : { reason: "", dueDate },
      );
      setOpen(false);
      toast.success(sharedText(BALANCE_MESSAGES.sent));
    } catch (failure) {
      setError(errorMessage(failure, t`The balance invoice could not be sent.`));
    }
  }

  const shown = cents !== null && cents > 0 ? formatCents(cents) : null;
  const byDefault = formatCents(defaultCents);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={reset}
      trigger={
        <Button size="sm" className="self-start">
          {t`Send balance invoice`}
        </Button>
      }
      title={t`Send the balance invoice?`}
      description={t`The member receives an invoice to pay by card or bank transfer. The balance is ${byDefault}: the price less what was captured. Another amount needs a reason.`}
      confirmLabel={send.isPending ? t`Sending…` : shown ? t`Send ${shown}` : t`Send`}
      busy={send.isPending}
      onConfirm={onConfirm}
    >
      <div className="flex flex-col gap-4">
        <AmountField value={amount} onChange={edit(setAmount)} />
        {changed && <ReasonField label={t`Reason for the change`} value={reason} onChange={edit(setReason)} />}
        <div className="flex flex-col gap-2">
          <Label htmlFor={dueId}>{t`Due date`}</Label>
          <Input
            id={dueId}
            type="date"
            min={lisbonDate()}
            value={dueDate}
            onChange={(event) => edit(setDueDate)(event.target.value)}
          />
        </div>
        <DialogError error={error} />
      </div>
    </ConfirmDialog>
  );
}

function VoidBalance({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const voiding = useVoidBalance(requestId);
  return (
    <ActionDialog
      trigger={
        <Button size="sm" variant="outline" className="self-start">
          {t`Void`}
        </Button>
      }
      title={t`Void the balance invoice?`}
      description={t`The member can no longer pay it. You can send a new one afterwards.`}
      cancelLabel={t`Keep it`}
      confirmLabel={voiding.isPending ? t`Voiding…` : t`Void`}
      destructive
      busy={voiding.isPending}
      onConfirm={() => voiding.mutateAsync()}
      success={sharedText(BALANCE_MESSAGES.voided)}
      failure={t`The invoice could not be voided.`}
    />
  );
}

// The member -------------------------------------------------------------------------------------------

export function MemberBalance({ balance }: { balance: BalanceInvoice | null }) {
  const { t } = useLingui();
  const follow = useFollowUrl();
  if (!balance || balance.status === "void" || balance.status === "draft") return null;
  const remaining = formatCents(balance.amountCents - balance.amountPaidCents);
  const due = formatLongDate(balance.dueDate);
  const paid = formatCents(balance.amountPaidCents);
  return (
    <Card>
      <CardHeading icon={Receipt} title={t`Balance`} aside={<StatusBadge balance={balance} />} />
      <CardContent className="flex flex-col gap-3 text-sm">
        {balance.paidInFull ? (
          <p className="flex items-center gap-2 text-forest">
            <Check aria-hidden className="size-4" /> {t`Paid in full`} · {formatCents(balance.amountCents)}
          </p>
        ) : (
          <>
            <p className="tabular text-base">{t`Balance due ${remaining} by ${due}`}</p>
            {balance.amountPaidCents > 0 && <p className="tabular text-ink-muted">{t`Received so far: ${paid}`}</p>}
            {balance.overdue && (
              <p
                role="alert"
                className="flex items-center gap-2 rounded-md border border-oxblood/30 bg-oxblood/5 px-3 py-2 text-oxblood"
              >
                <AlertTriangle aria-hidden className="size-4 shrink-0" /> {t`Overdue: the due date has passed.`}
              </p>
            )}
            {balance.hostedUrl && (
              <Button className="self-start" onClick={() => follow(balance.hostedUrl as string)}>
                {t`Pay now`}
              </Button>
            )}
            {balance.pdfUrl && (
              <ReceiptLink href={balance.pdfUrl} className="self-start">
                {t`Invoice (PDF)`}
              </ReceiptLink>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
