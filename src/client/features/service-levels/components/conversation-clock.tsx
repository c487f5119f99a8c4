/** One conversation's service-level clock, fetched (a request's page; the inbox asks for a page of them at once). */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ServiceClock } from "@/client/components/service-clock";
import { serviceLevelsQueries } from "../api";

export function ConversationClock({ conversationKey }: { conversationKey: string }) {
  const { t } = useLingui();
  const query = useQuery(serviceLevelsQueries.clocks([conversationKey]));
  const clock = query.data?.items[0];
  if (!clock || clock.state === "stopped") return null;
  return (
    <span className="inline-flex items-center gap-2 text-sm text-ink-muted">
      {t`Service level`}
      <ServiceClock clock={clock} />
    </span>
  );
}
