/**
 * /admin/outbox (admins; staff get the server's 403, said calmly): every email and webhook the app sent, is
 * sending, or holds (no SMTP), newest first, filtered by status in the URL. A failed delivery can be retried;
 * any message's text can be read (a message carrying a one-time link shows the server's notice instead).
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { RotateCcw, ShieldAlert } from "lucide-react";
import { useCallback, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView, EmptyState } from "@/client/components/async-view";
import { DataTable, dataTableColumns } from "@/client/components/data-table";
import { DetailList } from "@/client/components/detail-list";
import { RefreshButton } from "@/client/components/refresh-button";
import { badgeVariants } from "@/client/components/ui/badge-variants";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/client/components/ui/select";
import { ApiError, errorMessage, serverText, sharedText } from "@/client/lib/api";
import { i18n } from "@/client/lib/i18n";
import { toastOutcome } from "@/client/lib/toasts";
import { cn } from "@/client/lib/utils";
import { formatMessageTime } from "@/shared/format";
import { notificationQueries, type OutboxFilter, type OutboxItem, type OutboxStatus, useRetryDelivery } from "../api";
import { TYPE_LABELS } from "../components/notification-parts";

/** The status filter, with what the list says when the status has nothing (`none`). */
const FILTERS: ReadonlyArray<{ value: OutboxFilter; label: MessageDescriptor; none: MessageDescriptor }> = [
  { value: "all", label: msg`All statuses`, none: msg`Nothing sent yet` },
  { value: "pending", label: msg`Pending`, none: msg`No pending deliveries` },
  { value: "sent", label: msg`Sent`, none: msg`No sent deliveries` },
  { value: "failed", label: msg`Failed`, none: msg`No failed deliveries` },
  { value: "held", label: msg({ message: "Held", context: "outbox" }), none: msg`No held deliveries` },
];

const STATUS_BADGES: Record<OutboxStatus, { label: MessageDescriptor; className: string }> = {
  pending: { label: msg`Pending`, className: badgeVariants({ variant: "outline" }) },
  sent: { label: msg`Sent`, className: badgeVariants({ variant: "success" }) },
  failed: { label: msg`Failed`, className: badgeVariants({ variant: "destructive" }) },
  held: { label: msg({ message: "Held", context: "outbox" }), className: badgeVariants({ variant: "gold" }) },
};

function DeliveryStatus({ status }: { status: OutboxStatus }) {
  const { i18n } = useLingui();
  const badge = STATUS_BADGES[status];
  return (
    <span data-status={status} className={badge.className}>
      {i18n._(badge.label)}
    </span>
  );
}

const KIND_LABELS: Record<OutboxItem["kind"], MessageDescriptor> = {
  email: msg`Email`,
  webhook: msg`Webhook`,
  push: msg`Push`,
};

/**
 * Why a delivery was made (the server's code for it), as staff read it: a notification's type as the centre names
 * it, unless said otherwise here; an unknown code is shown as it is.
 */
const REASON_LABELS: Record<string, MessageDescriptor> = {
  ...TYPE_LABELS,
  message_received: msg`Message received`,
  quote_sent: msg`Quote sent`,
  payment_captured: msg`Payment taken`,
  hold_lapsing: msg`Hold lapsing soon`,
  reauthorization_requested: msg`Re-authorisation requested`,
  assigned: msg`Assigned`,
  balance_invoice_sent: msg`Balance invoice`,
  balance_paid: msg`Paid in full`,
  balance_payment_failed: msg`Balance payment failed`,
  balance_overdue: msg`Balance overdue`,
  balance_reminder: msg`Balance reminder`,
  admin_reply: msg`Team reply`,
  client_message: msg`Member's message`,
  concierge_message: msg`Concierge message`,
  concierge_reply: msg`Concierge reply`,
  sales_reply: msg`Sales reply`,
  email_verification: msg`Email confirmation`,
  password_reset: msg`Password reset`,
  password_changed: msg`Password changed`,
  new_device_sign_in: msg`New sign-in`,
};

/** An item with the texts the server wrote (not a message's own subject or text) translated. */
function inLanguage(item: OutboxItem): OutboxItem {
  const reason = item.reason && Object.hasOwn(REASON_LABELS, item.reason) ? REASON_LABELS[item.reason] : undefined;
  return {
    ...item,
    reason: reason ? i18n._(reason) : item.reason,
    to: item.to && sharedText(item.to),
    subject: item.subject && sharedText(item.subject),
    text: item.text && sharedText(item.text),
    lastError: item.lastError && serverText(item.lastError, item.errorKey, item.errorParams),
  };
}

/** What a delivery is about: its subject, else its reason (in the interface's language, read when shown). */
const heading = (item: OutboxItem) => item.subject ?? item.reason ?? i18n._(KIND_LABELS[item.kind]);

function RetryButton({ item }: { item: OutboxItem }) {
  const { t } = useLingui();
  const retry = useRetryDelivery();
  if (item.status !== "failed") return null;
  return (
    <Button
      size="sm"
      variant="outline"
      className="h-8 px-3"
      aria-label={t`Retry: ${heading(item)}`}
      disabled={retry.isPending}
      onClick={() => retry.mutate(item.id, toastOutcome(t`Delivery queued again`, t`Failed to retry the delivery`))}
    >
      <RotateCcw aria-hidden /> {retry.isPending ? t`Retrying…` : t`Retry`}
    </Button>
  );
}

