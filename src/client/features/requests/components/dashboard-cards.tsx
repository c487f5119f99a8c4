/**
 * The operations dashboard's counters (spec: Total, New, Sourcing, Clients, unread Messages; and Delivered, the
 * loop's end, issue 21) and quick links.
 */
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { ArrowUpRight, Inbox, type LucideIcon, Search, Sparkles, Table2 } from "lucide-react";
import { Link } from "react-router";
import { StatCard } from "@/client/components/stat-card";
import type { MessageDescriptor } from "@/client/lib/i18n";
import type { AdminStats } from "../admin-api";
import { formatCount } from "./dashboard-format";

const CARDS: Array<{ key: keyof AdminStats["cards"]; label: MessageDescriptor }> = [
  { key: "total", label: msg`Total` },
  { key: "new", label: msg`New` },
  { key: "sourcing", label: msg`Sourcing` },
  { key: "delivered", label: msg({ message: "Delivered", context: "requests" }) },
  { key: "clients", label: msg`Clients` },
  { key: "unreadMessages", label: msg`Messages` },
];

/** The word beside a counter, agreeing with its figure ("1 request", "2 requests"; issue 34 item 14). */
function hintOf(key: keyof AdminStats["cards"], n: number): string {
  switch (key) {
    case "total":
      return plural(n, { one: "request", other: "requests" });
    case "new":
      return plural(n, { one: "to review", other: "to review" });
    case "sourcing":
      return plural(n, { one: "in progress", other: "in progress" });
    case "delivered":
      return plural(n, { one: "completed", other: "completed" });
    case "clients":
      return plural(n, { one: "member", other: "members" });
    case "unreadMessages":
      return plural(n, { one: "unread", other: "unread" });
  }
}

/** The six counters; with `cards` undefined, their skeletons at the same size. */
export function StatCards({ cards }: { cards?: AdminStats["cards"] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="dashboard-counters">
      <h2 id="dashboard-counters" className="sr-only">
        {t`At a glance`}
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-6">
        {CARDS.map((card) => (
          <StatCard
            key={card.key}
            label={i18n._(card.label)}
            hint={hintOf(card.key, cards?.[card.key] ?? 0)}
            value={cards && formatCount(cards[card.key])}
          />
        ))}
      </dl>
    </section>
  );
}

const LINKS: Array<{ to: string; label: MessageDescriptor; icon: LucideIcon }> = [
  { to: "/admin/requests?status=New", label: msg`New requests`, icon: Sparkles },
  { to: "/admin/requests?status=Sourcing", label: msg`In sourcing`, icon: Search },
  { to: "/admin/requests?status=all", label: msg`All requests`, icon: Table2 },
  { to: "/admin/inbox", label: msg`Inbox`, icon: Inbox },
];

export function QuickLinks() {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Quick links`}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-12 items-center gap-2.5 rounded-md border border-stone bg-card px-3 text-sm sm:gap-3 sm:px-4 font-medium transition-colors duration-200 hover:border-gold hover:bg-ivory-deep"
            >
              <Icon aria-hidden className="size-4 shrink-0 text-gold-deep" strokeWidth={1.5} />
              <span className="line-clamp-2 leading-tight">{i18n._(label)}</span>
              <ArrowUpRight
                aria-hidden
                className="ml-auto size-4 shrink-0 text-ink-muted transition-transform duration-200 group-hover:translate-x-0.5 group-hover:-translate-y-0.5 motion-reduce:transition-none"
              />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
