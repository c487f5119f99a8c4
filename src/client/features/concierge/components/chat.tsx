/**
 * The concierge chat's parts, shared by the member's view and the staff inbox: the thread (avatar initials,
 * bubbles, a read tick on one's own read messages) and the typing line. The composer and the scrolling list
 * are the shared ones of components/chat.
 */
import { useLingui } from "@lingui/react/macro";
import { Check, CheckCheck } from "lucide-react";
import { MessageFiles, ScrollingThread } from "@/client/components/chat";
import { InternalNote, mergeByTime, type NoteItem } from "@/client/components/internal-note";
import { StaffAvatar } from "@/client/components/staff-card";
import { cn } from "@/client/lib/utils";
import { formatMessageTime, initials } from "@/shared/format";
import type { ConciergeMessage } from "../api";

/** A member's initials in the thread (staff have their photo: components/staff-card). */
export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-noir text-xs font-semibold tracking-wider text-ivory"
    >
      {initials(name)}
    </span>
  );
}

/**
 * The messages, oldest first, scrolled to the newest. `side`: whose messages are "mine" (the member's view or
 * staff's); `memberName` labels the member's messages in the staff view.
 */
export function ChatThread({
  messages,
  side,
  memberName,
  notes = [],
  className,
  fileUrl,
}: {
  messages: ConciergeMessage[];
  /** Staff only: the conversation's internal notes, shown among the messages by time. */
  notes?: NoteItem[];
  side: "member" | "staff";
  memberName: string;
  className?: string;
  /** A file's authorized address (issue 22 item 6). */
  fileUrl: (fileId: string) => string;
}) {
  const { t } = useLingui();
  return (
    <ScrollingThread
      label={t`Concierge messages`}
      count={messages.length + notes.length}
      className={cn("gap-5", className)}
    >
      {mergeByTime(messages, notes).map((entry) => {
        if (entry.kind === "note") return <InternalNote key={`note-${entry.item.id}`} note={entry.item} />;
        const message = entry.item;
        const fromMember = message.senderRole === "user";
        const mine = side === "member" ? fromMember : !fromMember;
        const staffLabel = message.staffName ?? t`Concierge team`;
        const label = mine ? t`You` : fromMember ? memberName : staffLabel;
        return (
          <li
            key={message.id}
            id={`message-${message.id}`}
            className={cn("flex items-end gap-3", mine && "flex-row-reverse")}
          >
            {fromMember ? (
              <Avatar name={memberName} />
            ) : (
              <StaffAvatar name={staffLabel} photoUrl={message.staffPhotoUrl} size="chat" />
            )}
            {/* On a phone the bubble takes the row beside the avatar; from sm up, four fifths of it. */}
            <div
              className={cn(
                "flex min-w-0 max-w-[calc(100%-3rem)] flex-col gap-1 sm:max-w-[80%]",
                mine ? "items-end" : "items-start",
              )}
            >
              <div
                className={cn(
                  "flex max-w-full flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs text-ink-muted",
                  mine && "justify-end",
                )}
              >
                <span className="min-w-0 truncate font-medium text-noir">{label}</span>
                {!fromMember && !mine && <span className="eyebrow text-[0.6rem] text-gold-deep">{t`Concierge`}</span>}
                <time dateTime={String(message.createdAt)} className="tabular whitespace-nowrap">
                  {formatMessageTime(message.createdAt)}
                </time>
              </div>
              {message.message && (
                <p
                  className={cn(
                    "rounded-lg px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap break-words",
                    mine ? "bg-noir text-ivory" : "border border-stone bg-ivory-deep text-noir",
                  )}
                >
                  {message.message}
                </p>
              )}
              <MessageFiles files={message.files} urlOf={fileUrl} className={cn("max-w-full", mine && "justify-end")} />
              {mine &&
                (message.read ? (
                  <span className="flex items-center gap-1 text-xs text-forest" data-read="true">
                    <CheckCheck aria-hidden className="size-3.5" /> {t`Read`}
                  </span>
                ) : (
                  <span className="flex items-center gap-1 text-xs text-ink-muted" data-read="false">
                    <Check aria-hidden className="size-3.5" /> {t`Sent`}
                  </span>
                ))}
            </div>
          </li>
        );
      })}
    </ScrollingThread>
  );
}

/** "… is typing", polite to screen readers; holds its place so the page does not jump. */
export function TypingLine({ visible, who }: { visible: boolean; who: string }) {
  const { t } = useLingui();
  return (
    <p aria-live="polite" className="flex h-5 items-center gap-2 text-xs text-ink-muted italic">
      {visible && (
        <>
          <span aria-hidden className="flex gap-0.5">
            <span className="size-1 animate-pulse rounded-full bg-gold-deep" />
            <span className="size-1 animate-pulse rounded-full bg-gold-deep [animation-delay:150ms]" />
            <span className="size-1 animate-pulse rounded-full bg-gold-deep [animation-delay:300ms]" />
          </span>
          {t`${who} is typing…`}
        </>
      )}
    </p>
  );
}