function Actions({ item, onRead }: { item: OutboxItem; onRead: (item: OutboxItem) => void }) {
  const { t } = useLingui();
  return (
    <div className="flex justify-end gap-2">
      <Button
        size="sm"
        variant="ghost"
        className="h-8 px-3"
        aria-label={t`Read: ${heading(item)}`}
        onClick={() => onRead(item)}
      >
        {t({ message: "Read", context: "open the message" })}
      </Button>
      <RetryButton item={item} />
    </div>
  );
}

const col = dataTableColumns<OutboxItem>();
/** The table's columns, their headers in the interface's language (`_`: useLingui's, so they follow it). */
const tableColumns = (onRead: (item: OutboxItem) => void, _: (descriptor: MessageDescriptor) => string) =>
  col.columns([
    col.accessor("createdAt", {
      header: _(msg`Created`),
      cell: (info) => <time dateTime={String(info.getValue())}>{formatMessageTime(info.getValue())}</time>,
      sortFn: "datetime",
      meta: { className: "tabular whitespace-nowrap text-ink-muted" },
    }),
    col.accessor("to", {
      header: _(msg`To`),
      enableSorting: false,
      cell: (info) => (
        <div className="max-w-48">
          <span className="block truncate" title={info.getValue() ?? undefined}>
            {info.getValue() ?? <span className="text-ink-muted">{_(msg`Team webhook`)}</span>}
          </span>
          <span className="block text-xs text-ink-muted">{_(KIND_LABELS[info.row.original.kind])}</span>
        </div>
      ),
    }),
    col.accessor((row) => heading(row), {
      id: "subject",
      header: _(msg`Subject`),
      enableSorting: false,
      cell: (info) => (
        <div className="max-w-xs min-w-40">
          <p className="line-clamp-2 break-words text-noir">{info.getValue()}</p>
          {info.row.original.subject && info.row.original.reason && (
            <p className="truncate text-xs text-ink-muted">{info.row.original.reason}</p>
          )}
        </div>
      ),
    }),
    col.accessor("status", {
      header: _(msg`Status`),
      enableSorting: false,
      cell: (info) => <DeliveryStatus status={info.getValue()} />,
    }),
    col.accessor("attempts", { header: _(msg`Attempts`), enableSorting: false, meta: { numeric: true } }),
    col.accessor("lastError", {
      header: _(msg`Last error`),
      enableSorting: false,
      cell: (info) =>
        info.getValue() ? (
          <span
            className="line-clamp-2 max-w-48 min-w-32 break-words text-xs text-oxblood"
            title={info.getValue() ?? ""}
          >
            {info.getValue()}
          </span>
        ) : (
          <span className="text-ink-muted">—</span>
        ),
    }),
    col.display({
      id: "actions",
      header: () => <span className="sr-only">{_(msg`Actions`)}</span>,
      cell: (info) => <Actions item={info.row.original} onRead={onRead} />,
      meta: { className: "w-0 whitespace-nowrap" },
    }),
  ]);

function readFilter(params: URLSearchParams): OutboxFilter {
  const status = params.get("status");
  return FILTERS.find((filter) => filter.value === status)?.value ?? "all";
}

