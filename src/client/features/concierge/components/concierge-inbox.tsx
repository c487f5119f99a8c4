/**
 * The staff inbox's Concierge tab: conversations by member, newest first, with their unread counts and owners
 * ('Assigned to me' and 'Unassigned' filters, issue 22 item 1); the chosen member's thread (opening it marks
 * their messages read), its owner's select and the reply box. The chosen member and the filter are in the URL
 * (`member`, `assignee`), so a conversation can be linked to and survives a reload.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageCircle } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useMemo } from "react";
import { toast } from "sonner";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { AdminComposer, addNoteWithToast } from "@/client/components/internal-note";
import { MemberLanguageNote } from "@/client/components/member-language";
import { OwnerSelect } from "@/client/components/owner-select";
import {
  type ConversationPresence,
  PresenceLine,
  type SeenMessage,
  useCollisionGuard,
} from "@/client/components/presence";
import type { SnippetSource } from "@/client/components/snippet-picker";
import { Badge } from "@/client/components/ui/badge";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { formatMessageTime } from "@/shared/format";
import type { Locale } from "@/shared/locales";
import { firstNameOf } from "@/shared/replies";
import {
  type AssigneeFilter,
  type ConciergeConversation,
  conciergeAttachments,
  conciergeFileUrl,
  conciergeQueries,
  markMemberThreadRead,
  useAddConciergeNote,
  useAssignConversation,
  useConciergeReply,
} from "../api";
import { useTypingIndicator, useTypingSignal } from "../use-typing";
import { Avatar, ChatThread, TypingLine } from "./chat";

/** The tab's count: unread messages from members, across conversations. */
export function useConciergeInboxCount() {
  const query = useQuery(conciergeQueries.conversations());
  return query.data?.items.reduce((sum, item) => sum + item.unread, 0);
}

type Staff = { id: string; name: string };

export function ConciergeInbox({
  memberId,
  onSelect,
  snippets,
  assignee = "all",
  onAssigneeChange,
  staff,
  presence,
}: {
  memberId: string | null;
  onSelect: (memberId: string) => void;
  /** Who else has the chosen conversation open and who is typing (decision 051), composed in by the route. */
  presence?: ConversationPresence;
  /** Saved replies for the reply box, composed in by the inbox's route. */
  snippets?: SnippetSource;
  /** The owner filter, and the staff who may own a conversation (composed in by the inbox's route). */
  assignee?: AssigneeFilter;
  onAssigneeChange?: (assignee: AssigneeFilter) => void;
  staff?: Staff[];
}) {
  const { t } = useLingui();
  const query = useQuery(conciergeQueries.conversations(assignee));
  const all = useQuery({ ...conciergeQueries.conversations(), enabled: Boolean(memberId) && assignee !== "all" });
  const selected =
    (query.data?.items ?? []).find((item) => item.userId === memberId) ??
    all.data?.items.find((item) => item.userId === memberId) ??
    null;
  return (
    // From lg up the conversation fits the window under the inbox's header and tabs (about 21rem at 1440 × 900),
    // its thread scrolling inside, so the reply box and Send Reply stay in view.
    <div className="grid min-h-[32rem] gap-4 lg:h-[max(30rem,calc(100dvh-22rem))] lg:grid-cols-[20rem_1fr]">
      <section aria-labelledby="concierge-conversations" className="flex min-w-0 flex-col gap-3 lg:min-h-0">
        <div className="flex items-center justify-between gap-3">
          <h2 id="concierge-conversations" className="eyebrow text-ink-muted">
            {t`Conversations`}
          </h2>
          {onAssigneeChange && (
            <Select value={assignee} onValueChange={(value) => onAssigneeChange(value as AssigneeFilter)}>
              <SelectTrigger aria-label={t`Filter conversations by owner`} className="h-8 w-40 text-xs">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">{t`Everyone's`}</SelectItem>
                <SelectItem value="me">{t({ message: "Assigned to me", context: "conversations" })}</SelectItem>
                <SelectItem value="none">{t`Unassigned`}</SelectItem>
              </SelectContent>
            </Select>
          )}
        </div>
        <AsyncView
          query={query}
          loadingLabel={t`Loading conversations`}
          errorFallback={t`Failed to load messages`}
          isEmpty={(data) => data.items.length === 0}
          empty={
            assignee === "all" ? (
              <EmptyState
                title={t`No conversations yet`}
                description={t`Gold and Black members' messages appear here.`}
              />
            ) : (
              <EmptyState
                title={assignee === "me" ? t`None assigned to you` : t`Every conversation has an owner`}
                description={t`Choose Everyone's to see them all.`}
              />
            )
          }
        >
          {(data) => (
            <ul aria-label={t`Concierge conversations`} className="flex flex-col gap-1.5 lg:min-h-0 lg:overflow-y-auto">
              {data.items.map((item) => (
                <ConversationButton
                  key={item.userId}
                  item={item}
                  active={item.userId === memberId}
                  onSelect={() => onSelect(item.userId)}
                />
              ))}
            </ul>
          )}
        </AsyncView>
      </section>
      <section
        aria-label={selected ? t`Conversation with ${selected.name}` : t`Conversation`}
        className="flex min-h-0 min-w-0 flex-col rounded-lg border border-stone bg-card"
      >
        {memberId ? (
          <MemberThread
            memberId={memberId}
            name={selected?.name ?? t`Member`}
            email={selected?.email}
            language={selected?.language}
            snippets={snippets}
            owner={selected?.assignee ?? null}
            staff={staff}
            presence={presence}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center text-ink-muted">
            <MessageCircle aria-hidden className="size-8 text-gold-deep" strokeWidth={1.25} />
            <p className="text-sm">{t`Select a conversation to read it and reply.`}</p>
          </div>
        )}
      </section>
    </div>
  );
}

