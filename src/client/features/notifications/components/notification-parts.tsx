/** What the centre and the header menu say alike: the types' names, and where a notification leads. */
import type * as React from "react";
import { Link } from "react-router";
import type { Notification, NotificationFilter, NotificationType } from "../api";

export const TYPE_LABELS: Record<NotificationType, string> = {
  status_changed: "Status change",
  message_received: "Message",
  request_created: "New request",
  quote_sent: "Quote",
  quote_accepted: "Quote accepted",
  quote_declined: "Quote declined",
  hold_placed: "Hold placed",
  payment_captured: "Payment captured",
  hold_released: "Hold released",
  hold_expired: "Hold expired",
  reauthorization_requested: "Authorise again",
  delivered: "Delivered",
  receipt_confirmed: "Receipt confirmed",
  problem_reported: "Problem reported",
  assigned: "Assigned to you",
  test: "Test",
  request_changed: "Request changed",
  request_withdrawn: "Request withdrawn",
};

/** The centre's type filter, in the spec's order. */
export const TYPE_FILTERS: ReadonlyArray<{ value: NotificationFilter; label: string }> = [
  { value: "all", label: "All" },
  { value: "status_changed", label: "Status changes" },
  { value: "message_received", label: "Messages" },
  { value: "request_created", label: "New requests" },
  { value: "test", label: "Tests" },
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
  return (
    <>
      <span aria-hidden className={`size-2 shrink-0 rounded-full bg-gold ${className ?? ""}`} />
      <span className="sr-only">Unread: </span>
    </>
  );
}
