/**
 * /admin/notifications: the staff member's notification centre. Newest first; unread ones marked (a dot, the
 * title in bold, "Unread" for screen readers); filtered by type and to unread only, both in the URL so the
 * view survives a reload; Mark all read; a click on one marks it read and follows its link. Live through the
 * "notifications" topic.
 */
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Check, CheckCheck } from "lucide-react";
import { ToggleGroup } from "radix-ui";
import { useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { Button } from "@/client/components/ui/button";
import { Label } from "@/client/components/ui/label";
import { Switch } from "@/client/components/ui/switch";
import { i18n } from "@/client/lib/i18n";
import { toastFailure } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { formatBadgeCount, formatMessageTime } from "@/shared/format";
import {
  type Notification,
  type NotificationFilter,
  notificationQueries,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationsInReadersLanguage,
} from "../api";
import { NotificationLink, TYPE_FILTERS, TYPE_LABELS, UnreadDot } from "../components/notification-parts";

/** The newest 50 first; "Show older" asks for the most the server gives (100). */
const FIRST_PAGE = 50;
const MOST = 100;

interface View {
  type: NotificationFilter;
  unreadOnly: boolean;
}

/** The view from the URL; anything unknown falls back to its default. */
function readView(params: URLSearchParams): View {
  const type = params.get("type");
  return {
    type: TYPE_FILTERS.find((filter) => filter.value === type)?.value ?? "all",
    unreadOnly: params.get("unread") === "true",
  };
}

const FAILED_TO_MARK = msg`Failed to mark as read`;
const failedToMark = (error: unknown) => toastFailure(error, i18n._(FAILED_TO_MARK));

export default function AdminNotificationsPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  const [limit, setLimit] = useState(FIRST_PAGE);
  const query = useQuery(notificationQueries.list({ type: view.type, unreadOnly: view.unreadOnly, limit }));
  useNotificationsInReadersLanguage();
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unread ?? 0;
  const unreadSwitch = useId();

  function update(next: Partial<View>) {
    const merged = { ...view, ...next };
    const search = new URLSearchParams();
    if (merged.type !== "all") search.set("type", merged.type);
    if (merged.unreadOnly) search.set("unread", "true");
    setLimit(FIRST_PAGE);
    setParams(search, { replace: true });
  }

  const filtered = view.type !== "all" || view.unreadOnly;
  /** The filter chosen, with what it says when it finds nothing. */
  const chosen = TYPE_FILTERS.find((filter) => filter.value === view.type) ?? TYPE_FILTERS[0];
  const empty = !filtered ? (
    <EmptyState
      title={t`You're all caught up`}
      description={t`New requests, members' messages and status changes appear here as they happen.`}
    />
  ) : view.unreadOnly && view.type === "all" ? (
    <EmptyState
      title={t`You're all caught up`}
      description={t`Nothing unread.`}
      action={
        <Button variant="outline" size="sm" onClick={() => update({ unreadOnly: false })}>
          {t`Show all notifications`}
        </Button>
      }
    />
  ) : (
    <EmptyState
      title={view.unreadOnly ? t`You're all caught up` : i18n._(chosen.none)}
      description={view.unreadOnly ? i18n._(chosen.noneUnread) : undefined}
      action={
        <Button variant="outline" size="sm" onClick={() => update({ type: "all", unreadOnly: false })}>
          {t`Clear filters`}
        </Button>
      }
    />
  );

  return (
    <AdminPage
      width="4xl"
      eyebrow={t`Admin`}
      title={t`Notifications`}
      description={
        query.data ? (
          <span aria-live="polite" className="tabular">
            {unread === 0 ? t`Nothing unread.` : t`${formatBadgeCount(unread)} unread.`}
          </span>
        ) : undefined
      }
      actions={
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: failedToMark })}
        >
          <CheckCheck aria-hidden /> {markAll.isPending ? t`Marking…` : t`Mark all read`}
        </Button>
      }
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <ToggleGroup.Root
          type="single"
          value={view.type}
          onValueChange={(value) => value && update({ type: value as NotificationFilter })}
          aria-label={t`Filter by type`}
          className="inline-flex flex-wrap gap-1 self-start rounded-md border border-stone bg-card p-1"
        >
          {TYPE_FILTERS.map((filter) => (
            <ToggleGroup.Item
              key={filter.label.id}
              value={filter.value}
              className="h-8 cursor-pointer rounded-sm px-3 text-[0.8rem] font-medium text-ink-muted transition-colors hover:text-noir focus-visible:outline-2 focus-visible:outline-gold-deep data-[state=on]:bg-noir data-[state=on]:text-ivory"
            >
              {i18n._(filter.label)}
            </ToggleGroup.Item>
          ))}
        </ToggleGroup.Root>
        <div className="flex items-center gap-3">
          <Switch
            id={unreadSwitch}
            checked={view.unreadOnly}
            onCheckedChange={(unreadOnly) => update({ unreadOnly })}
          />
          <Label htmlFor={unreadSwitch} className="cursor-pointer text-sm">
            {t`Unread only`}
          </Label>
        </div>
      </div>
      <AsyncView
        query={query}
        loading={
          <ListSkeleton
            label={t`Loading notifications`}
            items={["h-[4.5rem]", "h-[4.5rem]", "h-[4.5rem]", "h-[4.5rem]"]}
          />
        }
        errorFallback={t`Failed to load notifications`}
        isEmpty={(data) => data.items.length === 0}
        empty={empty}
      >
        {(data) => (
          <div className="flex flex-col gap-4">
            <ul
              aria-label={t`Notifications`}
              aria-busy={query.isPlaceholderData || undefined}
              className={cn(
                "flex flex-col gap-2 transition-opacity",
                query.isPlaceholderData && "opacity-60 motion-reduce:opacity-100",
              )}
            >
              {data.items.map((item) => (
                <NotificationRow key={item.id} item={item} />
              ))}
            </ul>
            {data.items.length >= limit &&
              (limit < MOST ? (
                <Button variant="ghost" size="sm" className="self-center" onClick={() => setLimit(MOST)}>
                  {t`Show older`}
                </Button>
              ) : (
                <p className="text-center text-xs text-ink-muted">{t`The newest ${MOST} are shown.`}</p>
              ))}
          </div>
        )}
      </AsyncView>
    </AdminPage>
  );
}

