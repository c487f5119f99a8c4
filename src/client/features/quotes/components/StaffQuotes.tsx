/**
 * The staff's quotes on /admin/requests/:id (composed in by app/pages/AdminRequestDetailRoute.tsx): every quote,
 * newest first, drafts with Edit, Send and Delete, the member's answer, and the editor for a new quote, a draft
 * or a revision after a decline. A quote can be written while the request is Sourcing or Quoted.
 */
import { useQuery } from "@tanstack/react-query";
import { Pencil, Plus, RotateCcw, ScrollText, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AsyncView } from "@/client/components/async-view";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { errorMessage } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { formatLongDate } from "@/shared/format";
import { QUOTE_MESSAGES } from "@/shared/quotes";
import type { RequestStatus } from "@/shared/requests";
import { type Deal, type Quote, quoteQueries, useDeleteQuote, useSendQuote } from "../api";
import { formatCents } from "../money";
import { DealFiles, QuoteBadge } from "./deal-parts";
import { QuoteEditor } from "./QuoteEditor";

/** What the editor is open on: a new quote, a draft, or a revision of an answered quote. */
type Editing = { kind: "new" } | { kind: "draft"; quote: Quote } | { kind: "revise"; quote: Quote } | null;

const QUOTABLE: readonly RequestStatus[] = ["Sourcing", "Quoted"];

export function StaffQuotes({ requestId }: { requestId: string }) {
  const query = useQuery(quoteQueries.staffDeal(requestId));
  return (
    <Card>
      <CardHeading icon={ScrollText} title="Quotes" />
      <CardContent>
        <AsyncView query={query} loadingLabel="Loading quotes" errorFallback="Failed to load quotes">
          {(deal) => <QuotesBody requestId={requestId} deal={deal} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

export function QuotesBody({ requestId, deal }: { requestId: string; deal: Deal }) {
  const [editing, setEditing] = useState<Editing>(null);
  const canQuote = QUOTABLE.includes(deal.requestStatus);
  const hasDraft = deal.quotes.some((quote) => quote.status === "draft");
  const accepted = deal.quotes.some((quote) => quote.status === "accepted");

  if (editing) {
    return (
      <QuoteEditor
        requestId={requestId}
        quote={editing.kind === "new" ? undefined : editing.quote}
        revise={editing.kind === "revise"}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {deal.quotes.length === 0 && (
        <p className="text-sm text-ink-muted">
          {canQuote
            ? "No quote yet. Write one with up to three options; the member accepts one and a 10 % card hold is placed."
            : "A quote can be written once the request is Sourcing."}
        </p>
      )}
      {deal.quotes.length > 0 && (
        <ul className="flex flex-col gap-3">
          {deal.quotes.map((quote) => (
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
          <Plus /> New quote
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
  const quiet = quote.status === "superseded" || (quote.status === "declined" && !canQuote);
  return (
    <article
      aria-label={`Quote ${quote.status === "draft" ? "draft" : quote.sentAt ? `sent ${formatLongDate(quote.sentAt)}` : ""}`}
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
            {quote.sentAt ? `Sent ${formatLongDate(quote.sentAt)}` : `Created ${formatLongDate(quote.createdAt)}`} ·
            valid until {formatLongDate(quote.validUntil)}
          </span>
        </div>
      </div>
      <ul className="flex flex-col gap-2">
        {quote.options.map((option) => (
          <li key={option.id} className="flex flex-col gap-1.5">
            <div className="flex items-baseline justify-between gap-3">
              <span className={cn("break-words", quote.acceptedOptionId === option.id && "font-medium")}>
                {option.title}
                {quote.acceptedOptionId === option.id && <span className="text-forest"> · chosen</span>}
              </span>
              <span className="tabular shrink-0">{formatCents(option.priceCents)}</span>
            </div>
            <DealFiles
              requestId={requestId}
              files={option.photos}
              label={`Photos of ${option.title}`}
              className="[&_a]:h-12 [&_button]:size-12"
            />
          </li>
        ))}
      </ul>
      {quote.message && <p className="text-ink-muted whitespace-pre-wrap break-words">{quote.message}</p>}
      {quote.status === "declined" && (
        <p className="rounded-sm border-l-2 border-oxblood/50 bg-oxblood/5 px-3 py-2">
          Declined{quote.answeredAt ? ` ${formatLongDate(quote.answeredAt)}` : ""}
          {quote.declineReason ? `: ${quote.declineReason}` : " without a reason."}
        </p>
      )}
      {quote.status === "draft" && <DraftActions requestId={requestId} quote={quote} onEdit={onEdit} />}
      {canQuote && reviseOffered && (quote.status === "declined" || quote.status === "sent") && (
        <Button variant="outline" size="sm" className="self-start" onClick={onRevise}>
          <RotateCcw /> Revise quote
        </Button>
      )}
    </article>
  );
}

function DraftActions({ requestId, quote, onEdit }: { requestId: string; quote: Quote; onEdit: () => void }) {
  const send = useSendQuote(requestId);
  const remove = useDeleteQuote(requestId);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={send.isPending}
        onClick={() =>
          send.mutate(quote.id, {
            onSuccess: () => toast.success(QUOTE_MESSAGES.quoteSent),
            onError: (error) => toast.error(errorMessage(error, "The quote could not be sent.")),
          })
        }
      >
        <Send /> {send.isPending ? "Sending…" : "Send"}
      </Button>
      <Button size="sm" variant="outline" onClick={onEdit}>
        <Pencil /> Edit
      </Button>
      <ConfirmDialog
        open={deleting}
        onOpenChange={(next) => !remove.isPending && setDeleting(next)}
        trigger={
          <Button size="sm" variant="ghost" className="text-oxblood hover:bg-oxblood/5">
            <Trash2 /> Delete draft
          </Button>
        }
        title="Delete this draft?"
        description="The draft and its options are removed. The member never saw it."
        confirmLabel={remove.isPending ? "Deleting…" : "Delete draft"}
        destructive
        busy={remove.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          remove.mutate(quote.id, {
            onSettled: () => setDeleting(false),
            onError: (error) => toast.error(errorMessage(error, "The draft could not be deleted.")),
          });
        }}
      />
    </div>
  );
}
