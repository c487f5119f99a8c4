/**
 * The staff's payment and delivery panels on /admin/requests/:id (they replace the disabled Capture Payment and
 * Release Hold of the first release). The hold in each state, Capture Payment (all of it, or less with a reason)
 * and Release Hold behind a confirm dialog, a lapsed hold's way to ask the member again; then Mark as delivered
 * (a Found request) with a note and handover photos, and the member's answer.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Check, CreditCard, PackageCheck } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ActionDialog } from "@/client/components/action-dialog";
import { AsyncView } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { errorMessage, sharedText } from "@/client/lib/api";
import { toastOutcome } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { formatLongDate, formatMessageTime } from "@/shared/format";
import { HOLD_RATE, isHoldExpiringSoon } from "@/shared/quotes";
import {
  type Hold,
  type QuoteFile,
  quoteQueries,
  type RequestQuotes,
  useCapture,
  useMarkDelivered,
  useRelease,
  useRequestReauthorization,
} from "../api";
import { centsToEuroInput, formatCents, parseEuroToCents } from "../money";
import { BalanceInvoicePanel } from "./balance-invoice-panel";
import { AmountField, DialogError, ReasonField } from "./money-fields";
import { PhotoUploader } from "./photo-uploader";
import { HoldBadge, HoldExpiry, HoldOutcome, QuoteFiles } from "./quote-parts";
import { RefundAction, refundableCents } from "./refund-dialog";
import { RefundList } from "./refund-list";

/** The aside's payment and delivery cards, from the staff's quote. */
export function AdminPayment({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const query = useQuery(quoteQueries.adminRequestQuotes(requestId));
  return (
    <AsyncView query={query} loadingLabel={t`Loading the payment`} errorFallback={t`Failed to load the payment`}>
      {(requestQuotes) => <PaymentPanels requestId={requestId} requestQuotes={requestQuotes} />}
    </AsyncView>
  );
}

export function PaymentPanels({ requestId, requestQuotes }: { requestId: string; requestQuotes: RequestQuotes }) {
  return (
    <>
      <PaymentCard requestId={requestId} requestQuotes={requestQuotes} />
      <BalanceInvoicePanel requestId={requestId} requestQuotes={requestQuotes} />
      {(requestQuotes.requestStatus === "Found" || requestQuotes.delivery) && (
        <DeliveryCard requestId={requestId} requestQuotes={requestQuotes} />
      )}
    </>
  );
}

function optionOf(requestQuotes: RequestQuotes, optionId: string) {
  for (const quote of requestQuotes.quotes) {
    const option = quote.options.find((candidate) => candidate.id === optionId);
    if (option) return option;
  }
  return null;
}

export function PaymentCard({ requestId, requestQuotes }: { requestId: string; requestQuotes: RequestQuotes }) {
  const hold = requestQuotes.hold;
  const { t } = useLingui();
  const option = hold ? optionOf(requestQuotes, hold.optionId) : null;
  const rate = Math.round(HOLD_RATE * 100);
  return (
    <Card>
      <CardHeading icon={CreditCard} title={t`Payment`} aside={hold && <HoldBadge status={hold.status} />} />
      <CardContent className="flex flex-col gap-4 text-sm">
        {!hold ? (
          <p className="leading-relaxed text-ink-muted">
            {t`No card hold yet. When the member accepts an option, ${rate} % of its price is held on their card until you capture or release it.`}
          </p>
        ) : (
          <>
            <div className="flex items-baseline justify-between gap-3">
              <span className="eyebrow text-ink-muted">
                {hold.status === "captured" || hold.status === "refunded" ? t`Captured` : t`Authorization hold`}
              </span>
              <span className="tabular font-serif text-2xl">
                {formatCents(
                  hold.status === "captured" || hold.status === "refunded" ? hold.capturedCents : hold.amountCents,
                )}
              </span>
            </div>
            {option && (
              <p className="text-ink-muted">
                {option.title}, {formatCents(option.priceCents)}
              </p>
            )}
            <HoldState hold={hold} />
            <HoldOutcome hold={hold} alertClassName="px-3 py-2" />
            {(hold.status === "captured" || hold.status === "refunded") && (
              <RefundList refunds={requestQuotes.refunds} audience="staff" />
            )}
            {hold.status === "captured" && refundableCents(hold, requestQuotes.refunds) > 0 && (
              <RefundAction
                requestId={requestId}
                source="hold"
                leftCents={refundableCents(hold, requestQuotes.refunds)}
              />
            )}
            {hold.status === "held" && (
              <div className="grid grid-cols-2 gap-2">
                <CaptureButton requestId={requestId} hold={hold} />
                <ReleaseButton requestId={requestId} hold={hold} />
              </div>
            )}
            {hold.status === "expired" && <AskAgain requestId={requestId} hold={hold} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** One line on where the hold stands: waiting, until when, what was taken, what lapsed. */
function HoldState({ hold }: { hold: Hold }) {
  const { t } = useLingui();
  switch (hold.status) {
    case "pending":
      return <p className="text-ink-muted">{t`The member has not authorised their card yet.`}</p>;
    case "requires_action":
      return <p className="text-ink-muted">{t`The member's bank asked for a confirmation (3-D Secure).`}</p>;
    case "held": {
      if (!hold.expiresAt) return <p className="text-ink-muted">{t`Held on the member's card.`}</p>;
      const soon = isHoldExpiringSoon(hold.expiresAt);
      return (
        <p
          className={cn(
            "flex items-center gap-2",
            soon ? "rounded-md border border-oxblood/30 bg-oxblood/5 px-3 py-2 font-medium text-oxblood" : "",
          )}
        >
          {soon && <AlertTriangle aria-hidden className="size-4 shrink-0" />}
          <span>
            <HoldExpiry expiresAt={hold.expiresAt} />{" "}
            <span className={cn("tabular", !soon && "text-ink-muted")}>({formatMessageTime(hold.expiresAt)})</span>
          </span>
        </p>
      );
    }
    case "captured": {
      const rest = hold.amountCents - hold.capturedCents;
      const released = formatCents(rest);
      const amount = formatCents(hold.amountCents);
      return (
        <p className="text-ink-muted">
          {rest > 0 ? t`${released} of the ${amount} hold was released.` : t`Captured in full.`}
          {hold.captureReason && <> {t`The member reads the reason: ${hold.captureReason}`}</>}
        </p>
      );
    }
    case "released":
      return <p className="text-ink-muted">{t`Released: nothing was charged.`}</p>;
    case "expired":
      return (
        <p className="text-ink-muted">{t`The authorisation lapsed before it was captured: nothing was charged.`}</p>
      );
    case "refunded":
      return <p className="text-ink-muted">{t`Refunded to the member.`}</p>;
  }
}

function CaptureButton({ requestId, hold }: { requestId: string; hold: Hold }) {
  const { t } = useLingui();
  const capture = useCapture(requestId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(centsToEuroInput(hold.amountCents));
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const cents = parseEuroToCents(amount);
  const partial = cents !== null && cents < hold.amountCents;

  function reset(next: boolean) {
    if (capture.isPending) return;
    setOpen(next);
    setError(null);
    if (next) {
      setAmount(centsToEuroInput(hold.amountCents));
      setReason("");
    }
  }

  /** A field's change clears the error. */
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError(null);
  };

  async function onConfirm(event: React.MouseEvent) {
    event.preventDefault();
    if (cents === null || cents < 1) return setError(t`Enter an amount in euro, e.g. 450 or 450.50`);
    if (cents > hold.amountCents) return setError(sharedText(QUOTE_MESSAGES.captureTooHigh));
    if (partial && !reason.trim()) return setError(sharedText(QUOTE_MESSAGES.captureReasonRequired));
    try {
      await capture.mutateAsync(partial ? { amountCents: cents, reason: reason.trim() } : { reason: reason.trim() });
      setOpen(false);
      toast.success(sharedText(QUOTE_MESSAGES.holdCaptured));
    } catch (failure) {
      setError(errorMessage(failure, t`The payment could not be captured.`));
    }
  }

  const held = formatCents(hold.amountCents);
  const taken = cents !== null && cents > 0 ? formatCents(cents) : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={reset}
      trigger={<Button size="sm">{t`Capture Payment`}</Button>}
      title={t`Capture the payment?`}
      description={t`Up to ${held} is taken from the member's card, once. Less than the hold needs a reason; the rest is released.`}
      confirmLabel={capture.isPending ? t`Capturing…` : taken ? t`Capture ${taken}` : t`Capture`}
      busy={capture.isPending}
      onConfirm={onConfirm}
    >
      <div className="flex flex-col gap-4">
        <AmountField value={amount} onChange={edit(setAmount)} />
        <ReasonField
          label={
            <>
              {t`Reason`}{" "}
              <span className="font-normal text-ink-muted">{partial ? t`(required for less)` : t`(optional)`}</span>
            </>
          }
          value={reason}
          onChange={edit(setReason)}
        />
        <DialogError error={error} />
      </div>
    </ConfirmDialog>
  );
}

function ReleaseButton({ requestId, hold }: { requestId: string; hold: Hold }) {
  const { t } = useLingui();
  const release = useRelease(requestId);
  const held = formatCents(hold.amountCents);
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="outline">
          {t`Release Hold`}
        </Button>
      }
      title={t`Release the hold?`}
      description={t`The ${held} held on the member's card is let go and nothing is charged. To take a payment later, the member must authorise again.`}
      cancelLabel={t`Keep Hold`}
      confirmLabel={release.isPending ? t`Releasing…` : t`Release Hold`}
      destructive
      busy={release.isPending}
      fieldClassName="min-h-20"
      onConfirm={(reason) => release.mutateAsync(reason)}
      success={sharedText(QUOTE_MESSAGES.holdReleased)}
      failure={t`The hold could not be released.`}
    />
  );
}

function AskAgain({ requestId, hold }: { requestId: string; hold: Hold }) {
  const { t } = useLingui();
  const ask = useRequestReauthorization(requestId);
  if (hold.reauthorizationRequested) {
    return <p className="text-ink-muted">{sharedText(QUOTE_MESSAGES.reauthorizationRequested)}.</p>;
  }
  return (
    <Button
      size="sm"
      variant="outline"
      className="self-start"
      disabled={ask.isPending}
      onClick={() =>
        ask.mutate(
          undefined,
          toastOutcome(sharedText(QUOTE_MESSAGES.reauthorizationRequested), t`The member could not be asked.`),
        )
      }
    >
      {ask.isPending ? t`Asking…` : t`Ask the member to authorise again`}
    </Button>
  );
}

// Delivery ---------------------------------------------------------------------------------------------

export function DeliveryCard({ requestId, requestQuotes }: { requestId: string; requestQuotes: RequestQuotes }) {
  const { t } = useLingui();
  const delivery = requestQuotes.delivery;
  const delivered = delivery ? formatLongDate(delivery.deliveredAt) : "";
  const answered = delivery?.answeredAt ? formatLongDate(delivery.answeredAt) : null;
  const until = delivery ? formatLongDate(delivery.disputeUntil) : "";
  return (
    <Card>
      <CardHeading icon={PackageCheck} title={t`Delivery`} />
      <CardContent className="flex flex-col gap-3 text-sm">
        {!delivery ? (
          <>
            <p className="text-ink-muted">{t`When the item is handed over, mark the request as delivered.`}</p>
            <MarkDelivered requestId={requestId} />
          </>
        ) : (
          <>
            <p className="tabular">{t`Delivered ${delivered}`}</p>
            {delivery.note && <p className="text-ink-muted whitespace-pre-wrap break-words">{delivery.note}</p>}
            <QuoteFiles
              requestId={requestId}
              files={delivery.photos}
              label={t`Photos of the handover`}
              className="[&_a]:h-12 [&_button]:size-12"
            />
            {delivery.status === "delivered" && (
              <p className="text-ink-muted">
                <Trans>
                  Awaiting the member's answer; they may report a problem until <span className="tabular">{until}</span>
                  .
                </Trans>
              </p>
            )}
            {delivery.status === "confirmed" && (
              <p className="flex items-center gap-2 text-forest">
                <Check aria-hidden className="size-4" />{" "}
                {answered ? t`The member confirmed receipt on ${answered}.` : t`The member confirmed receipt.`}
              </p>
            )}
            {delivery.status === "problem" && (
              <div className="rounded-md border border-oxblood/30 bg-oxblood/5 px-3 py-2 text-oxblood">
                <p className="font-medium">
                  {answered ? t`The member reported a problem on ${answered}` : t`The member reported a problem`}
                </p>
                {delivery.problem && <p className="mt-1 whitespace-pre-wrap break-words">{delivery.problem}</p>}
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function MarkDelivered({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const mark = useMarkDelivered(requestId);
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<QuoteFile[]>([]);
  const noteId = useId();
  return (
    <ActionDialog
      trigger={
        <Button size="sm" className="self-start">
          <PackageCheck /> {t`Mark as delivered`}
        </Button>
      }
      title={t`Mark as delivered?`}
      description={t`The request moves to Delivered and the member is asked to confirm receipt within 30 days.`}
      confirmLabel={mark.isPending ? t`Saving…` : t`Mark as delivered`}
      busy={mark.isPending}
      onConfirm={() => mark.mutateAsync({ note: note.trim(), photoIds: photos.map((photo) => photo.id) })}
      success={sharedText(QUOTE_MESSAGES.markedDelivered)}
      failure={t`The delivery could not be recorded.`}
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <Label htmlFor={noteId}>
            <Trans>
              Note <span className="font-normal text-ink-muted">(optional)</span>
            </Trans>
          </Label>
          <Textarea
            id={noteId}
            value={note}
            maxLength={2000}
            className="min-h-20"
            placeholder={t`Handed over in person, signed for…`}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <PhotoUploader
          requestId={requestId}
          label={t`Photos of the handover`}
          value={photos}
          onChange={setPhotos}
          disabled={mark.isPending}
        />
      </div>
    </ActionDialog>
  );
}