export default function AdminOutboxPage() {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const status = readFilter(params);
  // The server's own words (a webhook's name, a failure) in the interface's language, by their keys.
  const query = useQuery({
    ...notificationQueries.outbox(status),
    select: (data) => ({ ...data, items: data.items.map(inLanguage) }),
  });
  const [reading, setReading] = useState<OutboxItem | null>(null);
  /** The Read button that opened the message: focus goes back there when it closes. */
  const opener = useRef<HTMLElement | null>(null);
  const read = useCallback((item: OutboxItem) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setReading(item);
  }, []);
  const columns = useMemo(() => tableColumns(read, t), [read, t]);
  /** The message as the list has it now (a retry changes its status). */
  const current = reading ? (query.data?.items.find((item) => item.id === reading.id) ?? reading) : null;
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  function setStatus(value: OutboxFilter) {
    setParams(value === "all" ? new URLSearchParams() : new URLSearchParams({ status: value }), { replace: true });
  }

  const empty =
    status === "all" ? (
      <EmptyState
        title={t`Nothing sent yet`}
        description={t`Emails and webhook posts appear here as the app sends them.`}
      />
    ) : (
      <EmptyState
        title={i18n._((FILTERS.find((filter) => filter.value === status) ?? FILTERS[0]).none)}
        action={
          <Button variant="outline" size="sm" onClick={() => setStatus("all")}>
            {t`Show all`}
          </Button>
        }
      />
    );

  return (
    <AdminPage
      width="7xl"
      eyebrow={t`Admin`}
      title={t`Outbox`}
      description={t`What the app sent, is sending, or holds until email is configured.`}
      actions={!forbidden && <RefreshButton query={query} />}
    >
      {!forbidden && (
        <Select value={status} onValueChange={(value) => setStatus(value as OutboxFilter)}>
          <SelectTrigger aria-label={t`Filter by status`} className="h-10 text-sm sm:w-48">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {FILTERS.map((filter) => (
              <SelectItem key={filter.value} value={filter.value}>
                {i18n._(filter.label)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      <AsyncView
        query={query}
        loading={
          <div role="status" aria-live="polite">
            <span className="sr-only">{t`Loading deliveries`}</span>
            <DataTable caption={t`Deliveries`} columns={columns} data={undefined} getRowId={(row) => row.id} loading />
          </div>
        }
        errorFallback={t`Failed to load the outbox`}
        error={forbidden ? () => <AdminsOnly message={errorMessage(query.error, t`For admins only.`)} /> : undefined}
        isEmpty={(data) => data.items.length === 0}
        empty={empty}
      >
        {(data) => (
          <div className={cn("flex flex-col gap-3 transition-opacity", query.isPlaceholderData && "opacity-60")}>
            <p className="tabular text-sm text-ink-muted" aria-live="polite">
              {plural(data.items.length, {
                one: "# delivery, newest first",
                other: "# deliveries, newest first",
              })}
            </p>
            <DataTable
              className="hidden sm:flex"
              caption={t`Deliveries`}
              columns={columns}
              data={data.items}
              getRowId={(row) => row.id}
              initialSorting={[{ id: "createdAt", desc: true }]}
            />
            <ul aria-label={t`Deliveries`} className="flex flex-col gap-2 sm:hidden">
              {data.items.map((item) => (
                <li
                  key={item.id}
                  className="flex flex-col gap-2 rounded-lg border border-stone bg-card px-4 py-3 text-sm"
                >
                  <div className="flex items-start justify-between gap-3">
                    <p className="min-w-0 font-medium break-words">{heading(item)}</p>
                    <DeliveryStatus status={item.status} />
                  </div>
                  <p className="truncate text-xs text-ink-muted">
                    {i18n._(KIND_LABELS[item.kind])} · {item.to ?? t`Team webhook`} ·{" "}
                    <time dateTime={String(item.createdAt)} className="tabular">
                      {formatMessageTime(item.createdAt)}
                    </time>{" "}
                    · {plural(item.attempts, { one: "# attempt", other: "# attempts" })}
                  </p>
                  {item.lastError && <p className="text-xs break-words text-oxblood">{item.lastError}</p>}
                  <Actions item={item} onRead={read} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </AsyncView>
      <MessageDialog item={current} onClose={() => setReading(null)} returnFocusTo={opener} />
    </AdminPage>
  );
}

/** A staff member's 403: the page is an admin's, said plainly, with nothing to try again. */
function AdminsOnly({ message }: { message: string }) {
  const { t } = useLingui();
  return (
    <div className="flex items-start gap-4 rounded-lg border border-stone bg-ivory-deep px-6 py-5">
      <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-gold-deep" strokeWidth={1.5} />
      <div className="flex flex-col gap-1">
        <p className="font-serif text-xl">{message}</p>
        <p className="text-sm text-ink-muted">
          {t`The outbox lists every email and message the app sends. Ask an admin if a delivery needs checking.`}
        </p>
      </div>
    </div>
  );
}

function MessageDialog({
  item,
  onClose,
  returnFocusTo,
}: {
  item: OutboxItem | null;
  onClose: () => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  const { t, i18n } = useLingui();
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent className="max-w-2xl" returnFocusTo={returnFocusTo}>
          <DialogHeader>
            <DialogTitle className="text-2xl sm:text-3xl">{heading(item)}</DialogTitle>
            <DialogDescription>
              {item.to
                ? t`${i18n._(KIND_LABELS[item.kind])} to ${item.to}`
                : t`${i18n._(KIND_LABELS[item.kind])} to the team webhook`}
            </DialogDescription>
          </DialogHeader>
          <DetailList
            className="grid-cols-2 sm:grid-cols-4"
            items={[
              { label: t`Status`, value: <DeliveryStatus status={item.status} /> },
              { label: t`Created`, value: formatMessageTime(item.createdAt) },
              { label: t`Sent`, value: item.sentAt ? formatMessageTime(item.sentAt) : "—" },
              { label: t`Attempts`, value: item.attempts },
            ]}
          />
          {item.reason && (
            <p className="text-sm">
              <span className="text-ink-muted">{t`Reason:`} </span>
              {item.reason}
            </p>
          )}
          {item.lastError && (
            <p className="rounded-md border border-oxblood/30 bg-oxblood/5 px-3 py-2 text-sm wrap-anywhere text-oxblood">
              {item.lastError}
            </p>
          )}
          <div className="flex min-w-0 flex-col gap-2">
            <p className="eyebrow text-ink-muted">{t`Text`}</p>
            <pre className="max-h-[50dvh] overflow-auto rounded-md border border-stone bg-card p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap wrap-anywhere">
              {item.text ?? t`No text is kept for this delivery.`}
            </pre>
          </div>
          {item.status === "failed" && (
            <div className="flex justify-end">
              <RetryButton item={item} />
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
