import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Mail, MessageSquare, Phone, Plus, ScrollText, X } from "lucide-react";
import { useCallback, useEffect, useMemo } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AsyncView } from "@/client/components/async-view";
import { ChatComposer, ScrollingThread } from "@/client/components/chat";
import { ConciergeCard, StaffAvatar } from "@/client/components/staff-card";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { ApiError, sharedText } from "@/client/lib/api";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { cn } from "@/client/lib/utils";
import { ERRORS } from "@/shared/contracts/common-texts";
import { REQUEST_CHANGE_MESSAGES, REQUEST_ERROR_TEXTS, REQUEST_ERRORS } from "@/shared/contracts/requests-texts";
import { formatLongDate, formatMessageTime } from "@/shared/format";
import { isMemberEditable } from "@/shared/requests";
import { type RequestDetail, requestQueries, useDeleteRequest, useSendMessage } from "../api";
import { EditRequestDialog, WithdrawRequest } from "../components/request-changes";
import { RequestDetailsCard } from "../components/request-details";
import { DeleteRequest, isNotFound, RequestEyebrow, RequestPage } from "../components/request-page";
import { TimelineCard } from "../components/request-timeline";
import { senderLabel, threadAttachments, useThreadActions } from "../components/thread-actions";
import { MessageContent, ThreadClosed } from "../components/thread-parts";

/** What another feature shows on the request's page (the quotes feature's proposal, hold and delivery). */
export type RequestPart = (request: RequestDetail) => React.ReactNode;
/**
 * The quote's option a message being written asks about, named by the quotes feature ("option 2: Kelly 28");
 * `onMissing` when the request's sent quotes have no such option (issue 34 item 2).
 */
export type OptionReference = (props: {
  requestId: string;
  optionId: string;
  onMissing: () => void;
}) => React.ReactNode;

/**
 * /requests/:id: the request, its attachment, its thread and what the member can do with it. `quote` is composed
 * in by app/pages/request-detail-route.tsx, above the details.
 */
export default function RequestDetailPage({
  requestQuotes,
  optionReference,
}: {
  requestQuotes?: RequestPart;
  optionReference?: OptionReference;
}) {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const query = useQuery(requestQueries.detail(id));
  useDocumentTitle(query.data?.title ?? t`Request`);

  const error = query.error;
  // Another member's request, or one that is not there: the server answers both alike (404, the spec's "You do
  // not have permission to view this request", decision 038); the page says so and goes back to the list.
  const notTheirs =
    error instanceof ApiError &&
    (error.status === 403 || (error.status === 404 && error.key === REQUEST_ERROR_TEXTS.noPermission.id));
  const notFound = !notTheirs && isNotFound(error);
  useEffect(() => {
    if (!error) return;
    if (notTheirs) {
      toast.error(sharedText(REQUEST_ERRORS.noPermission));
      navigate("/requests", { replace: true });
    } else if (notFound) {
      toast.error(sharedText(ERRORS.requestNotFound));
    } else {
      toast.error(t`Failed to load request`);
      navigate("/requests", { replace: true });
    }
  }, [error, notTheirs, notFound, navigate, t]);

  return (
    <RequestPage
      query={query}
      back="/requests"
      className="mx-auto max-w-6xl px-6 py-10 sm:py-14"
      otherError={() => null}
    >
      {(request) => <RequestView request={request} requestQuotes={requestQuotes} optionReference={optionReference} />}
    </RequestPage>
  );
}

function RequestView({
  request,
  requestQuotes,
  optionReference,
}: {
  request: RequestDetail;
  requestQuotes?: RequestPart;
  optionReference?: OptionReference;
}) {
  const { t } = useLingui();
  const submitted = formatLongDate(request.createdAt);
  return (
    <>
      <header>
        <RequestEyebrow request={request} />
        <h1 className="mt-3 text-4xl break-words sm:text-5xl">{request.title}</h1>
        <p className="mt-3 text-sm text-ink-muted">{t`Submitted ${submitted}`}</p>
        {request.status === "Withdrawn" && (
          <p className="mt-6 max-w-2xl rounded-md border border-stone bg-ivory-deep px-4 py-3 text-sm leading-relaxed">
            {t`You withdrew this request. Its details and messages stay here to read.`}
          </p>
        )}
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-8 lg:col-span-2">
          {requestQuotes?.(request)}
          <RequestDetailsCard request={request} />
          <MessagesCard
            requestId={request.id}
            closed={request.status === "Withdrawn"}
            optionReference={optionReference}
          />
        </div>
        <aside className="flex flex-col gap-8">
          <Card>
            <CardContent className="pt-6">
              <ConciergeCard card={request.concierge} />
            </CardContent>
          </Card>
          <TimelineCard requestId={request.id} />
          <ContactCard request={request} />
          <QuickActions request={request} />
        </aside>
      </div>
    </>
  );
}

