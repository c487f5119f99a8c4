/**
 * The staff's quotes on /admin/requests/:id (composed in by app/pages/admin-request-detail-route.tsx): every quote,
 * newest first, drafts with Edit, Send and Delete, the member's answer, and the editor for a new quote, a draft
 * or a revision after a decline. A quote can be written while the request is Sourcing or Quoted.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, RotateCcw, ScrollText, Send, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { AsyncView } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { sharedText } from "@/client/lib/api";
import { QUOTE_EDITOR_ANCHOR } from "@/client/lib/quote-editor-anchor";
import { toastFailure, toastOutcome } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { formatLongDate } from "@/shared/format";
import type { RequestStatus } from "@/shared/requests";
import { type Quote, quoteQueries, type RequestQuotes, useDeleteQuote, useSendQuote } from "../api";
import { formatCents } from "../money";
import { QuoteEditor } from "./quote-editor";
import { OptionPhotos, QuoteBadge } from "./quote-parts";
import { VatNote } from "./vat-note";

/** What the editor is open on: a new quote, a draft, or a revision of an answered quote. */
type Editing = { kind: "new" } | { kind: "draft"; quote: Quote } | { kind: "revise"; quote: Quote } | null;

const QUOTABLE: readonly RequestStatus[] = ["Sourcing", "Quoted"];

