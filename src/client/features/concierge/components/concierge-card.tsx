import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Crown } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { conciergeQueries } from "../api";

/** The /messages card of a Gold or Black member: opens the concierge view, with the unread badge '{n} new'. */
export function ConciergeCard() {
  const { t } = useLingui();
  const thread = useQuery(conciergeQueries.thread());
  const unread = thread.data?.unread ?? 0;
  const last = thread.data?.messages.at(-1);
  return (
    <section aria-labelledby="concierge-card">
      <h2 id="concierge-card" className="eyebrow text-ink-muted">
        {t`Executive Concierge`}
      </h2>
      <Link
        to="/messages?view=concierge"
        className="group mt-4 flex items-center gap-4 rounded-lg border border-gold/60 bg-noir px-5 py-5 text-ivory transition-colors hover:border-gold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep hover:bg-noir-soft"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full border border-gold/70">
          <Crown aria-hidden className="size-5 text-gold-light" strokeWidth={1.5} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t`Your Executive Concierge`}</span>
            {unread > 0 && <Badge variant="gold-light">{t`${unread} new`}</Badge>}
          </div>
          <p className="mt-1 truncate text-sm text-ivory/85">
            {/* The reply time is said, measured, in the concierge view (issue 34 item 7). */}
            {last ? last.message : t`Direct access to our executive concierge team.`}
          </p>
        </div>
        <ChevronRight
          aria-hidden
          className="size-4 shrink-0 text-gold-light transition-transform group-hover:translate-x-0.5"
        />
      </Link>
    </section>
  );
}
