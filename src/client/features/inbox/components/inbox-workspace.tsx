/**
 * The staff's inbox (issue 31, items 1 and 2): one list of conversations — requests, the concierge, sales — who
 * waits longest first, and the chosen one beside it (on a phone, full screen with a back button) with its thread,
 * composer and quick actions, so a reply never needs a page change. The conversation's own screen comes from its
 * domain, composed in by the route (`renderPane`). Filters, sort and the open conversation are in the URL.
 * Keyboard: j/k move, Enter opens, r reply, e done, a assign to me, s snooze, x select, Esc back, ? the keys.
 */
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { AlarmClock, ArrowLeft, CheckCheck, Inbox, Keyboard, MoonStar, UserPlus } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { EmptyState, ListSkeleton } from "@/client/components/async-view";
import { type Owner, OwnerSelect } from "@/client/components/owner-select";
import { ServiceClock } from "@/client/components/service-clock";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { toastFailure } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import {
  CONVERSATION_KINDS,
  type ConversationKey,
  type ConversationKind,
  INBOX_OWNERS,
  INBOX_SHOWS,
  INBOX_SORTS,
  type InboxOwner,
  type InboxShow,
  type InboxSort,
} from "@/shared/contracts/inbox";
import { formatBadgeCount, formatDuration, formatMessageTime } from "@/shared/format";
import { planLabel } from "@/shared/plans";
import {
  type Conversation,
  conversationKey,
  type InboxFilters,
  inboxQueries,
  useInboxAction,
  useSnooze,
  useUnsnooze,
} from "../api";
import { KeysDialog, useInboxKeys } from "./inbox-keys";
import { SnoozeDialog } from "./snooze-dialog";

const pick = <T extends string>(value: string | null, choices: readonly T[], fallback: T): T =>
  choices.includes(value as T) ? (value as T) : fallback;

/** The filters and the open conversation, from and to the URL. */
function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const filters: InboxFilters = {
    kind: CONVERSATION_KINDS.includes(params.get("kind") as ConversationKind)
      ? (params.get("kind") as ConversationKind)
      : undefined,
    owner: pick<InboxOwner>(params.get("owner"), INBOX_OWNERS, "all"),
    show: pick<InboxShow>(params.get("show"), INBOX_SHOWS, "open"),
    sort: pick<InboxSort>(params.get("sort"), INBOX_SORTS, "waiting"),
  };
  const open = params.get("open");
  const set = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null) next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { filters, open, set };
}

const keyOf = (c: Conversation): ConversationKey => ({ kind: c.kind, id: c.id });

