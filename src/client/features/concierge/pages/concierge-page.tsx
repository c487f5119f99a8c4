import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Crown } from "lucide-react";
import { useEffect, useMemo } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { ChatComposer } from "@/client/components/chat";
import { PageHeader } from "@/client/components/page-header";
import { ConciergeCard } from "@/client/components/staff-card";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { ApiError, errorMessage } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import {
  type ConciergeThread,
  conciergeAttachments,
  conciergeFileUrl,
  conciergeQueries,
  markConciergeRead,
  useSendConciergeMessage,
} from "../api";
import { ChatThread, TypingLine } from "../components/chat";
import { ReplyTime } from "../components/reply-time";
import { useTypingIndicator, useTypingSignal } from "../use-typing";

/**
 * /messages?view=concierge: the member's chat with the Executive Concierge (Gold and Black). The server decides
 * who may read it: others are told why; a member who downgraded keeps reading their history, without a composer.
 */
export default function ConciergePage({ teamStatus }: { teamStatus?: React.ReactNode }) {
  const { t } = useLingui();
  useDocumentTitle(t`Executive Concierge`);
  const query = useQuery(conciergeQueries.thread());
  const refused = query.error instanceof ApiError && query.error.status === 403;

  return (
    <div className="mx-auto max-w-4xl px-6 py-10 sm:py-14">
      <Button variant="ghost" size="sm" asChild className="-ml-3">
        <Link to="/messages">
          <ArrowLeft /> {t`Back to Messages`}
        </Link>
      </Button>
      <PageHeader
        className="mt-6"
        eyebrow={
          <>
            <Crown aria-hidden className="size-4" strokeWidth={1.5} /> {t`Gold & Black`}
          </>
        }
        title={t`Executive Concierge`}
      />
      <div className="mt-8">
        <AsyncView
          query={query}
          loadingLabel={t`Loading your conversation`}
          loading={
            <div role="status" className="flex flex-col gap-4">
              <span className="sr-only">{t`Loading your conversation`}</span>
              <Skeleton className="h-16" />
              <Skeleton className="h-96" />
            </div>
          }
          errorFallback={t`Failed to load messages`}
          error={
            refused
              ? (error) => (
                  <EmptyState
                    title={t`Gold and Black members only`}
                    description={errorMessage(error)}
                    action={
                      <Button asChild>
                        <Link to="/pricing">{t`View Membership Plans`}</Link>
                      </Button>
                    }
                  />
                )
              : undefined
          }
        >
          {(thread) => <ConciergeChat thread={thread} teamStatus={teamStatus} />}
        </AsyncView>
      </div>
    </div>
  );
}

/** `teamStatus`: whether the team is online now (the presence feature's, composed in by app/). */
function ConciergeChat({ thread, teamStatus }: { thread: ConciergeThread; teamStatus?: React.ReactNode }) {
  const { t } = useLingui();
  const session = useSession();
  const send = useSendConciergeMessage();
  const typingSignal = useTypingSignal();
  const fromStaff = thread.messages.filter((m) => m.senderRole === "admin").length;
  const typing = useTypingIndicator("any", fromStaff);
  const memberName = session.profile?.name || session.user?.name || session.user?.email || t`You`;
  const attachments = useMemo(() => conciergeAttachments(), []);

  // Opening the view, and every new message from the team while it is open, marks the team's messages read.
  useEffect(() => {
    if (thread.unread > 0) void markConciergeRead().catch(() => undefined);
  }, [thread.unread]);

  async function onSend(text: string, fileIds: string[]) {
    try {
      await send.mutateAsync({ message: text, fileIds });
      typingSignal.reset();
      toast.success(t`Message sent to your concierge team`);
      return true;
    } catch (error) {
      toastFailure(error, t`Failed to send message`);
      return false;
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2 rounded-lg border border-gold/60 bg-ivory-deep/60 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">{t`As a Gold/Black member, you have direct access to our executive concierge team.`}</p>
        <div className="flex shrink-0 flex-col gap-0.5 text-xs text-ink-muted sm:items-end">
          {teamStatus}
          <ReplyTime />
        </div>
      </div>
      <Card>
        <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
          <ConciergeCard card={thread.concierge} className="border-b border-stone pb-4" />
          {thread.messages.length === 0 ? (
            <p className="rounded-md border border-dashed border-stone-dark px-4 py-10 text-center text-sm text-ink-muted">
              {t`No messages yet. Tell us what you are looking for: our concierge team is here for you.`}
            </p>
          ) : (
            <ChatThread
              messages={thread.messages}
              side="member"
              memberName={memberName}
              className="max-h-[28rem] min-h-48"
              fileUrl={(fileId) => conciergeFileUrl(fileId)}
            />
          )}
          <TypingLine visible={typing} who={t`Your concierge`} />
          <div className="border-t border-stone pt-5">
            {thread.canSend ? (
              <ChatComposer
                id="concierge-message"
                label={t`Your message`}
                placeholder={t`Write to your concierge…`}
                send={onSend}
                pending={send.isPending}
                onType={typingSignal.signal}
                attachments={attachments}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
                <p>{t`Your history stays here. Writing to the concierge is part of the Gold and Black memberships.`}</p>
                <Button variant="outline" size="sm" asChild>
                  <Link to="/pricing">{t`View Membership Plans`}</Link>
                </Button>
              </div>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
