/**
 * The member's side of the loop on /requests/:id (composed in by app/pages/request-detail-route.tsx): the
 * delivery and its answer, the card hold, the current quote as cards with Accept and Decline, and the earlier
 * quotes, quieter. Nothing shows before the team sends a first quote.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import {
  AlertTriangle,
  CalendarClock,
  Check,
  CreditCard,
  MessageCircleQuestion,
  PackageCheck,
  ScrollText,
  TrendingUp,
} from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { ReasonDialog } from "@/client/components/reason-dialog";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Textarea } from "@/client/components/ui/textarea";
import { errorMessage, sharedText } from "@/client/lib/api";
import { toastFailure, toastOutcome } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { formatLongDate, formatMessageTime } from "@/shared/format";
import { budgetGap, canReportProblem, isHoldLapsingSoon, LIVE_HOLD_STATUSES } from "@/shared/quotes";
import {
  type Delivery,
  type Hold,
  type Quote,
  type QuoteOption,
  quoteQueries,
  type RequestQuotes,
  useAcceptQuote,
  useConfirmReceipt,
  useDeclineQuote,
  useReauthorize,
  useReportProblem,
} from "../api";
import { formatCents } from "../money";
import { MemberBalance } from "./balance-invoice-panel";
import { HoldBadge, HoldOutcome, OptionPhotos, QuoteBadge, QuoteFiles, useFollowUrl } from "./quote-parts";
import { MemberRefunds } from "./refund-list";
import { StatementCard } from "./statement";
import { VatNote } from "./vat-note";

export function MemberQuotes({ requestId }: { requestId: string }) {
  const query = useQuery(quoteQueries.requestQuotes(requestId));
  // The request's page says what is wrong with the request itself; this part stays quiet until it has a quote.
  if (!query.data) return null;
  return <MemberQuotesView requestId={requestId} requestQuotes={query.data} />;
}

/**
 * "option 2: Kelly 28, Etoupe": the sent quotes' option a message being written asks about; `onMissing` once the
 * quotes are loaded and none of them has it (an old link).
 */
export function OptionReference({
  requestId,
  optionId,
  onMissing,
}: {
  requestId: string;
  optionId: string;
  onMissing: () => void;
}) {
  const { t } = useLingui();
  const query = useQuery(quoteQueries.requestQuotes(requestId));
  const found = query.data?.quotes.flatMap((quote) =>
    quote.options.flatMap((option, index) => (option.id === optionId ? [{ number: index + 1, option }] : [])),
  )[0];
  const missing = query.isSuccess && !found;
  useEffect(() => {
    if (missing) onMissing();
  }, [missing, onMissing]);
  if (!found) return null;
  const { number } = found;
  const title = found.option.title;
  return <strong className="font-medium">{t`option ${number}: ${title}`}</strong>;
}

export function MemberQuotesView({ requestId, requestQuotes }: { requestId: string; requestQuotes: RequestQuotes }) {
  const { t } = useLingui();
  const current = requestQuotes.quotes.find((quote) => quote.status === "sent" || quote.status === "accepted");
  const earlier = requestQuotes.quotes.filter((quote) => quote !== current);
  if (requestQuotes.quotes.length === 0 && !requestQuotes.hold && !requestQuotes.delivery) return null;
  return (
    <div className="flex flex-col gap-8">
      {requestQuotes.delivery && <DeliveryCard requestId={requestId} delivery={requestQuotes.delivery} />}
      <MemberBalance balance={requestQuotes.balance} />
      {requestQuotes.hold && (
        <HoldCard
          requestId={requestId}
          hold={requestQuotes.hold}
          quotes={requestQuotes.quotes}
          canAuthoriseAgain={requestQuotes.canAuthoriseAgain}
        />
      )}
      <MemberRefunds refunds={requestQuotes.refunds} />
      <StatementCard requestId={requestId} side="member" />
      {current ? (
        <QuoteCard
          requestId={requestId}
          quote={current}
          hold={requestQuotes.hold}
          budgetCents={requestQuotes.budgetCents}
        />
      ) : (
        earlier[0]?.status === "declined" && (
          <p className="rounded-lg border border-stone bg-ivory-deep/60 px-5 py-4 text-sm text-ink-muted">
            {t`You declined the last proposal. The team will come back to you with a revised one.`}
          </p>
        )
      )}
      {earlier.length > 0 && <EarlierQuotes requestId={requestId} quotes={earlier} />}
    </div>
  );
}

