/**
 * What the member's and the staff's request threads both show: a message's text and files (on the right when
 * `right`: one's own side) with the option it asks about, and the line that replaces the composer once the request is withdrawn.
 */
import { useLingui } from "@lingui/react/macro";
import { ScrollText } from "lucide-react";
import { MessageFiles } from "@/client/components/chat";
import { sharedText } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { REQUEST_CHANGE_MESSAGES } from "@/shared/contracts/requests-texts";
import { messageFileUrl, type ThreadMessage } from "../api";

export function MessageContent({
  requestId,
  message,
  right,
}: {
  requestId: string;
  message: Pick<ThreadMessage, "body" | "files" | "about">;
  right: boolean;
}) {
  return (
    <>
      {message.about && <AboutOption about={message.about} />}
      {message.body && (
        <p
          className={cn(
            "max-w-[85%] rounded-lg px-4 py-2.5 text-sm leading-relaxed whitespace-pre-wrap break-words",
            right ? "bg-noir text-ivory" : "border border-stone bg-ivory-deep text-noir",
          )}
        >
          {message.body}
        </p>
      )}
      <MessageFiles
        files={message.files}
        urlOf={(fileId) => messageFileUrl(requestId, fileId)}
        className={right ? "justify-end" : undefined}
      />
    </>
  );
}

export function ThreadClosed() {
  return (
    <p className="border-t border-stone pt-5 text-sm text-ink-muted">
      {sharedText(REQUEST_CHANGE_MESSAGES.threadClosed)}
    </p>
  );
}

/** The quote's option a message asks about ('Ask about this option', issue 34 item 2). */
export function AboutOption({ about }: { about: { number: number; title: string } }) {
  const { t } = useLingui();
  const { number, title } = about;
  return (
    <p className="flex max-w-[85%] items-center gap-1.5 text-xs text-ink-muted">
      <ScrollText aria-hidden className="size-3.5 shrink-0 text-gold-deep" />
      <span className="break-words">{t`About option ${number}: ${title}`}</span>
    </p>
  );
}
