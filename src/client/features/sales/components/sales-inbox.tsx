/**
 * The staff inbox's Sales tab: every inquiry, newest first, with Reply to Customer (Send Reply, Cancel) and
 * Close, offered unless already closed. Replying sets responded and emails the member (the server's part).
 */

import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Lock, Reply, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { type SnippetSource, SnippetTextarea, useSnippetPicker } from "@/client/components/snippet-picker";
import { StatusBadge } from "@/client/components/status-badge";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { sharedText } from "@/client/lib/api";
import { toastFailure } from "@/client/lib/toasts";
import { useHashTarget } from "@/client/lib/use-hash-target";
import { MESSAGES } from "@/shared/contracts/common-texts";
import { formatMessageTime } from "@/shared/format";
import { firstNameOf } from "@/shared/replies";
import { type AdminInquiry, salesQueries, useCloseInquiry, useReplyInquiry } from "../api";

/** The tab's count: inquiries still open. */
export function useSalesInboxCount() {
  const query = useQuery(salesQueries.staff());
  return query.data?.items.filter((item) => item.status === "open").length;
}

/**
 * `snippets`: saved replies for the reply box, composed in by the inbox's route. An inquiry can be linked to
 * (`#inquiry-<id>`, from the staff's search): the page opens at it.
 */
export function SalesInbox({ snippets }: { snippets?: SnippetSource }) {
  const { t } = useLingui();
  const query = useQuery(salesQueries.staff());
  useHashTarget(query.isSuccess);
  return (
    <AsyncView
      query={query}
      loadingLabel={t`Loading inquiries`}
      errorFallback={t`Failed to load inquiries`}
      isEmpty={(data) => data.items.length === 0}
      empty={<EmptyState title={t`No inquiries yet`} description={t`Members' messages to sales appear here.`} />}
    >
      {(data) => (
        <ul aria-label={t`Sales inquiries`} className="flex flex-col gap-3">
          {data.items.map((inquiry) => (
            <InquiryRow key={inquiry.id} inquiry={inquiry} snippets={snippets} />
          ))}
        </ul>
      )}
    </AsyncView>
  );
}

/** A sales inquiry in the staff inbox's pane (issue 31, item 1): its message, the reply and closing. */
export function SalesInquiryPane({ id, snippets }: { id: string; snippets?: SnippetSource }) {
  const { t } = useLingui();
  const query = useQuery(salesQueries.staff());
  const inquiry = query.data?.items.find((item) => item.id === id);
  if (!inquiry)
    return <p className="p-4 text-sm text-ink-muted">{query.isPending ? t`Loading…` : t`Inquiry not found`}</p>;
  return (
    <ul aria-label={t`Sales inquiry`} className="p-4">
      <InquiryRow inquiry={inquiry} snippets={snippets} />
    </ul>
  );
}

function InquiryRow({ inquiry, snippets }: { inquiry: AdminInquiry; snippets?: SnippetSource }) {
  const { t } = useLingui();
  const [replying, setReplying] = useState(false);
  const [reply, setReply] = useState("");
  const send = useReplyInquiry();
  const close = useCloseInquiry();
  const closed = inquiry.status === "closed";
  const replyId = `reply-${inquiry.id}`;
  const replyForm = useRef<HTMLFormElement>(null);
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const picker = useSnippetPicker({
    source: snippets,
    context: { member_name: inquiry.member.name, first_name: firstNameOf(inquiry.member.name) },
    textarea: replyBox,
    text: reply,
    setText: setReply,
  });

  // Opened low on the page, the whole reply box (its Send Reply too, not only the focused text) comes into view.
  useEffect(() => {
    if (replying) replyForm.current?.scrollIntoView({ block: "nearest" });
  }, [replying]);

  async function onSend() {
    if (!reply.trim()) {
      toast.error(sharedText(MESSAGES.enterMessage));
      return;
    }
    try {
      await send.mutateAsync({ id: inquiry.id, reply: reply.trim() });
      toast.success(t`Reply sent successfully`);
      setReply("");
      setReplying(false);
    } catch {
      toast.error(t`Failed to send reply`);
    }
  }

  async function onClose() {
    try {
      await close.mutateAsync(inquiry.id);
      toast.success(t`Inquiry closed`);
      setReplying(false);
    } catch (error) {
      toastFailure(error, t`Failed to update status`);
    }
  }

  return (
    <li
      id={`inquiry-${inquiry.id}`}
      aria-label={inquiry.subject}
      className="rounded-lg border border-stone bg-card px-5 py-4 data-[closed=true]:bg-ivory-deep/40"
      data-closed={closed}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{inquiry.subject}</h3>
          <p className="mt-0.5 text-xs text-ink-muted">
            {inquiry.member.name} ·{" "}
            <a href={`mailto:${inquiry.member.email}`} className="hover:underline">
              {inquiry.member.email}
            </a>{" "}
            ·{" "}
            <time dateTime={String(inquiry.createdAt)} className="tabular">
              {formatMessageTime(inquiry.createdAt)}
            </time>
          </p>
        </div>
        <StatusBadge status={inquiry.status} />
      </div>
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-wrap break-words">{inquiry.message}</p>
      {inquiry.adminReply && (
        <div className="mt-3 border-l-2 border-gold pl-4">
          <p className="eyebrow text-[0.65rem] text-gold-deep">{t`Reply sent`}</p>
          <p className="mt-1 text-sm whitespace-pre-wrap break-words text-ink-muted">{inquiry.adminReply}</p>
        </div>
      )}
      {replying ? (
        <form
          ref={replyForm}
          className="mt-4 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void onSend();
          }}
          onKeyDown={(event) => {
            if (event.key === "Escape") setReplying(false);
          }}
        >
          <Label htmlFor={replyId}>{t`Reply to ${inquiry.member.name}`}</Label>
          <SnippetTextarea
            picker={picker}
            id={replyId}
            rows={4}
            onKeyDown={(event) => {
              if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
                event.preventDefault();
                void onSend();
              }
            }}
            maxLength={5000}
            autoFocus
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" size="sm" disabled={!reply.trim() || send.isPending}>
              <Send /> {send.isPending ? t`Sending…` : t`Send Reply`}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setReplying(false)}>
              {t`Cancel`}
            </Button>
            {picker.button}
            <span className="text-xs text-ink-muted">
              {snippets
                ? t`Ctrl+Enter sends · Esc cancels · / inserts a saved reply`
                : t`Ctrl+Enter sends · Esc cancels`}
            </span>
          </div>
        </form>
      ) : (
        !closed && (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setReplying(true)}>
              <Reply /> {t`Reply to Customer`}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void onClose()} disabled={close.isPending}>
              <Lock /> {close.isPending ? t`Closing…` : t`Close`}
            </Button>
          </div>
        )
      )}
    </li>
  );
}