// The current quote ------------------------------------------------------------------------------------

/**
 * The current quote as the member reads it; `preview`: as staff see it before sending (issue 34 item 2), every
 * button inert.
 */
export function QuoteCard({
  requestId,
  quote,
  hold,
  budgetCents,
  preview = false,
}: {
  requestId: string;
  quote: Quote;
  hold: Hold | null;
  /** The member's stated budget: each price is shown against it. */
  budgetCents: number;
  preview?: boolean;
}) {
  const { t } = useLingui();
  const open = quote.status === "sent" && !quote.expired && !preview;
  const sent = quote.sentAt ? formatLongDate(quote.sentAt) : null;
  const validUntil = formatLongDate(quote.validUntil);
  return (
    <Card>
      <CardHeading
        icon={ScrollText}
        title={t`Your proposal`}
        aside={<QuoteBadge quote={quote} />}
        description={
          <span className="tabular">
            {sent ? t`Sent ${sent} · Valid until ${validUntil}` : t`Valid until ${validUntil}`}
          </span>
        }
      />
      <CardContent className="flex flex-col gap-6">
        {quote.message && (
          <p className="border-l-2 border-gold pl-4 font-serif text-lg leading-relaxed whitespace-pre-wrap">
            {quote.message}
          </p>
        )}
        {quote.status === "sent" && quote.expired && (
          <p role="alert" className="rounded-md border border-oxblood/30 bg-oxblood/5 px-4 py-3 text-sm text-oxblood">
            {sharedText(QUOTE_MESSAGES.quoteExpired)}
          </p>
        )}
        <ul aria-label={t`Options`} className={cn("grid gap-4", OPTION_COLUMNS[quote.options.length])}>
          {quote.options.map((option, index) => (
            <li key={option.id} className="flex">
              <OptionCard
                number={index + 1}
                requestId={requestId}
                quote={quote}
                option={option}
                hold={hold?.optionId === option.id ? hold : null}
                open={open}
                budgetCents={budgetCents}
                preview={preview}
              />
            </li>
          ))}
        </ul>
        {quote.status === "sent" && !preview && <DeclineQuote requestId={requestId} quote={quote} />}
      </CardContent>
    </Card>
  );
}

/**
 * Options side by side where there is room, and never one alone on a row: two in two columns from a tablet up,
 * three in three columns from a laptop up (stacked below that).
 */
const OPTION_COLUMNS: Record<number, string> = { 2: "md:grid-cols-2", 3: "lg:grid-cols-3" };

/** An option of a quote, as the member answers it. */
interface OptionProps {
  requestId: string;
  quote: Quote;
  option: QuoteOption;
  /** This option's hold, if the member already chose it. */
  hold: Hold | null;
  /** The quote can be answered (sent and not expired). */
  open: boolean;
}

