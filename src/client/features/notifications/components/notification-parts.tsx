/** What the centre and the header menu say alike: the types' names, and where a notification leads. */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type * as React from "react";
import { Link } from "react-router";
import type { Notification, NotificationFilter, NotificationType } from "../api";

export const TYPE_LABELS: Record<NotificationType, MessageDescriptor> = {
  status_changed: msg`Status change`,
  message_received: msg`Message`,
  request_created: msg`New request`,
  quote_sent: msg`Quote`,
  quote_accepted: msg`Quote accepted`,
  quote_declined: msg`Quote declined`,
  hold_placed: msg`Hold placed`,
  payment_captured: msg`Payment captured`,
  hold_released: msg`Hold released`,
  payment_refunded: msg`Payment refunded`,
  balance_invoice: msg`Balance invoice`,
  /** Also the warning 48 hours before a hold lapses (issue 30): one type until a migration gives it its own. */
  hold_expired: msg`Hold expired`,
  hold_lapsing: msg`Hold lapsing`,
  reauthorization_requested: msg`Authorise again`,
  delivered: msg`Delivered`,
  receipt_confirmed: msg`Receipt confirmed`,
  problem_reported: msg`Problem reported`,
  assigned: msg`Assigned to you`,
  test: msg`Test`,
  request_changed: msg`Request changed`,
  request_withdrawn: msg`Request withdrawn`,
  dispute_opened: msg`Payment disputed`,
  dispute_closed: msg`Dispute decided`,
  service_level_breach: msg`Service level`,
  rating_low: msg`Low rating`,
};

/**
 * The centre's type filter, in the spec's order, with what the centre says when a filter finds nothing (`none`)
 * or nothing unread (`noneUnread`).
 */
export const TYPE_FILTERS: ReadonlyArray<{
  value: NotificationFilter;
  label: MessageDescriptor;
  none: MessageDescriptor;
  noneUnread: MessageDescriptor;
}> = [
  { value: "all", label: msg`All`, none: msg`No notifications yet`, noneUnread: msg`No unread notifications.` },
  {
    value: "status_changed",
    label: msg`Status changes`,
    none: msg`No status changes yet`,
    noneUnread: msg`No unread status changes.`,
  },
  {
    value: "message_received",
    label: msg`Messages`,
    none: msg`No messages yet`,
    noneUnread: msg`No unread messages.`,
  },
  {
    value: "request_created",
    label: msg`New requests`,
    none: msg`No new requests yet`,
    noneUnread: msg`No unread new requests.`,
  },
  { value: "test", label: msg`Tests`, none: msg`No tests yet`, noneUnread: msg`No unread tests.` },
];

/** A path in the app ("/requests/…"), as opposed to a full address (or nothing). */
const inApp = (link: string) => link.startsWith("/") && !link.startsWith("//");

/**
 * The notification's title as the way to where it leads: a router link in the app, a plain link to an address
 * outside it, or just the text when it leads nowhere. `onFollow` runs on the way (marking it read).
 */
export function NotificationLink({
  notification,
  onFollow,
  className,
  children,
}: {
  notification: Notification;
  onFollow: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  const { link } = notification;
  if (link && inApp(link)) {
    return (
      <Link to={link} onClick={onFollow} className={className}>
        {children}
      </Link>
    );
  }
  if (link && /^https?:\/\//.test(link)) {
    return (
      <a href={link} onClick={onFollow} className={className}>
        {children}
      </a>
    );
  }
  return <span className={className}>{children}</span>;
}

/** The unread mark: a gold dot, and the word for screen readers. */
export function UnreadDot({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <>
      <span aria-hidden className={`size-2 shrink-0 rounded-full bg-gold ${className ?? ""}`} />
      <span className="sr-only">{t`Unread:`} </span>
    </>
  );
}
