/**
 * The bell in the site header for signed-in visitors: the unread count (capped at 99+) and, on opening, the
 * newest ten notifications, each leading where it is about (and marked read on the way), with Mark all read.
 * Staff also find the full centre from here. Loaded on demand by the header (app/), never on a first visit.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Bell, CheckCheck } from "lucide-react";
import { Popover } from "radix-ui";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { useSession } from "@/client/lib/session";
import { toastFailure } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { formatBadgeCount, formatMessageTime } from "@/shared/format";
import {
  type Notification,
  notificationQueries,
  RECENT,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationsInReadersLanguage,
} from "../api";
import { NotificationLink, UnreadDot } from "./notification-parts";

export function NotificationMenu() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const unread = useQuery(notificationQueries.unread()).data ?? 0;
  const markAll = useMarkAllNotificationsRead();
  const { isStaff } = useSession();
  /** The list is fetched as the hand reaches for the bell, so it is usually there when the panel opens. */
  const prefetch = () => void queryClient.prefetchQuery(notificationQueries.list(RECENT));

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? t`Notifications, ${formatBadgeCount(unread)} unread` : t`Notifications`}
          onPointerEnter={prefetch}
          onFocus={prefetch}
          className="relative inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-noir transition-colors hover:bg-ivory-deep focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep data-[state=open]:bg-ivory-deep"
        >
          <Bell aria-hidden className="size-[1.15rem]" strokeWidth={1.5} />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notification-count"
              className="absolute top-0.5 right-0 flex h-[1.1rem] min-w-[1.1rem] items-center justify-center rounded-full bg-oxblood px-1 text-[0.62rem] leading-none font-semibold text-ivory tabular-nums"
            >
              {formatBadgeCount(unread)}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={10}
          collisionPadding={12}
          ref={panel}
          tabIndex={-1}
          aria-labelledby="notification-menu-title"
          onOpenAutoFocus={(event) => {
            // The newest notification first (not Mark all read, a keystroke from undoing every unread mark).
            event.preventDefault();
            (panel.current?.querySelector<HTMLElement>("ul a") ?? panel.current)?.focus();
          }}
          className="z-50 flex outline-none max-h-[min(34rem,calc(100dvh-6rem))] w-[min(23rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-lg border border-stone bg-popover text-popover-foreground shadow-[0_24px_48px_-28px_rgba(11,11,12,0.45)] data-[state=open]:animate-in data-[state=open]:fade-in-0"
        >
          <div className="flex items-center justify-between gap-3 border-b border-stone px-4 py-3">
            <h2 id="notification-menu-title" className="font-serif text-xl leading-none">
              {t`Notifications`}
              {unread > 0 && (
                <span className="ml-2 font-sans text-xs font-normal text-ink-muted tabular-nums">
                  {t`${formatBadgeCount(unread)} unread`}
                </span>
              )}
            </h2>
            <Button
              variant="ghost"
              size="sm"
              className="-mr-2 h-8 px-2.5"
              disabled={unread === 0 || markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onError: (error) => toastFailure(error, t`Failed to mark as read`),
                })
              }
            >
              <CheckCheck aria-hidden /> {t`Mark all read`}
            </Button>
          </div>
          <RecentNotifications onNavigate={() => setOpen(false)} />
          <div className="flex items-center justify-between gap-3 border-t border-stone bg-ivory-deep/50 px-4 py-2.5 text-xs">
            {isStaff ? (
              <Link
                to="/admin/notifications"
                onClick={() => setOpen(false)}
                className="underline underline-offset-4 hover:text-gold-deep"
              >
                {t`Open the notification centre`}
              </Link>
            ) : (
              <span className="text-ink-muted">{t`The newest ten`}</span>
            )}
            <Link
              to="/profile"
              onClick={() => setOpen(false)}
              className="underline underline-offset-4 hover:text-gold-deep"
            >
              {t`Email preferences`}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function RecentNotifications({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useLingui();
  const query = useQuery(notificationQueries.list(RECENT));
  useNotificationsInReadersLanguage();
  const markRead = useMarkNotificationRead();

  if (query.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4 px-4 py-4">
        <span className="sr-only">{t`Loading notifications`}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="h-3.5 w-3/5" />
            <Skeleton className="h-3 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-3 px-4 py-5">
        <p role="alert" className="text-sm text-oxblood">
          {errorMessage(query.error, t`Failed to load notifications`)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  }
  const items = query.data.items;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 px-6 py-10 text-center">
        <p className="font-serif text-xl">{t`You're all caught up`}</p>
        <p className="text-sm text-ink-muted">{t`News about your requests and messages appears here.`}</p>
      </div>
    );
  }

  function follow(item: Notification) {
    if (!item.read) markRead.mutate(item.id);
    if (item.link) onNavigate();
  }

  return (
    <ul
      aria-label={t`Newest notifications`}
      className="min-h-0 flex-1 divide-y divide-stone overflow-y-auto overscroll-contain"
    >
      {items.map((item) => (
        <li key={item.id}>
          <NotificationLink
            notification={item}
            onFollow={() => follow(item)}
            className={cn(
              "flex gap-3 px-4 py-3 text-left transition-colors focus-visible:bg-ivory-deep focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-deep",
              item.link && "hover:bg-ivory-deep",
            )}
          >
            <span className="flex w-2 shrink-0 justify-center pt-1.5">{!item.read && <UnreadDot />}</span>
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className={cn("text-sm text-noir", item.read ? "font-normal" : "font-semibold")}>{item.title}</span>
              {item.body && <span className="line-clamp-2 text-[0.8rem] text-ink-muted">{item.body}</span>}
              <time dateTime={String(item.createdAt)} className="tabular mt-0.5 text-xs text-ink-muted">
                {formatMessageTime(item.createdAt)}
              </time>
            </span>
          </NotificationLink>
        </li>
      ))}
    </ul>
  );
}
