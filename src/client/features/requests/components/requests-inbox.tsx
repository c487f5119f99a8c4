/**
 * The staff inbox's Requests tab: members' request messages this staff member has not read, newest first, with
 * Mark as read, Open request, and Mark as unread on those just marked (so a message opened but not yet answered
 * is not forgotten): they stay listed, dimmed, until the tab is left.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Check, ExternalLink, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";
import { formatMessageTime } from "@/shared/format";
import { type AdminUnreadMessage, requestsAdminQueries, useMarkInboxMessage } from "../admin-api";

/** The tab's count: unread request messages. */
export function useRequestsInboxCount() {
  return useQuery(requestsAdminQueries.inbox()).data?.items.length;
}

export function RequestsInbox() {
  const { t } = useLingui();
  const query = useQuery(requestsAdminQueries.inbox());
  const mark = useMarkInboxMessage();
  /** Marked read here: kept in view, with Mark as unread. */
  const [justRead, setJustRead] = useState<Record<string, AdminUnreadMessage>>({});

  async function markRead(item: AdminUnreadMessage) {
    try {
      await mark.mutateAsync({ id: item.id, read: true });
      setJustRead((previous) => ({ ...previous, [item.id]: item }));
    } catch {
      toast.error(t`Failed to mark as read`);
    }
  }

  async function markUnread(item: AdminUnreadMessage) {
    try {
      await mark.mutateAsync({ id: item.id, read: false });
      setJustRead(({ [item.id]: _removed, ...rest }) => rest);
    } catch {
      toast.error(t`Failed to mark as unread`);
    }
  }

  return (
    <AsyncView
      query={query}
      loadingLabel={t`Loading messages`}
      errorFallback={t`Failed to load messages`}
      isEmpty={(data) => data.items.length === 0 && Object.keys(justRead).length === 0}
      empty={<EmptyState title={t`All caught up`} description={t`No unread messages from members.`} />}
    >
      {(data) => {
        const unread = new Set(data.items.map((item) => item.id));
        const items = [...data.items, ...Object.values(justRead).filter((item) => !unread.has(item.id))].sort((a, b) =>
          String(b.createdAt).localeCompare(String(a.createdAt)),
        );
        return (
          <ul aria-label={t`Unread request messages`} className="flex flex-col gap-2">
            {items.map((item) => {
              const read = !unread.has(item.id);
              return (
                <li
                  key={item.id}
                  aria-label={`${item.member.name}: ${item.request.title}`}
                  className={cn(
                    "flex flex-col gap-3 rounded-lg border px-5 py-4 sm:flex-row sm:items-start",
                    read ? "border-stone bg-ivory-deep/40" : "border-gold/60 bg-card",
                  )}
                >
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-xs text-ink-muted">
                      <span className={cn("text-sm text-noir", read ? "font-medium" : "font-semibold")}>
                        {item.member.name}
                      </span>
                      <span className="truncate">{item.member.email}</span>
                      <time dateTime={String(item.createdAt)} className="tabular">
                        {formatMessageTime(item.createdAt)}
                      </time>
                      {read && <span className="text-forest">{t`Read`}</span>}
                    </div>
                    <p className="mt-1 text-xs font-medium text-gold-deep">{item.request.title}</p>
                    <p className="mt-1.5 text-sm whitespace-pre-wrap break-words">{item.body}</p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {read ? (
                      <Button size="sm" variant="ghost" onClick={() => void markUnread(item)} disabled={mark.isPending}>
                        <Undo2 /> {t`Mark as unread`}
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline" onClick={() => void markRead(item)} disabled={mark.isPending}>
                        <Check /> {t`Mark as read`}
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" asChild>
                      <Link to={`/admin/requests/${item.request.id}`}>
                        <ExternalLink /> {t`Open request`}
                      </Link>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        );
      }}
    </AsyncView>
  );
}