function MessagesCard({
  requestId,
  closed,
  optionReference,
}: {
  requestId: string;
  closed: boolean;
  optionReference?: OptionReference;
}) {
  const { t } = useLingui();
  const thread = useQuery(requestQueries.thread(requestId));
  const send = useSendMessage(requestId);
  const fromOthers = thread.data?.messages.filter((m) => !m.mine).length ?? 0;
  // 'Ask about this option' (the quotes feature) names the option in the address: the message carries it.
  const [params, setParams] = useSearchParams();
  const about = (optionReference && params.get("about")) || null;
  const clearAbout = useCallback(
    () =>
      setParams(
        (next) => {
          next.delete("about");
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  useEffect(() => {
    if (!about) return;
    const box = document.getElementById("message-body");
    box?.scrollIntoView({ block: "center" });
    box?.focus({ preventScroll: true });
  }, [about]);

  // Opening the request, and every new message from the team, marks the thread read.
  const onSend = useThreadActions(requestId, thread.isSuccess, fromOthers, async (body, fileIds) => {
    await send.mutateAsync({ body, fileIds, ...(about ? { aboutOptionId: about } : {}) });
    if (about) clearAbout();
  });
  const attachments = useMemo(() => threadAttachments(requestId), [requestId]);

  return (
    <Card>
      <CardHeading
        title={t`Messages`}
        icon={MessageSquare}
        description={t`Your private thread with the concierge team about this request.`}
      />
      <CardContent className="flex flex-col gap-5">
        <AsyncView
          query={thread}
          loadingLabel={t`Loading messages`}
          errorFallback={t`Failed to load messages`}
          isEmpty={(data) => data.messages.length === 0}
          empty={
            <p className="rounded-md border border-dashed border-stone-dark px-4 py-8 text-center text-sm text-ink-muted">
              {closed ? t`No messages.` : t`No messages yet. Write to the team below.`}
            </p>
          }
        >
          {(data) => (
            // Newest at the bottom: the list scrolls down as messages arrive.
            <ScrollingThread label={t`Messages`} count={data.messages.length} className="max-h-96 gap-4">
              {data.messages.map((message) => (
                <li key={message.id} className={cn("flex flex-col gap-1", message.mine ? "items-end" : "items-start")}>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                    {message.sender?.isStaff && !message.mine && (
                      <StaffAvatar size="sm" name={senderLabel(message)} photoUrl={message.sender.photoUrl} />
                    )}
                    <span className="font-medium text-noir">{senderLabel(message)}</span>
                    {message.sender?.isStaff && !message.mine && (
                      <span className="eyebrow text-[0.6rem] text-gold-deep">{t`Maison team`}</span>
                    )}
                    <time dateTime={String(message.createdAt)} className="tabular">
                      {formatMessageTime(message.createdAt)}
                    </time>
                    {message.mine && <span>{message.read ? t`Read` : t`Sent`}</span>}
                  </div>
                  <MessageContent requestId={requestId} message={message} right={message.mine} />
                </li>
              ))}
            </ScrollingThread>
          )}
        </AsyncView>
        {about && optionReference && !closed && (
          <div className="-mb-2 flex items-center justify-between gap-3 rounded-md border border-gold/40 bg-gold/10 py-1 pr-1 pl-3 text-sm">
            <span className="flex min-w-0 items-center gap-2">
              <ScrollText aria-hidden className="size-4 shrink-0 text-gold-deep" />
              <span className="min-w-0 break-words">
                {t`Asking about`} {optionReference({ requestId, optionId: about, onMissing: clearAbout })}
              </span>
            </span>
            <Button variant="ghost" size="icon" aria-label={t`Stop asking about this option`} onClick={clearAbout}>
              <X />
            </Button>
          </div>
        )}
        {closed ? (
          <ThreadClosed />
        ) : (
          <ChatComposer
            id="message-body"
            label={t`Your message`}
            placeholder={t`Write to the team…`}
            send={onSend}
            pending={send.isPending}
            trim={false}
            attachments={attachments}
            className="gap-3 border-t border-stone pt-5"
          />
        )}
      </CardContent>
    </Card>
  );
}

function ContactCard({ request }: { request: RequestDetail }) {
  const { t } = useLingui();
  return (
    <Card>
      <CardHeading title={t`Contact`} description={t`Where our team will reach you about this request.`} />
      <CardContent className="flex flex-col gap-4 text-sm">
        <p className="font-medium">{request.client.name}</p>
        <a href={`tel:${request.phoneNumber}`} className="flex items-center gap-3 hover:underline">
          <Phone aria-hidden className="size-4 text-gold-deep" strokeWidth={1.5} />
          <span className="tabular">{request.phoneNumber}</span>
        </a>
        <a href={`mailto:${request.client.email}`} className="flex items-center gap-3 break-all hover:underline">
          <Mail aria-hidden className="size-4 shrink-0 text-gold-deep" strokeWidth={1.5} />
          {request.client.email}
        </a>
      </CardContent>
    </Card>
  );
}

/** The member's actions on their request; Delete only while no money has moved on it (issue 30 item 4). */
export function QuickActions({ request }: { request: RequestDetail }) {
  const { t } = useLingui();
  const remove = useDeleteRequest();

  return (
    <Card>
      <CardHeading title={t`Quick Actions`} />
      <CardContent className="flex flex-col gap-3">
        {isMemberEditable(request.status) ? (
          <>
            <EditRequestDialog request={request} />
            <WithdrawRequest request={request} />
          </>
        ) : (
          request.status !== "Withdrawn" && (
            <p className="text-sm text-ink-muted">{sharedText(REQUEST_CHANGE_MESSAGES.locked)}</p>
          )
        )}
        <Button variant="outline" asChild className="justify-start">
          <Link to="/messages">
            <MessageSquare /> {t`View All Messages`}
          </Link>
        </Button>
        <Button variant="outline" asChild className="justify-start">
          <Link to="/new-request">
            <Plus /> {t`Create New Request`}
          </Link>
        </Button>
        {request.deletable && (
          <DeleteRequest
            request={request}
            remove={remove}
            back="/requests"
            forbidden={t`You do not have permission to delete this request`}
          />
        )}
      </CardContent>
    </Card>
  );
}