function NotificationRow({ item }: { item: Notification }) {
  const { t, i18n } = useLingui();
  const markRead = useMarkNotificationRead();
  const row = useRef<HTMLLIElement>(null);
  const unread = !item.read;
  const read = () => {
    if (unread) markRead.mutate(item.id, { onError: failedToMark });
  };
  return (
    <li
      ref={row}
      tabIndex={-1}
      className={cn(
        "relative flex items-start gap-3 rounded-lg border px-4 py-3 transition-colors outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-gold-deep",
        unread ? "border-gold/60 bg-card" : "border-stone",
        item.link && "hover:bg-ivory-deep/70",
      )}
    >
      <span className="flex h-5 w-2 shrink-0 items-center">{unread && <UnreadDot />}</span>
      <div className="min-w-0 flex-1">
        <NotificationLink
          notification={item}
          onFollow={read}
          className={cn(
            "text-sm text-noir outline-none",
            unread ? "font-semibold" : "font-medium",
            // The whole row is the link's to click; the Mark read button sits above it.
            item.link && "after:absolute after:inset-0 after:rounded-lg after:content-['']",
          )}
        >
          {item.title}
        </NotificationLink>
        {item.body && <p className="mt-0.5 text-sm break-words text-ink-muted">{item.body}</p>}
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-ink-muted">
          <span>{i18n._(TYPE_LABELS[item.type])}</span>
          <span aria-hidden>·</span>
          <time dateTime={String(item.createdAt)} className="tabular">
            {formatMessageTime(item.createdAt)}
          </time>
        </p>
      </div>
      {unread && (
        <Button
          variant="ghost"
          size="sm"
          className="relative z-10 -my-1 shrink-0 px-3"
          onClick={() => {
            read();
            // The button goes with the unread mark: the keyboard's place stays on this row.
            row.current?.focus();
          }}
          disabled={markRead.isPending}
          aria-label={t`Mark read: ${item.title}`}
        >
          <Check aria-hidden />
          <span className="max-sm:sr-only">{t`Mark read`}</span>
        </Button>
      )}
    </li>
  );
}