export function AdminQuotes({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const query = useQuery(quoteQueries.adminRequestQuotes(requestId));
  return (
    <Card>
      <CardHeading icon={ScrollText} title={t`Quotes`} />
      <CardContent>
        <AsyncView query={query} loadingLabel={t`Loading quotes`} errorFallback={t`Failed to load quotes`}>
          {(requestQuotes) => <QuotesBody requestId={requestId} requestQuotes={requestQuotes} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

export function QuotesBody({ requestId, requestQuotes }: { requestId: string; requestQuotes: RequestQuotes }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Editing>(null);
  const canQuote = QUOTABLE.includes(requestQuotes.requestStatus);
  const hasDraft = requestQuotes.quotes.some((quote) => quote.status === "draft");
  const accepted = requestQuotes.quotes.some((quote) => quote.status === "accepted");
  const location = useLocation();
  const navigate = useNavigate();
  const editorRef = useRef<HTMLDivElement>(null);
  const [focusEditor, setFocusEditor] = useState(false);

  // The status quick action "Write a quote" (decision 030): the editor opens here, on the draft if there is one.
  useEffect(() => {
    if (location.hash !== `#${QUOTE_EDITOR_ANCHOR}`) return;
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (!canQuote || accepted) return;
    const draft = requestQuotes.quotes.find((quote) => quote.status === "draft");
    setEditing(draft ? { kind: "draft", quote: draft } : { kind: "new" });
    setFocusEditor(true);
  }, [location.hash, location.pathname, location.search, navigate, canQuote, accepted, requestQuotes.quotes]);

  useEffect(() => {
    if (!focusEditor || !editorRef.current) return;
    setFocusEditor(false);
    editorRef.current.scrollIntoView?.({ block: "start" });
    editorRef.current.focus({ preventScroll: true });
  }, [focusEditor]);

  if (editing) {
    return (
      <div ref={editorRef} id={QUOTE_EDITOR_ANCHOR} tabIndex={-1} className="outline-none">
        <QuoteEditor
          requestId={requestId}
          quote={editing.kind === "new" ? undefined : editing.quote}
          revise={editing.kind === "revise"}
          budgetCents={requestQuotes.budgetCents}
          onDone={() => setEditing(null)}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {requestQuotes.quotes.length === 0 && (
        <p className="text-sm text-ink-muted">
          {canQuote
            ? t`No quote yet. Write one with up to three options; the member accepts one and a 10 % card hold is placed.`
            : t`A quote can be written once the request is Sourcing.`}
        </p>
      )}
      {requestQuotes.quotes.length > 0 && (
        <ul className="flex flex-col gap-3">
          {requestQuotes.quotes.map((quote) => (
            <li key={quote.id}>
              <QuoteSummary
                requestId={requestId}
                quote={quote}
                canQuote={canQuote && !accepted}
                onEdit={() => setEditing({ kind: "draft", quote })}
                onRevise={() => setEditing({ kind: "revise", quote })}
                reviseOffered={!hasDraft}
              />
            </li>
          ))}
        </ul>
      )}
      {canQuote && !hasDraft && !accepted && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setEditing({ kind: "new" })}>
          <Plus /> {t`New quote`}
        </Button>
      )}
    </div>
  );
}

function QuoteSummary({
  requestId,
  quote,
  canQuote,
  reviseOffered,
  onEdit,
  onRevise,
}: {
  requestId: string;
  quote: Quote;
  canQuote: boolean;
  reviseOffered: boolean;
  onEdit: () => void;
  onRevise: () => void;
}) {
  const { t } = useLingui();
  const quiet = quote.status === "superseded" || (quote.status === "declined" && !canQuote);
  const sent = quote.sentAt ? formatLongDate(quote.sentAt) : null;
  const created = formatLongDate(quote.createdAt);
  const validUntil = formatLongDate(quote.validUntil);
  const answered = quote.answeredAt ? formatLongDate(quote.answeredAt) : null;
  const reason = quote.declineReason;
  return (
    <article
      aria-label={quote.status === "draft" ? t`Quote draft` : sent ? t`Quote sent ${sent}` : t`Quote`}
      className={cn(
        "flex flex-col gap-3 rounded-md border p-4 text-sm",
        quote.status === "draft" ? "border-dashed border-stone-dark" : "border-stone",
        quiet && "bg-ivory-deep/50",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <QuoteBadge quote={quote} />
          <span className="tabular text-ink-muted">
            {sent ? t`Sent ${sent} · valid until ${validUntil}` : t`Created ${created} · valid until ${validUntil}`}
          </span>
        </div>
      </div>
      <ul className="flex flex-col gap-2">
        {quote.options.map((option) => (
          <li key={option.id} className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-3">
              <span className={cn("break-words", quote.acceptedOptionId === option.id && "font-medium")}>
                {option.title}
                {quote.acceptedOptionId === option.id && <span className="text-forest"> · {t`chosen`}</span>}
              </span>
              <span className="tabular shrink-0">{formatCents(option.priceCents)}</span>
            </div>
            <VatNote vatRate={option.vatRate} vatCents={option.vatCents} className="text-right" />
            <OptionPhotos requestId={requestId} option={option} className="[&_a]:h-12 [&_button]:size-12" />
          </li>
        ))}
      </ul>
      {quote.message && <p className="text-ink-muted whitespace-pre-wrap break-words">{quote.message}</p>}
      {quote.status === "declined" && (
        <p className="rounded-sm border-l-2 border-oxblood/50 bg-oxblood/5 px-3 py-2">
          {answered
            ? reason
              ? t`Declined ${answered}: ${reason}`
              : t`Declined ${answered} without a reason.`
            : reason
              ? t`Declined: ${reason}`
              : t`Declined without a reason.`}
        </p>
      )}
      {quote.status === "draft" && <DraftActions requestId={requestId} quote={quote} onEdit={onEdit} />}
      {canQuote && reviseOffered && (quote.status === "declined" || quote.status === "sent") && (
        <Button variant="outline" size="sm" className="self-start" onClick={onRevise}>
          <RotateCcw /> {t`Revise quote`}
        </Button>
      )}
    </article>
  );
}

function DraftActions({ requestId, quote, onEdit }: { requestId: string; quote: Quote; onEdit: () => void }) {
  const { t } = useLingui();
  const send = useSendQuote(requestId);
  const remove = useDeleteQuote(requestId);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(quote.id, toastOutcome(sharedText(QUOTE_MESSAGES.quoteSent), t`The quote could not be sent.`))
        }
      >
        <Send /> {send.isPending ? t`Sending…` : t`Send`}
      </Button>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil /> {t`Edit`}
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(next) => !remove.isPending && setDeleting(next)}
        trigger={
          <Button size="sm" variant="ghost" className="text-oxblood hover:bg-oxblood/5">
            <Trash2 /> {t`Delete draft`}
          </Button>
        }
        title={t`Delete this draft?`}
        description={t`The draft and its options are removed. The member never saw it.`}
        confirmLabel={remove.isPending ? t`Deleting…` : t`Delete draft`}
        destructive
        busy={remove.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          remove.mutate(quote.id, {
            onSettled: () => setDeleting(false),
            onError: (error) => toastFailure(error, t`The draft could not be deleted.`),
          });
        }}
      />
    </div>
  );
}
