import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { formatBadgeCount } from "@/shared/format";
import { requestQueries } from "../api";

/**
 * The floating chat button's unread count (a member's includes the concierge's replies: decision 014), capped at
 * 99+; nothing when there is none.
 */
export default function UnreadBadge() {
  const { t } = useLingui();
  const { data } = useQuery(requestQueries.unread());
  const unread = data?.unread ?? 0;
  if (unread <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="absolute -top-1 -right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-oxblood px-1.5 text-[0.68rem] font-semibold text-ivory tabular-nums"
    >
      {formatBadgeCount(unread)}
      <span className="sr-only"> {t`unread`}</span>
    </span>
  );
}
