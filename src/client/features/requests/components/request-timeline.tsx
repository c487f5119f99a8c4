/**
 * The member's timeline of their request (issue 22, item 8): what happened, oldest first, in the member's words
 * (src/shared/timeline.ts), live over the event stream. Staff are 'The Maison team', never a name.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { History } from "lucide-react";
import { AsyncView, ListSkeleton } from "@/client/components/async-view";
import { Card, CardContent, CardHeading } from "@/client/components/ui/card";
import { cn } from "@/client/lib/utils";
import { formatEuro, formatMessageTime } from "@/shared/format";
import { TIMELINE_TEXTS } from "@/shared/timeline";
import { requestQueries, type TimelineEntry } from "../api";

export function TimelineCard({ requestId }: { requestId: string }) {
  const { t } = useLingui();
  const query = useQuery(requestQueries.timeline(requestId));
  return (
    <Card>
      <CardHeading icon={History} title={t`Timeline`} description={t`What has happened with your request.`} />
      <CardContent>
        <AsyncView
          query={query}
          loadingLabel={t`Loading the timeline`}
          loading={<ListSkeleton label={t`Loading the timeline`} items={["h-10 w-full", "h-10 w-4/5"]} />}
          errorFallback={t`Failed to load the timeline`}
          isEmpty={(data) => data.items.length === 0}
          empty={<p className="text-sm text-ink-muted">{t`Nothing yet.`}</p>}
        >
          {(data) => <TimelineList items={data.items} />}
        </AsyncView>
      </CardContent>
    </Card>
  );
}

const TIMELINE_BY_KEY = new Map(Object.values(TIMELINE_TEXTS).map((text) => [text.id, text]));

export function TimelineList({ items }: { items: TimelineEntry[] }) {
  const { t, i18n } = useLingui();
  // The server's English, said again in the interface's language by its key, the amount in the language's format.
  const textOf = (item: TimelineEntry) => {
    const text = TIMELINE_BY_KEY.get(item.key);
    if (!text) return item.text;
    const amount = item.amountCents === undefined ? undefined : formatEuro(item.amountCents / 100);
    return i18n._({ id: text.id, message: text.message, values: amount === undefined ? undefined : { amount } });
  };
  // Who did it, as the member reads it, in the interface's language.
  const actors: Record<TimelineEntry["actor"], string | null> = { you: t`You`, team: t`The Maison team`, system: null };
  return (
    <ol aria-label={t`Timeline`} className="flex flex-col">
      {items.map((item, index) => {
        const last = index === items.length - 1;
        const who = actors[item.actor];
        return (
          <li key={item.id} className="relative flex gap-3 pb-5 last:pb-0">
            {!last && <span aria-hidden className="absolute top-4 left-[0.3125rem] h-full w-px bg-stone-dark" />}
            <span
              aria-hidden
              className={cn(
                "relative mt-1.5 size-2.5 shrink-0 rounded-full",
                last ? "bg-gold-deep" : "border border-gold-deep bg-card",
              )}
            />
            <div className="min-w-0">
              <p className="text-sm leading-snug text-noir">{textOf(item)}</p>
              <p className="mt-0.5 text-xs text-ink-muted">
                {who && <span>{who} · </span>}
                <time dateTime={item.createdAt} className="tabular">
                  {formatMessageTime(item.createdAt)}
                </time>
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