function ConversationButton({
  item,
  active,
  onSelect,
}: {
  item: ConciergeConversation;
  active: boolean;
  onSelect: () => void;
}) {
  const { t } = useLingui();
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={active ? "true" : undefined}
        className={cn(
          "flex w-full cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-gold-deep",
          active ? "border-gold bg-ivory-deep" : "border-stone bg-card hover:bg-ivory-deep/60",
        )}
      >
        <Avatar name={item.name || item.email} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className={cn("truncate text-sm", item.unread > 0 ? "font-semibold" : "font-medium")}>
              {item.name || item.email}
            </span>
            {item.unread > 0 && (
              <Badge variant="gold" className="ml-auto" aria-label={t`${item.unread} unread`}>
                {item.unread}
              </Badge>
            )}
          </span>
          <span className="mt-0.5 block truncate text-xs text-ink-muted">{item.lastMessage}</span>
          {item.assignee && (
            <span className="mt-0.5 block truncate text-[0.7rem] text-gold-deep">{t`Owner: ${item.assignee.name}`}</span>
          )}
          <time dateTime={String(item.lastMessageAt)} className="tabular mt-0.5 block text-[0.7rem] text-ink-muted">
            {formatMessageTime(item.lastMessageAt)}
          </time>
        </span>
      </button>
    </li>
  );
}

/** The conversation's owner, a compact select of the staff with "Unassigned". */
function ConversationOwner({
  memberId,
  name,
  owner,
  staff,
}: {
  memberId: string;
  name: string;
  owner: Staff | null;
  staff: Staff[];
}) {
  const { t } = useLingui();
  const assign = useAssignConversation();
  async function change(userId: string | null) {
    try {
      const result = await assign.mutateAsync({ memberId, userId });
      toast.success(result.assignee ? t`Assigned to ${result.assignee.name}` : t`Unassigned`);
    } catch (error) {
      toastFailure(error, t`Failed to assign`);
    }
  }
  return (
    <OwnerSelect
      owner={owner}
      staff={staff}
      label={t`Owner of the conversation with ${name}`}
      unassigned={t`Unassigned`}
      onChange={(userId) => void change(userId)}
      disabled={assign.isPending}
      className="ml-auto h-8 w-40 text-xs"
    />
  );
}

/**
 * A member's concierge chat in the staff inbox's pane (issue 31, item 1): the thread, its owner and the composer.
 */
export function ConciergeConversationPane(props: React.ComponentProps<typeof MemberThread>) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <MemberThread {...props} />
    </div>
  );
}

