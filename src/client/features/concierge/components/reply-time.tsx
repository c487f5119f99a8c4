/**
 * What the concierge view says of the team's reply time: one true thing (issue 34 item 7). The spec's promise
 * 'Usually replies within minutes' is shown while the month's measured median first reply keeps it (under an
 * hour) or while there are too few replies to measure; once the median is an hour or more, only the measured
 * 'Median reply this month: 4 hours' is shown.
 */
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { formatReplyTime } from "@/shared/format";
import { conciergeQueries } from "../api";

/** The median (minutes) under which the team 'usually replies within minutes'. */
export const WITHIN_MINUTES = 60;

export function ReplyTime() {
  const { t } = useLingui();
  const { data, isPending } = useQuery(conciergeQueries.replyTime());
  // Nothing until it is known: the promise must not show and then be taken back.
  if (isPending) return null;
  const minutes = data?.medianMinutes ?? null;
  const promise = minutes === null || minutes < WITHIN_MINUTES;
  const median = minutes === null ? null : formatReplyTime(minutes);
  return (
    <>
      {promise && (
        <p className="flex items-center gap-1.5">
          <Clock aria-hidden className="size-3.5" /> {t`Usually replies within minutes`}
        </p>
      )}
      {median !== null && (
        <p className={promise ? "tabular pl-5" : "tabular flex items-center gap-1.5"}>
          {!promise && <Clock aria-hidden className="size-3.5" />}
          {t`Median reply this month: ${median}`}
        </p>
      )}
    </>
  );
}
