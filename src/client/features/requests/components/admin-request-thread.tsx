/**
 * The request's thread as the staff see it: the member's messages on the left, the team's on the right (each
 * with its sender), and the reply box. Opening it, and every new message from the member, marks the thread read
 * for this staff member. Internal notes (staff only) sit among the messages by time, in their own style; the
 * composer switches between a reply and a note.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare } from "lucide-react";
import { useCallback, useMemo } from "react";
import { AsyncView } from "@/client/components/async-view";
import { ScrollingThread } from "@/client/components/chat";
import { AdminComposer, addNoteWithToast, InternalNote, mergeByTime } from "@/client/components/internal-note";
import {
  type ConversationPresence,
  PresenceLine,
  type SeenMessage,
  useCollisionGuard,
} from "@/client/components/presence";
import type { SnippetSource } from "@/client/components/snippet-picker";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";
import { formatMessageTime } from "@/shared/format";
import { firstNameOf } from "@/shared/replies";
import { requestsAdminQueries, useAddNote, useReply } from "../admin-api";
import type { ThreadMessage } from "../api";
import { senderLabel, threadAttachments, useThreadActions } from "./thread-actions";
import { MessageContent, ThreadClosed } from "./thread-parts";

export function AdminThreadCard({
  requestId,
  requestTitle,
  clientName,
  snippets,
  closed = false,
  presence,
}: {
  requestId: string;
  /** Withdrawn by the member: the thread stays readable, nobody writes on it. */
  closed?: boolean;
  requestTitle: string;
  clientName: string;
  /** Saved replies for the reply box, composed in by the page's route. */
  snippets?: SnippetSource;
  /** Who else has the thread open and who is typing (decision 051), composed in by the page's route. */
  presence?: ConversationPresence;
}) {
  const { t } = useLingui();
  const thread = useQuery(requestsAdminQueries.thread(requestId));
  const reply = useReply(requestId);
  const notes = useQuery(requestsAdminQueries.notes(requestId));
  const addNote = useAddNote(requestId);
  const noteItems = notes.data?.notes ?? [];

  const onNote = (text: string) => addNoteWithToast(addNote, text);
  const fromMember = thread.data?.messages.filter((m) => !m.mine && !m.sender?.isStaff).length ?? 0;

  const onSend = useThreadActions(requestId, thread.isSuccess, fromMember, (body, fileIds) =>
    reply.mutateAsync({ body, fileIds }),
  );
  const attachments = useMemo(() => threadAttachments(requestId), [requestId]);

  // The soft check before sending: another staff member's reply since this draft began (decision 051).
  const queryClient = useQueryClient();
  const messages = thread.data?.messages;
  const latest = useCallback(() => messages?.map(seenOf), [messages]);
  const current = useCallback(
    async () =>
      (await queryClient.fetchQuery({ ...requestsAdminQueries.thread(requestId), staleTime: 0 })).messages.map(seenOf),
    [queryClient, requestId],
  );
  const collision = useCollisionGuard(latest, current);
  const send = collision.guard(async (body: string, fileIds: string[]) => {
    const sent = await onSend(body, fileIds);
    if (sent) presence?.onSent();
    return sent;
  });

  return (
    <Card>
      <CardHeading icon={MessageSquare} title={t`Messages`} description={t`The thread with ${clientName}.`} />
      <CardContent className="flex flex-col gap-5">
        <AsyncView
          query={thread}
          loadingLabel={t`Loading messages`}
          errorFallback={t`Failed to load messages`}
          isEmpty={(data) => data.messages.length === 0 && noteItems.length === 0}
          empty={
            <p className="rounded-md border border-dashed border-stone-dark px-4 py-8 text-center text-sm text-ink-muted">
              {t`No messages yet.`}
            </p>
          }
        >
          {(data) => (
            <ScrollingThread
              label={t`Messages`}
              count={data.messages.length + noteItems.length}
              className="max-h-96 gap-4"
            >
              {mergeByTime(data.messages, noteItems).map((entry) => {
                if (entry.kind === "note") return <InternalNote key={`note-${entry.item.id}`} note={entry.item} />;
                const message = entry.item;
                const team = message.mine || Boolean(message.sender?.isStaff);
                return (
                  <li
                    key={message.id}
                    id={`message-${message.id}`}
                    className={cn("flex flex-col gap-1", team ? "items-end" : "items-start")}
                  >
                    <div className="flex flex-wrap items-baseline gap-2 text-xs text-ink-muted">
                      <span className="font-medium text-noir">{senderLabel(message)}</span>
                      {team && !message.mine && <span className="eyebrow text-[0.6rem] text-gold-deep">{t`Team`}</span>}
                      {!team && message.sender && (
                        <span className="eyebrow text-[0.6rem] text-ink-muted">{t`Member`}</span>
                      )}
                      <time dateTime={String(message.createdAt)} className="tabular">
                        {formatMessageTime(message.createdAt)}
                      </time>
                      {team && <span>{message.read ? t`Read` : t`Sent`}</span>}
                    </div>
                    <MessageContent requestId={requestId} message={message} right={team} />
                  </li>
                );
              })}
            </ScrollingThread>
          )}
        </AsyncView>
        {presence && <PresenceLine others={presence.others} className="-mb-2 flex flex-col gap-1" />}
        {collision.dialog}
        {closed ? (
          <ThreadClosed />
        ) : (
          <AdminComposer
            className="border-t border-stone pt-5"
            reply={{
              id: "admin-reply",
              label: t`Reply`,
              placeholder: t`Write to ${clientName}…`,
              send,
              onType: () => {
                collision.onType();
                presence?.onType();
              },
              pending: reply.isPending,
              className: "gap-3",
              snippets,
              snippetContext: {
                member_name: clientName,
                first_name: firstNameOf(clientName),
                request_title: requestTitle,
              },
              attachments,
            }}
            addNote={onNote}
            notePending={addNote.isPending}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** A message as the collision check reads it: another staff member's reply carries their name. */
const seenOf = (message: ThreadMessage): SeenMessage => ({
  id: message.id,
  otherStaff: !message.mine && message.sender?.isStaff ? senderLabel(message) : null,
});