export function InboxWorkspace({
  viewerId,
  staff,
  renderPane,
}: {
  /** The signed-in staff member ('a' assigns to them). */
  viewerId: string | null;
  /** The staff a conversation can be given to (the bulk bar's "Assign to"); composed in by the route. */
  staff?: Owner[];
  /** The conversation's own screen (its thread, composer and facts), from its domain. */
  renderPane: (conversation: Conversation) => React.ReactNode;
}) {
  const { t } = useLingui();
  const { filters, open, set } = useInboxParams();
  const query = useInfiniteQuery(inboxQueries.list(filters));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const first = query.data?.pages[0];
  const [cursor, setCursor] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [snoozing, setSnoozing] = useState<Conversation[] | null>(null);
  const [showKeys, setShowKeys] = useState(false);
  const pane = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const action = useInboxAction();
  const snooze = useSnooze();
  const unsnooze = useUnsnooze();
  const queryClient = useQueryClient();

  // The conversation stays open while it leaves the list (snoozed, done): kept from the last rows it was in.
  const lastOpen = useRef<Conversation | null>(null);
  const fromRows = open ? (rows.find((c) => conversationKey(c) === open) ?? null) : null;
  if (fromRows) lastOpen.current = fromRows;
  const opened = open
    ? (fromRows ?? (lastOpen.current && conversationKey(lastOpen.current) === open ? lastOpen.current : null))
    : null;

  // The keyboard's cursor follows the open conversation.
  useEffect(() => {
    if (!open) return;
    const index = rows.findIndex((c) => conversationKey(c) === open);
    if (index >= 0) setCursor(index);
  }, [open, rows]);

  // A snooze ends on the clock: the list refetches when the earliest one does.
  const nextWake = first?.nextWake;
  useEffect(() => {
    if (!nextWake) return;
    const wait = new Date(nextWake).getTime() - Date.now() + 1000;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: inboxQueries.all }),
      Math.max(1000, Math.min(wait, 2 ** 31 - 1)),
    );
    return () => window.clearTimeout(timer);
  }, [nextWake, queryClient]);

  const openRow = (c: Conversation | undefined) => {
    if (c) set({ open: conversationKey(c) });
  };
  const move = (by: number) => {
    if (!rows.length) return;
    // Nothing open yet: the first key opens the conversation under the cursor.
    if (!opened) {
      openRow(rows[Math.min(cursor, rows.length - 1)]);
      return;
    }
    const next = Math.min(rows.length - 1, Math.max(0, cursor + by));
    setCursor(next);
    openRow(rows[next]);
    listRef.current?.querySelectorAll("li")[next]?.scrollIntoView({ block: "nearest" });
    if (next >= rows.length - 3 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const current = opened ?? rows[cursor];
  const targets = (): Conversation[] => {
    if (checked.size) return rows.filter((c) => checked.has(conversationKey(c)));
    return current ? [current] : [];
  };

  async function run(kind: "assign" | "read" | "done", conversations: Conversation[], assignee = viewerId) {
    if (!conversations.length) return;
    try {
      const result = await action.mutateAsync({
        conversations: conversations.map(keyOf),
        action: kind,
        ...(kind === "assign" ? { assignee } : {}),
      });
      const done = result.done;
      toast.success(
        kind === "assign"
          ? assignee === viewerId
            ? t`Assigned to you: ${done}`
            : t`Owner changed: ${done}`
          : kind === "read"
            ? t`Marked read: ${done}`
            : t`Marked done: ${done}`,
      );
      if (result.skipped)
        toast.message(t`Not possible for ${result.skipped} (a sales inquiry has no owner or read mark)`);
      setChecked(new Set());
    } catch (error) {
      toastFailure(error, t`The action failed`);
    }
  }

  async function onSnooze(until: Date, note: string) {
    if (!snoozing?.length) return;
    try {
      await snooze.mutateAsync({
        conversations: snoozing.map(keyOf),
        until: until.toISOString(),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      toast.success(t`Snoozed until ${formatMessageTime(until)}`);
      setSnoozing(null);
      setChecked(new Set());
    } catch (error) {
      toastFailure(error, t`Failed to snooze`);
    }
  }

  useInboxKeys({
    j: () => move(1),
    k: () => move(-1),
    enter: () => openRow(rows[cursor]),
    r: () => {
      if (!opened) openRow(rows[cursor]);
      // The pane's reply box, once it is there.
      window.setTimeout(() => pane.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus(), 50);
    },
    e: () => void run("done", targets()),
    a: () => void run("assign", targets()),
    s: () => {
      const list = targets();
      if (list.length) setSnoozing(list);
    },
    x: () => {
      const c = rows[cursor];
      if (c) toggle(conversationKey(c));
    },
    escape: () => set({ open: null }),
    "?": () => setShowKeys(true),
  });

  function toggle(key: string) {
    setChecked((before) => {
      const next = new Set(before);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  const kindLabels: Record<ConversationKind, string> = {
    request: t`Requests`,
    concierge: t`Concierge`,
    sales: t`Sales`,
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        {/* biome-ignore lint/a11y/useSemanticElements: a group of filter buttons, not a form's fieldset */}
        <div role="group" aria-label={t`Kind of conversation`} className="flex flex-wrap gap-1">
          <FilterButton active={!filters.kind} onClick={() => set({ kind: null })}>
            {t`All`}
          </FilterButton>
          {CONVERSATION_KINDS.map((kind) => (
            <FilterButton key={kind} active={filters.kind === kind} onClick={() => set({ kind })}>
              {kindLabels[kind]}
              {first && (
                <span
                  className="tabular min-w-6 rounded-full bg-noir px-1.5 py-0.5 text-center text-[0.7rem] leading-none font-semibold text-ivory data-[zero=true]:bg-stone data-[zero=true]:text-ink-muted"
                  data-zero={first.waiting[kind] === 0}
                  title={t`Waiting for an answer`}
                >
                  {formatBadgeCount(first.waiting[kind])}
                </span>
              )}
            </FilterButton>
          ))}
        </div>
        <div className="grid grid-cols-2 items-center gap-2 sm:flex sm:flex-wrap lg:ml-auto">
          <Select value={filters.owner} onValueChange={(owner) => set({ owner: owner === "all" ? null : owner })}>
            <SelectTrigger aria-label={t`Owner`} className="h-8 w-full text-xs sm:w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t`Everyone's`}</SelectItem>
              <SelectItem value="me">{t`Mine`}</SelectItem>
              <SelectItem value="none">{t`Unassigned`}</SelectItem>
            </SelectContent>
          </Select>
          <Select value={filters.show} onValueChange={(show) => set({ show: show === "open" ? null : show })}>
            <SelectTrigger aria-label={t`Show`} className="h-8 w-full text-xs sm:w-36">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="open">{t`All open`}</SelectItem>
              <SelectItem value="waiting">{t`Waiting`}</SelectItem>
              <SelectItem value="snoozed">{t`Snoozed`}</SelectItem>
            </SelectContent>
          </Select>
          <Select value={filters.sort} onValueChange={(sort) => set({ sort: sort === "waiting" ? null : sort })}>
            <SelectTrigger aria-label={t`Sort`} className="col-span-2 h-8 w-full text-xs sm:w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="waiting">{t`Longest waiting first`}</SelectItem>
              <SelectItem value="recent">{t`Newest message first`}</SelectItem>
            </SelectContent>
          </Select>
          <Button
            variant="ghost"
            size="sm"
            className="max-sm:hidden"
            onClick={() => setShowKeys(true)}
            aria-keyshortcuts="?"
          >
            <Keyboard /> {t`Keys`}
          </Button>
        </div>
      </div>

      {checked.size > 0 && (
        <div
          role="toolbar"
          aria-label={t`Selected conversations`}
          className="flex flex-wrap items-center gap-2 rounded-md border border-gold bg-ivory-deep px-3 py-2"
        >
          <span className="text-sm font-medium">{t`${checked.size} selected`}</span>
          <Button size="sm" variant="outline" onClick={() => void run("assign", targets())} disabled={action.isPending}>
            <UserPlus /> {t`Assign to me`}
          </Button>
          {staff && (
            <OwnerSelect
              owner={null}
              staff={staff}
              label={t`Assign the selected conversations to`}
              unassigned={t`Unassigned`}
              shown={t`Assign to…`}
              onChange={(userId) => void run("assign", targets(), userId)}
              disabled={action.isPending}
              className="h-8 w-40 text-xs"
            />
          )}
          <Button size="sm" variant="outline" onClick={() => void run("read", targets())} disabled={action.isPending}>
            <CheckCheck /> {t`Mark read`}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setSnoozing(targets())}>
            <AlarmClock /> {t`Snooze`}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setChecked(new Set())}>
            {t`Clear`}
          </Button>
        </div>
      )}

      <div className="grid min-h-[32rem] gap-4 lg:h-[max(32rem,calc(100dvh-17rem))] lg:grid-cols-[24rem_1fr]">
        <section
          aria-labelledby="inbox-conversations"
          className={cn("flex min-w-0 flex-col gap-2 lg:min-h-0", opened && "max-lg:hidden")}
        >
          <h2 id="inbox-conversations" className="sr-only">
            {t`Conversations`}
          </h2>
          {query.isPending ? (
            <ListSkeleton label={t`Loading conversations`} items={["h-20", "h-20", "h-20"]} />
          ) : query.isError ? (
            <p role="alert" className="text-sm text-oxblood">
              {t`Failed to load the inbox`}
            </p>
          ) : rows.length === 0 ? (
            <EmptyState
              title={filters.show === "snoozed" ? t`Nothing snoozed` : t`Nothing waiting`}
              description={t`Conversations appear here as members write.`}
            />
          ) : (
            <ul
              ref={listRef}
              aria-label={t`Conversations`}
              className="flex flex-col gap-1.5 lg:min-h-0 lg:overflow-y-auto"
            >
              {rows.map((c, index) => (
                <ConversationRow
                  key={conversationKey(c)}
                  conversation={c}
                  kindLabel={kindLabels[c.kind]}
                  active={opened ? conversationKey(opened) === conversationKey(c) : false}
                  focused={index === cursor}
                  checked={checked.has(conversationKey(c))}
                  onToggle={() => toggle(conversationKey(c))}
                  onOpen={() => {
                    setCursor(index);
                    openRow(c);
                  }}
                />
              ))}
              {query.hasNextPage && (
                <li className="flex justify-center py-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void query.fetchNextPage()}
                    disabled={query.isFetchingNextPage}
                  >
                    {t`Load more`}
                  </Button>
                </li>
              )}
            </ul>
          )}
        </section>
        <section
          ref={pane}
          aria-label={opened ? t`Conversation with ${opened.member.name}` : t`Conversation`}
          className={cn(
            "flex min-h-0 min-w-0 flex-col rounded-lg border border-stone bg-card",
            !opened && "max-lg:hidden",
          )}
        >
          {opened ? (
            <>
              <PaneHeader
                conversation={opened}
                kindLabel={kindLabels[opened.kind]}
                onBack={() => set({ open: null })}
                onAssign={() => void run("assign", [opened])}
                onDone={() => void run("done", [opened])}
                onSnooze={() => setSnoozing([opened])}
                onUnsnooze={async () => {
                  try {
                    await unsnooze.mutateAsync(keyOf(opened));
                    toast.success(t`Back in the inbox`);
                  } catch (error) {
                    toastFailure(error, t`The action failed`);
                  }
                }}
                busy={action.isPending}
                mine={opened.owner?.id === viewerId}
              />
              <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{renderPane(opened)}</div>
            </>
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center text-ink-muted">
              <Inbox aria-hidden className="size-8 text-gold-deep" strokeWidth={1.25} />
              <p className="text-sm">{t`Select a conversation to read it and reply. Press ? for the keys.`}</p>
            </div>
          )}
        </section>
      </div>
      <SnoozeDialog
        count={snoozing?.length ?? 0}
        open={snoozing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setSnoozing(null);
        }}
        onSnooze={onSnooze}
        pending={snooze.isPending}
      />
      <KeysDialog open={showKeys} onOpenChange={setShowKeys} />
    </div>
  );
}

function FilterButton({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Button
      size="sm"
      variant={active ? "default" : "outline"}
      aria-pressed={active}
      onClick={onClick}
      className="h-8 gap-1.5 text-xs"
    >
      {children}
    </Button>
  );
}

/** The row's service-level clock (decision 049): nothing for a sales inquiry or a member with no plan. */
function ServiceLevelSlot({ conversation }: { conversation: Conversation }) {
  if (conversation.serviceLevel === null) return null;
  return <ServiceClock clock={conversation.serviceLevel} />;
}

function WaitingLabel({ since }: { since: string }) {
  const { t } = useLingui();
  return (
    <time dateTime={since} className="tabular text-[0.7rem] font-medium text-oxblood">
      {t`Waiting ${formatDuration(since)}`}
    </time>
  );
}

function ConversationRow({
  conversation: c,
  kindLabel,
  active,
  focused,
  checked,
  onToggle,
  onOpen,
}: {
  conversation: Conversation;
  kindLabel: string;
  active: boolean;
  focused: boolean;
  checked: boolean;
  onToggle: () => void;
  onOpen: () => void;
}) {
  const { t } = useLingui();
  const name = c.member.name || c.member.email;
  return (
    <li
      aria-label={`${name}: ${c.title ?? kindLabel}`}
      aria-current={active ? "true" : undefined}
      data-focused={focused}
      className={cn(
        "flex items-start gap-2 rounded-md border px-2 py-2 transition-colors",
        active ? "border-gold bg-ivory-deep" : "border-stone bg-card hover:bg-ivory-deep/60",
        focused && !active && "border-stone-dark",
      )}
    >
      <input
        type="checkbox"
        checked={checked}
        onChange={onToggle}
        aria-label={t`Select the conversation with ${name}`}
        className="mt-1 size-4 shrink-0 accent-noir"
      />
      <button
        type="button"
        onClick={onOpen}
        className="min-w-0 flex-1 cursor-pointer text-left focus-visible:outline-2 focus-visible:outline-gold-deep"
      >
        <span className="flex items-center gap-2">
          <span className={cn("truncate text-sm", c.unread > 0 ? "font-semibold" : "font-medium")}>{name}</span>
          {c.member.tier && (
            <Badge variant="muted" className="px-1.5 py-0 text-[0.65rem]">
              {planLabel(c.member.tier)}
            </Badge>
          )}
          {c.unread > 0 && (
            <Badge variant="gold" className="ml-auto" aria-label={t`${c.unread} unread`}>
              {c.unread}
            </Badge>
          )}
        </span>
        <span className="mt-0.5 block truncate text-xs text-ink-muted">
          <span className="eyebrow text-[0.6rem] text-gold-deep">{kindLabel}</span>
          {c.title && <> · {c.title}</>}
        </span>
        {c.lastMessage && (
          <span className="mt-0.5 block truncate text-xs text-ink">
            {c.lastMessage.fromMember ? "" : t`Team: `}
            {c.lastMessage.body}
          </span>
        )}
        <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-[0.7rem] text-ink-muted">
          {c.waitingSince && <WaitingLabel since={c.waitingSince} />}
          <ServiceLevelSlot conversation={c} />
          <span>{c.owner ? t`Owner: ${c.owner.name}` : t`Unassigned`}</span>
          {c.snooze && (
            <span className="inline-flex items-center gap-1">
              <MoonStar aria-hidden className="size-3" /> {t`Until ${formatMessageTime(c.snooze.until)}`}
            </span>
          )}
          {c.lastMessage && (
            <time dateTime={c.lastMessage.at} className="tabular ml-auto">
              {formatMessageTime(c.lastMessage.at)}
            </time>
          )}
        </span>
      </button>
    </li>
  );
}

function PaneHeader({
  conversation: c,
  kindLabel,
  onBack,
  onAssign,
  onDone,
  onSnooze,
  onUnsnooze,
  busy,
  mine,
}: {
  conversation: Conversation;
  kindLabel: string;
  onBack: () => void;
  onAssign: () => void;
  onDone: () => void;
  onSnooze: () => void;
  onUnsnooze: () => void;
  busy: boolean;
  mine: boolean;
}) {
  const { t } = useLingui();
  const name = c.member.name || c.member.email;
  return (
    <header className="flex flex-col gap-2 border-b border-stone px-4 py-3">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
          <ArrowLeft /> {t`Back to the inbox`}
        </Button>
      </div>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-medium">
            {name}
            {c.member.tier && <span className="ml-2 text-xs text-gold-deep">{planLabel(c.member.tier)}</span>}
          </h2>
          <p className="truncate text-xs text-ink-muted">
            {kindLabel}
            {c.title && ` · ${c.title}`}
            {c.status && ` · ${c.status}`}
            {` · ${c.owner ? t`Owner: ${c.owner.name}` : t`Unassigned`}`}
          </p>
          {c.snooze && (
            <p className="text-xs text-ink-muted">
              {t`Snoozed until ${formatMessageTime(c.snooze.until)}`}
              {c.snooze.note && ` · ${c.snooze.note}`}
            </p>
          )}
        </div>
        {c.waitingSince && <WaitingLabel since={c.waitingSince} />}
      </div>
      <div role="toolbar" aria-label={t`Quick actions`} className="flex flex-wrap gap-2">
        {c.kind !== "sales" && !mine && (
          <Button size="sm" variant="outline" onClick={onAssign} disabled={busy} aria-keyshortcuts="a">
            <UserPlus /> {t`Assign to me`}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onDone} disabled={busy} aria-keyshortcuts="e">
          <CheckCheck /> {t`Mark done`}
        </Button>
        {c.snooze ? (
          <Button size="sm" variant="outline" onClick={onUnsnooze}>
            <AlarmClock /> {t`Unsnooze`}
          </Button>
        ) : (
          <Button size="sm" variant="outline" onClick={onSnooze} aria-keyshortcuts="s">
            <AlarmClock /> {t`Snooze`}
          </Button>
        )}
      </div>
    </header>
  );
}