function OptionCard({
  number,
  requestId,
  quote,
  option,
  hold,
  open,
  budgetCents,
  preview,
}: OptionProps & {
  /** Its place in the quote, from 1 (the options come in order). */
  number: number;
  budgetCents: number;
  preview: boolean;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const accepted = quote.acceptedOptionId === option.id;
  const passedOver = quote.status === "accepted" && !accepted;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        "flex w-full flex-col gap-4 rounded-lg border p-5",
        accepted ? "border-forest/40 bg-forest/5" : passedOver ? "border-stone bg-ivory-deep/50" : "border-stone",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow text-gold-deep">{t`Option ${number}`}</p>
          <h3 id={titleId} className={cn("mt-1 font-serif text-2xl break-words", passedOver && "text-ink-muted")}>
            {option.title}
          </h3>
        </div>
        {accepted && (
          <Badge variant="success">
            <Check aria-hidden className="size-3" /> {t`Accepted`}
          </Badge>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <p className={cn("tabular font-serif text-4xl", passedOver && "text-ink-muted")}>
          {formatCents(option.priceCents)}
        </p>
        <VatNote vatRate={option.vatRate} vatCents={option.vatCents} />
        <BudgetNote priceCents={option.priceCents} budgetCents={budgetCents} />
      </div>
      <OptionPhotos requestId={requestId} option={option} />
      {option.description && (
        <p className="text-sm leading-relaxed whitespace-pre-wrap break-words">{option.description}</p>
      )}
      <dl className="flex flex-col gap-3 border-t border-stone pt-4 text-sm">
        {option.estimatedDelivery && (
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-ink-muted">{t`Estimated delivery`}</dt>
            <dd className="tabular">{formatLongDate(option.estimatedDelivery)}</dd>
          </div>
        )}
        {option.supplierTerms && (
          <div className="flex flex-col gap-1">
            <dt className="text-ink-muted">{t`Supplier terms`}</dt>
            <dd className="leading-relaxed whitespace-pre-wrap break-words">{option.supplierTerms}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-ink-muted">{t`Card hold on acceptance`}</dt>
          <dd className="tabular">{formatCents(option.holdCents)}</dd>
        </div>
      </dl>
      {quote.status === "sent" && (
        <div className="mt-auto flex flex-col gap-2 pt-1">
          <AcceptOption requestId={requestId} quote={quote} option={option} hold={hold} open={open} />
          <AskAboutOption option={option} disabled={preview} />
        </div>
      )}
    </article>
  );
}

/** "€7,500 over your budget", or within it: what the member said they would spend, beside the price. */
export function BudgetNote({
  priceCents,
  budgetCents,
  side = "member",
}: {
  priceCents: number;
  budgetCents: number;
  /** Staff read "the member's budget". */
  side?: "member" | "staff";
}) {
  const { t } = useLingui();
  const gap = budgetGap(priceCents, budgetCents);
  if (!gap.over) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-ink-muted">
        <Check aria-hidden className="size-3.5 text-forest" />
        {side === "member" ? t`Within your budget` : t`Within the member's budget`}
      </p>
    );
  }
  const over = formatCents(gap.cents);
  return (
    <p className="flex items-center gap-1.5 text-xs font-medium text-oxblood">
      <TrendingUp aria-hidden className="size-3.5" />
      {side === "member" ? t`${over} over your budget` : t`${over} over the member's budget`}
    </p>
  );
}

/**
 * Opens the request's thread with this option named above the composer (the `about` search parameter, read by
 * the requests feature's thread), so the question arrives with its reference.
 */
function AskAboutOption({ option, disabled }: { option: QuoteOption; disabled: boolean }) {
  const { t } = useLingui();
  const [, setParams] = useSearchParams();
  return (
    <Button
      variant="ghost"
      className="w-full"
      disabled={disabled}
      onClick={() =>
        setParams(
          (params) => {
            params.set("about", option.id);
            return params;
          },
          { replace: true, preventScrollReset: true },
        )
      }
    >
      <MessageCircleQuestion /> {t`Ask about this option`}
      {/* Named with its option for a screen reader's list of buttons: "Ask about this option: Kelly 28". */}
      <span className="sr-only">{`: ${option.title}`}</span>
    </Button>
  );
}

function AcceptOption({ requestId, quote, option, hold, open }: OptionProps) {
  const { t } = useLingui();
  const accept = useAcceptQuote(requestId);
  const follow = useFollowUrl();
  const [confirming, setConfirming] = useState(false);
  const started = hold !== null && LIVE_HOLD_STATUSES.includes(hold.status);
  const amount = formatCents(option.holdCents);
  const price = formatCents(option.priceCents);
  const title = option.title;

  async function onConfirm(event: React.MouseEvent) {
    event.preventDefault();
    try {
      const { url } = await accept.mutateAsync({ quoteId: quote.id, optionId: option.id });
      setConfirming(false);
      follow(url);
    } catch (error) {
      setConfirming(false);
      toastFailure(error, t`We could not start the card authorisation. Please try again.`);
    }
  }

  if (!open) {
    return (
      <Button className="w-full" disabled>
        {t`Accept`}
      </Button>
    );
  }
  return (
    <ConfirmDialog
      open={confirming}
      onOpenChange={(next) => !accept.isPending && setConfirming(next)}
      trigger={
        <Button className="w-full" aria-label={started ? undefined : t`Accept ${title}`}>
          {started ? t`Continue to card authorisation` : t`Accept`}
        </Button>
      }
      title={t`Accept ${title}?`}
      description={t`We will hold ${amount} on your card; nothing is charged now.`}
      confirmLabel={accept.isPending ? t`Opening…` : t`Continue to card`}
      busy={accept.isPending}
      onConfirm={onConfirm}
    >
      <p className="text-sm leading-relaxed text-ink-muted">
        {t`The hold is ${amount} of ${price}. You enter your card on a secure payment page; the team takes the payment only once your item is secured.`}
      </p>
    </ConfirmDialog>
  );
}

function DeclineQuote({ requestId, quote }: { requestId: string; quote: Quote }) {
  const { t } = useLingui();
  const decline = useDeclineQuote(requestId);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 border-t border-stone pt-5">
      <p className="text-sm text-ink-muted">{t`None of these is right? Tell us and we will look again.`}</p>
      <ReasonDialog
        trigger={<Button variant="ghost">{t`Decline quote`}</Button>}
        title={t`Decline this quote?`}
        description={t`The team will be told and can send you a revised proposal.`}
        cancelLabel={t`Keep Quote`}
        confirmLabel={decline.isPending ? t`Declining…` : t`Decline quote`}
        busy={decline.isPending}
        placeholder={t`The price, the condition, the timing…`}
        onConfirm={(reason) => decline.mutateAsync({ quoteId: quote.id, reason })}
        success={sharedText(QUOTE_MESSAGES.quoteDeclined)}
        failure={t`We could not decline the quote. Please try again.`}
      />
    </div>
  );
}

// Earlier quotes ---------------------------------------------------------------------------------------

function EarlierQuotes({ requestId, quotes }: { requestId: string; quotes: Quote[] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="earlier-quotes" className="flex flex-col gap-3">
      <h2 id="earlier-quotes" className="eyebrow text-ink-muted">
        {t`Earlier proposals`}
      </h2>
      <ul className="flex flex-col gap-3">
        {quotes.map((quote) => (
          <li key={quote.id} className="rounded-lg border border-stone bg-ivory-deep/50 px-5 py-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-ink-muted tabular">
                {quote.sentAt ? t`Sent ${formatLongDate(quote.sentAt)}` : t`Proposal`}
              </span>
              <QuoteBadge quote={quote} />
            </div>
            <ul className="mt-3 flex flex-col gap-1.5">
              {quote.options.map((option) => (
                <li key={option.id} className="flex flex-col gap-2">
                  <div className="flex items-baseline justify-between gap-3 text-ink-muted">
                    <span className="break-words">{option.title}</span>
                    <span className="tabular shrink-0">{formatCents(option.priceCents)}</span>
                  </div>
                  <OptionPhotos requestId={requestId} option={option} className="[&_button]:size-12" />
                </li>
              ))}
            </ul>
            {quote.declineReason && (
              <p className="mt-3 text-ink-muted">
                <Trans>
                  Your reason: <span className="whitespace-pre-wrap break-words">{quote.declineReason}</span>
                </Trans>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

// The hold ---------------------------------------------------------------------------------------------

function HoldCard({
  requestId,
  hold,
  quotes,
  canAuthoriseAgain,
}: {
  requestId: string;
  hold: Hold;
  quotes: Quote[];
  /** The server's word: the hold lapsed and the request is still Found (no need for staff to ask). */
  canAuthoriseAgain: boolean;
}) {
  const quote = quotes.find((candidate) => candidate.options.some((option) => option.id === hold.optionId));
  const option = quote?.options.find((candidate) => candidate.id === hold.optionId);
  const { t } = useLingui();
  const lapsingSoon = hold.status === "held" && isHoldLapsingSoon(hold.expiresAt);
  const pending = hold.status === "pending" || hold.status === "requires_action";
  return (
    <Card>
      <CardHeading icon={CreditCard} title={t`Card hold`} aside={<HoldBadge status={hold.status} />} />
      <CardContent className="flex flex-col gap-4 text-sm">
        {option && <p className="text-ink-muted">{t`For ${option.title}`}</p>}
        {lapsingSoon && hold.expiresAt ? (
          <LapseSoon expiresAt={hold.expiresAt} amountCents={hold.amountCents} />
        ) : (
          <p aria-live="polite" className="leading-relaxed">
            <HoldSentence hold={hold} />
          </p>
        )}
        {canAuthoriseAgain && hold.status !== "expired" && (
          <p className="leading-relaxed">{t`Your earlier hold lapsed before it was used. Nothing was charged.`}</p>
        )}
        <HoldOutcome hold={hold} alertClassName="px-4 py-3" />
        {/* A page opened to authorise again belongs to the accepted quote: it is reopened the same way. */}
        {quote && option && pending && quote.status !== "accepted" && (
          <ContinueHold requestId={requestId} quoteId={quote.id} optionId={option.id} />
        )}
        {pending && quote?.status === "accepted" && <AuthoriseAgain requestId={requestId} resume />}
        {canAuthoriseAgain && !pending && <AuthoriseAgain requestId={requestId} />}
      </CardContent>
    </Card>
  );
}

/** Where the hold stands, in one sentence. */
function HoldSentence({ hold }: { hold: Hold }) {
  const { t } = useLingui();
  const amount = formatCents(hold.amountCents);
  const charged = formatCents(hold.capturedCents);
  switch (hold.status) {
    case "pending":
      return t`Waiting for your card: ${amount} will be held, nothing is charged now.`;
    case "requires_action":
      return t`Your bank asked you to confirm the hold of ${amount}.`;
    case "held": {
      if (!hold.expiresAt) return t`${amount} is held on your card. Nothing has been charged.`;
      const until = formatMessageTime(hold.expiresAt);
      return t`${amount} is held on your card until ${until}. Nothing has been charged.`;
    }
    case "captured": {
      const rest = hold.amountCents - hold.capturedCents;
      // After a partial capture the sentence goes on after the reason: its own full stop goes (it read "..").
      const reason = rest > 0 ? hold.captureReason?.replace(/\.+$/, "") : hold.captureReason;
      if (rest <= 0)
        return reason ? t`${charged} was charged to your card: ${reason}` : t`${charged} was charged to your card.`;
      const remaining = formatCents(rest);
      // Why less was taken, in the team's words (issue 30 item 4): "€2,000 charged — €1,250 off: a scuff".
      if (reason) return t`${charged} charged — ${remaining} off: ${reason}. The rest of the hold was released.`;
      return t`${charged} was charged to your card; the remaining ${remaining} was released.`;
    }
    case "released":
      return t`The hold of ${amount} was released. Nothing was charged.`;
    case "expired":
      return hold.reauthorizationRequested
        ? t`The hold of ${amount} lapsed before it was used, and the team asks you to authorise it again. Nothing was charged.`
        : t`The hold of ${amount} lapsed before it was used. Nothing was charged.`;
    case "refunded":
      return t`${charged} was refunded to your card.`;
  }
}

function ContinueHold({ requestId, quoteId, optionId }: { requestId: string; quoteId: string; optionId: string }) {
  const { t } = useLingui();
  const accept = useAcceptQuote(requestId);
  const follow = useFollowUrl();
  return (
    <Button
      className="self-start"
      disabled={accept.isPending}
      onClick={() =>
        accept.mutate(
          { quoteId, optionId },
          {
            onSuccess: ({ url }) => follow(url),
            onError: (error) => toastFailure(error, t`We could not open the card page. Please try again.`),
          },
        )
      }
    >
      {accept.isPending ? t`Opening…` : t`Continue to card authorisation`}
    </Button>
  );
}

/** In the 48 hours before the hold lapses: its date, prominently, and what happens then. */
function LapseSoon({ expiresAt, amountCents }: { expiresAt: string; amountCents: number }) {
  const { t } = useLingui();
  const until = formatMessageTime(expiresAt);
  const amount = formatCents(amountCents);
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-md border border-gold/50 bg-gold/10 px-4 py-3 leading-relaxed"
    >
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-gold-deep" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          <Trans>
            Your hold of {amount} lapses on <span className="tabular">{until}</span>.
          </Trans>
        </p>
        <p className="text-ink-muted">
          {t`Nothing has been charged. If your purchase is not completed by then, you can authorise the hold again here.`}
        </p>
      </div>
    </div>
  );
}

/** Opens the card page for the accepted option again (`resume`: the page already opened for it). */
function AuthoriseAgain({ requestId, resume = false }: { requestId: string; resume?: boolean }) {
  const { t } = useLingui();
  const reauthorize = useReauthorize(requestId);
  const follow = useFollowUrl();
  return (
    <Button
      className="self-start"
      disabled={reauthorize.isPending}
      onClick={() =>
        reauthorize.mutate(undefined, {
          onSuccess: ({ url }) => follow(url),
          onError: (error) => toastFailure(error, t`We could not open the card page. Please try again.`),
        })
      }
    >
      {reauthorize.isPending ? t`Opening…` : resume ? t`Continue to card authorisation` : t`Authorise again`}
    </Button>
  );
}

// Delivery ---------------------------------------------------------------------------------------------

function DeliveryCard({ requestId, delivery }: { requestId: string; delivery: Delivery }) {
  const { t } = useLingui();
  const open = delivery.status === "delivered" && canReportProblem(delivery.deliveredAt);
  const delivered = formatLongDate(delivery.deliveredAt);
  const answered = delivery.answeredAt ? formatLongDate(delivery.answeredAt) : null;
  return (
    <Card>
      <CardHeading
        icon={PackageCheck}
        title={t`Delivery`}
        description={<span className="tabular">{t`Delivered ${delivered}`}</span>}
      />
      <CardContent className="flex flex-col gap-4 text-sm">
        {delivery.note && <p className="leading-relaxed whitespace-pre-wrap break-words">{delivery.note}</p>}
        <QuoteFiles requestId={requestId} files={delivery.photos} label={t`Photos of the handover`} />
        {delivery.status === "confirmed" && (
          <p className="flex items-center gap-2 text-forest">
            <Check aria-hidden className="size-4" />{" "}
            {answered ? t`You confirmed receipt on ${answered}.` : t`You confirmed receipt.`}
          </p>
        )}
        {delivery.status === "problem" && (
          <div className="rounded-md border border-stone bg-ivory-deep/60 px-4 py-3">
            <p className="font-medium">{t`You reported a problem. The team will contact you.`}</p>
            {delivery.problem && (
              <p className="mt-1 whitespace-pre-wrap break-words text-ink-muted">{delivery.problem}</p>
            )}
          </div>
        )}
        {open && <DeliveryAnswer requestId={requestId} disputeUntil={delivery.disputeUntil} />}
      </CardContent>
    </Card>
  );
}

function DeliveryAnswer({ requestId, disputeUntil }: { requestId: string; disputeUntil: string }) {
  const { t } = useLingui();
  const confirm = useConfirmReceipt(requestId);
  const report = useReportProblem(requestId);
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const until = formatLongDate(disputeUntil);

  async function onReport(event: React.MouseEvent) {
    event.preventDefault();
    if (!problem.trim()) {
      setError(sharedText(QUOTE_MESSAGES.problemRequired));
      return;
    }
    try {
      await report.mutateAsync(problem.trim());
      setOpen(false);
      toast.success(sharedText(QUOTE_MESSAGES.problemReported));
    } catch (failure) {
      setError(errorMessage(failure, t`We could not send your report. Please try again.`));
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t border-stone pt-4">
      <p className="flex items-center gap-2 text-ink-muted">
        <CalendarClock aria-hidden className="size-4 shrink-0 text-gold-deep" strokeWidth={1.5} />
        <span>
          <Trans>
            Please confirm receipt. You can report a problem until <span className="tabular">{until}</span>.
          </Trans>
        </span>
      </p>
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(
              undefined,
              toastOutcome(sharedText(QUOTE_MESSAGES.receiptConfirmed), t`We could not confirm receipt.`),
            )
          }
        >
          <Check /> {confirm.isPending ? t`Confirming…` : t`Confirm receipt`}
        </Button>
        <ConfirmDialog
          open={open}
          onOpenChange={(next) => {
            if (report.isPending) return;
            setOpen(next);
            setError(null);
          }}
          trigger={<Button variant="outline">{t`Report a problem`}</Button>}
          title={t`Report a problem`}
          description={t`Tell us what is wrong with the delivery. The team will contact you.`}
          confirmLabel={report.isPending ? t`Sending…` : t`Send report`}
          busy={report.isPending}
          onConfirm={onReport}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={fieldId}>{t`What happened?`}</Label>
            <Textarea
              id={fieldId}
              value={problem}
              maxLength={2000}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              onChange={(event) => {
                setProblem(event.target.value);
                setError(null);
              }}
            />
            {error && (
              <p id={`${fieldId}-error`} role="alert" className="text-xs font-medium text-oxblood">
                {error}
              </p>
            )}
          </div>
        </ConfirmDialog>
      </div>
    </div>
  );
}
