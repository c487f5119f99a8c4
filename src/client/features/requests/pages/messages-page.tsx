import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { PageHeader } from "@/client/components/page-header";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { formatMessageTime } from "@/shared/format";
import { CATEGORY_LABELS } from "@/shared/labels";
import { type Conversation, requestQueries } from "../api";

/**
 * /messages: one conversation per request, newest activity first. `concierge` is the place of the Executive
 * Concierge card (a later issue composes it in from app/).
 */
export default function MessagesPage({ concierge }: { concierge?: ReactNode }) {
  const { t } = useLingui();
  useDocumentTitle(t`Messages`);
  const query = useQuery(requestQueries.conversations());
  return (
    <div className="mx-auto max-w-4xl px-6 py-14 sm:py-20">
      <PageHeader
        eyebrow={t`Your concierge`}
        title={t`Messages`}
        description={t`Your conversations with the team, one for each request.`}
      />
      <div className="mt-10 flex flex-col gap-8">
        {concierge}
        <section aria-labelledby="request-conversations">
          <h2 id="request-conversations" className="eyebrow text-ink-muted">
            {t`Request conversations`}
          </h2>
          <div className="mt-4">
            <AsyncView
              query={query}
              loading={<ListSkeleton label={t`Loading your conversations`} items={["h-24", "h-24", "h-24"]} />}
              errorFallback={t`Failed to load messages`}
              isEmpty={(data) => data.items.length === 0}
              empty={
                <EmptyState
                  title={t`No conversations yet`}
                  description={t`Each request you submit opens a private conversation with our team.`}
                  action={
                    <Button asChild>
                      <Link to="/new-request">{t`Create a Request`}</Link>
                    </Button>
                  }
                />
              }
            >
              {(data) => (
                <ul className="flex flex-col gap-3">
                  {data.items.map((item) => (
                    <ConversationRow key={item.id} item={item} />
                  ))}
                </ul>
              )}
            </AsyncView>
          </div>
        </section>
      </div>
    </div>
  );
}

function ConversationRow({ item }: { item: Conversation }) {
  const { t, i18n } = useLingui();
  const unread = item.unread;
  return (
    <li>
      <Link
        to={`/requests/${item.id}`}
        className="group flex items-center gap-4 rounded-lg border border-stone bg-card px-5 py-4 transition-colors hover:border-gold/60 hover:bg-ivory-deep/50 focus-visible:outline-2 focus-visible:outline-gold-deep"
      >
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate font-medium">{item.title}</span>
            <Badge variant="outline">{i18n._(CATEGORY_LABELS[item.category])}</Badge>
            {unread > 0 && <Badge variant="gold">{plural(unread, { one: "# new", other: "# new" })}</Badge>}
          </div>
          <p className="mt-1.5 truncate text-sm text-ink-muted">{item.lastMessage ?? t`No messages yet`}</p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-ink-muted">
          {item.lastMessageAt && (
            <time dateTime={String(item.lastMessageAt)} className="tabular">
              {formatMessageTime(item.lastMessageAt)}
            </time>
          )}
          <span className="tabular">{plural(item.messageCount, { one: "# message", other: "# messages" })}</span>
        </div>
        <ChevronRight
          aria-hidden
          className="size-4 shrink-0 text-ink-muted transition-transform group-hover:translate-x-0.5"
        />
      </Link>
    </li>
  );
}
