import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { requestQueries } from "@/client/features/requests/api";
import UnreadBadge from "@/client/features/requests/components/unread-badge";
import { useSession } from "@/client/lib/session";
import { formatBadgeCount } from "@/shared/format";
import { UnreadTitle } from "./unread-title";

/**
 * The round chat button, bottom right, for signed-in users: the inbox for staff, messages for members.
 * With its unread badge (the messages feature's; a member's counts the concierge's replies too, decision 014),
 * said in the button's name as the bell says its own; the badge, the name and the tab's title read one query.
 * The button itself loads on demand (RootLayout), so a signed-out first visit carries none of it.
 */
export function FloatingChatButton() {
  const { t } = useLingui();
  const session = useSession();
  const { pathname } = useLocation();
  const shown = session.isSignedIn && !pathname.startsWith("/admin");
  const unread = useQuery({ ...requestQueries.unread(), enabled: shown }).data?.unread ?? 0;
  if (!shown) return null;
  const to = session.isStaff ? "/admin/inbox" : "/messages";
  const name = session.isStaff ? t`Open the inbox` : t`Open messages`;
  const count = formatBadgeCount(unread);
  return (
    <>
      <UnreadTitle />
      <Link
        to={to}
        aria-label={unread > 0 ? t`${name}, ${count} unread` : name}
        className="fixed right-5 bottom-5 z-40 flex size-14 items-center justify-center rounded-full border border-gold/40 bg-noir text-ivory shadow-[0_12px_30px_-12px_rgba(11,11,12,0.6)] transition-transform duration-200 hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold"
      >
        {/* Drawn inline: this button is on every page, and the icon library would weigh on the first load. */}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
        </svg>
        <UnreadBadge />
      </Link>
    </>
  );
}