function MemberThread({
  memberId,
  name,
  email,
  language,
  snippets,
  owner,
  staff,
  presence,
}: {
  memberId: string;
  name: string;
  email?: string;
  language?: Locale;
  snippets?: SnippetSource;
  owner: Staff | null;
  staff?: Staff[];
  presence?: ConversationPresence;
}) {
  const { t } = useLingui();
  const query = useQuery(conciergeQueries.memberThread(memberId));
  const reply = useConciergeReply(memberId);
  const notes = useQuery(conciergeQueries.memberNotes(memberId));
  const addNote = useAddConciergeNote(memberId);

  const onNote = (text: string) => addNoteWithToast(addNote, text);
  const typingSignal = useTypingSignal(memberId);
  const fromMember = query.data?.messages.filter((m) => m.senderRole === "user").length ?? 0;
  const typing = useTypingIndicator(memberId, fromMember);

  useEffect(() => {
    if (query.isError) toast.error(t`Failed to load messages`);
  }, [query.isError, t]);

  // Opening the conversation, and every new message from the member while it is open, reads them.
  const unread = query.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void markMemberThreadRead(memberId).catch(() => undefined);
  }, [memberId, unread]);

  const attachments = useMemo(() => conciergeAttachments(memberId), [memberId]);

  // The soft check before sending: another staff member's reply since this draft began (decision 051).
  const me = useSession().user?.id;
  const queryClient = useQueryClient();
  const messages = query.data?.messages;
  const seenOf = useCallback(
    (m: { id: string; senderRole: string; staffId?: string | null; staffName: string | null }): SeenMessage => ({
      id: m.id,
      otherStaff: m.senderRole === "admin" && m.staffId !== me ? (m.staffName ?? "") || null : null,
    }),
    [me],
  );
  const latest = useCallback(() => messages?.map(seenOf), [messages, seenOf]);
  const current = useCallback(
    async () =>
      (await queryClient.fetchQuery({ ...conciergeQueries.memberThread(memberId), staleTime: 0 })).messages.map(seenOf),
    [queryClient, memberId, seenOf],
  );
  const collision = useCollisionGuard(latest, current);

  const onSend = collision.guard(async (text: string, fileIds: string[]) => {
    try {
      await reply.mutateAsync({ reply: text, fileIds });
      typingSignal.reset();
      presence?.onSent();
      toast.success(t`Reply sent successfully`);
      return true;
    } catch (error) {
      toastFailure(error, t`Failed to send reply`);
      return false;
    }
  });

  return (
    <>
      <header className="flex items-center gap-3 border-b border-stone px-5 py-3">
        <Avatar name={name} />
        <div className="min-w-0">
          <h2 className="truncate font-medium">{name}</h2>
          {email && (
            <p className="truncate text-xs text-ink-muted">
              {email}
              {language && <MemberLanguageNote locale={language} />}
            </p>
          )}
        </div>
        {staff && <ConversationOwner memberId={memberId} name={name} owner={owner} staff={staff} />}
      </header>
      <div className="flex min-h-0 flex-1 flex-col gap-3 px-5 pt-4">
        <AsyncView
          query={query}
          loadingLabel={t`Loading messages`}
          loading={<ListSkeleton label={t`Loading messages`} items={["h-14 w-2/3", "ml-auto h-14 w-1/2"]} />}
          errorFallback={t`Failed to load messages`}
        >
          {(thread) => (
            <ChatThread
              messages={thread.messages}
              notes={notes.data?.notes ?? []}
              side="staff"
              memberName={name}
              className="max-h-[26rem] lg:max-h-none lg:min-h-0 lg:flex-1"
              fileUrl={(fileId) => conciergeFileUrl(fileId, memberId)}
            />
          )}
        </AsyncView>
        <TypingLine visible={typing} who={name} />
        {presence && <PresenceLine others={presence.others} className="flex flex-col gap-1" />}
        {collision.dialog}
      </div>
      {/* Should the window be shorter still, the reply box stays at its bottom edge. */}
      <div className="rounded-b-lg border-t border-stone bg-card px-5 py-4 lg:sticky lg:bottom-0">
        <AdminComposer
          key={memberId}
          reply={{
            id: "concierge-reply",
            label: t`Reply to ${name}`,
            placeholder: t`Write a reply…`,
            send: onSend,
            pending: reply.isPending,
            onType: () => {
              typingSignal.signal();
              collision.onType();
              presence?.onType();
            },
            submitLabel: t`Send Reply`,
            snippets,
            snippetContext: { member_name: name, first_name: firstNameOf(name) },
            attachments,
          }}
          addNote={onNote}
          notePending={addNote.isPending}
        />
      </div>
    </>
  );
}
